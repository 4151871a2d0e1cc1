import Foundation
import TouchLabEngine

/// The overlay's picture of the touches, as a value computed from delivery records alone:
/// each touch's position and trail (from input records), its hit-tested view (from the
/// hit-test record), its receivers in delivery order with their outcomes and the cause of
/// each failure, cancel, drop, hold and denial, and a countdown for every timer the engine
/// scheduled for it (the scroll view's 0.15 s, the long press's 0.5 s, the tap's 0.75 s
/// maximum, the 0.35 s wait for a next tap…).
///
/// `fold(_:upTo:)` makes the state at a time from a record list; `apply(_:)` adds one record
/// to a state, so a state fed record by record equals the fold of the same records. The
/// window, `touchlab shot --at` and a timeline therefore draw the same thing. Nothing here
/// reads the engine's live objects.
///
/// Everything kept is bounded: trails (`maximumTrailLength`), finished touches
/// (`maximumFinishedTouches`), receivers per touch, steps and reasons per receiver,
/// countdowns per touch.
public struct OverlayState: Equatable, Sendable {
  /// The touches followed, oldest first: those on the screen and the most recent lifted ones.
  public private(set) var touches: [OverlayTouch] = []
  /// The time of the latest record applied.
  public private(set) var time: TimeInterval = 0
  /// Positions kept per trail (the renderer draws the last `theme.overlay.trailLength`).
  public var maximumTrailLength = 64
  /// Lifted touches kept for the picture; older ones are forgotten.
  public var maximumFinishedTouches = 10
  /// Receivers kept per touch; a touch reaching more shows only the first ones.
  public static let maximumReceivers = 24
  /// Countdowns kept per touch (the oldest finished ones give way).
  public static let maximumCountdowns = 8
  /// How often a countdown or a fading card asks for a frame, in engine seconds.
  public static let animationInterval: TimeInterval = 1.0 / 60
  /// A lifted touch's card stays this long after the lift, then fades out.
  public static let cardHoldDuration: TimeInterval = 4
  /// How long the fade takes.
  public static let cardFadeDuration: TimeInterval = 1

  /// Numbers the gestures: touches that go down while another is on the screen share one.
  private var sequence = 0

  public init() {}

  /// The state at `time`: every record up to and including it, in order, applied to an
  /// empty state.
  public static func fold<Records: Sequence>(_ records: Records, upTo time: TimeInterval = .infinity) -> OverlayState
  where Records.Element == DeliveryRecord {
    var state = OverlayState()
    for record in records {
      guard record.time <= time else { break }
      state.apply(record)
    }
    return state
  }

  /// The touch with this identifier, if it is still followed.
  public func touch(withIdentifier identifier: Int) -> OverlayTouch? {
    touches.first { $0.identifier == identifier }
  }

  /// The touches of the latest gesture: those that went down since the screen was last empty.
  public var currentTouches: [OverlayTouch] {
    touches.filter { $0.sequence == sequence }
  }

  /// Forgets finished touches and their receivers (the "clear the log" key).
  public mutating func clear() {
    touches.removeAll { !$0.isOnScreen }
  }

  /// When the picture next changes although no record comes (a countdown ticking, a card
  /// fading), in engine time; nil when it is still.
  public func nextAnimationTime(after now: TimeInterval) -> TimeInterval? {
    var next: TimeInterval?
    func consider(_ end: TimeInterval) {
      guard now < end else { return }
      let frame = min(now + Self.animationInterval, end)
      next = min(next ?? frame, frame)
    }
    for touch in currentTouches {
      for countdown in touch.countdowns where countdown.isRunning { consider(countdown.end) }
      if let fadeEnd = touch.cardFadeEnd {
        // Still while the card waits; a frame at the fade's start, then every 60th of a second.
        let fadeStart = fadeEnd - Self.cardFadeDuration
        if now < fadeStart { next = min(next ?? fadeStart, fadeStart) } else { consider(fadeEnd) }
      }
    }
    return next
  }

  // MARK: Records

  /// Adds one record to the state.
  public mutating func apply(_ record: DeliveryRecord) {
    time = max(time, record.time)
    switch record.event {
    case .input(let samples):
      for sample in samples { apply(sample, at: record.time) }
    case .hitTest(let id, let view):
      guard let index = index(of: id) else { return }
      touches[index].hitView = view.map(OverlayReceiverName.init)
    case .touches(let phase, let receiver):
      let name = OverlayReceiverName(receiver)
      if receiver.kind == .recognizer {
        note(name, kind: .recognizer, step: phase == .began ? .possible : nil, record: record)
      } else {
        note(name, kind: .responder, step: OverlayReceiver.Step(phase), record: record)
      }
    case .tracking, .logged, .illegalTransition, .scroll, .selection, .navigation:
      // The touches call that carries a control's or a logged override's delivery is
      // recorded on its own; a scroll, a selection or a navigation transition is drawn by the scene itself.
      break
    case .hold(let phase, let view, _, _):
      let step: OverlayReceiver.Step =
        phase == .ended ? .endHeld : record.cause?.rule == .delaysContentTouches ? .delayed : .held
      note(OverlayReceiverName(view), kind: .responder, step: step, record: record)
    case .release(_, let view, _):
      note(OverlayReceiverName(view), kind: .responder, step: .released, record: record)
    case .drop(_, let view):
      note(OverlayReceiverName(view), kind: .responder, step: .dropped, record: record)
    case .denied(let receiver):
      let isRecognizer = receiver.kind == .recognizer
      note(
        OverlayReceiverName(receiver), kind: isRecognizer ? .recognizer : .responder,
        step: isRecognizer ? .refused : .blocked, record: record)
    case .stateChange(let recognizer, _, let to):
      // `to == .possible` is the reset after the gesture: nothing to show.
      guard let step = OverlayReceiver.Step(to) else { return }
      note(OverlayReceiverName(recognizer), kind: .recognizer, step: step, record: record)
    case .action(let name, let sender, let target):
      guard let who = target ?? sender else { return }
      let action = OverlayReceiverName(className: who.className, identifier: who.id, object: who.object, message: name)
      note(action, kind: .action, step: target == nil ? .unanswered : .sent, record: record, sentBy: sender)
    case .print(let text, let sender):
      let action = OverlayReceiverName(
        className: sender?.className ?? "", identifier: sender?.id, object: sender?.object, message: text,
        isPrint: true)
      note(action, kind: .action, step: .sent, record: record, sentBy: sender)
    case .timer(let change, let timer):
      apply(change, timer, at: record.time, touchIDs: record.touchIDs)
    }
  }

  private func index(of id: Int) -> Int? {
    touches.firstIndex { $0.identifier == id }
  }

  private mutating func apply(_ sample: TouchSample, at time: TimeInterval) {
    let point = CGPoint(x: sample.location.x, y: sample.location.y)
    if sample.phase == .began, index(of: sample.touch) == nil {
      if !touches.contains(where: { $0.isOnScreen }) { sequence += 1 }
      touches.append(OverlayTouch(identifier: sample.touch, sequence: sequence, startTime: time))
      forgetOldTouches()
    }
    // A touch that went down before the first record is not followed.
    guard let index = index(of: sample.touch) else { return }
    touches[index].move(to: point, limit: maximumTrailLength)
    touches[index].phase = sample.phase
    if sample.phase == .ended || sample.phase == .cancelled {
      touches[index].isOnScreen = false
      touches[index].endTime = time
    }
  }

  private mutating func forgetOldTouches() {
    var finished = touches.count { !$0.isOnScreen }
    guard finished > maximumFinishedTouches else { return }
    touches.removeAll { touch in
      guard !touch.isOnScreen, finished > maximumFinishedTouches else { return false }
      finished -= 1
      return true
    }
  }

  /// The touches a record is about. An action or print a timer sent has none: it belongs
  /// to the latest touch.
  private func targets(of record: DeliveryRecord) -> [Int] {
    if !record.touchIDs.isEmpty { return record.touchIDs.compactMap(index(of:)) }
    switch record.event {
    case .action, .print: return touches.indices.last.map { [$0] } ?? []
    default: return []
    }
  }

  /// Notes a step on the cards of the record's touches. An action a recognizer sent goes only
  /// to the touches that recognizer had (the event's other fingers never reached it), unless
  /// none of them did.
  private mutating func note(
    _ name: OverlayReceiverName, kind: OverlayReceiver.Kind, step: OverlayReceiver.Step?, record: DeliveryRecord,
    sentBy sender: Participant? = nil
  ) {
    var indices = targets(of: record)
    if let sender, sender.kind == .recognizer {
      let recognizer = OverlayReceiverName(sender)
      let had = indices.filter { index in
        touches[index].receivers.contains { $0.kind == .recognizer && $0.name == recognizer }
      }
      if !had.isEmpty { indices = had }
    }
    for index in indices {
      touches[index].note(name, kind: kind, step: step, cause: record.cause)
    }
  }

  /// A timer belongs to the touches whose receivers include its owner; one with no such
  /// owner (or none) to the touches on the screen, else to the latest touch.
  private mutating func apply(_ change: TimerChange, _ timer: TimerRecord, at time: TimeInterval, touchIDs: [Int]) {
    let owner = timer.owner.map(OverlayReceiverName.init)
    switch change {
    case .scheduled:
      var indices = touchIDs.compactMap(index(of:))
      if indices.isEmpty, let owner {
        indices = touches.indices.filter { i in
          touches[i].isOnScreen && touches[i].receivers.contains { $0.name == owner }
        }
        if indices.isEmpty {
          indices = touches.indices.filter { touches[$0].receivers.contains { $0.name == owner } }.suffix(1)
        }
      }
      if indices.isEmpty { indices = touches.indices.filter { touches[$0].isOnScreen } }
      if indices.isEmpty, let last = touches.indices.last { indices = [last] }
      let countdown = OverlayCountdown(
        timer: timer.id, purpose: timer.purpose, owner: owner, start: time, duration: max(0, timer.deadline - time))
      for index in indices { touches[index].add(countdown) }
    case .fired, .cancelled:
      for index in touches.indices {
        touches[index].finishCountdown(timer: timer.id, at: time, fired: change == .fired)
      }
    }
  }
}

/// Follows an application's delivery records as they come and keeps the overlay state
/// they fold to: the window's live overlay. It subscribes when made, so make it before the
/// first touch; `state` always equals `OverlayState.fold` of the records it received.
public final class TouchOverlay {
  public private(set) var state = OverlayState()

  /// Subscribes to the application's delivery recorder.
  public init(application: UIApplication) {
    application.records.addObserver { [weak self] record in self?.state.apply(record) }
  }

  public var touches: [OverlayTouch] { state.touches }
  public var currentTouches: [OverlayTouch] { state.currentTouches }
  public func touch(withIdentifier identifier: Int) -> OverlayTouch? { state.touch(withIdentifier: identifier) }
  public var maximumTrailLength: Int {
    get { state.maximumTrailLength }
    set { state.maximumTrailLength = newValue }
  }
  public var maximumFinishedTouches: Int {
    get { state.maximumFinishedTouches }
    set { state.maximumFinishedTouches = newValue }
  }

  /// Forgets finished touches and their receivers (the "clear the log" key).
  public func clear() { state.clear() }

  public func nextAnimationTime(after now: TimeInterval) -> TimeInterval? { state.nextAnimationTime(after: now) }
}

/// One finger as the overlay follows it.
public struct OverlayTouch: Equatable, Sendable {
  /// The touch's `UITouch.identifier` (1 for the scene's first touch).
  public let identifier: Int
  /// Touches that went down while another was on the screen share a sequence number.
  public let sequence: Int
  /// Engine time of its first contact.
  public let startTime: TimeInterval
  /// Engine time it lifted or was cancelled; nil while it is on the screen.
  public internal(set) var endTime: TimeInterval?
  /// Where it is, or where it lifted, in window points.
  public internal(set) var location: CGPoint?
  /// Its recent positions, oldest first, at most `OverlayState.maximumTrailLength`.
  public internal(set) var trail: [CGPoint] = []
  public internal(set) var phase: TouchPhase = .began
  /// False once it lifted or was cancelled.
  public internal(set) var isOnScreen = true
  /// The view hit-testing chose (nil when the touch landed on nothing).
  public internal(set) var hitView: OverlayReceiverName?
  /// Everything that received the touch, in the order each first got it.
  public internal(set) var receivers: [OverlayReceiver] = []
  /// The deadlines the engine set while it was down, oldest first, running or finished.
  public internal(set) var countdowns: [OverlayCountdown] = []

  init(identifier: Int, sequence: Int, startTime: TimeInterval) {
    self.identifier = identifier
    self.sequence = sequence
    self.startTime = startTime
  }

  /// The palette slot of this touch: touches take the colours in turn.
  public var colorIndex: Int { identifier - 1 }

  /// The countdown of the scroll view's delay, when one held this touch's began.
  public var scrollDelay: OverlayCountdown? {
    countdowns.last { $0.purpose == .scrollDelay }
  }

  /// When its card has faded away (nil while the finger is down).
  public var cardFadeEnd: TimeInterval? {
    endTime.map { $0 + OverlayState.cardHoldDuration + OverlayState.cardFadeDuration }
  }

  /// How opaque its card is at `now`: whole while down and some seconds after the lift,
  /// then fading to nothing.
  public func cardOpacity(at now: TimeInterval) -> Double {
    guard let endTime else { return 1 }
    let fadeStart = endTime + OverlayState.cardHoldDuration
    return min(1, max(0, 1 - (now - fadeStart) / OverlayState.cardFadeDuration))
  }

  mutating func move(to point: CGPoint, limit: Int) {
    location = point
    if trail.last != point {
      if trail.count >= max(1, limit) { trail.removeFirst(trail.count - max(1, limit) + 1) }
      trail.append(point)
    }
  }

  /// Adds `step` to the receiver's history (making the receiver when it is new).
  mutating func note(
    _ name: OverlayReceiverName, kind: OverlayReceiver.Kind, step: OverlayReceiver.Step?, cause: DeliveryCause? = nil
  ) {
    if let index = receivers.firstIndex(where: { $0.name == name && $0.kind == kind }) {
      if let step { receivers[index].append(step, cause: cause) }
      return
    }
    guard receivers.count < OverlayState.maximumReceivers else { return }
    var receiver = OverlayReceiver(kind: kind, name: name)
    if let step { receiver.append(step, cause: cause) }
    receivers.append(receiver)
  }

  mutating func add(_ countdown: OverlayCountdown) {
    if countdowns.count >= OverlayState.maximumCountdowns,
      let finished = countdowns.firstIndex(where: { !$0.isRunning })
    {
      countdowns.remove(at: finished)
    }
    guard countdowns.count < OverlayState.maximumCountdowns else { return }
    countdowns.append(countdown)
  }

  mutating func finishCountdown(timer: Int, at time: TimeInterval, fired: Bool) {
    for index in countdowns.indices where countdowns[index].timer == timer {
      countdowns[index].finish(at: time, fired: fired)
    }
  }
}

/// Who a receiver is: a class, its layout id and the object itself; for an action, the message.
public struct OverlayReceiverName: Equatable, Sendable {
  public var className: String
  public var identifier: String?
  /// The object (from the record's participant): two views of one class without an id are
  /// two receivers, and the hit view is found by it, not by its name.
  public var object: ObjectSerial?
  /// An action's name (`redViewClick:`) or a `{print: TEXT}`'s text.
  public var message: String?
  /// The action was a `{print: TEXT}`.
  public var isPrint = false

  public init(
    className: String, identifier: String? = nil, object: ObjectSerial? = nil, message: String? = nil,
    isPrint: Bool = false
  ) {
    self.className = className
    self.identifier = identifier
    self.object = object
    self.message = message
    self.isPrint = isPrint
  }

  /// A record's participant.
  public init(_ participant: Participant) {
    self.init(className: participant.className, identifier: participant.id, object: participant.object)
  }

  /// How the overlay writes it: `LMRedView`, `-[ViewController redViewClick:]`, `“按钮点击”`.
  public var displayName: String {
    guard let message else { return className }
    return isPrint ? "“\(message)”" : "-[\(className) \(message)]"
  }
}

/// A recognizer, responder or action target that a touch reached, and what became of it.
public struct OverlayReceiver: Equatable, Sendable {
  public enum Kind: Sendable { case recognizer, responder, action }

  /// One thing that happened to the receiver, in the order it happened.
  public enum Step: Equatable, Sendable {
    /// Recognizer states.
    case possible, began, changed, recognized, ended, failed, cancelled
    /// Responder calls (`began`, `ended`, `cancelled` above are its touches… calls too).
    case moved
    /// The began was held back (`delaysTouchesBegan`) or delayed by a scroll view.
    case held, delayed
    /// The ended was held back (`delaysTouchesEnded`).
    case endHeld
    case released, dropped
    /// The delegate's `shouldReceive` said no (recognizers).
    case refused
    /// `isExclusiveTouch` or `isMultipleTouchEnabled` kept the touch from the view.
    case blocked
    /// An action was sent, or found no one to answer it.
    case sent, unanswered

    init(_ phase: TouchPhase) {
      switch phase {
      case .began: self = .began
      case .moved: self = .moved
      case .ended: self = .ended
      case .cancelled: self = .cancelled
      }
    }

    /// A recognizer's new state; nil for `possible` (its reset).
    init?(_ state: RecognizerState) {
      switch state {
      case .possible: return nil
      case .began: self = .began
      case .changed: self = .changed
      case .ended: self = .ended
      case .recognized: self = .recognized
      case .cancelled: self = .cancelled
      case .failed: self = .failed
      }
    }
  }

  /// A step and the rule that caused it.
  public struct Reason: Equatable, Sendable {
    public var step: Step
    public var cause: DeliveryCause
  }

  public var kind: Kind
  public var name: OverlayReceiverName
  /// What happened, oldest first; repeats collapse (`moved` many times is one `moved`).
  public private(set) var steps: [Step] = []
  /// Why, for the steps a rule decided (failed, cancelled, dropped, held, refused…), oldest first.
  public private(set) var reasons: [Reason] = []
  /// Steps kept per receiver.
  public static let maximumSteps = 8
  /// Reasons kept per receiver.
  public static let maximumReasons = 3

  public init(kind: Kind, name: OverlayReceiverName, steps: [Step] = []) {
    self.kind = kind
    self.name = name
    for step in steps { append(step) }
  }

  /// The latest step: how it stands now.
  public var outcome: Step? { steps.last }

  mutating func append(_ step: Step, cause: DeliveryCause? = nil) {
    if steps.last != step {
      if steps.count >= Self.maximumSteps { steps.remove(at: 1) }
      steps.append(step)
    }
    guard let cause else { return }
    let reason = Reason(step: step, cause: cause)
    guard reasons.last != reason else { return }
    if reasons.count >= Self.maximumReasons { reasons.removeFirst() }
    reasons.append(reason)
  }
}

/// A deadline the engine set while a touch was down, from its timer record: when it was
/// scheduled, how long it runs, what it is for, and how it ended.
public struct OverlayCountdown: Equatable, Sendable {
  /// The timer record's id.
  public var timer: Int
  public var purpose: TimerPurpose
  /// The recognizer (or view) it belongs to.
  public var owner: OverlayReceiverName?
  public var start: TimeInterval
  public var duration: TimeInterval
  /// When it ended (fired or cancelled); nil while it runs.
  public private(set) var finishTime: TimeInterval?
  /// It ended by firing (the deadline passed), not by being cancelled.
  public private(set) var fired = false

  public init(
    timer: Int, purpose: TimerPurpose, owner: OverlayReceiverName?, start: TimeInterval, duration: TimeInterval
  ) {
    self.timer = timer
    self.purpose = purpose
    self.owner = owner
    self.start = start
    self.duration = duration
  }

  public var end: TimeInterval { start + duration }
  public var isRunning: Bool { finishTime == nil }

  /// How far along it is at `now`, 0…1.
  public func progress(at now: TimeInterval) -> Double {
    guard duration > 0 else { return 1 }
    let time = finishTime.map { min($0, now) } ?? now
    return min(1, max(0, (time - start) / duration))
  }

  /// The seconds it has run at `now`.
  public func elapsed(at now: TimeInterval) -> TimeInterval {
    progress(at: now) * duration
  }

  /// What it waits for, in a few words: `scroll delay`, `long press`…
  public var title: String {
    switch purpose {
    case .scrollDelay: "scroll delay"
    case .systemGestureGate: "system gesture"
    case .longPress: "long press"
    case .tapMaximum: "tap maximum"
    case .nextTapInterval: "next tap"
    case .swipeMaximum: "swipe maximum"
    case .deceleration: "deceleration"
    case .autorepeat: "autorepeat"
    case .other: "timer"
    }
  }

  mutating func finish(at time: TimeInterval, fired: Bool) {
    guard finishTime == nil else { return }
    finishTime = time
    self.fired = fired
  }
}
