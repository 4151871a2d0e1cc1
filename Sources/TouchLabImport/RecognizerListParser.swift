import Foundation
import TouchLabLayout

/// One recognizer of a `po view.gestureRecognizers` list.
public struct DumpedRecognizer: Equatable, Sendable {
  public struct Target: Equatable, Sendable {
    public var action: String
    public var className: String?
    public var address: String?
  }

  public var className: String
  public var address: String?
  public var line: Int
  public var column: Int
  /// The file its list came from (`line` is of it), as given to the import.
  public var file = ""
  /// The address of its `view=<Class 0x…>`.
  public var viewAddress: String?
  public var targets: [Target] = []
  /// The printed fields TouchLab reads, by key (`delaysTouchesBegan`, `enabled`, `name`,
  /// `numberOfTapsRequired`…, `state`).
  public var fields: [String: String] = [:]
  /// The addresses of its `must-fail = {…}` list.
  public var mustFail: [String] = []

  /// The built-in class it is played as; nil for UIKit's own that TouchLab makes itself
  /// (a scroll view's pair, the system gate) and for kinds TouchLab does not model.
  /// A subclass printed with `baseClass = UITapGestureRecognizer` is played as that base.
  var kind: String? {
    Self.kind(of: className) ?? fields["baseClass"].flatMap { Self.kind(of: $0.trimmingCharacters(in: .whitespaces)) }
  }

  static let builtinKinds: Set<String> = [
    "UITapGestureRecognizer", "UILongPressGestureRecognizer", "UIPanGestureRecognizer", "UISwipeGestureRecognizer",
    "UIPinchGestureRecognizer", "UIRotationGestureRecognizer", "UIScreenEdgePanGestureRecognizer",
  ]
  /// UIKit's own recognizers that TouchLab's built-in classes already have (never duplicated).
  static let madeByTouchLab: Set<String> = [
    "UIScrollViewPanGestureRecognizer", "UIScrollViewDelayedTouchesBeganGestureRecognizer",
    "_UISystemGestureGateGestureRecognizer", "UITextTapRecognizer",
    // A table's swipe pair: TouchLab adds them once the layout gives the table swipe actions.
    "_UISwipeActionPanGestureRecognizer", "UISwipeDismissalGestureRecognizer",
  ]

  /// UIKit's private scroll-view recognizers TouchLab does not make: none begins for the one-
  /// finger taps, presses and drags TouchLab plays (the paging swipe only on a paging scroll
  /// view's flick, the pinch only with zooming, the drag auto-scroll only during drag and
  /// drop), so leaving them out changes no delivery — but each is named in a warning with
  /// its line, and in the layout's header (issue 45.4).
  static let neverBeginning: Set<String> = [
    "UIScrollViewPagingSwipeGestureRecognizer", "UIScrollViewPinchGestureRecognizer",
    "_UIDragAutoScrollGestureRecognizer",
  ]

  static func kind(of className: String) -> String? {
    builtinKinds.contains(className) ? className : nil
  }

  /// The layout's keys and values for what it prints (states are ignored).
  func properties(for kind: String) -> [(String, String)] {
    var result: [(String, String)] = []
    func yesNo(_ key: String, _ layoutKey: String) {
      if let v = fields[key] { result.append((layoutKey, v == "YES" || v == "1" ? "true" : "false")) }
    }
    func int(_ key: String, _ range: ClosedRange<Int>) {
      if let v = fields[key].flatMap({ Int($0) }), range.contains(v) { result.append((key, String(v))) }
    }
    yesNo("enabled", "isEnabled")
    yesNo("delaysTouchesBegan", "delaysTouchesBegan")
    yesNo("delaysTouchesEnded", "delaysTouchesEnded")
    yesNo("cancelsTouchesInView", "cancelsTouchesInView")
    if let name = fields["name"] {
      result.append(("name", quoted(name.trimmingCharacters(in: CharacterSet(charactersIn: "'\"")))))
    }
    switch kind {
    case "UITapGestureRecognizer":
      int("numberOfTapsRequired", 1...10)
      int("numberOfTouchesRequired", 1...10)
    case "UILongPressGestureRecognizer":
      int("numberOfTapsRequired", 0...10)
      int("numberOfTouchesRequired", 1...10)
      if let v = fields["minimumPressDuration"].flatMap(Double.init), v >= 0, v <= 3600 {
        result.append(("minimumPressDuration", format(CGFloat(v))))
      }
    case "UIPanGestureRecognizer", "UIScreenEdgePanGestureRecognizer":
      int("minimumNumberOfTouches", 1...10)
    case "UISwipeGestureRecognizer":
      int("numberOfTouchesRequired", 1...10)
    default: break
    }
    return result
  }
}

/// Reads `po view.gestureRecognizers` (`<__NSArrayI 0x…>(` … `)`) and its NSLog form
/// (quoted elements with `\n` escapes). Copies nested in `must-fail = {…}` add no recognizers.
struct RecognizerListParser {
  static func parse(_ source: String, file: String) throws -> (recognizers: [DumpedRecognizer], log: DiagnosticLog) {
    var log = DiagnosticLog(file: file)
    var text = DumpText(source)
    if text.looksEscaped || source.contains("\\n") {
      log.warn(1, 1, "the list is an escaped string (\\n for new lines, as NSLog prints an array); unescaped")
      text = text.unescaped()
    }
    var recognizers: [DumpedRecognizer] = []
    var i = 0
    var braces = 0
    while i < text.count {
      let s = text[i]
      if s == "{" { braces += 1 }
      if s == "}" && braces > 0 { braces -= 1 }
      guard s == "<", braces == 0, i + 1 < text.count, text[i + 1].isIdentifierStart else {
        i += 1
        continue
      }
      let end = matchingClose(text, from: i)
      let (line, column) = text.place(i)
      let entryStart = i + 1
      i = end + 1
      guard var recognizer = parseEntry(text, entryStart..<min(end, text.count), line: line, column: column)
      else { continue }
      // `<__NSArrayI 0x…>(`, and any entry that is no recognizer.
      guard recognizer.className.contains("Recognizer") || recognizer.fields["state"] != nil else { continue }
      if end >= text.count {
        log.warn(line, column, "the entry of \(recognizer.className) is cut short; kept as far as it goes")
      }
      recognizer.line = line
      recognizer.column = column
      guard recognizers.count < LayoutLimits.maximumRecognizers else {
        throw log.error(
          line, column, "more than \(LayoutLimits.maximumRecognizers) gesture recognizers, the limit on layouts")
      }
      recognizers.append(recognizer)
    }
    return (recognizers, log)
  }

  /// The offset of the `>` that closes the `<` at `start` (nested `<…>` balanced), or the text's end.
  static func matchingClose(_ text: DumpText, from start: Int) -> Int {
    var depth = 0
    var j = start
    while j < text.count {
      let s = text[j]
      if s == "<" { depth += 1 }
      if s == ">" {
        depth -= 1
        if depth == 0 { return j }
      }
      j += 1
    }
    return text.count
  }

  /// `UITapGestureRecognizer: 0x…; state = Possible; view = <UIView 0x…>; target= <(action=…, target=<… 0x…>)>`.
  static func parseEntry(_ entry: String, line: Int, column: Int) -> DumpedRecognizer? {
    let text = DumpText(entry)
    return parseEntry(text, 0..<text.count, line: line, column: column)
  }

  /// The fields `properties(for:)` reads, `state` (which tells a recognizer) and `baseClass`
  /// (a subclass's built-in kind): the others are passed over without making their text.
  static let keptFields: Set<String> = [
    "state", "baseClass", "enabled", "delaysTouchesBegan", "delaysTouchesEnded", "cancelsTouchesInView", "name",
    "numberOfTapsRequired", "numberOfTouchesRequired", "minimumPressDuration", "minimumNumberOfTouches",
  ]

  /// The entry in `range` of `text` (after its `<`): one pass over its scalars, no copy of the
  /// entry made (an endless entry was copied as characters, 16 bytes each, then per field).
  static func parseEntry(_ text: DumpText, _ range: Range<Int>, line: Int, column: Int) -> DumpedRecognizer? {
    let end = range.upperBound
    var k = range.lowerBound
    while k < end && (text[k].isIdentifierPart || text[k] == ".") { k += 1 }
    guard k > range.lowerBound else { return nil }
    let className = text.string(range.lowerBound..<k)
    var recognizer = DumpedRecognizer(className: className, address: nil, line: line, column: column)
    // The first `0x…` when it starts within 3 characters of the name's end.
    var a = range.lowerBound
    while a <= min(k + 3, end - 2) {
      if let (address, _) = ControllerHierarchyParser.hexAddress(text, at: a, end: end) {
        recognizer.address = text.string(address).lowercased()
        break
      }
      a += 1
    }
    func trimmed(_ r: Range<Int>) -> Range<Int> {
      var low = r.lowerBound
      var high = r.upperBound
      while low < high && text[low].isSpace { low += 1 }
      while high > low && text[high - 1].isSpace { high -= 1 }
      return low..<high
    }
    // Fields at the top level, split at `;`.
    var depth = 0
    var fieldStart = k
    var equals: Int?
    var j = k
    while j <= end {
      let s: Unicode.Scalar = j < end ? text[j] : ";"
      switch s {
      case "<", "(", "{", "[": depth += 1
      case ">", ")", "}", "]": depth = max(0, depth - 1)
      case "=" where equals == nil: equals = j
      default: break
      }
      if s == ";" && (depth == 0 || j == end) {
        if let equals {
          let key = text.string(trimmed(fieldStart..<equals))
          let valueRange = trimmed((equals + 1)..<j)
          switch key {
          case "target", "targets":
            recognizer.targets = targets(in: text.string(valueRange))
          case "view":
            var v = valueRange.lowerBound
            while v + 1 < valueRange.upperBound {
              if let (address, _) = ControllerHierarchyParser.hexAddress(text, at: v, end: valueRange.upperBound) {
                recognizer.viewAddress = text.string(address).lowercased()
                break
              }
              v += 1
            }
          case "must-fail":
            recognizer.mustFail = addressesOfEntries(in: text.string(valueRange))
          default:
            if keptFields.contains(key) { recognizer.fields[key] = text.string(valueRange) }
          }
        }
        fieldStart = j + 1
        equals = nil
      }
      j += 1
    }
    return recognizer
  }

  /// `<(action=handleTap:, target=<App.ViewController 0x…>)>`, or several in a list.
  static func targets(in value: String) -> [DumpedRecognizer.Target] {
    var result: [DumpedRecognizer.Target] = []
    let ns = value as NSString
    for match in targetPattern.matches(in: value, range: NSRange(location: 0, length: ns.length)) {
      func group(_ n: Int) -> String? {
        let r = match.range(at: n)
        return r.location == NSNotFound ? nil : ns.substring(with: r)
      }
      guard let action = group(1) else { continue }
      result.append(.init(action: action, className: group(2), address: group(3)?.lowercased()))
    }
    return result
  }

  /// `<Class: 0x…>`, compiled once.
  static let entryAddress = try! NSRegularExpression(pattern: #"<[A-Za-z_$][\w.$]*:?\s*(0x[0-9a-fA-F]+)"#)
  /// `action=…, target=<Class 0x…>`, compiled once.
  static let targetPattern = try! NSRegularExpression(
    pattern: #"action=([^,\s\)]+)(?:,\s*target=<([^\s>:]+):?\s*(0x[0-9a-fA-F]+)?)?"#)

  /// The addresses of the `<Class: 0x…>` entries in `{…}`, each once.
  static func addressesOfEntries(in value: String) -> [String] {
    var result: [String] = []
    // Each once: a set (150,000 addresses searched in an array were minutes).
    var seen: Set<String> = []
    let ns = value as NSString
    for match in entryAddress.matches(in: value, range: NSRange(location: 0, length: ns.length)) {
      let address = ns.substring(with: match.range(at: 1)).lowercased()
      if seen.insert(address).inserted { result.append(address) }
    }
    return result
  }
}

/// One view controller of a `_printHierarchy`.
public struct DumpedController: Equatable, Sendable {
  public var className: String
  public var address: String
  public var line: Int
  public var depth: Int
  /// The address of its view, or nil when `(view not loaded)`.
  public var viewAddress: String?
  /// A `+` line: presented by the one above.
  public var isPresented: Bool
}

/// Reads `po [UIViewController _printHierarchy]`:
/// `<App.ListViewController 0x7f…>, state: appeared, view: <UITableView 0x7f…>`, `| ` per level,
/// `+ ` for a presented controller, `(view not loaded)`, `not in the window`.
struct ControllerHierarchyParser {
  static func parse(_ source: String, file: String) -> (controllers: [DumpedController], log: DiagnosticLog) {
    var log = DiagnosticLog(file: file)
    var text = DumpText(source)
    if text.looksEscaped {
      log.warn(1, 1, "the hierarchy is an escaped string; unescaped")
      text = text.unescaped()
    }
    var controllers: [DumpedController] = []
    // One pass, line by line (a regular expression whose `\s` crossed lines was tried from
    // every line start to the end of a run of blank lines: quadratic).
    var lineStart = 0
    var lineNumber = 0
    while lineStart < text.count {
      let lineEnd = text.lineEnd(from: lineStart)
      lineNumber += 1
      defer { lineStart = lineEnd + 1 }
      // `^[ \t|+]*<NAME:? ?0x…>REST`.
      var i = lineStart
      while i < lineEnd && (text[i].isBlank || text[i] == "|" || text[i] == "+") { i += 1 }
      let prefixEnd = i
      guard i < lineEnd, text[i] == "<" else { continue }
      i += 1
      let nameStart = i
      while i < lineEnd && !text[i].isSpace && text[i] != ">" && text[i] != ":" { i += 1 }
      guard i > nameStart else { continue }
      let className = text.string(nameStart..<i)
      if i < lineEnd && text[i] == ":" { i += 1 }
      while i < lineEnd && text[i].isBlank { i += 1 }
      guard let (addressRange, afterAddress) = hexAddress(text, at: i, end: lineEnd), afterAddress < lineEnd,
        text[afterAddress] == ">"
      else { continue }
      let address = text.string(addressRange).lowercased()
      let restStart = afterAddress + 1
      let viewAddress = controllerViewAddress(text, restStart..<lineEnd)
      if notInTheWindow(text, restStart..<lineEnd) {
        log.warn(lineNumber, 1, "\(className) \(address) is not in the window: its view is not in the dump")
      }
      let prefix = (lineStart..<prefixEnd).map { text[$0] }
      controllers.append(
        DumpedController(
          className: className, address: address, line: lineNumber,
          depth: prefix.filter { $0 == "|" || $0 == "+" }.count, viewAddress: viewAddress,
          isPresented: prefix.contains("+")))
    }
    return (controllers, log)
  }
}

extension ControllerHierarchyParser {
  /// `0x` and hex digits at `i`: their range and the offset after them.
  static func hexAddress(_ text: DumpText, at i: Int, end: Int) -> (Range<Int>, Int)? {
    guard i + 1 < end, text[i] == "0", text[i + 1] == "x" else { return nil }
    var j = i + 2
    while j < end && text[j].isHexDigit { j += 1 }
    return j > i + 2 ? (i..<j, j) : nil
  }

  /// The address in `view: <Class 0x…>` in `range`, or nil (`(view not loaded)`).
  static func controllerViewAddress(_ text: DumpText, _ range: Range<Int>) -> String? {
    var i = range.lowerBound
    let end = range.upperBound
    let key: [Unicode.Scalar] = ["v", "i", "e", "w", ":"]
    while i + key.count <= end {
      defer { i += 1 }
      guard (0..<key.count).allSatisfy({ text[i + $0] == key[$0] }) else { continue }
      var j = i + key.count
      while j < end && text[j].isSpace { j += 1 }
      guard j < end, text[j] == "<" else { continue }
      j += 1
      let nameStart = j
      while j < end && !text[j].isSpace && text[j] != ">" { j += 1 }
      guard j > nameStart else { continue }
      let blanksStart = j
      while j < end && text[j].isSpace { j += 1 }
      guard j > blanksStart, let (address, after) = hexAddress(text, at: j, end: end), after < end, text[after] == ">"
      else { continue }
      return text.string(address).lowercased()
    }
    return nil
  }

  /// Whether `range` says `not in the window`.
  static func notInTheWindow(_ text: DumpText, _ range: Range<Int>) -> Bool {
    let phrase = Array("not in the window".unicodeScalars)
    var i = range.lowerBound
    while i + phrase.count <= range.upperBound {
      if (0..<phrase.count).allSatisfy({ text[i + $0] == phrase[$0] }) { return true }
      i += 1
    }
    return false
  }
}
