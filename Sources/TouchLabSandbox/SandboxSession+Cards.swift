import Foundation
import TouchLabRender
import TouchLabX11

/// Where the touch cards are, for the pointer (`CardPins` follows it over them).
extension SandboxSession {
  /// The card under a window pixel, when the overlay is shown, the cards pinned and
  /// expanded as `pins` has them.
  func cardHit(at location: InputPoint, pins: CardPins) -> CardHit? {
    // No card without a touch (the live window's common case, read without making a frame).
    guard showsOverlay, playback != nil || !overlay.state.touches.isEmpty, region(at: location) == .scene else {
      return nil
    }
    let point = framePoint(location)
    return renderer.cardHit(at: point.x, point.y, in: cardContent(pins: pins))
  }

  /// What the frame's cards are laid out from — its window, overlay, time, pinned and
  /// expanded cards — without the rest of `frameContent` (the panel's transcript), for the
  /// pointer's every move.
  func cardContent(pins: CardPins) -> FrameContent {
    var content: FrameContent
    if let playback {
      let time = playback.time(at: now)
      content = FrameContent(window: playback.scene(at: time)?.window ?? scene.window, overlay: shownOverlay, now: time)
    } else {
      content = FrameContent(window: scene.window, overlay: shownOverlay, now: clock.now)
    }
    content.pinnedCards = pins.pinned
    content.expandedCards = pins.expanded
    return content
  }
}
