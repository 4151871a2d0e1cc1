import Foundation
import TouchLabRecords

/// A mistake in a layout file, reported as `FILE:LINE:COLUMN: error: MESSAGE`.
public struct LayoutError: Error, CustomStringConvertible, Equatable {
  public var file: String
  public var line: Int
  public var column: Int
  public var message: String

  public init(file: String, line: Int, column: Int, message: String) {
    self.file = file
    self.line = line
    self.column = column
    self.message = message
  }

  /// Control characters (a newline or an escape in an id or a text) are written out, so the
  /// error stays one line and cannot act on the terminal.
  public var description: String {
    "\(file.escapingControlCharacters):\(line):\(column): error: \(message.escapingControlCharacters)"
  }
}
