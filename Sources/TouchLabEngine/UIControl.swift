import Foundation

/// A view that tracks a single touch and sends target-action messages for control
/// events (docs/BEHAVIOUR.md §6). Its `touches…` methods handle the touch themselves and do
/// not pass it along the responder chain (§5).
open class UIControl: UIView {
  public struct Event: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let touchDown = Event(rawValue: 1 << 0)
    public static let touchDownRepeat = Event(rawValue: 1 << 1)
    public static let touchDragInside = Event(rawValue: 1 << 2)
    public static let touchDragOutside = Event(rawValue: 1 << 3)
    public static let touchDragEnter = Event(rawValue: 1 << 4)
    public static let touchDragExit = Event(rawValue: 1 << 5)
    public static let touchUpInside = Event(rawValue: 1 << 6)
    public static let touchUpOutside = Event(rawValue: 1 << 7)
    public static let touchCancel = Event(rawValue: 1 << 8)
    public static let valueChanged = Event(rawValue: 1 << 12)
    public static let primaryActionTriggered = Event(rawValue: 1 << 13)
    public static let editingDidBegin = Event(rawValue: 1 << 16)
    public static let editingChanged = Event(rawValue: 1 << 17)
    public static let editingDidEnd = Event(rawValue: 1 << 18)
    public static let editingDidEndOnExit = Event(rawValue: 1 << 19)
    public static let allTouchEvents = Event(rawValue: 0x0FFF)
    public static let allEditingEvents = Event(rawValue: 0x000F_0000)
    public static let allEvents = Event(rawValue: 0xFFFF_FFFF)

    /// The events in delivery order, by UIKit's names.
    public static let named: [(String, Event)] = [
      ("touchDown", .touchDown), ("touchDownRepeat", .touchDownRepeat),
      ("touchDragInside", .touchDragInside), ("touchDragOutside", .touchDragOutside),
      ("touchDragEnter", .touchDragEnter), ("touchDragExit", .touchDragExit),
      ("touchUpInside", .touchUpInside), ("touchUpOutside", .touchUpOutside),
      ("touchCancel", .touchCancel), ("valueChanged", .valueChanged),
      ("primaryActionTriggered", .primaryActionTriggered), ("editingDidBegin", .editingDidBegin),
      ("editingChanged", .editingChanged), ("editingDidEnd", .editingDidEnd),
      ("editingDidEndOnExit", .editingDidEndOnExit), ("allTouchEvents", .allTouchEvents),
      ("allEditingEvents", .allEditingEvents), ("allEvents", .allEvents),
    ]
  }

  public struct State: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let normal: State = []
    public static let highlighted = State(rawValue: 1 << 0)
    public static let disabled = State(rawValue: 1 << 1)
    public static let selected = State(rawValue: 1 << 2)
  }

  public var isEnabled = true
  public var isSelected = false
  public var isHighlighted = false
  public private(set) var isTracking = false
  public private(set) var isTouchInside = false
  private var trackedTouch: UITouch?

  struct TargetAction {
    weak var target: AnyObject?
    let hasTarget: Bool
    let action: ActionMessage
    let events: Event
  }
  private var targetActions: [TargetAction] = []

  public var state: State {
    var state: State = []
    if isHighlighted { state.insert(.highlighted) }
    if !isEnabled { state.insert(.disabled) }
    if isSelected { state.insert(.selected) }
    return state
  }

  /// Whether this is one of UIKit's own controls, whose default action beats an
  /// ancestor's single tap (docs/BEHAVIOUR.md §6). A custom `UIControl` subclass is not.
  open class var preventsOverlappingGestures: Bool { false }

  /// Whether a single-finger single tap is among the default actions that beat an
  /// ancestor's recognizer: true for the buttons, switches, steppers, segmented controls
  /// and page controls of Apple's list; a slider's is a swipe on its thumb instead.
  open class var defaultActionIncludesSingleTap: Bool { true }

  // MARK: Targets

  /// A nil target sends the action along the responder chain from this control.
  public func addTarget(_ target: AnyObject?, action: ActionMessage, for events: Event) {
    targetActions.append(TargetAction(target: target, hasTarget: target != nil, action: action, events: events))
  }

  public func removeTarget(_ target: AnyObject?, action: ActionMessage?, for events: Event) {
    targetActions.removeAll {
      $0.target === target && (action == nil || $0.action == action) && !$0.events.isDisjoint(with: events)
    }
  }

  /// The targets and actions added, in the order added, for showing them (an inspector):
  /// each target (nil: sent along the responder chain), its action and its events.
  public var targetActionList: [(target: AnyObject?, action: ActionMessage, events: Event)] {
    targetActions.map { ($0.target, $0.action, $0.events) }
  }

  public var allControlEvents: Event { targetActions.reduce(into: []) { $0.formUnion($1.events) } }

  /// Sends the actions registered for `events`, each target in the order added ([A4]).
  public func sendActions(for events: Event, with event: UIEvent? = nil) {
    for pair in targetActions where !pair.events.isDisjoint(with: events) {
      if pair.hasTarget && pair.target == nil { continue }
      dispatchSendAction(pair.action, to: pair.target, for: event)
    }
  }

  /// Sends one action through the application (`sendAction(_:to:from:for:)`).
  open func sendAction(_ action: ActionMessage, to target: AnyObject?, for event: UIEvent?) {
    application?.sendAction(action, to: target, from: self, for: event)
  }

  func dispatchSendAction(_ action: ActionMessage, to target: AnyObject?, for event: UIEvent?) {
    callOverridable(.sendAction, event: event) { sendAction(action, to: target, for: event) }
  }

  // MARK: Tracking

  open func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { true }
  open func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { true }
  open func endTracking(_ touch: UITouch?, with event: UIEvent?) {}
  open func cancelTracking(with event: UIEvent?) {}

  private func dispatchBeginTracking(_ touch: UITouch, _ event: UIEvent?) -> Bool {
    recordTracking(.began, [touch])
    return callOverridable(.beginTracking, touches: [touch], event: event) { beginTracking(touch, with: event) }
  }

  private func dispatchContinueTracking(_ touch: UITouch, _ event: UIEvent?) -> Bool {
    recordTracking(.moved, [touch])
    return callOverridable(.continueTracking, touches: [touch], event: event) { continueTracking(touch, with: event) }
  }

  private func dispatchEndTracking(_ touch: UITouch, _ event: UIEvent?) {
    recordTracking(.ended, [touch])
    callOverridable(.endTracking, touches: [touch], event: event) { endTracking(touch, with: event) }
  }

  private func dispatchCancelTracking(_ touch: UITouch, _ event: UIEvent?) {
    recordTracking(.cancelled, [], cause: touch.viewCancelCause)
    callOverridable(.cancelTracking, event: event) { cancelTracking(with: event) }
  }

  private func recordTracking(_ phase: TouchPhase, _ touches: [UITouch], cause: DeliveryCause? = nil) {
    guard let recorder, recorder.isListening else { return }
    recorder.record(.tracking(phase: phase, control: participant), cause: cause, touches: touches)
  }

  /// Inside while tracking: the bounds grown by about 70 pt (docs/BEHAVIOUR.md §6).
  func isInsideForTracking(_ touch: UITouch) -> Bool {
    let margin = UIKitConstants.controlTrackingMargin
    return bounds.insetBy(dx: -margin, dy: -margin).containsPoint(touch.location(in: self))
  }

  open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
    guard isEnabled, trackedTouch == nil, let touch = touches.inOrder.first else { return }
    trackedTouch = touch
    isTouchInside = true
    isTracking = dispatchBeginTracking(touch, event)
    isHighlighted = true
    // A refused beginTracking: no action and no further tracking call for this touch
    // (docs/BEHAVIOUR.md §6.4).
    guard isTracking else { return }
    var events: Event = .touchDown
    if touch.tapCount > 1 { events.insert(.touchDownRepeat) }
    sendActions(for: events, with: event)
  }

  open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
    guard let touch = trackedTouch, touches.contains(touch) else { return }
    let wasInside = isTouchInside
    isTouchInside = isInsideForTracking(touch)
    isHighlighted = isTouchInside
    if isTracking {
      isTracking = dispatchContinueTracking(touch, event)
    }
    guard isTracking else { return }
    // Crossing the boundary: touchDragExit (Enter) first, then touchDragOutside (Inside) on
    // the same move (docs/BEHAVIOUR.md §6.5).
    if isTouchInside != wasInside {
      sendActions(for: isTouchInside ? .touchDragEnter : .touchDragExit, with: event)
      guard trackedTouch === touch, isTracking else { return }
    }
    sendActions(for: isTouchInside ? .touchDragInside : .touchDragOutside, with: event)
  }

  open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
    guard let touch = trackedTouch, touches.contains(touch) else { return }
    let wasInside = isTouchInside
    isTouchInside = isInsideForTracking(touch)
    // A lift on the other side of the margin than the last move: touchDragEnter or
    // touchDragExit first, still tracking (UIKitCore's touchesEnded:withEvent:, §6.5).
    if isTracking, isTouchInside != wasInside {
      sendActions(for: isTouchInside ? .touchDragEnter : .touchDragExit, with: event)
      guard trackedTouch === touch else { return }
    }
    let wasTracking = isTracking
    trackedTouch = nil
    isHighlighted = false
    isTracking = false
    // After a refused beginTracking (or a continueTracking that said no) no tracking call
    // and no action follows (docs/BEHAVIOUR.md §6.4).
    guard wasTracking else { return }
    // endTracking runs before the touchUpInside action ([A0] §0x01).
    dispatchEndTracking(touch, event)
    if isTouchInside {
      didTouchUpInside(touch, with: event)
      sendActions(for: primaryEvents(.touchUpInside), with: event)
    } else {
      sendActions(for: .touchUpOutside, with: event)
    }
  }

  open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
    guard let touch = trackedTouch, touches.contains(touch) else { return }
    trackedTouch = nil
    isHighlighted = false
    let wasTracking = isTracking
    isTracking = false
    guard wasTracking else { return }
    dispatchCancelTracking(touch, event)
    sendActions(for: .touchCancel, with: event)
  }

  /// A subclass's change of value on a tap (a switch flips); before the actions go out.
  func didTouchUpInside(_ touch: UITouch, with event: UIEvent?) {}

  /// The events a touch-up-inside sends: buttons add `primaryActionTriggered` (iOS 14).
  func primaryEvents(_ events: Event) -> Event { events }

  /// The control rule (docs/BEHAVIOUR.md §6): one of UIKit's own controls makes an ancestor's
  /// single-finger single tap fail, so its own action wins — unless that recognizer does
  /// not cancel touches in the view, where both act.
  open override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
    guard Self.preventsOverlappingGestures, isEnabled, gestureRecognizer.view !== self,
      gestureRecognizer.cancelsTouchesInView
    else { return true }
    if let tap = gestureRecognizer as? UITapGestureRecognizer, Self.defaultActionIncludesSingleTap {
      return !(tap.numberOfTapsRequired == 1 && tap.numberOfTouchesRequired == 1)
    }
    return !overlapsDefaultAction(gestureRecognizer)
  }

  /// Other gestures a control's default action overlaps (a switch's knob drag, a swipe on a
  /// slider's thumb).
  func overlapsDefaultAction(_ gestureRecognizer: UIGestureRecognizer) -> Bool { false }
}
