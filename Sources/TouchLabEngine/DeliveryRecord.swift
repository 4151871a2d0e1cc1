import Foundation

/// One thing the engine did with a touch: the typed record that the transcript printer,
/// `--json`, `--explain` and the window's overlay all read. `event` says what happened
/// (consumers switch over it), `cause` why, where a rule decided (`docs/records.md`).
///
/// `kind`, `receiver`, `receiverID`, `method` and `outcome` are the record's first,
/// string-based form, derived from `event` and kept because `--json` prints them (the
/// contract is extended, never broken); new code reads `event` and `cause`.
public struct DeliveryRecord: Equatable, Sendable, Codable {
  public enum Kind: String, Sendable, Codable {
    /// A hit-test pass found the view a new touch belongs to.
    case hitTest
    /// A method of a view, controller, window, application or recognizer ran.
    case call
    /// A target-action message was sent (control or recognizer).
    case action
    /// A `{print: TEXT}` action or selection printed its text.
    case print
    /// A gesture recognizer changed state.
    case state
    /// The engine held a touch back from its view, released it, or dropped it.
    case hold, release, drop
    /// An input event, a control's tracking call, a timer, a scroll offset change, a row selection.
    case input, tracking, timer, scroll, selection
    /// A navigation controller's push or pop began, finished or was cancelled.
    case navigation
  }

  public enum Outcome: String, Sendable, Codable {
    case delivered, held, released, dropped, cancelled, blocked
    case possible, began, changed, recognized, failed
    case ended
    case ignored
    case scheduled, fired
  }

  // The stored fields, under their own names: the struct keeps its memberwise initializer
  // (internal), which the recorder builds every record with. An explicit `init` in the
  // struct's body would suppress it, and the optimizer copies a record made by an explicit
  // init once more (every string and array in it retained, then released) before handing
  // it on; the public initializer below (in an extension) is for the other modules.
  var storedTime: TimeInterval
  var storedEvent: DeliveryEvent
  var storedCause: DeliveryCause?
  var storedTouchIDs: [Int]
  var storedText: String?

  enum CodingKeys: String, CodingKey {
    case storedTime = "time"
    case storedEvent = "event"
    case storedCause = "cause"
    case storedTouchIDs = "touchIDs"
    case storedText = "text"
  }

  public var time: TimeInterval {
    get { storedTime }
    set { storedTime = newValue }
  }
  /// What happened.
  public var event: DeliveryEvent {
    _read { yield storedEvent }
    _modify { yield &storedEvent }
  }
  /// Why, for every cancel, drop, failure, hold, release and denial a rule decided.
  public var cause: DeliveryCause? {
    _read { yield storedCause }
    _modify { yield &storedCause }
  }
  public var touchIDs: [Int] {
    _read { yield storedTouchIDs }
    _modify { yield &storedTouchIDs }
  }
  /// Text written outside the engine for this record (the engine writes none): a declared
  /// class's own line for a logged override or a received action (a print's text is its
  /// event's). The
  /// transcript's lines are made from the typed record (`TranscriptFormatter`), this text
  /// where there is one.
  public var text: String? {
    _read { yield storedText }
    _modify { yield &storedText }
  }

  // The string form, worked out when asked (the engine makes records on every event; most
  // readers never ask).
  public var kind: Kind { Self.legacy(of: event, cause: cause).kind }
  /// The receiver's class name (a declared class, or the built-in one).
  public var receiver: String { Self.legacy(of: event, cause: cause).receiver?.className ?? "nil" }
  /// The receiver's id in the layout, when it has one.
  public var receiverID: String? { Self.legacy(of: event, cause: cause).receiver?.id }
  /// The method's selector (`touchesBegan:withEvent:`), the action's name, or the new state.
  public var method: String { Self.legacy(of: event, cause: cause).method }
  public var outcome: Outcome { Self.legacy(of: event, cause: cause).outcome }

  /// The string form of an event, as `--json` has always printed it.
  private static func legacy(of event: DeliveryEvent, cause: DeliveryCause?) -> (
    kind: Kind, receiver: Participant?, method: String, outcome: Outcome
  ) {
    switch event {
    case .input(let samples):
      return (.input, nil, samples.map(\.phase.rawValue).joined(separator: ","), .delivered)
    case .hitTest(_, let view):
      return (.hitTest, view, UIKitSelector.hitTest.rawValue, view == nil ? .ignored : .delivered)
    case .touches(let phase, let receiver):
      return (.call, receiver, phase.selector, .delivered)
    case .tracking(let phase, let control):
      return (.tracking, control, UIKitSelector(tracking: phase).rawValue, .delivered)
    case .logged(let method, let receiver):
      return (.call, receiver, method, .delivered)
    case .hold(let phase, let view, _, _):
      return (.hold, view, phase.selector, .held)
    case .release(let phase, let view, _):
      return (.release, view, phase.selector, .released)
    case .drop(let phase, let view):
      return (.drop, view, phase.selector, .dropped)
    case .denied(let receiver):
      switch cause?.rule {
      case .exclusiveTouch: return (.drop, receiver, "isExclusiveTouch", .blocked)
      case .shouldReceive: return (.drop, receiver, UIKitSelector.shouldReceiveTouch.rawValue, .ignored)
      default: return (.drop, receiver, "isMultipleTouchEnabled", .blocked)
      }
    case .stateChange(let recognizer, _, let to):
      if to == .possible {
        return (.state, recognizer, "reset", .possible)
      }
      let method = to == .recognized ? "ended" : to.rawValue
      return (.state, recognizer, method, Outcome(rawValue: to.rawValue) ?? .possible)
    case .illegalTransition(let recognizer, let from, let to):
      let name = { (s: RecognizerState) in s == .recognized ? "ended" : s.rawValue }
      return (.state, recognizer, "\(name(from))->\(name(to))", .ignored)
    case .action(let name, _, let target):
      return (.action, target, name, target == nil ? .ignored : .delivered)
    case .print(let text, let sender):
      return (.print, sender ?? Participant(kind: .responder, className: ""), text, .delivered)
    case .timer(let change, let timer):
      let outcome: Outcome =
        switch change {
        case .scheduled: .scheduled
        case .fired: .fired
        case .cancelled: .cancelled
        }
      return (.timer, timer.owner, timer.purpose.rawValue, outcome)
    case .scroll(let view, _, _):
      return (.scroll, view, UIKitSelector.setContentOffset.rawValue, .delivered)
    case .selection(let table, _, _, let selected):
      return (.selection, table, selected ? "selectRow" : "deselectRow", .delivered)
    case .navigation(let controller, let operation, let phase, _, _, _):
      let method = operation == .push ? "pushViewController:animated:" : "popViewControllerAnimated:"
      let outcome: Outcome =
        switch phase {
        case .began: .began
        case .finished: .ended
        case .cancelled: .cancelled
        }
      return (.navigation, controller, method, outcome)
    }
  }
}

extension DeliveryRecord {
  public init(
    time: TimeInterval, event: DeliveryEvent, cause: DeliveryCause? = nil, touchIDs: [Int] = [], text: String? = nil
  ) {
    self.init(storedTime: time, storedEvent: event, storedCause: cause, storedTouchIDs: touchIDs, storedText: text)
  }
}

/// Collects the records of one scene and hands each to its observers as it happens
/// (the transcript file of the live window, the overlay).
public final class DeliveryRecorder {
  public private(set) var records: [DeliveryRecord] = []
  /// Keep every record (replay) or only hand them to observers (a long live session).
  public var keepsRecords = true
  /// Records made so far, kept or not (what a replay's limits count).
  public private(set) var madeCount = 0
  /// The observers, first added first. A chain of nodes, not an array of closures: an
  /// array stores its closures at the generic abstraction, and calling one through it copied
  /// the whole record (every string and array in it retained, then released) into a
  /// reabstraction thunk, once per observer per record.
  private var firstObserver: Observer?
  private var lastObserver: Observer?

  private final class Observer {
    let call: (DeliveryRecord) -> Void
    var next: Observer?
    init(_ call: @escaping (DeliveryRecord) -> Void) { self.call = call }

    /// Called on the node itself: `call` is read from a guaranteed `self`, not retained.
    func deliver(_ record: borrowing DeliveryRecord) { call(record) }
  }
  var clock: EngineClock

  init(clock: EngineClock) { self.clock = clock }

  /// Whether anyone reads records: the engine skips making them (and their lines) otherwise.
  public var isListening: Bool { !isMuted && (keepsRecords || firstObserver != nil) }
  /// Set while a hit-test is traced for showing (`UIApplication.traceHitTest(at:)`): what
  /// the views do then is not part of the session.
  var isMuted = false

  public func addObserver(_ observer: @escaping (DeliveryRecord) -> Void) {
    let node = Observer(observer)
    if let lastObserver { lastObserver.next = node } else { firstObserver = node }
    lastObserver = node
  }

  // Walked without retaining the nodes: they are never removed, and the recorder (kept
  // alive by its caller) owns them all.
  private func notify(_ record: borrowing DeliveryRecord) {
    var node = firstObserver.map { Unmanaged.passUnretained($0) }
    while let current = node {
      current._withUnsafeGuaranteedRef { $0.deliver(record) }
      node = current._withUnsafeGuaranteedRef { $0.next.map { Unmanaged.passUnretained($0) } }
    }
  }

  public func removeAllRecords() { records.removeAll(keepingCapacity: true) }

  // The event, cause and text are consumed: the record is built from them without copying
  // (a copy of an event retains each of its strings), and handed on borrowed.
  func record(
    _ event: consuming DeliveryEvent, cause: consuming DeliveryCause? = nil, touches: [UITouch] = [],
    text: consuming String? = nil
  ) {
    guard isListening else { return }
    let touchIDs = touches.count == 1 ? touches[0].identifierArray : touches.map(\.identifier)
    record(event, cause: cause, touchIDs: touchIDs, text: text)
  }

  func record(
    _ event: consuming DeliveryEvent, cause: consuming DeliveryCause? = nil, touchIDs: [Int],
    text: consuming String? = nil
  ) {
    guard isListening else { return }
    keep(
      DeliveryRecord(
        storedTime: clock.now, storedEvent: event, storedCause: cause, storedTouchIDs: touchIDs, storedText: text))
  }

  private func keep(_ record: borrowing DeliveryRecord) {
    madeCount &+= 1
    if keepsRecords { records.append(copy record) }
    notify(record)
  }
}
