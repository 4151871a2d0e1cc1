import Foundation

/// One thing the engine did with a touch: the structured record that the transcript
/// printer, `--json` and the window's overlay all read.
public struct DeliveryRecord: Equatable, Sendable {
  public enum Kind: String, Sendable {
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
  }

  public enum Outcome: String, Sendable {
    case delivered, held, released, dropped, cancelled, blocked
    case possible, began, changed, recognized, failed
    case ended
    case ignored
  }

  public var time: TimeInterval
  public var kind: Kind
  /// The receiver's class name (a declared class, or the built-in one).
  public var receiver: String
  /// The receiver's id in the layout, when it has one.
  public var receiverID: String?
  /// The method's selector (`touchesBegan:withEvent:`), the action's name, or the new state.
  public var method: String
  public var touchIDs: [Int]
  public var outcome: Outcome
  /// The transcript line, for records that print one (logged overrides, actions, prints).
  public var line: String?

  public init(
    time: TimeInterval, kind: Kind, receiver: String, receiverID: String? = nil, method: String,
    touchIDs: [Int] = [], outcome: Outcome = .delivered, line: String? = nil
  ) {
    self.time = time
    self.kind = kind
    self.receiver = receiver
    self.receiverID = receiverID
    self.method = method
    self.touchIDs = touchIDs
    self.outcome = outcome
    self.line = line
  }
}

/// Collects the records of one scene and hands each to its observers as it happens
/// (the transcript file of the live window, the overlay).
public final class DeliveryRecorder {
  public private(set) var records: [DeliveryRecord] = []
  /// Keep every record (replay) or only hand them to observers (a long live session).
  public var keepsRecords = true
  private var observers: [(DeliveryRecord) -> Void] = []
  var clock: EngineClock

  init(clock: EngineClock) { self.clock = clock }

  /// Whether anyone reads records: the engine skips making them (and their lines) otherwise.
  public var isListening: Bool { keepsRecords || !observers.isEmpty }

  public func addObserver(_ observer: @escaping (DeliveryRecord) -> Void) { observers.append(observer) }

  public func removeAllRecords() { records.removeAll(keepingCapacity: true) }

  func record(
    _ kind: DeliveryRecord.Kind, receiver: String, receiverID: String?, method: String,
    touches: [UITouch] = [], outcome: DeliveryRecord.Outcome = .delivered, line: String? = nil
  ) {
    guard isListening else { return }
    let record = DeliveryRecord(
      time: clock.now, kind: kind, receiver: receiver, receiverID: receiverID, method: method,
      touchIDs: touches.map(\.identifier), outcome: outcome, line: line)
    if keepsRecords { records.append(record) }
    for observer in observers { observer(record) }
  }

  /// The transcript lines: what the articles print with NSLog.
  public var transcript: [String] { records.compactMap(\.line) }
}
