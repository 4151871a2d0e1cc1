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
  /// The address of its `view=<Class 0x…>`.
  public var viewAddress: String?
  public var targets: [Target] = []
  /// Printed fields by key (`delaysTouchesBegan`, `enabled`, `name`, `numberOfTapsRequired`…).
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
      let entry = text.string((i + 1)..<min(end, text.count))
      i = end + 1
      guard var recognizer = parseEntry(entry, line: line, column: column) else { continue }
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
    let chars = Array(entry)
    var k = 0
    while k < chars.count && (chars[k].isLetter || chars[k].isNumber || "_.$".contains(chars[k])) { k += 1 }
    let className = String(chars[0..<k])
    guard !className.isEmpty else { return nil }
    var recognizer = DumpedRecognizer(className: className, address: nil, line: line, column: column)
    if let range = entry.range(of: #"0x[0-9a-fA-F]+"#, options: .regularExpression),
      entry.distance(from: entry.startIndex, to: range.lowerBound) <= k + 3
    {
      recognizer.address = entry[range].lowercased()
    }
    // Fields at the top level, split at `;`.
    var fields: [String] = []
    var depth = 0
    var current = ""
    for c in chars[k...] {
      switch c {
      case "<", "(", "{", "[": depth += 1
      case ">", ")", "}", "]": depth = max(0, depth - 1)
      default: break
      }
      if c == ";" && depth == 0 {
        fields.append(current)
        current = ""
      } else {
        current.append(c)
      }
    }
    fields.append(current)
    for field in fields {
      guard let equals = field.firstIndex(where: { $0 == "=" }) else { continue }
      let key = field[..<equals].trimmingCharacters(in: .whitespacesAndNewlines)
      let value = field[field.index(after: equals)...].trimmingCharacters(in: .whitespacesAndNewlines)
      switch key {
      case "target", "targets":
        recognizer.targets = targets(in: value)
      case "view":
        recognizer.viewAddress = value.range(of: #"0x[0-9a-fA-F]+"#, options: .regularExpression).map {
          value[$0].lowercased()
        }
      case "must-fail":
        recognizer.mustFail = addressesOfEntries(in: value)
      default:
        recognizer.fields[key] = value
      }
    }
    return recognizer
  }

  /// `<(action=handleTap:, target=<App.ViewController 0x…>)>`, or several in a list.
  static func targets(in value: String) -> [DumpedRecognizer.Target] {
    var result: [DumpedRecognizer.Target] = []
    let pattern = #"action=([^,\s\)]+)(?:,\s*target=<([^\s>:]+):?\s*(0x[0-9a-fA-F]+)?)?"#
    guard let regex = try? NSRegularExpression(pattern: pattern) else { return [] }
    let ns = value as NSString
    for match in regex.matches(in: value, range: NSRange(location: 0, length: ns.length)) {
      func group(_ n: Int) -> String? {
        let r = match.range(at: n)
        return r.location == NSNotFound ? nil : ns.substring(with: r)
      }
      guard let action = group(1) else { continue }
      result.append(.init(action: action, className: group(2), address: group(3)?.lowercased()))
    }
    return result
  }

  /// The addresses of the `<Class: 0x…>` entries in `{…}`, each once.
  static func addressesOfEntries(in value: String) -> [String] {
    var result: [String] = []
    guard let regex = try? NSRegularExpression(pattern: #"<[A-Za-z_$][\w.$]*:?\s*(0x[0-9a-fA-F]+)"#) else { return [] }
    let ns = value as NSString
    for match in regex.matches(in: value, range: NSRange(location: 0, length: ns.length)) {
      let address = ns.substring(with: match.range(at: 1)).lowercased()
      if !result.contains(address) { result.append(address) }
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
    let all = text.string(0..<text.count)
    var controllers: [DumpedController] = []
    let pattern = #"^([\s|+]*)<([^\s>:]+):?\s*(0x[0-9a-fA-F]+)>(.*)$"#
    guard let regex = try? NSRegularExpression(pattern: pattern, options: [.anchorsMatchLines]) else {
      return ([], log)
    }
    let ns = all as NSString
    var lineNumber = 1
    var lastLocation = 0
    for match in regex.matches(in: all, range: NSRange(location: 0, length: ns.length)) {
      lineNumber +=
        ns.substring(with: NSRange(location: lastLocation, length: match.range.location - lastLocation))
        .filter { $0 == "\n" }.count
      lastLocation = match.range.location
      let prefix = ns.substring(with: match.range(at: 1))
      let className = ns.substring(with: match.range(at: 2))
      let address = ns.substring(with: match.range(at: 3)).lowercased()
      let rest = ns.substring(with: match.range(at: 4))
      var viewAddress: String?
      if let viewRange = rest.range(of: #"view:\s*<[^\s>]+\s+(0x[0-9a-fA-F]+)>"#, options: .regularExpression) {
        let piece = rest[viewRange]
        viewAddress = piece.range(of: #"0x[0-9a-fA-F]+"#, options: .regularExpression).map { piece[$0].lowercased() }
      }
      if rest.contains("not in the window") {
        log.warn(lineNumber, 1, "\(className) \(address) is not in the window: its view is not in the dump")
      }
      controllers.append(
        DumpedController(
          className: className, address: address, line: lineNumber,
          depth: prefix.filter { $0 == "|" || $0 == "+" }.count, viewAddress: viewAddress,
          isPresented: prefix.contains("+")))
    }
    return (controllers, log)
  }
}
