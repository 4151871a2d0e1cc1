import Foundation

/// The base gesture recognizer: its state machine (checked against a table of legal
/// transitions on every change), its targets, and the three delivery switches
/// (docs/BEHAVIOUR.md §3–4). Subclasses read touches and set `state`; the gesture environment
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
  public private(set) lazy var builtinClassName = String(describing: type(of: self))
  /// UIKit's `name`, for debugging.
  public var name: String?
  /// Unowned, cleared by the view's `deinit` and `removeGestureRecognizer` (UIView.swift).
  public internal(set) unowned(unsafe) var view: UIView?
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
      case .began, .changed:
        nextCause = DeliveryCause(.notEnabled, by: causeName)
        state = .cancelled
      case .possible where isActive: fail(.notEnabled)
      default: break
      }
      environment?.settle()
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
  /// Its part in the current touch sequence (GestureParticipation.swift): the environment
  /// settles it, the state machine below reports what it enters.
  var participation = GestureParticipation()
  /// Took part in the current touch sequence.
  var isActive: Bool { participation.isActive }
  /// Began or recognized since the last settle, coming from possible: a newcomer to arbitration.
  var hasJustLeftPossible: Bool { participation.hasJustLeftPossible }
  private var timers: [(token: EngineClock.Token, record: TimerRecord)] = []
  /// The last state the records reported (unsettled states are reported when they settle).
  private var recordedState: State = .possible
  /// Why the next state change happens, for its record.
  var nextCause: DeliveryCause?
  /// Illegal transitions attempted (each is ignored, as UIKit does, and counted for tests).
  public private(set) var illegalTransitionCount = 0

  public init() {}

  public convenience init(target: AnyObject?, action: ActionMessage) {
    self.init()
    addTarget(target, action: action)
  }

  /// True for discrete recognizers (tap, swipe): possible → recognized or failed.
  open var isDiscrete: Bool { false }

  public var recorder: DeliveryRecorder? { view?.application?.recorder }
  var environment: GestureEnvironment? { view?.application?.gestureEnvironment }
  var clock: EngineClock? { view?.application?.clock }

  // MARK: State

  open var state: State {
    get { storedState }
    set { requestTransition(to: newValue) }
  }

  /// Legal transitions, one table for both kinds (Apple's "Implementing a custom gesture
  /// recognizer" state diagrams). Reset to possible is the environment's, not listed here;
  /// so is the arbitration's cancelling or failing of a just-begun loser (`force`), which no subclass may do.
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

  private func requestTransition(to new: State) {
    let old = storedState
    if let pending = participation.pendingState {
      // Waiting on require(toFail:): further progress waits too; giving up drops it.
      if new == .failed || new == .cancelled {
        participation.revoke()
        environment?.pendingDropped(self)
        apply(.failed)
      } else if new == .ended && pending == .began && !isDiscrete {
        participation.wait(toEnter: .ended)
      }
      return
    }
    guard Self.isLegal(from: old, to: new, discrete: isDiscrete) else {
      illegalTransitionCount += 1
      recorder?.record(
        .illegalTransition(
          recognizer: participant, from: RecognizerState(old, discrete: isDiscrete),
          to: RecognizerState(new, discrete: isDiscrete)))
      nextCause = nil
      return
    }
    if old == .possible && (new == .began || new == .ended) {
      if let refusal = shouldBegin() {
        nextCause = refusal
        apply(.failed)
        return
      }
      // A recognizer it must wait to fail has already begun or recognized: it fails, as
      // it would had it waited (resolvePending's rule, for one that did not have to wait).
      if let environment,
        let begun = environment.requirements(of: self).first(where: { [.began, .changed, .ended].contains($0.state) })
      {
        nextCause = DeliveryCause(.requireToFail, by: begun.causeName)
        apply(.failed)
        return
      }
      if let environment, environment.mustWait(self) {
        participation.wait(toEnter: new)
        environment.addPending(self)
        return
      }
    }
    apply(new)
  }

  func apply(_ new: State) {
    if new != .failed && new != .possible { participation.enter(new, from: storedState) }
    storedState = new
    let cause = nextCause
    nextCause = nil
    // States are reported when they settle, recognitions before failures: one that loses
    // the arbitration is reported as having failed, never as recognized then failed.
    switch new {
    case .possible: recordState(new, cause: cause)
    case .failed: unrecordedFailure = (cause, true)
    default: settledCauses.append(cause)
    }
    environment?.noteChanged(self)
  }

  /// Causes of the unsettled states, in order.
  private var settledCauses: [DeliveryCause?] = []
  /// A failure not reported yet (the environment reports it once recognitions are).
  private var unrecordedFailure: (cause: DeliveryCause?, pending: Bool) = (nil, false)
  var hasUnrecordedFailure: Bool { unrecordedFailure.pending }

  /// Reports a failure that has not been reported yet.
  func recordFailure() {
    guard unrecordedFailure.pending else { return }
    let cause = unrecordedFailure.cause
    unrecordedFailure = (nil, false)
    recordState(.failed, cause: cause)
  }

  /// Records a state change from the last state the records reported.
  private func recordState(_ new: State, cause: DeliveryCause?) {
    let from = recordedState
    recordedState = new
    guard let recorder, recorder.isListening else { return }
    recorder.record(
      .stateChange(
        recognizer: participant, from: RecognizerState(from, discrete: isDiscrete),
        to: RecognizerState(new, discrete: isDiscrete)), cause: cause, touches: sequenceTouches)
  }

  /// The environment settles an unsettled state: its record goes out now.
  func recordSettled(_ state: State, index: Int) {
    let cause = index < settledCauses.count ? settledCauses[index] : nil
    recordState(state, cause: cause)
  }

  func clearSettledCauses() { settledCauses.removeAll(keepingCapacity: true) }

  /// The environment forcing a state (exclusion, revocation) without asking anyone. A loser
  /// that never got as far as the records is reported as failed (UIKit's terms).
  func force(_ new: State, cause: DeliveryCause? = nil) {
    participation.revoke()
    settledCauses.removeAll(keepingCapacity: true)
    nextCause = cause
    if new == .cancelled && recordedState == .possible {
      storedState = .cancelled
      nextCause = nil
      unrecordedFailure = (cause, true)
      environment?.noteChanged(self)
      return
    }
    apply(new)
  }

  /// Fails, because of `rule` applied by `by` (this recognizer's name when nil).
  public func fail(_ rule: DeliveryRule, by: String? = nil) {
    nextCause = DeliveryCause(rule, by: by ?? causeName)
    state = .failed
  }

  /// The delegate, then each touched view (docs/BEHAVIOUR.md §4: the control rule lives there).
  /// Nil when it may begin, else why not.
  private func shouldBegin() -> DeliveryCause? {
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
      recorder.record(
        .touches(phase: TouchPhase(phase), receiver: participant),
        cause: phase == .cancelled ? view?.application?.cancelCause : nil, touches: touches)
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

  /// Schedules `body` on the engine's clock; reset cancels it. The environment settles after it.
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
      self.environment?.settle()
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

  func resetToPossible() {
    cancelTimers()
    delegateRequirementAnswers.removeAll()
    trackedTouches.removeAll()
    sequenceTouches.removeAll()
    participation.end()
    settledCauses.removeAll(keepingCapacity: true)
    nextCause = nil
    recordFailure()
    storedState = .possible
    reset()
    recordState(.possible, cause: nil)
  }

  /// A multi-tap recognizer that has seen a tap of its sequence and is still possible:
  /// it keeps the later taps' `touchesBegan` from the view (docs/BEHAVIOUR.md §9).
  var isInTapSequence: Bool { holdsLaterTaps && isAwaitingMoreTouches }

  /// The rule by which this recognizer holds a `touchesBegan` back.
  var beganHoldRule: DeliveryRule { delaysTouchesBegan ? .delaysTouchesBegan : .tapSequence }

  /// Whether it sees `touch` at all (collected at hit-test time). Every recognizer does but
  /// the system gesture gate, which watches only touches near the screen's edges.
  func takesPart(in touch: UITouch) -> Bool { true }

  /// Still deciding, so it may still hold its touches back from the view.
  var isUndecided: Bool {
    storedState == .possible
      || (!participation.unsettledStates.isEmpty && (storedState == .began || storedState == .ended))
  }

  var isTerminal: Bool { storedState == .ended || storedState == .cancelled || storedState == .failed }

  /// This recognizer as the gate of the touches it holds back, if it is one: the delivery
  /// asks this for every held touch, where a cast to the protocol looked up a conformance.
  var heldTouchGate: HeldTouchGate? { nil }
}

struct WeakRecognizer {
  weak var value: UIGestureRecognizer?
  init(_ value: UIGestureRecognizer) { self.value = value }
}
