import Foundation
import TouchLabEngine

/// How a transcript is printed.
public struct TranscriptFormatter {
  public var showsTimes = false

  public init(showsTimes: Bool = false) { self.showsTimes = showsTimes }

  /// The transcript lines: one per logged call, received action or print.
  public func lines(_ records: [DeliveryRecord]) -> [String] {
    records.compactMap(line)
  }

  /// A record's transcript line, or nil when it has none. Control characters in it (a
  /// `print:` text's newline or escape) are written out (`\n`, `\u{1B}`): one record, one
  /// line, and nothing for the terminal to act on.
  public func line(_ record: DeliveryRecord) -> String? {
    guard let line = Self.text(of: record)?.escapingControlCharacters else { return nil }
    return showsTimes ? "\(Self.timeStamp(record.time)) \(line)" : line
  }

  /// The text of a record's line, as written (`--json`'s `line`), or nil when it prints
  /// none: a logged override's `-[Class selector]`, a received action's `-[Implementor
  /// action]` (the class is the record's receiver), a print's text; the text a declared
  /// class wrote itself (its log format, its line) where the record carries one.
  public static func text(of record: DeliveryRecord) -> String? {
    switch record.event {
    case .logged(let method, let receiver):
      return record.text ?? "-[\(receiver.className) \(method)]"
    case .action(let name, _, let target?):
      return record.text ?? "-[\(target.className) \(name)]"
    case .print(let text, _):
      return text
    default:
      return nil
    }
  }

  /// `[0.150]`
  public static func timeStamp(_ time: TimeInterval) -> String {
    "[" + DecimalText.fixed(time, places: 3) + "]"
  }

  /// One JSON object per record: time, kind, receiver class and id, method or action,
  /// touch ids, outcome, and the transcript line; then the schema version, the typed
  /// event's fields and the cause (docs/records.md).
  public static func json(_ record: DeliveryRecord) -> String {
    json(record, timeFields: ["\"time\":" + DecimalText.fixed(record.time, places: 3)])
  }

  /// `json(_:)` with other fields in place of its `"time"` (the live `.jsonl` file's real
  /// time and a timer's `due`), each `"NAME":VALUE`.
  public static func json(_ record: DeliveryRecord, timeFields: [String]) -> String {
    var fields: [String] =
      timeFields + [
        "\"kind\":\(quote(record.kind.rawValue))",
        "\"receiver\":\(quote(record.receiver))",
      ]
    if let id = record.receiverID { fields.append("\"id\":\(quote(id))") }
    fields.append("\"method\":\(quote(record.method))")
    fields.append("\"touches\":[\(record.touchIDs.map(String.init).joined(separator: ","))]")
    fields.append("\"outcome\":\(quote(record.outcome.rawValue))")
    if let line = text(of: record) { fields.append("\"line\":\(quote(line))") }
    fields += typedFields(record)
    return "{" + fields.joined(separator: ",") + "}"
  }

  static func quote(_ s: String) -> String { s.jsonQuoted }
}

extension DeliveryRecord {
  /// The record's transcript line as written, or nil when it prints none (`TranscriptFormatter.text(of:)`).
  public var line: String? { TranscriptFormatter.text(of: self) }
}

extension DeliveryRecorder {
  /// The transcript lines of the kept records: what the articles print with NSLog.
  public var transcript: [String] { records.compactMap(\.line) }
}
