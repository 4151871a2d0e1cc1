import Foundation
import TouchLabEngine
import TouchLabLayout
import TouchLabTranscript

/// `touchlab diff`: a console log pasted from Xcode or Console, set against a scenario's
/// transcript line by line, in order (docs/import.md "Checking the model against the device").
public struct DeviceLogDiff {
  /// One line of the log that the scene could print.
  public struct LogLine: Equatable {
    public var text: String
    /// Its line in the log file.
    public var line: Int
    /// Seconds since midnight, when the prefix gives a time.
    public var time: Double?
  }

  /// The model's lines, with their virtual times.
  public var model: [(time: TimeInterval, text: String)]
  /// The log's lines the scene could print, prefixes stripped.
  public var device: [LogLine]
  /// Time differences beyond this (seconds) are reported with `times`.
  public var tolerance: Double

  public init(scene: Scene, scenario: Scenario, log: String, tolerance: Double = 0.05) {
    var lines: [(TimeInterval, String)] = []
    scene.records.addObserver { record in
      if let text = record.line { lines.append((record.time, text)) }
    }
    ScenarioPlayer(scene: scene).play(scenario)
    model = lines
    self.tolerance = tolerance
    // The classes the scene has: a `-[Class selector]` line of any other class is not the scene's.
    var classes: Set<String> = ["UIApplication", "UIWindow", "UIViewController"]
    for object in scene.objects.values {
      if let responder = object as? UIResponder { classes.insert(responder.className) }
      if let recognizer = object as? UIGestureRecognizer { classes.insert(recognizer.className) }
    }
    for line in lines {
      if let name = Self.messageClass(line.1) { classes.insert(name) }
    }
    let printable = Set(lines.map(\.1))
    var device: [LogLine] = []
    for (index, raw) in log.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let (text, time) = Self.strip(String(raw))
      guard !text.isEmpty else { continue }
      if let name = Self.messageClass(text) {
        guard classes.contains(name) else { continue }
      } else if !printable.contains(text) {
        continue
      }
      device.append(LogLine(text: text, line: index + 1, time: time))
    }
    self.device = device
  }

  /// `Class` of a line that prints `-[Class selector…]` (`method: -[Class …]` too).
  static func messageClass(_ text: String) -> String? {
    guard let open = text.range(of: "-[") ?? text.range(of: "+["),
      let space = text[open.upperBound...].firstIndex(of: " ")
    else { return nil }
    let name = text[open.upperBound..<space]
    return name.isEmpty ? nil : String(name)
  }

  /// The line without its NSLog, os_log (Console) or print prefix, and the time the prefix gives.
  static func strip(_ raw: String) -> (String, Double?) {
    var line = raw.trimmingCharacters(in: CharacterSet(charactersIn: "\r"))
    var time: Double?
    func seconds(_ clock: Substring) -> Double? {
      let parts = clock.split(separator: ":")
      guard parts.count == 3, let h = Double(parts[0]), let m = Double(parts[1]),
        let s = Double(parts[2].prefix { $0.isNumber || $0 == "." })
      else { return nil }
      return h * 3600 + m * 60 + s
    }
    // NSLog: `2024-01-02 03:04:05.678 App[123:4567] text` (the time may carry a zone: +0100).
    if let match = line.range(
      of: #"^\d{4}-\d\d-\d\d[ T](\d\d:\d\d:\d\d\.\d+)[+-]?\d{0,4} +[^\[\]]+\[\d+:[0-9a-fA-Fx]+\] "#,
      options: .regularExpression)
    {
      let prefix = line[match]
      if let clock = prefix.split(separator: " ").first(where: { $0.contains(":") }) {
        time = seconds(clock.prefix { $0 != "+" && $0 != "-" })
      }
      line = String(line[match.upperBound...])
    } else if line.contains("\t") {
      // Console: `default\t03:04:05.678901+0100\tApp\ttext`.
      let fields = line.split(separator: "\t", maxSplits: 3, omittingEmptySubsequences: false)
      if fields.count == 4, let t = seconds(fields[1].prefix { $0 != "+" && $0 != "-" }) {
        time = t
        line = String(fields[3])
      }
    }
    return (line.trimmingCharacters(in: .whitespaces), time)
  }

  /// The first line where the two differ (nil when they agree), as a sentence; control
  /// characters of either side written out (`\u{1B}`), so a device log cannot retitle or
  /// clear the terminal it is printed on.
  public var firstDivergence: String? {
    for index in 0..<max(model.count, device.count) {
      switch (index < model.count ? model[index] : nil, index < device.count ? device[index] : nil) {
      case (let m?, let d?) where m.text != d.text:
        return
          "line \(index + 1) differs: the model prints '\(m.text.escapingControlCharacters)' at \(TranscriptFormatter.timeStamp(m.time)), "
          + "the device logged '\(d.text.escapingControlCharacters)' (log line \(d.line))"
      case (let m?, nil):
        return
          "line \(index + 1): the model prints '\(m.text.escapingControlCharacters)' at \(TranscriptFormatter.timeStamp(m.time)); the "
          + "device log has no more lines"
      case (nil, let d?):
        return
          "line \(index + 1): the device logged '\(d.text.escapingControlCharacters)' (log line \(d.line)); the model prints no more lines"
      default: continue
      }
    }
    return nil
  }

  /// Lines printed by both whose times (each since the first line) differ by more than the tolerance.
  public var timeDifferences: [String] {
    guard let firstModel = model.first?.time, let firstDevice = device.first?.time else { return [] }
    var result: [String] = []
    for (index, (m, d)) in zip(model, device).enumerated() where m.text == d.text {
      guard let t = d.time else { continue }
      let modelTime = m.time - firstModel
      let deviceTime = t - firstDevice
      if abs(modelTime - deviceTime) > tolerance {
        result.append(
          "line \(index + 1) '\(m.text.escapingControlCharacters)': the model at +\(String(format: "%.3f", modelTime)) s, the device at "
            + "+\(String(format: "%.3f", deviceTime)) s (log line \(d.line))")
      }
    }
    return result
  }
}
