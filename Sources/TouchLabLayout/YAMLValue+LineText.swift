import Foundation
import TouchLabScripting

extension YAMLValue {
  /// A logged line or a printed text: every `%name` in it must be a known placeholder
  /// (`LinePlaceholder`; docs/layouts.md), `%s` (the logged method) or `%%`.
  func lineText(_ what: String) throws -> String {
    let text = try string(what)
    // (No '%', no placeholder: most texts.)
    guard text.utf8.contains(UInt8(ascii: "%")) else { return text }
    for (name, _) in LinePlaceholder.names(in: text) where LinePlaceholder(rawValue: name) == nil {
      let known = ["%s"] + LinePlaceholder.allCases.map { "%" + $0.rawValue }
      throw error(
        "unknown placeholder '%\(name)' in \(what)\(suggestion(for: "%" + name, in: known)); known: "
          + known.joined(separator: ", ") + " (%% prints %)")
    }
    let longest = LineText.longestExpansion(of: text)
    guard longest <= LayoutLimits.maximumLineLength else {
      throw error(
        "this \(what) can be \(longest) characters long once its placeholders are filled (%s up to "
          + "\(LineText.longestMethodName), %result, %other and %viewController \(LayoutLimits.maximumNameLength), other values "
          + "\(LineText.longestValue)): more than \(LayoutLimits.maximumLineLength), the limit on a line's length")
    }
    return text
  }
}

/// How long a logged line or printed text can get once its placeholders are filled.
enum LineText {
  /// The longest `%s` can be: `-[CLASS SELECTOR]`, a class name at its limit and any
  /// selector the engine logs (the longest, a delegate's, is under 100 characters).
  static let longestMethodName = LayoutLimits.maximumNameLength + 104
  /// The longest any other value is: a point of two numbers printed as `%g` (`(x, y)`).
  static let longestValue = 64

  /// The most characters `text` prints, every placeholder at its longest: what a line can
  /// make, checked before any of it is printed (issue 25: `%s` 5,000 times, 1 MB a line).
  static func longestExpansion(of text: String) -> Int {
    var length = 0
    LinePlaceholder.scan(text) { piece in
      switch piece {
      case .character, .percent:  // `%%` prints one `%`; a lone `%` itself
        length += 1
      case .placeholder(let name, _):
        switch name {
        case "s": length += longestMethodName
        // An answer, or an object's id (`%other`, `%viewController`): a name at its limit.
        case "result", "other", "otherClass", "class", "viewController": length += LayoutLimits.maximumNameLength
        default: length += LinePlaceholder(rawValue: name) != nil ? longestValue : name.count + 1
        }
      }
    }
    return length
  }
}
