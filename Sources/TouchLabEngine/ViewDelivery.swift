import Foundation

/// Where a touch's delivery to its hit-tested view stands: one state, changed only through
/// `UITouch.advanceDelivery(to:)`, which checks it against a table of legal transitions as
/// the recognizers' state machine does (docs/BEHAVIOUR.md §4, §7, §9).
///
///     unsent ──▶ beganHeld ──▶ began ──▶ endedHeld ──▶ ended
///        │           │           │  └──────────────────▶ ended
///        └───────────┴───────────┴──────────┴──────────▶ cutOff
enum ViewDelivery: Equatable {
  /// Hit-tested (or about to be), and the view has heard nothing yet.
  case unsent
  /// A recognizer holds the view's `touchesBegan` back (`delaysTouchesBegan`, a tap
  /// sequence, the scroll view's 0.15 s); what happened to the touch meanwhile waits too.
  case beganHeld(HeldCall)
  /// The view has had `touchesBegan` and hears the touch's moves.
  case began
  /// The view has had `touchesBegan`; a recognizer holds its `touchesEnded` back
  /// (`delaysTouchesEnded`).
  case endedHeld(HeldCall)
  /// The view has had `touchesEnded` or `touchesCancelled` for the touch's end.
  case ended
  /// The view never hears (more) of the touch: nothing was hit, `isExclusiveTouch`, a
  /// scroll view refused it, or it was cancelled or dropped for a recognizer or a view that
  /// left the window.
  case cutOff

  /// A held call: who holds it and by which rule, and what the touch did meanwhile.
  struct HeldCall: Equatable {
    var holder: Participant?
    var cause: DeliveryCause?
    /// The finger moved while the began was held: the view gets a move to where it is now.
    var movedMeanwhile = false
    /// The touch ended or was cancelled while the began was held.
    var endedMeanwhile = false
  }

  enum Kind: CaseIterable { case unsent, beganHeld, began, endedHeld, ended, cutOff }

  var kind: Kind {
    switch self {
    case .unsent: .unsent
    case .beganHeld: .beganHeld
    case .began: .began
    case .endedHeld: .endedHeld
    case .ended: .ended
    case .cutOff: .cutOff
    }
  }

  /// The legal transitions. A held began may be held again (the finger moves or lifts
  /// meanwhile); nothing leaves `ended` or `cutOff`.
  static func isLegal(from old: Kind, to new: Kind) -> Bool {
    switch (old, new) {
    case (.unsent, .beganHeld), (.unsent, .began), (.unsent, .cutOff): true
    case (.beganHeld, .beganHeld), (.beganHeld, .began), (.beganHeld, .cutOff): true
    case (.began, .endedHeld), (.began, .ended), (.began, .cutOff): true
    case (.endedHeld, .endedHeld), (.endedHeld, .ended), (.endedHeld, .cutOff): true
    default: false
    }
  }

  /// A recognizer holds the view's began or end back now.
  var isHeld: Bool { kind == .beganHeld || kind == .endedHeld }

  /// The view has had `touchesBegan` and not yet the touch's end.
  var viewHasBegan: Bool { kind == .began || kind == .endedHeld }

  /// The view hears nothing more of the touch.
  var isOver: Bool { kind == .ended || kind == .cutOff }
}
