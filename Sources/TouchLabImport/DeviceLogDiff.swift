import Foundation
import TouchLabEngine
import TouchLabLayout
import TouchLabRecords

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

  /// One line of the log set aside, and why.
  public struct IgnoredLine: Equatable {
    public var text: String
    /// Its line in the log file.
    public var line: Int
    /// The class of its `-[Class selector]` when the scene has no such class; nil: the
    /// model never prints the line.
    public var otherClass: String?
  }

  /// The model's lines, with their virtual times.
  public var model: [(time: TimeInterval, text: String)]
  /// The log's lines the scene could print, prefixes stripped: at most one more than the
  /// model prints (the one past the model's end is the divergence).
  public var device: [LogLine]
  /// The log's other non-empty lines (a `print` the model lacks, a class the scene has not),
  /// prefixes stripped: not set against the model.
  /// (The first `maximumKeptIgnored` of them: a log of millions of lines the scene cannot
  /// print keeps its memory bounded; `ignoredCount` counts them all.)
  public var ignored: [IgnoredLine]
  /// How many of the log's lines read were ignored.
  public var ignoredCount: Int
  /// How many of them were ignored as lines of a class the scene has not.
  public var ignoredForOtherClassCount: Int
  /// The ignored lines kept, at most.
  public static let maximumKeptIgnored = 1_000
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
    var ignored: [IgnoredLine] = []
    var ignoredCount = 0
    var ignoredForOtherClassCount = 0
    // One pass over the log's lines, none kept but the scene's; past one more than the model
    // prints, the diff is decided (that line is the divergence): the rest is not read.
    let bytes = log.utf8
    var lineStart = bytes.startIndex
    var index = 0
    while lineStart < bytes.endIndex, device.count <= lines.count {
      let lineEnd = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.endIndex
      defer {
        lineStart = lineEnd == bytes.endIndex ? lineEnd : bytes.index(after: lineEnd)
        index += 1
      }
      let (text, time) = Self.strip(String(Substring(bytes[lineStart..<lineEnd])))
      guard !text.isEmpty else { continue }
      let line = LogLine(text: text, line: index + 1, time: time)
      if let name = Self.messageClass(text) {
        guard classes.contains(name) else {
          ignoredCount += 1
          ignoredForOtherClassCount += 1
          if ignored.count < Self.maximumKeptIgnored {
            ignored.append(IgnoredLine(text: text, line: index + 1, otherClass: name))
          }
          continue
        }
      } else if !printable.contains(text) {
        ignoredCount += 1
        if ignored.count < Self.maximumKeptIgnored {
          ignored.append(IgnoredLine(text: text, line: index + 1, otherClass: nil))
        }
        continue
      }
      device.append(line)
    }
    self.device = device
    self.ignored = ignored
    self.ignoredCount = ignoredCount
    self.ignoredForOtherClassCount = ignoredForOtherClassCount
  }

  /// `Class` of a line that prints `-[Class selector…]` (`method: -[Class …]` too).
  static func messageClass(_ text: String) -> String? {
    // On the bytes (Foundation's search, per line of a long log, was most of `diff`'s time).
    let bytes = Array(text.utf8)
    var open: Int?
    var i = 0
    while i + 1 < bytes.count {
      if bytes[i + 1] == UInt8(ascii: "[") && (bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+")) {
        // `-[` before any `+[`, as the search for `-[` first then `+[` found it.
        if bytes[i] == UInt8(ascii: "-") {
          open = i + 2
          break
        }
        if open == nil { open = i + 2 }
      }
      i += 1
    }
    guard let start = open, let space = bytes[start...].firstIndex(of: UInt8(ascii: " ")), space > start else {
      return nil
    }
    return String(decoding: bytes[start..<space], as: UTF8.self)
  }

  /// The line without its NSLog, os_log (Console) or print prefix, and the time the prefix gives.
  static func strip(_ raw: String) -> (String, Double?) {
    // No Foundation character sets made or searched per line: a log may have millions.
    var line = raw
    while line.hasSuffix("\r") { line.removeLast() }
    while line.hasPrefix("\r") { line.removeFirst() }
    var time: Double?
    func seconds(_ clock: Substring) -> Double? {
      let parts = clock.split(separator: ":")
      guard parts.count == 3, let h = Double(parts[0]), let m = Double(parts[1]),
        let s = Double(parts[2].prefix { $0.isNumber || $0 == "." })
      else { return nil }
      return h * 3600 + m * 60 + s
    }
    // NSLog: `2024-01-02 03:04:05.678 App[123:4567] text` (the time may carry a zone: +0100).
    if let (clock, rest) = nslogPrefix(line) {
      time = seconds(Substring(clock))
      line = rest
    } else if line.utf8.contains(UInt8(ascii: "\t")) {
      // Console: `default\t03:04:05.678901+0100\tApp\ttext`.
      let fields = line.split(separator: "\t", maxSplits: 3, omittingEmptySubsequences: false)
      if fields.count == 4, let t = seconds(fields[1].prefix { $0 != "+" && $0 != "-" }) {
        time = t
        line = String(fields[3])
      }
    }
    let isBlank = { (s: Unicode.Scalar) in
      s.value < 0x80 ? s == " " || s == "\t" : s.properties.generalCategory == .spaceSeparator
    }
    let scalars = line.unicodeScalars
    guard let first = scalars.firstIndex(where: { !isBlank($0) }) else { return ("", time) }
    let last = scalars.lastIndex(where: { !isBlank($0) })!
    return (String(scalars[first...last]), time)
  }

  /// `2024-01-02 03:04:05.678[+0100] App[123:4567] ` at the start of `line`: its clock
  /// (`03:04:05.678`) and the text after it; on a line with no bracket after the clock, the
  /// date and clock alone (a prefix whose process field was cut). Read by hand, in one pass: the regular expression
  /// it was compiled afresh for every line (5,000,000 lines: minutes).
  static func nslogPrefix(_ line: String) -> (clock: String, rest: String)? {
    let b = Array(line.utf8)
    var i = 0
    func digits(_ n: Int) -> Bool {
      guard i + n <= b.count, b[i..<(i + n)].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return false }
      i += n
      return true
    }
    func byte(_ c: UInt8) -> Bool {
      guard i < b.count, b[i] == c else { return false }
      i += 1
      return true
    }
    let space = UInt8(ascii: " ")
    let colon = UInt8(ascii: ":")
    guard digits(4), byte(UInt8(ascii: "-")), digits(2), byte(UInt8(ascii: "-")), digits(2),
      byte(space) || byte(UInt8(ascii: "T"))
    else { return nil }
    let clockStart = i
    guard digits(2), byte(colon), digits(2), byte(colon), digits(2), byte(UInt8(ascii: ".")), digits(1) else {
      return nil
    }
    while digits(1) {}
    let clockEnd = i
    // A zone: a sign and up to 4 digits.
    if byte(UInt8(ascii: "+")) || byte(UInt8(ascii: "-")) {
      var n = 0
      while n < 4 && digits(1) { n += 1 }
    }
    // At least one blank, then the process's name (no brackets; it may hold blanks), `[PID:THREAD] `.
    guard byte(space) else { return nil }
    let nameStart = i
    while i < b.count && b[i] != UInt8(ascii: "[") && b[i] != UInt8(ascii: "]") { i += 1 }
    // No bracket at all after the clock: an author cut the `App[PID:THREAD] ` field when pasting
    // (`2016-10-30 15:37:47.711 LOG:::…`); the text is what follows the clock's blank.
    if i == b.count, nameStart < b.count {
      let clock = String(decoding: b[clockStart..<clockEnd], as: UTF8.self)
      return (clock, String(decoding: b[nameStart...], as: UTF8.self))
    }
    // The name is at least one character besides the blank that must come before it.
    guard i < b.count, b[i] == UInt8(ascii: "["), i > nameStart else { return nil }
    i += 1
    guard digits(1) else { return nil }
    while digits(1) {}
    guard byte(colon) else { return nil }
    let threadStart = i
    while i < b.count, Unicode.Scalar(b[i]).isHexDigit || b[i] == UInt8(ascii: "x") { i += 1 }
    guard i > threadStart, byte(UInt8(ascii: "]")), byte(space) else { return nil }
    return (String(decoding: b[clockStart..<clockEnd], as: UTF8.self), String(decoding: b[i...], as: UTF8.self))
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
        return "line \(index + 1): the model prints '\(m.text.escapingControlCharacters)' at "
          + "\(TranscriptFormatter.timeStamp(m.time)); the "
          + (ignored.isEmpty
            ? "device log has no more lines"
            : "device log has no more lines the scene could print"
              + "; \(ignoredSummary)")
      case (nil, let d?):
        return
          "line \(index + 1): the device logged '\(d.text.escapingControlCharacters)' (log line \(d.line)); the model prints no more lines"
      default: continue
      }
    }
    return nil
  }

  /// How many lines were ignored and why, with the first few: "2 log lines ignored, as the
  /// model never prints them: log line 3 'dismissKeyboard(_:)', …".
  public var ignoredSummary: String {
    let count = ignoredCount == 1 ? "1 log line" : "\(ignoredCount) log lines"
    let classes = ignoredForOtherClassCount
    let why =
      classes == 0
      ? "as the model never prints them"
      : classes == ignoredCount
        ? "as the scene has none of their classes"
        : "\(ignoredCount - classes) as the model never prints them, \(classes) as the scene has none of their classes"
    let shown = ignored.prefix(Self.ignoredShown).map { line in
      "log line \(line.line) '\(line.text.escapingControlCharacters)'"
        + (line.otherClass.map { " (no class \($0.escapingControlCharacters) in the scene)" } ?? "")
    }
    let more = ignoredCount > Self.ignoredShown ? ", …" : ""
    return "\(count) ignored, \(why): \(shown.joined(separator: ", "))\(more)"
  }

  /// How many ignored lines `ignoredSummary` shows.
  static let ignoredShown = 3

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
