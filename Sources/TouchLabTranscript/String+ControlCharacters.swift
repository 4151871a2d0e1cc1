import Foundation

extension String {
  /// The text with its control characters written out, Swift-style (`\n`, `\t`, `\r`,
  /// `\u{1B}`): what an error message or a plain transcript prints, so that a newline in an
  /// id cannot split an error in two nor an escape sequence clear the terminal.
  public var escapingControlCharacters: String {
    guard unicodeScalars.contains(where: \.isControlCharacter) else { return self }
    var out = ""
    for scalar in unicodeScalars {
      switch scalar {
      case "\n": out += "\\n"
      case "\t": out += "\\t"
      case "\r": out += "\\r"
      default:
        if scalar.isControlCharacter {
          out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out
  }
}

extension Unicode.Scalar {
  /// C0 and C1 controls and DEL: what a terminal acts on rather than shows.
  public var isControlCharacter: Bool { value < 0x20 || (0x7F...0x9F).contains(value) }
}
