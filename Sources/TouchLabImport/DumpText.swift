import Foundation

/// A dump's text as Unicode scalars, with where each line starts: every position the
/// parsers report is a line and a column (1-based, in characters) of the file as given.
struct DumpText {
  let scalars: [Unicode.Scalar]
  /// The offset of each line's first scalar.
  let lineStarts: [Int]
  /// Whether `unescape()` made this text from a one-line escaped string (the line numbers
  /// then count the dump's own lines, not the file's).
  var wasUnescaped = false

  init(_ text: String) {
    var scalars: [Unicode.Scalar] = []
    scalars.reserveCapacity(text.unicodeScalars.count)
    var starts = [0]
    var previousWasCR = false
    for s in text.unicodeScalars {
      // \r\n and a lone \r end a line as \n does.
      if s == "\r" {
        scalars.append("\n")
        starts.append(scalars.count)
        previousWasCR = true
        continue
      }
      if s == "\n" && previousWasCR {
        previousWasCR = false
        continue
      }
      previousWasCR = false
      scalars.append(s)
      if s == "\n" { starts.append(scalars.count) }
    }
    self.scalars = scalars
    self.lineStarts = starts
  }

  var count: Int { scalars.count }
  subscript(_ i: Int) -> Unicode.Scalar { scalars[i] }

  /// The line last found by `place`: a pass that goes forward finds each next one at once.
  private final class Hint {
    var line = 0
  }
  private let hint = Hint()

  /// The 1-based line and column of offset `i`.
  func place(_ i: Int) -> (line: Int, column: Int) {
    // The hinted line or the next (one pass over a dump asks in order).
    let h = hint.line
    if h < lineStarts.count, lineStarts[h] <= i {
      if h + 1 >= lineStarts.count || i < lineStarts[h + 1] { return (h + 1, i - lineStarts[h] + 1) }
      if h + 2 >= lineStarts.count || i < lineStarts[h + 2] {
        hint.line = h + 1
        return (h + 2, i - lineStarts[h + 1] + 1)
      }
    }
    var low = 0
    var high = lineStarts.count - 1
    while low < high {
      let mid = (low + high + 1) / 2
      if lineStarts[mid] <= i { low = mid } else { high = mid - 1 }
    }
    hint.line = low
    return (low + 1, i - lineStarts[low] + 1)
  }

  /// The end of the line that `i` is on (the offset of its `\n`, or the end of the text).
  func lineEnd(from i: Int) -> Int {
    var j = i
    while j < scalars.count && scalars[j] != "\n" { j += 1 }
    return j
  }

  /// The text in `range` without the blanks at its ends.
  func trimmedString(_ range: Range<Int>) -> String {
    var low = range.lowerBound
    var high = range.upperBound
    while low < high && scalars[low].isBlank { low += 1 }
    while high > low && scalars[high - 1].isBlank { high -= 1 }
    return string(low..<high)
  }

  func string(_ range: Range<Int>) -> String {
    var s = String.UnicodeScalarView()
    s.append(contentsOf: scalars[range])
    return String(s)
  }

  /// Whether the text is one (or a few) lines holding a whole dump as an escaped string —
  /// Frida's and Cycript's `"<UIWindow…>\n   | <UIView…>"`, an NSLog of an array's
  /// element: a `\n` escape right before a `|` or a `<`.
  var looksEscaped: Bool {
    var i = 0
    while i + 1 < scalars.count {
      if scalars[i] == "\\" && scalars[i + 1] == "n" {
        var j = i + 2
        while j < scalars.count && (scalars[j] == " " || scalars[j] == "\t") { j += 1 }
        if j < scalars.count && (scalars[j] == "|" || scalars[j] == "<" || scalars[j] == ")") { return true }
      }
      i += 1
    }
    return false
  }

  /// The text with `\n`, `\t`, `\"`, `\'` and `\\` escapes turned into what they stand for.
  func unescaped() -> DumpText {
    var out = String.UnicodeScalarView()
    var i = 0
    while i < scalars.count {
      let s = scalars[i]
      if s == "\\" && i + 1 < scalars.count {
        switch scalars[i + 1] {
        case "n": out.append("\n")
        case "t": out.append("\t")
        case "\"": out.append("\"")
        case "'": out.append("'")
        case "\\": out.append("\\")
        default:
          out.append(s)
          i += 1
          continue
        }
        i += 2
        continue
      }
      out.append(s)
      i += 1
    }
    var text = DumpText(String(out))
    text.wasUnescaped = true
    return text
  }
}

extension Unicode.Scalar {
  var isIdentifierStart: Bool {
    // ASCII first: Unicode's property tables only for the rest.
    if value < 0x80 {
      return ("a"..."z").contains(self) || ("A"..."Z").contains(self) || self == "_" || self == "$"
    }
    return properties.isAlphabetic
  }
  var isIdentifierPart: Bool { isIdentifierStart || ("0"..."9").contains(self) }
  var isHexDigit: Bool { ("0"..."9").contains(self) || ("a"..."f").contains(self) || ("A"..."F").contains(self) }
  var isBlank: Bool { self == " " || self == "\t" }
  /// White space (new lines included), ASCII first: Unicode's property tables only for the rest.
  var isSpace: Bool {
    if value < 0x80 { return self == " " || value >= 0x09 && value <= 0x0D }
    return properties.isWhitespace
  }
}
