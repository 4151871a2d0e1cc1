import Foundation

/// The base gesture recognizer: its state machine (checked against a table of legal
/// transitions on every change), its targets, and the three delivery switches
/// (docs/BEHAVIOUR.md §3–4). Subclasses read touches and set `state`; each change is a request
/// to the gesture arena (GestureArena.swift), which answers with the state it is in now and
/// does the rest — arbitration, actions, and what the view is given.
open class UIGestureRecognizer: Overridable {
  public var participantKind: Participant.Kind { .recognizer }
  public enum State: Int, Sendable, CustomStringConvertible {
    case possible = 0
    case began, changed, ended, cancelled, failed
    public static let recognized = State.ended

    public var description: String {
      switch self {
      case .possible: "possible"
      case .began: "began"
      case .changed: "changed"
      case .ended: "ended"
      case .cancelled: "cancelled"
      case .failed: "failed"
      }
    }
  }

  public var overrideHooks: (any OverrideHooks)?
  public var identifier: String?
  /// This object's identity in records.
  public let serial = ObjectSerial.next()
  public private(set) lazy var builtinClassName = TouchLabEngine.className(of: type(of: self))
  /// UIKit's `name`, for debugging.
  public var name: String?
  /// Unowned, cleared by the view's `deinit` and `removeGestureRecognizer` (UIView.swift).
  public internal(set) var view: UIView? {
    get { viewReference?.takeUnretainedValue() }
    set { viewReference = newValue.map { Unmanaged.passUnretained($0) } }
  }
  private var viewReference: Unmanaged<UIView>?
  public weak var delegate: UIGestureRecognizerDelegate?
  public var cancelsTouchesInView = true
  public var delaysTouchesBegan = false
  /// True by default: Apple's documentation and [A0]–[A2] (docs/BEHAVIOUR.md §4).
  public var delaysTouchesEnded = true
  public var isEnabled = true {
    didSet {
      guard oldValue, !isEnabled else { return }
      // Disabling a recognizer mid-gesture cancels it, or fails it while still possible.
      switch storedState {
      case .began, .changed: requestTransition(to: .cancelled, cause: DeliveryCause(.notEnabled, by: causeName))
      case .possible where arena?.hasJoined(self) == true: fail(.notEnabled)
      default: break
      }
      view?.application?.settleGestures()
    }
  }

  private var storedState: State = .possible
  struct Target {
    weak var target: AnyObject?
    let hasTarget: Bool
    let action: ActionMessage
  }
  private(set) var targets: [Target] = []
  private var failureRequirements: [WeakRecognizer] = []

  /// Touches down now, in the order they arrived.
  public internal(set) var trackedTouches: [UITouch] = []
  /// Every touch of the current sequence, down or lifted (cleared by reset).
  public internal(set) var sequenceTouches: [UITouch] = []
  private var timers: [(token: EngineClock.Token, record: TimerRecord)] = []
  /// Where its application's arena keeps its entry (GestureArenaMember); -1: none.
  var arenaSlot = -1
  /// Illegal transitions attempted (each is ignored, as UIKit does, and counted for tests).
  public private(set) var illegalTransitionCount = 0

  public init() {}

  public convenience init(target: AnyObject?, action: ActionMessage) {
    self.init()
    addTarget(target, action: action)
  }

  /// True for discrete recognizers (tap, swipe): possible → recognized or failed.
  open var isDiscrete: Bool { false }

  public var recorder: DeliveryRecorder? { withApplication { $0.deliveryRecorder } }
  /// The arena it asks to change state: its application's, once its view is in one.
  var arena: GestureArena<UIGestureRecognizer>? { withApplication { $0.gestureArena } }
  var clock: EngineClock? { withApplication { $0.clock } }

  /// `body` with its view's application, reached without retaining what lies between.
  @inline(__always)
  private func withApplication<Result>(_ body: (UIApplication) -> Result?) -> Result? {
    viewReference?._withUnsafeGuaranteedRef { $0.withApplication(body) } ?? nil
  }

  // MARK: State

  open var state: State {
    get { storedState }
    set { requestTransition(to: newValue, cause: nil) }
  }

  /// Legal transitions, one table for both kinds (Apple's "Implementing a custom gesture
  /// recognizer" state diagrams). Reset to possible is the arena's, not listed here; so is
  /// the arbitration's cancelling or failing of a just-begun loser, which no subclass may do.
  static func isLegal(from old: State, to new: State, discrete: Bool) -> Bool {
    switch (old, new) {
    case (.possible, .failed): true
    case (.possible, .ended): true  // recognized: discrete, or a continuous one ending at once
    case (.possible, .began): !discrete
    case (.began, .changed), (.began, .ended), (.began, .cancelled): !discrete
    case (.changed, .changed), (.changed, .ended), (.changed, .cancelled): !discrete
    default: false
    }
  }

  /// Asks the arena for `new`, because of `cause`, and takes the state it answers with. Outside
  /// an application (no arena), only its own state machine and delegate are asked.
  private func requestTransition(to new: State, cause: DeliveryCause?) {
    let old = storedState
    let answer: GestureArena<UIGestureRecognizer>.Answer
    if let arena {
      answer = arena.request(self, to: new, cause: cause)
    } else if !Self.isLegal(from: old, to: new, discrete: isDiscrete) {
      answer = .illegal
    } else if old == .possible && (new == .began || new == .ended) && shouldBeginRefusal() != nil {
      answer = .enter(.failed)
    } else {
      answer = .enter(new)
    }
    switch answer {
    case .enter(let state): storedState = state
    case .unchanged: break
    case .illegal:
      illegalTransitionCount += 1
      recorder?.record(
        .illegalTransition(
          recognizer: participant, from: RecognizerState(old, discrete: isDiscrete),
          to: RecognizerState(new, discrete: isDiscrete)))
    }
  }

  /// The arena decided its state (a waiting recognition went ahead, it lost, a requirement
  /// recognized): carried out by the application's executor.
  func takeDecidedState(_ state: State) { storedState = state }

  /// Fails, because of `rule` applied by `by` (this recognizer's name when nil).
  public func fail(_ rule: DeliveryRule, by: String? = nil) {
    requestTransition(to: .failed, cause: DeliveryCause(rule, by: by ?? causeName))
  }

  /// The delegate, then each touched view (docs/BEHAVIOUR.md §4: the control rule lives there).
  /// Nil when it may begin, else why not.
  func shouldBeginRefusal() -> DeliveryCause? {
    if let refusal = refusalToBegin() { return refusal }
    if let delegate, !delegate.gestureRecognizerShouldBegin(self) { return DeliveryCause(.shouldBegin, by: causeName) }
    var asked: [UIView] = []
    for touch in sequenceTouches {
      guard let touched = touch.view, !asked.contains(where: { $0 === touched }) else { continue }
      asked.append(touched)
      let (shouldBegin, builtinRefused) = touched.askGestureRecognizerShouldBegin(self)
      if !shouldBegin {
        // The control's own rule decided when its built-in answer was the no.
        let isControlRule = touched is UIControl && builtinRefused && self is UITapGestureRecognizer
        return DeliveryCause(isControlRule ? .controlBeatsParentTap : .shouldBegin, by: touched.causeName)
      }
    }
    return nil
  }

  /// Why a built-in recognizer may not leave possible (nil: it may).
  func refusalToBegin() -> DeliveryCause? { nil }

  /// The view's own handler, run before the targets' actions and never printed (UIKit's
  /// scroll view is its pan's target, `handlePan:`, which the articles never log).
  var builtInHandler: ((State) -> Void)?

  // MARK: Targets

  public func addTarget(_ target: AnyObject?, action: ActionMessage) {
    targets.append(Target(target: target, hasTarget: target != nil, action: action))
  }

  public func removeTarget(_ target: AnyObject?, action: ActionMessage?) {
    targets.removeAll { $0.target === target && (action == nil || $0.action == action) }
  }

  // MARK: Dependencies

  /// This recognizer waits until `other` fails, and fails if `other` recognizes.
  public func require(toFail other: UIGestureRecognizer) {
    failureRequirements.append(WeakRecognizer(other))
  }

  var explicitFailureRequirements: [UIGestureRecognizer] { failureRequirements.compactMap(\.value) }

  /// The recognizers this one waits for to fail (`require(toFail:)`), for showing them.
  public var requiredToFail: [UIGestureRecognizer] { explicitFailureRequirements }

  /// The targets and actions added, in the order added, for showing them (an inspector):
  /// each target (nil: sent along the responder chain) and its action.
  public var targetActionList: [(target: AnyObject?, action: ActionMessage)] {
    targets.map { ($0.target, $0.action) }
  }

  open func canPrevent(_ preventedGestureRecognizer: UIGestureRecognizer) -> Bool { true }
  open func canBePrevented(by preventingGestureRecognizer: UIGestureRecognizer) -> Bool { true }
  open func shouldRequireFailure(of otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }
  open func shouldBeRequiredToFail(by otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }

  // MARK: Touches (UIGestureRecognizerSubclass.h)

  open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {}
  open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {}
  open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {}
  open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {}

  /// Called when the recognizer goes back to possible: clear per-gesture state here.
  open func reset() {}

  /// Stop tracking `touch`: it no longer counts for this recognizer.
  public func ignore(_ touch: UITouch, for event: UIEvent) {
    trackedTouches.removeAll { $0 === touch }
  }

  /// Whether this recognizer would still wait for more touches after all its touches
  /// lifted (a double tap between its taps). One that would not, and is still possible
  /// when its last touch lifts, fails then.
  open var isAwaitingMoreTouches: Bool { false }

  /// Whether this recognizer counts taps before it can succeed (a double tap; a long press
  /// with `numberOfTapsRequired`). Once it has seen a tap and while it is still possible,
  /// the later taps' touches are kept from the view; they are discarded if it recognizes
  /// (docs/BEHAVIOUR.md §9).
  open var holdsLaterTaps: Bool { false }

  func receiveTouches(_ phase: UITouch.Phase, _ touches: [UITouch], _ event: UIEvent) {
    let method = OverridableMethod(touchPhase: phase)
    if let recorder, recorder.isListening {
      recorder.record(.touches(phase: TouchPhase(phase), receiver: participant), touches: touches)
    }
    callOverridable(method, touches: touches, event: event) {
      let set = event.set(of: touches)
      switch phase {
      case .began: touchesBegan(set, with: event)
      case .moved, .stationary: touchesMoved(set, with: event)
      case .ended: touchesEnded(set, with: event)
      case .cancelled: touchesCancelled(set, with: event)
      }
    }
  }

  // MARK: Location

  public var numberOfTouches: Int { trackedTouches.count }

  /// The centroid of the tracked touches (of the last ones, once they lifted).
  public func location(in view: UIView?) -> CGPoint {
    let touches = trackedTouches.isEmpty ? sequenceTouches : trackedTouches
    guard !touches.isEmpty else { return .zero }
    var x: CGFloat = 0
    var y: CGFloat = 0
    for touch in touches {
      let p = touch.location(in: view)
      x += p.x
      y += p.y
    }
    return CGPoint(x: x / CGFloat(touches.count), y: y / CGFloat(touches.count))
  }

  public func location(ofTouch touchIndex: Int, in view: UIView?) -> CGPoint {
    guard trackedTouches.indices.contains(touchIndex) else { return .zero }
    return trackedTouches[touchIndex].location(in: view)
  }

  // MARK: Timers

  /// Schedules `body` on the engine's clock; reset cancels it. The arena settles after it.
  /// `purpose` names it in the records.
  ///
  /// The timer holds its recognizer (and `body` may too) until it fires or is cancelled, as
  /// a run loop's timer holds its target: a weak capture gave every recognizer that ever
  /// scheduled a timer a side table, which sends each retain and release of it down the
  /// runtime's slow path.
  public func schedule(after delay: TimeInterval, purpose: TimerPurpose = .other, _ body: @escaping () -> Void) {
    guard let clock else { return }
    var token: EngineClock.Token?
    token = clock.schedule(after: delay) { [self] in
      if let index = self.timers.firstIndex(where: { $0.token == token }) {
        let record = self.timers.remove(at: index).record
        self.recorder?.record(.timer(.fired, record))
      }
      body()
      self.view?.application?.settleGestures()
    }
    guard let token else { return }
    let record = TimerRecord(
      id: token.id, purpose: purpose, owner: participant, deadline: clock.now + max(0, delay))
    timers.append((token, record))
    recorder?.record(.timer(.scheduled, record))
  }

  public func cancelTimers() {
    for timer in timers {
      clock?.cancel(timer.token)
      recorder?.record(.timer(.cancelled, timer.record))
    }
    timers.removeAll()
  }

  /// When this recognizer's earliest timer fires, if it has one.
  var nextDeadline: TimeInterval? { timers.map(\.record.deadline).min() }

  var hasTimers: Bool { !timers.isEmpty }

  /// The delegates' answers to "must this recognizer wait for that one?" in this attempt to
  /// recognize: UIKit asks `shouldRequireFailureOf` and `shouldBeRequiredToFailBy` "once per
  /// attempt to recognize" (docs/BEHAVIOUR.md §20), so they are asked once and kept until reset.
  private var delegateRequirementAnswers: [ObjectIdentifier: Bool] = [:]

  /// Whether this recognizer's delegate requires `other` to fail first, or `other`'s delegate
  /// says it must fail before this one: each asked once per attempt.
  func delegatesRequireFailure(of other: UIGestureRecognizer) -> Bool {
    let key = ObjectIdentifier(other)
    if let answer = delegateRequirementAnswers[key] { return answer }
    let answer =
      (delegate?.gestureRecognizer(self, shouldRequireFailureOf: other) ?? false)
      || (other.delegate?.gestureRecognizer(other, shouldBeRequiredToFailBy: self) ?? false)
    delegateRequirementAnswers[key] = answer
    return answer
  }

  /// The arena reset it (its records of the reset follow): timers cancelled, touches and
  /// the delegates' answers forgotten, back to possible, then the subclass's `reset()`.
  func resetToPossible() {
    cancelTimers()
    delegateRequirementAnswers.removeAll()
    trackedTouches.removeAll()
    sequenceTouches.removeAll()
    storedState = .possible
    reset()
  }

  /// A multi-tap recognizer that has seen a tap of its sequence and is still possible:
  /// it keeps the later taps' `touchesBegan` from the view (docs/BEHAVIOUR.md §9).
  var isInTapSequence: Bool { holdsLaterTaps && isAwaitingMoreTouches }

  /// The rule by which this recognizer holds a `touchesBegan` back.
  var beganHoldRule: DeliveryRule { delaysTouchesBegan ? .delaysTouchesBegan : .tapSequence }

  /// Whether it sees `touch` at all (collected at hit-test time). Every recognizer does but
  /// the system gesture gate, which watches only touches near the screen's edges.
  func takesPart(in touch: UITouch) -> Bool { true }

  var isTerminal: Bool { storedState == .ended || storedState == .cancelled || storedState == .failed }

  /// This recognizer as the gate of the touches it holds back, if it is one: the delivery
  /// asks this for every held touch, where a cast to the protocol looked up a conformance.
  var heldTouchGate: HeldTouchGate? { nil }
}

struct WeakRecognizer {
  weak var value: UIGestureRecognizer?
  init(_ value: UIGestureRecognizer) { self.value = value }
}
