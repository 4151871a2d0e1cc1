import Foundation

/// The scene's application object: owns the clock, the event queue and the delivery
/// records; ends the responder chain; sends target-action messages.
///
/// TouchLab has no global application: every scene makes its own, so scenes never share
/// state.
open class UIApplication: UIResponder {
  public override var participantKind: Participant.Kind { .application }
  public let clock: EngineClock
  let deliveryRecorder: DeliveryRecorder
  public private(set) var windows: [UIWindow] = []
  /// The app delegate: the chain's last responder when it is a plain responder.
  public var delegate: UIResponder? {
    didSet {
      if oldValue?.delegatingApplication === self { oldValue?.delegatingApplication = nil }
      delegate?.delegatingApplication = self
    }
  }

  // Touch delivery state (UIApplication+TouchDelivery.swift).
  var activeTouches: [UITouch] = []
  var touchesByFinger: [Int: UITouch] = [:]
  /// The event object touch events reuse, as UIKit's do ("you should never retain an event
  /// object", UIEvent's documentation): taken while an event is delivered, so a delivery
  /// inside another gets an event of its own.
  var reusableTouchEvent: UIEvent? = UIEvent(touches: [], timestamp: 0)
  var nextTouchIdentifier = 1
  var lastLift: (location: CGPoint, time: TimeInterval, tapCount: Int)?
  var eventQueue: [[TouchInput]] = []
  /// The touches whose began or end a recognizer holds back from their view now.
  var heldTouches: [UITouch] = []
  /// Changes of a touch's view delivery that its transition table refused (ViewDelivery.swift);
  /// always 0 unless the engine errs.
  public internal(set) var illegalDeliveryTransitionCount = 0
  var isDispatching = false
  /// Decides among the recognizers (GestureArena.swift); the application carries out its
  /// decisions (UIApplication+TouchDelivery.swift, `carryOut`).
  let gestureArena = GestureArena<UIGestureRecognizer>()

  public init(clock: EngineClock = EngineClock()) {
    self.clock = clock
    self.deliveryRecorder = DeliveryRecorder(clock: clock)
    super.init()
  }

  /// A scene dropped mid-gesture (the window reloading its layout while a finger is down):
  /// its touches, their views and the recognizers following them point at one another — a
  /// view holds its recognizers, a recognizer its touches, a touch its view and recognizers,
  /// a tracking control its touch — and would keep one another alive after the application
  /// is gone. Untie them.
  deinit {
    for window in windows where window.owningApplication === self { window.owningApplication = nil }
    if delegate?.delegatingApplication === self { delegate?.delegatingApplication = nil }
    var touches = activeTouches + heldTouches
    for recognizer in gestureArena.involved {
      touches += recognizer.sequenceTouches
      recognizer.trackedTouches.removeAll()
      recognizer.sequenceTouches.removeAll()
    }
    for touch in touches {
      touch.view = nil
      touch.window = nil
      touch.gestureRecognizers.removeAll()
    }
  }

  public var records: DeliveryRecorder { deliveryRecorder }
  open override var application: UIApplication? { self }
  public override var recorder: DeliveryRecorder? { deliveryRecorder }

  /// The first window added (the scene's main window, `makeKeyAndVisible`); further
  /// windows (an alert, a status-bar overlay) are not key.
  public var keyWindow: UIWindow? { windows.first }

  /// The windows in the order hit-testing asks them: the highest `windowLevel` first, and
  /// among equal levels the one added last (docs/BEHAVIOUR.md §15).
  public var windowsFrontToBack: [UIWindow] {
    windows.enumerated().sorted { lhs, rhs in
      lhs.element.windowLevel != rhs.element.windowLevel
        ? lhs.element.windowLevel > rhs.element.windowLevel : lhs.offset > rhs.offset
    }.map(\.element)
  }

  public func addWindow(_ window: UIWindow) {
    windows.append(window)
    window.owningApplication = self
  }

  /// The application → its delegate, when that is a plain responder (docs/BEHAVIOUR.md §5).
  open override var next: UIResponder? {
    guard let delegate, !(delegate is UIView), !(delegate is UIViewController), delegate !== self else { return nil }
    return delegate
  }

  // MARK: Target-action (docs/BEHAVIOUR.md §6)

  /// Records a `print` record: `text`, written outside the engine, printed by `sender`
  /// (a layout's `{print: TEXT}` action, or a delegate's).
  public func recordPrint(_ text: String, from sender: AnyObject?, touches: [UITouch] = []) {
    guard let recorder, recorder.isListening else { return }
    recorder.record(.print(text: text, sender: (sender as? Overridable)?.participant), touches: touches)
  }

  /// Sends `action` to `target`, or, when `target` is nil, to the first responder along the
  /// chain from `sender` that implements it. Returns whether someone received it.
  @discardableResult
  open func sendAction(_ action: ActionMessage, to target: AnyObject?, from sender: AnyObject?, for event: UIEvent?)
    -> Bool
  {
    switch action {
    case .custom(let action):
      action.perform(from: sender, touches: event?.touchList ?? [], in: self)
      return true
    case .selector(let name):
      let receiver: AnyObject?
      if let target {
        receiver = target
      } else {
        let start = (sender as? UIResponder)
        receiver = start?.target(forAction: name, withSender: sender)
      }
      guard let receiver else {
        recorder?.record(
          .action(name: name, sender: (sender as? Overridable)?.participant, target: nil),
          touches: event?.touchList ?? [])
        return false
      }
      if let recorder, recorder.isListening {
        let overridable = receiver as? Overridable
        let hooks = overridable?.overrideHooks
        let implementor =
          hooks?.implementor(ofAction: name) ?? overridable?.className
          ?? TouchLabEngine.className(of: type(of: receiver))
        let target = Participant(
          kind: overridable?.participant.kind ?? .responder, className: implementor, id: overridable?.identifier,
          object: overridable?.serial)
        recorder.record(
          .action(name: name, sender: (sender as? Overridable)?.participant, target: target),
          touches: event?.touchList ?? [], text: hooks?.actionText(name, implementor: implementor))
      }
      (receiver as? UIResponder)?.performBuiltinAction(name, sender: sender)
      return true
    }
  }
}

/// What a target-action pair sends: a selector (recorded as an `action` record), or a
/// message the engine does not read, which performs itself when sent (a layout's
/// `{print: TEXT}` is one, made outside the engine).
public enum ActionMessage: Equatable, Sendable, CustomStringConvertible {
  case selector(String)
  case custom(any CustomAction)

  public var description: String {
    switch self {
    case .selector(let name): name
    case .custom(let action): action.description
    }
  }

  public static func == (lhs: ActionMessage, rhs: ActionMessage) -> Bool {
    switch (lhs, rhs) {
    case (.selector(let a), .selector(let b)): a == b
    case (.custom(let a), .custom(let b)): a.isEqual(to: b)
    default: false
    }
  }
}

/// A target-action message the engine sends without reading it: made outside the engine, it
/// does its own work when a control or recognizer sends it (records it, as a layout's
/// `{print: TEXT}` records a `print` through `UIApplication.recordPrint(_:from:touches:)`).
public protocol CustomAction: Sendable, CustomStringConvertible {
  /// Sent by `sender` with the event's touches (a recognizer's own touches when there is no
  /// event) in `application`.
  func perform(from sender: AnyObject?, touches: [UITouch], in application: UIApplication)
  /// Whether `other` is the same message (`removeTarget(_:action:)` compares them).
  func isEqual(to other: any CustomAction) -> Bool
}

extension CustomAction where Self: Equatable {
  public func isEqual(to other: any CustomAction) -> Bool { (other as? Self) == self }
}
