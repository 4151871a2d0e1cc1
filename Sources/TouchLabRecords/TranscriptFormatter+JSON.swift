import Foundation
import TouchLabEngine

/// The fields `--json` adds to the first ones (time, kind, receiver, id, method, touches,
/// outcome, line): the schema version, the typed event and its cause (docs/records.md).
extension TranscriptFormatter {
  static func typedFields(_ record: DeliveryRecord) -> [String] {
    var fields = ["\"schema\":\(DeliveryRecordSchema.version)", "\"event\":\(quote(eventName(record.event)))"]
    fields += eventFields(record.event)
    if let cause = record.cause {
      fields.append("\"cause\":{\"rule\":\(quote(cause.rule.rawValue)),\"by\":\(quote(cause.by))}")
    }
    return fields
  }

  /// The name of an event's case, as `"event"` prints it.
  public static func eventName(_ event: DeliveryEvent) -> String {
    switch event {
    case .input: "input"
    case .hitTest: "hitTest"
    case .touches: "touches"
    case .tracking: "tracking"
    case .hold: "hold"
    case .release: "release"
    case .drop: "drop"
    case .denied: "denied"
    case .stateChange: "stateChange"
    case .illegalTransition: "illegalTransition"
    case .action: "action"
    case .print: "print"
    case .timer: "timer"
    case .scroll: "scroll"
    case .selection: "selection"
    case .logged: "logged"
    case .navigation: "navigation"
    }
  }

  private static func eventFields(_ event: DeliveryEvent) -> [String] {
    switch event {
    case .input(let samples):
      let list = samples.map {
        "{\"touch\":\($0.touch),\"phase\":\(quote($0.phase.rawValue)),\"location\":\(point($0.location))}"
      }
      return ["\"samples\":[\(list.joined(separator: ","))]"]
    case .hitTest(let touch, let view):
      return ["\"touch\":\(touch)"] + (view.map { ["\"receiverKind\":\(quote($0.kind.rawValue))"] } ?? [])
    case .touches(let phase, let receiver), .tracking(let phase, let receiver):
      return ["\"phase\":\(quote(phase.rawValue))", "\"receiverKind\":\(quote(receiver.kind.rawValue))"]
    case .hold(let phase, let view, let holder, let deadline):
      var fields = ["\"phase\":\(quote(phase.rawValue))", "\"receiverKind\":\(quote(view.kind.rawValue))"]
      if let holder { fields.append("\"holder\":\(participant(holder))") }
      if let deadline { fields.append("\"deadline\":\(number(deadline))") }
      return fields
    case .release(let phase, let view, let holder):
      var fields = ["\"phase\":\(quote(phase.rawValue))", "\"receiverKind\":\(quote(view.kind.rawValue))"]
      if let holder { fields.append("\"holder\":\(participant(holder))") }
      return fields
    case .drop(let phase, let view):
      return ["\"phase\":\(quote(phase.rawValue))", "\"receiverKind\":\(quote(view.kind.rawValue))"]
    case .denied(let receiver), .logged(_, let receiver):
      return ["\"receiverKind\":\(quote(receiver.kind.rawValue))"]
    case .stateChange(_, let from, let to), .illegalTransition(_, let from, let to):
      return ["\"from\":\(quote(from.rawValue))", "\"to\":\(quote(to.rawValue))"]
    case .action(_, let sender, let target):
      var fields: [String] = []
      if let sender { fields.append("\"sender\":\(participant(sender))") }
      if let target { fields.append("\"target\":\(participant(target))") }
      return fields
    case .print(_, let sender):
      return sender.map { ["\"sender\":\(participant($0))"] } ?? []
    case .timer(let change, let timer):
      return [
        "\"timer\":\(timer.id)", "\"change\":\(quote(change.rawValue))", "\"purpose\":\(quote(timer.purpose.rawValue))",
        "\"deadline\":\(number(timer.deadline))",
      ]
    case .scroll(_, let from, let to):
      return ["\"from\":\(point(from))", "\"to\":\(point(to))"]
    case .selection(_, let section, let row, let selected):
      return ["\"section\":\(section)", "\"row\":\(row)", "\"selected\":\(selected)"]
    case .navigation(_, let operation, let phase, let from, let to, let interactive):
      return [
        "\"operation\":\(quote(operation.rawValue))", "\"phase\":\(quote(phase.rawValue))",
        "\"from\":\(participant(from))", "\"to\":\(participant(to))", "\"interactive\":\(interactive)",
      ]
    }
  }

  private static func participant(_ p: Participant) -> String {
    var fields = ["\"kind\":\(quote(p.kind.rawValue))", "\"class\":\(quote(p.className))"]
    if let id = p.id { fields.append("\"id\":\(quote(id))") }
    return "{" + fields.joined(separator: ",") + "}"
  }

  private static func point(_ p: RecordPoint) -> String { "{\"x\":\(number(p.x)),\"y\":\(number(p.y))}" }

  /// A number as JSON: up to three decimals, no trailing zeros.
  public static func number(_ value: Double) -> String {
    var text = DecimalText.fixed(value, places: 3)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text == "-0" ? "0" : text
  }
}
