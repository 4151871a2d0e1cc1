import Foundation

extension String {
  /// The text with its control characters written out, Swift-style (`\n`, `\t`, `\r`,
  /// `\u{1B}`): what an error message or a plain transcript prints, so that a newline in an
  /// id cannot split an error in two nor an escape sequence clear the terminal.
  public var escapingControlCharacters: String {
    guard unicodeScalars.contains(where: \.isControlCharacter) else { return self }
    return escaped(quotes: false) { "\\u{" + String($0, radix: 16, uppercase: true) + "}" }
  }

  /// The text as a JSON string literal, what `--json` and `touchlab hit --json` write: between
  /// double quotes, with `"`, `\\`, newlines, returns and tabs escaped, and every other
  /// control character (C0, DEL, C1) as `\u00xx`, so that none reaches a terminal raw.
  public var jsonQuoted: String { doubleQuoted { String(format: "\\u%04x", $0) } }

  /// The text between double quotes, with `"`, `\\`, newlines, returns and tabs escaped as
  /// JSON and YAML both write them, and every other control character as `control` writes it
  /// (JSON's `\u00xx`, YAML's `\xXX`).
  public func doubleQuoted(control: (UInt32) -> String) -> String {
    "\"" + escaped(quotes: true, control: control) + "\""
  }

  /// Newlines, tabs and returns as `\n`, `\t`, `\r`; with `quotes`, `"` and `\\` escaped too;
  /// every other control character as `control` writes it.
  private func escaped(quotes: Bool, control: (UInt32) -> String) -> String {
    var out = ""
    for scalar in unicodeScalars {
      switch scalar {
      case "\n": out += "\\n"
      case "\t": out += "\\t"
      case "\r": out += "\\r"
      case "\"" where quotes: out += "\\\""
      case "\\" where quotes: out += "\\\\"
      default:
        if scalar.isControlCharacter {
          out += control(scalar.value)
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
