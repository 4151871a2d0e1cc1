import Foundation
import TouchLabRecords

/// One problem found in a debugger dump, reported as compilers do:
/// `FILE:LINE:COLUMN: warning: MESSAGE` (the import goes on) or `… error: …` (it stops, exit 1).
public struct DumpDiagnostic: Equatable, CustomStringConvertible, Sendable {
  public enum Severity: String, Sendable {
    /// Not a problem: something the user may want to do (the lldb command that fetches a view's recognizers).
    case note
    case warning
    case error
  }

  public var file: String
  public var line: Int
  public var column: Int
  public var severity: Severity
  public var message: String
  /// A summary's count: how many diagnostics it stands for that are not shown (0 for any other).
  public var omitted = 0

  public init(file: String, line: Int, column: Int, severity: Severity, message: String) {
    self.file = file
    self.line = line
    self.column = column
    self.severity = severity
    self.message = message
  }

  /// At most this many lines of diagnostics for any input (docs/HARDENING.md §7): a dump of
  /// seven million junk lines says the first ones and how many more there were.
  public static let maximumShown = 1_000

  /// The summary that stands for `count` diagnostics not shown.
  static func summary(file: String, omitting count: Int) -> DumpDiagnostic {
    var summary = DumpDiagnostic(
      file: file, line: 1, column: 1, severity: .note,
      message: "\(count) more warnings and notes not shown (at most \(maximumShown) lines of diagnostics)")
    summary.omitted = count
    return summary
  }

  /// `diagnostics` within `maximumShown` lines: the first ones, then one summary of the rest
  /// (summaries already in the list are counted into it); an error stays last (within the lines).
  static func limited(_ diagnostics: [DumpDiagnostic]) -> [DumpDiagnostic] {
    var error: DumpDiagnostic?
    var rest = diagnostics
    if let last = rest.last, last.severity == .error {
      error = last
      rest.removeLast()
    }
    var kept: [DumpDiagnostic] = []
    var omitted = 0
    var summaryFile: String?
    for diagnostic in rest {
      if diagnostic.omitted > 0 {
        omitted += diagnostic.omitted
        summaryFile = summaryFile ?? diagnostic.file
      } else if kept.count < maximumShown - (error == nil ? 1 : 2) {
        kept.append(diagnostic)
      } else {
        omitted += 1
        summaryFile = summaryFile ?? diagnostic.file
      }
    }
    if omitted > 0, let file = summaryFile { kept.append(summary(file: file, omitting: omitted)) }
    if let error { kept.append(error) }
    return kept
  }

  /// One line; control characters written out, so that a pasted dump cannot act on the terminal.
  public var description: String {
    "\(file.escapingControlCharacters):\(line):\(column): \(severity.rawValue): \(message.escapingControlCharacters)"
  }
}

/// An import that cannot go on: the error, and every warning found before it.
public struct DumpImportError: Error, CustomStringConvertible {
  public var diagnostics: [DumpDiagnostic]

  /// `diagnostics`, within `DumpDiagnostic.maximumShown` lines (the error last).
  public init(_ diagnostics: [DumpDiagnostic]) { self.diagnostics = DumpDiagnostic.limited(diagnostics) }

  /// The error itself (the last diagnostic).
  public var error: DumpDiagnostic { diagnostics.last! }
  public var description: String { error.description }
}

/// Collects the diagnostics of one file: the first `DumpDiagnostic.maximumShown`, and a count
/// of the rest (whose messages are never made: a per-line warning costs nothing past the cap).
struct DiagnosticLog {
  let file: String
  private var kept: [DumpDiagnostic] = []
  /// Diagnostics past the cap, counted only.
  private(set) var omitted = 0
  /// Warnings given once per file (a per-line wrapper is stripped on every line; it is said once).
  private var saidOnce: Set<String> = []

  init(file: String) { self.file = file }

  /// What was said, with one summary line for what was not shown.
  var diagnostics: [DumpDiagnostic] {
    omitted == 0 ? kept : kept + [DumpDiagnostic.summary(file: file, omitting: omitted)]
  }

  mutating func warn(_ line: Int, _ column: Int, _ message: String, once key: String? = nil) {
    if let key {
      guard saidOnce.insert(key).inserted else { return }
    }
    add(line, column, .warning) { message }
  }

  /// A warning whose message is made only when it is shown (a per-line warning past the cap costs a count).
  mutating func warn(_ line: Int, _ column: Int, making message: () -> String) {
    add(line, column, .warning, message)
  }

  mutating func note(_ line: Int, _ column: Int, _ message: String) {
    add(line, column, .note) { message }
  }

  private mutating func add(
    _ line: Int, _ column: Int, _ severity: DumpDiagnostic.Severity, _ message: () -> String
  ) {
    guard kept.count < DumpDiagnostic.maximumShown - 1 else {
      omitted += 1
      return
    }
    kept.append(DumpDiagnostic(file: file, line: line, column: column, severity: severity, message: message()))
  }

  /// The error that stops the import, with what was said before it.
  func error(_ line: Int, _ column: Int, _ message: String) -> DumpImportError {
    DumpImportError(
      diagnostics + [DumpDiagnostic(file: file, line: line, column: column, severity: .error, message: message)])
  }
}
