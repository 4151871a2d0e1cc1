import Foundation
import TouchLabTranscript

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

  public init(file: String, line: Int, column: Int, severity: Severity, message: String) {
    self.file = file
    self.line = line
    self.column = column
    self.severity = severity
    self.message = message
  }

  /// One line; control characters written out, so that a pasted dump cannot act on the terminal.
  public var description: String {
    "\(file.escapingControlCharacters):\(line):\(column): \(severity.rawValue): \(message.escapingControlCharacters)"
  }
}

/// An import that cannot go on: the error, and every warning found before it.
public struct DumpImportError: Error, CustomStringConvertible {
  public var diagnostics: [DumpDiagnostic]

  public init(_ diagnostics: [DumpDiagnostic]) { self.diagnostics = diagnostics }

  /// The error itself (the last diagnostic).
  public var error: DumpDiagnostic { diagnostics.last! }
  public var description: String { error.description }
}

/// Collects the diagnostics of one file.
struct DiagnosticLog {
  let file: String
  private(set) var diagnostics: [DumpDiagnostic] = []
  /// Warnings given once per file (a per-line wrapper is stripped on every line; it is said once).
  private var saidOnce: Set<String> = []

  init(file: String) { self.file = file }

  mutating func warn(_ line: Int, _ column: Int, _ message: String, once key: String? = nil) {
    if let key {
      guard saidOnce.insert(key).inserted else { return }
    }
    diagnostics.append(DumpDiagnostic(file: file, line: line, column: column, severity: .warning, message: message))
  }

  mutating func note(_ line: Int, _ column: Int, _ message: String) {
    diagnostics.append(DumpDiagnostic(file: file, line: line, column: column, severity: .note, message: message))
  }

  /// The error that stops the import, with what was said before it.
  func error(_ line: Int, _ column: Int, _ message: String) -> DumpImportError {
    DumpImportError(
      diagnostics + [DumpDiagnostic(file: file, line: line, column: column, severity: .error, message: message)])
  }
}
