import Foundation

/// An object that can respond to touches and pass them along the responder chain
/// (docs/BEHAVIOUR.md §5).
open class UIResponder: Overridable {
  public var participantKind: Participant.Kind { .responder }
  /// A declared class's hooks. Read at every hit-test visit and every delivery; set once,
  /// when the layout is built (unchecked: see UIView's geometry).
  @exclusivity(unchecked) public var overrideHooks: (any OverrideHooks)?
  /// The id the layout gave this object.
  public var identifier: String?
  /// This object's identity in records.
  public let serial = ObjectSerial.next()
  public private(set) lazy var builtinClassName = TouchLabEngine.className(of: type(of: self))

  public init() {}

  /// The next responder in the chain (nil at its end).
  open var next: UIResponder? { nil }

  /// The application this responder lives in, while it is on screen (for a plain
  /// responder, the application it is the delegate of, so its calls are recorded too).
  open var application: UIApplication? { delegatingApplication }

  /// The application whose `delegate` this responder is.
  /// Unowned, cleared by the application's `deinit` and when its delegate changes.
  unowned(unsafe) var delegatingApplication: UIApplication?

  public var recorder: DeliveryRecorder? { application?.deliveryRecorder }

  // MARK: Touches — the default implementations pass the call to `next`.

  open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
    next?.receiveTouches(.began, touches.inOrder, event)
  }

  open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
    next?.receiveTouches(.moved, touches.inOrder, event)
  }

  open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
    next?.receiveTouches(.ended, touches.inOrder, event)
  }

  open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
    next?.receiveTouches(.cancelled, touches.inOrder, event)
  }

  /// Calls the `touches…` method for `phase` as a message from outside: records the
  /// delivery and runs a declared class's overrides before the built-in method.
  func receiveTouches(_ phase: UITouch.Phase, _ touches: [UITouch], _ event: UIEvent?) {
    let method = OverridableMethod(touchPhase: phase)
    if let recorder, recorder.isListening {
      recorder.record(
        .touches(phase: TouchPhase(phase), receiver: participant),
        cause: phase == .cancelled ? touches.first?.viewCancelCause : nil, touches: touches)
    }
    callOverridable(method, touches: touches, event: event) {
      let set = event?.set(of: touches) ?? Set(touches)
      switch phase {
      case .began: touchesBegan(set, with: event)
      case .moved, .stationary: touchesMoved(set, with: event)
      case .ended: touchesEnded(set, with: event)
      case .cancelled: touchesCancelled(set, with: event)
      }
    }
  }

  // MARK: First responder (UIResponder+FirstResponder.swift)

  /// Whether this responder may become the first responder (UIKit's default: false).
  open var canBecomeFirstResponder: Bool { false }

  @discardableResult
  open func becomeFirstResponder() -> Bool { makeFirstResponder() }

  @discardableResult
  open func resignFirstResponder() -> Bool { giveUpFirstResponder() }

  /// Hooks for a subclass (a text field begins and ends editing, the keyboard comes and goes).
  func didBecomeFirstResponder() {}
  func didResignFirstResponder() {}

  // MARK: Actions

  /// Whether this responder implements `action` (its declared class's hooks say so, or it is built in).
  open func canPerformAction(_ action: String, withSender sender: Any?) -> Bool {
    overrideHooks?.implementor(ofAction: action) != nil || implementsBuiltinAction(action)
  }

  /// The responder, from this one along the chain, that implements `action`.
  open func target(forAction action: String, withSender sender: Any?) -> UIResponder? {
    var responder: UIResponder? = self
    var steps = 0
    // A chain is finite in UIKit; a hand-built cycle must not hang the engine.
    while let r = responder, steps < 10_000 {
      if r.canPerformAction(action, withSender: sender) { return r }
      responder = r.next
      steps += 1
    }
    return nil
  }
}
