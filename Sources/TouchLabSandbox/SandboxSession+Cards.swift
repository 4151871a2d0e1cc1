import Foundation
import TouchLabRender
import TouchLabX11

/// Where the touch cards are, for the pointer (`CardPins` follows it over them).
extension SandboxSession {
  /// The card under a window pixel in the frame shown (`shownTargets`): the pointer acts on
  /// the cards the user sees, laid out as they were drawn.
  func cardHit(at location: InputPoint) -> CardHit? {
    guard region(at: location) == .scene else { return nil }
    return shownTargets.card(at: framePoint(location))
  }
}
