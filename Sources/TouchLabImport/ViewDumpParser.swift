import Foundation
import TouchLabEngine
import TouchLabLayout

/// Reads a `recursiveDescription` dump as users paste it (docs/import.md "What you can
/// paste"): lldb's `po` and `expr -O` (`(id) $1 = 0x… ` before it, the `(lldb)` command
/// line), an NSLog prefix, Chisel's `pviews`, Cycript's backticks, Frida's quotes or an
/// escaped one-line string. A view's depth is the number of `|` before its `<`.
public struct ViewDumpParser {
  let file: String
  var text: DumpText
  var log: DiagnosticLog

  public init(text: String, file: String) {
    self.file = file
    self.text = DumpText(text)
    self.log = DiagnosticLog(file: file)
  }

  /// Parses the dump; throws at its first error.
  public static func parse(_ text: String, file: String) throws -> ViewDump {
    var parser = ViewDumpParser(text: text, file: file)
    return try parser.parse()
  }

  mutating func parse() throws -> ViewDump {
    if text.looksEscaped {
      log.warn(
        1, 1,
        "the dump is an escaped string (\\n for new lines, as Frida, Cycript or NSLog of an array print it); unescaped")
      text = text.unescaped()
    }
    var views: [DumpedView] = []
    /// The indices of the open views, by depth.
    var stack: [Int] = []
    var baseDepth: Int?
    /// The wrapper text before the root's `<` (an NSLog prefix repeats on every line).
    var rootWrapper: String?
    var isArray = false
    var position = 0
    /// Whether an elision line came since the last view: the next may be any depth.
    var afterElision = false
    while position < text.count {
      let lineStart = position
      let lineEnd = text.lineEnd(from: lineStart)
      position = lineEnd + 1
      guard let open = entryStart(in: lineStart..<lineEnd) else {
        if try otherLine(lineStart..<lineEnd, afterViews: !views.isEmpty) { afterElision = true }
        continue
      }
      // `(id) $1 = 0x… <__NSArrayM 0x…>(`: a list of views (`po view.subviews`), not a tree.
      if text.string(open..<min(open + 6, lineEnd)) == "<__NSA" {
        let (line, column) = text.place(open)
        isArray = true
        log.warn(
          line, column, "an array of views ('po …subviews'), not a recursiveDescription: its views are side by side")
        continue
      }
      // The bars before the `<`, and any wrapper before them.
      var barsStart = open
      while barsStart > lineStart && (text[barsStart - 1] == "|" || text[barsStart - 1].isBlank) { barsStart -= 1 }
      let bars = (barsStart..<open).filter { text[$0] == "|" }.count
      if barsStart > lineStart {
        let wrapper = text.string(lineStart..<barsStart)
        let (line, column) = text.place(lineStart)
        if views.isEmpty {
          rootWrapper = wrapper
          log.warn(line, column, "\(Self.wrapperKind(wrapper)) before the dump stripped: '\(Self.shortened(wrapper))'")
        } else if wrapper == rootWrapper || Self.isLogPrefix(wrapper) {
          log.warn(line, column, "a prefix on every line ('\(Self.shortened(wrapper))') stripped", once: "prefix")
        } else {
          log.warn(line, column, "text before the view stripped: '\(Self.shortened(wrapper))'")
        }
      }
      var entry = EntryScanner(text: text, start: open, log: log)
      let result = entry.scan()
      log = entry.log
      position = max(position, result.end)
      if result.isLayer { continue }
      let (line, column) = text.place(open)
      guard var view = result.view else {
        throw log.error(line, column, result.failure ?? "this entry is not a view")
      }
      // Depth: the root's bars count as none.
      let base = baseDepth ?? bars
      baseDepth = base
      var depth = bars - base
      if views.isEmpty {
        guard depth == 0 else { throw log.error(line, column, "the first view cannot be nested") }
      } else {
        if depth <= 0 {
          throw log.error(
            line, column,
            isArray
              ? "a second view of the array: an array of views has no root; paste 'po [VIEW recursiveDescription]' "
                + "of their superview instead"
              : "a second root: this view has \(bars) '|' like the first view (\(views[0].className) on line "
                + "\(views[0].line)); a dump has one root — paste one dump per file")
        }
        if depth > stack.count && afterElision {
          // Views left out: this one hangs from the deepest view still open.
          depth = stack.count
        } else if depth > stack.count {
          throw log.error(
            line, column,
            "a depth jump: this view has \(bars) '|', the one before \(views.last!.depth + base); a view is at most "
              + "one level deeper than the view before it")
        }
      }
      guard depth <= LayoutLimits.maximumDepth else {
        throw log.error(
          line, column, "views nest deeper than \(LayoutLimits.maximumDepth) levels, the limit on layouts")
      }
      guard views.count < LayoutLimits.maximumViews else {
        throw log.error(line, column, "more than \(LayoutLimits.maximumViews) views, the limit on layouts")
      }
      view.depth = depth
      view.line = line
      view.column = column
      stack.removeSubrange(depth...)
      if let parent = stack.last {
        view.parent = parent
        views[parent].children.append(views.count)
      }
      stack.append(views.count)
      views.append(view)
      // What follows the entry's `>` on its line: a wrapper's closing quote or backtick (iOS's
      // own notes, `effect=none`, `- (null)`, are passed over).
      if result.end < lineEnd, result.end < text.count {
        let rest = text.trimmedString(result.end..<lineEnd)
        if ["`", "\"", "'", ")", "\")", "`)", "\"}", "\",", ","].contains(rest) {
          let (l, c) = text.place(result.end)
          log.warn(l, c, "the closing '\(rest)' of a wrapper stripped", once: "closing")
        }
      }
      afterElision = false
    }
    guard !views.isEmpty else {
      throw log.error(
        1, 1,
        "no views: a view dump has lines like '<UIView: 0x7f…; frame = (0 0; 375 667); layer = …>'; paste the "
          + "output of 'po [[UIWindow keyWindow] recursiveDescription]' (Swift: 'po UIApplication.shared.keyWindow!"
          + ".value(forKey: \"recursiveDescription\")!')")
    }
    return ViewDump(file: file, views: views, diagnostics: log.diagnostics)
  }

  /// The offset of the `<` that starts a view entry on this line: a `<` (or `<<`) followed by a
  /// class name and `:` or a space and `0x`.
  func entryStart(in range: Range<Int>) -> Int? {
    var i = range.lowerBound
    while i < range.upperBound {
      if text[i] == "<" {
        var j = i + 1
        if j < range.upperBound && text[j] == "<" { j += 1 }
        if j < range.upperBound && text[j].isIdentifierStart {
          // A class name is at most `maximumNameLength` long: look no further (no quadratic scan
          // of a line of `<a<a<a…`).
          let limit = min(range.upperBound, j + LayoutLimits.maximumNameLength + 1)
          let k = text.classNameEnd(from: j, limit: limit)
          if k < limit && (text[k] == ":" || text[k] == " ") { return i }
          // A name longer than any allowed: an entry whose name the scanner refuses.
          if k == limit && limit < range.upperBound { return i }
        }
      }
      i += 1
    }
    return nil
  }

  /// A line with no view on it: the lldb command, an elision, a layer, a closing quote, a blank.
  /// Returns whether it is an elision.
  mutating func otherLine(_ range: Range<Int>, afterViews: Bool) throws -> Bool {
    // On the scalars, no string made unless it is said (seven million junk lines were seven
    // million trimmed copies, and as many warnings).
    var low = range.lowerBound
    var high = range.upperBound
    while low < high && text[low].isSpace { low += 1 }
    while high > low && text[high - 1].isSpace { high -= 1 }
    if low == high { return false }
    let trimmedRange = low..<high
    let text = text
    func trimmed() -> String { text.string(trimmedRange) }
    func starts(_ prefix: String) -> Bool {
      var i = low
      for s in prefix.unicodeScalars {
        guard i < high, text[i] == s else { return false }
        i += 1
      }
      return true
    }
    let (number, _) = text.place(range.lowerBound)
    let column = low - range.lowerBound + 1
    var dots = 0
    var others = 0
    var ellipses = 0
    for i in trimmedRange where text[i] != "|" && !text[i].isSpace {
      if text[i] == "." { dots += 1 } else if text[i] == "…" { ellipses += 1 } else { others += 1 }
    }
    if others == 0 && (dots + ellipses >= 3 || dots == 0 && ellipses == 1) {
      log.warn(number, column) {
        "an elision ('\(trimmed())'): views left out of the dump are missing from the scene"
      }
      return true
    }
    if Self.contains(text, trimmedRange, "(layer)") { return false }
    if !afterViews {
      if starts("(lldb)") || starts("cy#") || starts("[") && Self.contains(text, trimmedRange, "]->")
        || starts("po ") || starts("expr ") || starts("(gdb)")
      {
        log.warn(number, column) {
          "the debugger's command line ('\(Self.shortened(trimmed()))') is not part of the dump; skipped"
        }
      } else {
        log.warn(number, column) { "text before the dump skipped: '\(Self.shortened(trimmed()))'" }
      }
      return false
    }
    if high - low <= 2, ["`", "\"", "'", ")", "\")", "`)", "}"].contains(trimmed()) {
      log.warn(number, column) { "the closing '\(trimmed())' of a wrapper stripped" }
      return false
    }
    if starts("(lldb)") { return false }
    log.warn(number, column) { "a line with no view on it skipped: '\(Self.shortened(trimmed()))'" }
    return false
  }

  static let layerPhrase = Array("(layer)".unicodeScalars)

  /// Whether `text` holds `phrase` within `range`.
  static func contains(_ text: DumpText, _ range: Range<Int>, _ phrase: String) -> Bool {
    let scalars = phrase == "(layer)" ? layerPhrase : Array(phrase.unicodeScalars)
    var i = range.lowerBound
    while i + scalars.count <= range.upperBound {
      if text[i] == scalars[0] && (1..<scalars.count).allSatisfy({ text[i + $0] == scalars[$0] }) { return true }
      i += 1
    }
    return false
  }

  static func wrapperKind(_ wrapper: String) -> String {
    let trimmed = wrapper.trimmingCharacters(in: .whitespaces)
    if trimmed.hasPrefix("(") && trimmed.contains("$") && trimmed.contains("=") { return "lldb's result prefix" }
    if trimmed.hasPrefix("`") { return "Cycript's opening backtick" }
    if trimmed.hasPrefix("@\"") || trimmed.hasPrefix("\"") || trimmed.hasPrefix("'") { return "an opening quote" }
    if isLogPrefix(wrapper) { return "an NSLog prefix" }
    return "a wrapper"
  }

  /// `2014-05-29 10:01:02.345 App[123:4567] ` or `2019-…+0100 App[1:2] ` or `[Tag] `.
  static func isLogPrefix(_ text: String) -> Bool {
    let t = text.trimmingCharacters(in: .whitespaces)
    guard let first = t.first else { return false }
    return first.isNumber && t.contains(":") || t.hasSuffix("]") || t.hasSuffix("]:")
  }

  static func shortened(_ text: String) -> String {
    text.count <= 60 ? text : String(text.prefix(57)) + "…"
  }
}

/// Scans one `<Class: 0x…; key = value; …>` entry, which may span lines (a text value with
/// new lines in it) or be cut short.
struct EntryScanner {
  let text: DumpText
  let start: Int
  var log: DiagnosticLog
  var i: Int

  struct Result {
    var view: DumpedView?
    /// Why `view` is nil.
    var failure: String?
    /// A layer, not a view: `<CALayer: 0x…> (layer)`.
    var isLayer = false
    /// Where scanning stopped.
    var end: Int
  }

  init(text: DumpText, start: Int, log: DiagnosticLog) {
    self.text = text
    self.start = start
    self.log = log
    self.i = start
  }

  var atEnd: Bool { i >= text.count }

  mutating func scan() -> Result {
    var opens = 0
    while !atEnd && text[i] == "<" && opens < 2 {
      opens += 1
      i += 1
    }
    // The class name (a Swift generic's `<…>` included).
    let nameStart = i
    i = text.classNameEnd(from: i, limit: min(text.count, nameStart + LayoutLimits.maximumNameLength + 1))
    let className = text.string(nameStart..<i)
    guard className.count <= LayoutLimits.maximumNameLength else {
      return Result(
        failure: "a class name of \(className.count) characters; at most \(LayoutLimits.maximumNameLength), the limit "
          + "on names", end: i)
    }
    if !atEnd && text[i] == ":" { i += 1 }
    skipBlanks()
    var address: String?
    if i + 1 < text.count && text[i] == "0" && (text[i + 1] == "x" || text[i + 1] == "X") {
      let addressStart = i
      i += 2
      while !atEnd && text[i].isHexDigit { i += 1 }
      // `0x` with no digit (a dump cut there) is no address.
      if i > addressStart + 2 { address = text.string(addressStart..<i).lowercased() }
    }
    var view = DumpedView(className: className, address: address, line: 0, column: 0, depth: 0)
    var hasFrame = false
    var closed = false
    var cutShort = false
    fields: while !atEnd {
      skipBlanks()
      if atEnd { break }
      let s = text[i]
      if s == ">" {
        // `>>` closes a `<<…>>` entry.
        var closes = 0
        while !atEnd && text[i] == ">" && closes < opens {
          closes += 1
          i += 1
        }
        closed = true
        break
      }
      if s == ";" || s == "," {
        i += 1
        continue
      }
      if s == "\n" {
        // The entry ends with its line: the dump was cut short here.
        cutShort = true
        break
      }
      // key = value   or   key: value
      let keyStart = i
      while !atEnd && (text[i].isIdentifierPart || text[i] == ".") { i += 1 }
      let key = text.string(keyStart..<i)
      if key.isEmpty {
        // Something that is no field (a stray character): skip to the next separator.
        i += 1
        continue
      }
      skipBlanks()
      if !atEnd && (text[i] == "=" || text[i] == ":") {
        i += 1
        skipBlanks()
      }
      let valueStart = i
      let value: String
      let quoted: Bool
      if !Self.readKeys.contains(key) {
        // A field nothing reads (`layer`, `autoresize`, `opaque`…): passed over, no text made.
        if !atEnd && text[i] == "'" {
          guard let (_, ended) = scanQuoted() else { break fields }
          if !ended { cutShort = true }
        } else if scanBalanced() == nil {
          cutShort = true
          break fields
        }
        if cutShort { break }
        continue
      }
      if !atEnd && text[i] == "'" {
        guard let (v, ended) = scanQuoted() else { break fields }
        value = v
        quoted = true
        if !ended { cutShort = true }
      } else {
        guard let range = scanBalanced() else {
          cutShort = true
          break fields
        }
        value = text.trimmedString(range)
        quoted = false
      }
      let (line, column) = text.place(valueStart)
      switch apply(key, value, quoted: quoted, to: &view, line: line, column: column) {
      case .ok: if key == "frame" { hasFrame = true }
      case .failed(let message): return Result(failure: message, end: i)
      }
      if cutShort { break }
    }
    if !closed { cutShort = true }
    // `<CALayer: 0x…> (layer)` and sublayer entries.
    var j = i
    while j < text.count && text[j].isBlank { j += 1 }
    if j + 6 < text.count + 1, text.string(j..<min(j + 7, text.count)) == "(layer)" {
      return Result(isLayer: true, end: j + 7)
    }
    if !hasFrame && (className.hasSuffix("Layer") || className.hasPrefix("CA")) {
      return Result(isLayer: true, end: i)
    }
    let (line, column) = text.place(start)
    guard hasFrame else {
      return Result(
        failure: cutShort
          ? "the entry of \(className) is cut short before its frame: the view cannot be placed"
          : "\(className) has no frame = (x y; w h): the view cannot be placed", end: i)
    }
    if cutShort {
      view.isCutShort = true
      log.warn(line, column, "the entry of \(className) is cut short; its class and frame are whole, kept")
    }
    return Result(view: view, end: i)
  }

  mutating func skipBlanks() {
    while !atEnd && text[i].isBlank { i += 1 }
  }

  /// A value up to the `;` or `>` that ends it, `()`, `{}`, `[]` and `<>` balanced; nil when
  /// the line ends inside it with a view on the next line (cut short).
  mutating func scanBalanced() -> Range<Int>? {
    let valueStart = i
    var depth = 0
    while !atEnd {
      let s = text[i]
      switch s {
      case "(", "{", "[", "<": depth += 1
      case ")", "}", "]":
        if depth > 0 { depth -= 1 }
      case ">":
        if depth == 0 { return valueStart..<i }
        depth -= 1
      case ";":
        if depth == 0 { return valueStart..<i }
      case "\n":
        // A value inside braces may go on (an `animations = { … }` list); at the top level,
        // or before a line that is a view's, the entry was cut short.
        if depth == 0 || nextLineIsEntry(after: i) { return nil }
      default: break
      }
      i += 1
    }
    return nil
  }

  /// A `'…'` value. It may hold `'`, `;` and new lines: it ends at a `'` followed by `;` and
  /// another key, or by the entry's `>`. Returns the text and whether the closing quote was found.
  mutating func scanQuoted() -> (String, Bool)? {
    let quoteStart = i
    i += 1
    let valueStart = i
    while !atEnd {
      let s = text[i]
      if s == "'" && closesQuote(at: i) {
        let value = text.string(valueStart..<i)
        i += 1
        return (value, true)
      }
      if s == "\n" && nextLineIsEntry(after: i) {
        let (line, column) = text.place(quoteStart)
        log.warn(line, column, "a quoted value with no closing quote; it ends with its line")
        let value = text.string(valueStart..<i)
        return (value, false)
      }
      i += 1
    }
    let (line, column) = text.place(quoteStart)
    log.warn(line, column, "a quoted value with no closing quote; it ends with the dump")
    return (text.string(valueStart..<i), false)
  }

  /// Whether the `'` at `q` ends a quoted value: `';` then a key (`name =` or `name:`), or `'>` then
  /// the end of the line, a blank or another `>`.
  func closesQuote(at q: Int) -> Bool {
    var j = q + 1
    guard j < text.count else { return true }
    if text[j] == ">" {
      j += 1
      return j >= text.count || text[j] == "\n" || text[j].isBlank || text[j] == ">" || text[j] == "`"
        || text[j] == "\""
    }
    guard text[j] == ";" else { return false }
    j += 1
    while j < text.count && text[j].isBlank { j += 1 }
    let keyStart = j
    while j < text.count && (text[j].isIdentifierPart || text[j] == ".") { j += 1 }
    guard j > keyStart else { return false }
    while j < text.count && text[j].isBlank { j += 1 }
    // A key cut short by the end of the line or of the dump still closes the value.
    return j >= text.count || text[j] == "=" || text[j] == ":" || text[j] == "\n"
  }

  /// Whether the line after the `\n` at `n` starts a view's entry (bars, then `<Name: 0x` or `<Name 0x`).
  func nextLineIsEntry(after n: Int) -> Bool {
    var j = n + 1
    while j < text.count && (text[j].isBlank || text[j] == "|") { j += 1 }
    guard j + 1 < text.count, text[j] == "<" else { return false }
    j += 1
    if text[j] == "<" { j += 1 }
    guard j < text.count, text[j].isIdentifierStart else { return false }
    while j < text.count && (text[j].isIdentifierPart || text[j] == ".") { j += 1 }
    if j < text.count && text[j] == ":" { j += 1 }
    while j < text.count && text[j].isBlank { j += 1 }
    return j + 1 < text.count && text[j] == "0" && text[j + 1] == "x"
  }

  /// The fields `apply` reads; the others are passed over.
  static let readKeys: Set<String> = [
    "frame", "alpha", "hidden", "userInteractionEnabled", "clipsToBounds", "tag", "text", "title", "transform",
    "contentOffset", "contentSize", "adjustedContentInset", "contentInset", "baseClass", "gestureRecognizers",
    "backgroundColor",
  ]

  enum Applied {
    case ok
    case failed(String)
  }

  /// Reads one field into the view.
  mutating func apply(
    _ key: String, _ value: String, quoted: Bool, to view: inout DumpedView, line: Int, column: Int
  ) -> Applied {
    func numbers(_ what: String, _ count: Int) -> [Double]? {
      let parts = value.split(whereSeparator: { "(){}[];, \t".contains($0) })
      guard parts.count == count else { return nil }
      var result: [Double] = []
      for part in parts {
        guard let n = Double(part), n.isFinite, abs(n) <= LayoutLimits.maximumContentExtent else { return nil }
        result.append(n)
      }
      return result
    }
    func bad(_ what: String, _ example: String) -> Applied {
      .failed("a bad number in \(key) = \(value): \(what) is \(example)")
    }
    switch key {
    case "frame":
      guard let n = numbers("frame", 4) else { return bad("a frame", "(x y; width height)") }
      guard n[2] >= 0, n[3] >= 0 else { return .failed("a frame with a negative size: \(value)") }
      guard n.allSatisfy({ abs($0) <= LayoutLimits.maximumCoordinate }) else {
        return .failed(
          "a frame beyond \(Int(LayoutLimits.maximumCoordinate)) points, the limit on coordinates: \(value)")
      }
      view.frame = CGRect(x: n[0], y: n[1], width: n[2], height: n[3])
    case "alpha":
      if value.lowercased() == "nan" {
        log.warn(
          line, column,
          "alpha = nan: taken as 1 (hit-testing's alpha test, alpha <= 0.01, is false for NaN, so UIKit hit-tests the view)"
        )
        view.alpha = 1
      } else {
        guard let a = Double(value), a.isFinite else { return bad("alpha", "a number from 0 to 1") }
        view.alpha = CGFloat(min(max(a, 0), 1))
      }
    case "hidden": view.isHidden = value == "YES"
    case "userInteractionEnabled": view.isUserInteractionEnabled = value != "NO"
    case "clipsToBounds": view.clipsToBounds = value == "YES"
    case "tag":
      guard let t = Int(value) else { return bad("a tag", "an integer") }
      view.tag = t
    case "text", "title":
      if quoted {
        guard value.count <= LayoutLimits.maximumTextLength else {
          return .failed("a text of \(value.count) characters; at most \(LayoutLimits.maximumTextLength)")
        }
        view.text = value
      }
    case "transform":
      guard let n = numbers("transform", 6) else { return bad("a transform", "[a, b, c, d, tx, ty]") }
      view.transform = CGAffineTransform(a: n[0], b: n[1], c: n[2], d: n[3], tx: n[4], ty: n[5])
    case "contentOffset":
      guard let n = numbers("contentOffset", 2) else { return bad("a contentOffset", "{x, y}") }
      view.contentOffset = CGPoint(x: n[0], y: n[1])
    case "contentSize":
      guard let n = numbers("contentSize", 2), n[0] >= 0, n[1] >= 0 else { return bad("a contentSize", "{w, h}") }
      view.contentSize = CGSize(width: n[0], height: n[1])
    case "adjustedContentInset", "contentInset":
      guard let n = numbers(key, 4) else { return bad("an inset", "{top, left, bottom, right}") }
      if key == "adjustedContentInset" || view.contentInset == nil {
        view.contentInset = UIEdgeInsets(top: n[0], left: n[1], bottom: n[2], right: n[3])
      }
    case "baseClass": view.baseClass = value
    case "gestureRecognizers":
      if let range = value.range(of: "0x") {
        view.recognizerArray = String(value[range.lowerBound...].prefix { $0.isHexDigit || $0 == "x" }).lowercased()
      }
    case "backgroundColor":
      let parts = value.split(separator: " ")
      var components: [Double]?
      if parts.count == 5, parts[0].hasSuffix("RGBColorSpace") || parts[0].hasSuffix("SRGBColorSpace") {
        let c = parts[1...3].compactMap { Double($0) }
        if c.count == 3 { components = c }
      } else if parts.count == 3, parts[0].hasSuffix("GrayColorSpace") || parts[0].hasSuffix("WhiteColorSpace") {
        if let w = Double(parts[1]) { components = Array(repeating: w, count: 3) }
      }
      // A component that is NaN or infinite has no colour to give (and NaN slips through
      // min/max): the view is drawn without one.
      if let components {
        if components.allSatisfy(\.isFinite) {
          view.backgroundColor = components.map { min(max($0, 0), 1) }
        } else {
          log.warn(line, column, "backgroundColor = \(value): a component is not a finite number; no colour taken")
        }
      }
    default: break
    }
    return .ok
  }
}

extension Character {
  fileprivate var isHexDigit: Bool { isASCII && (isNumber || ("a"..."f").contains(lowercased())) }
}

extension DumpText {
  /// Where a class name that starts at `start` ends (a Swift generic's `<…>` and a dotted
  /// module name included), looking no further than `limit`.
  func classNameEnd(from start: Int, limit: Int) -> Int {
    var k = start
    var angles = 0
    while k < limit {
      let s = self[k]
      if s == "<" {
        angles += 1
      } else if s == ">" && angles > 0 {
        angles -= 1
      } else if angles == 0 && !(s.isIdentifierPart || s == "." || s == ",") {
        break
      }
      k += 1
    }
    return k
  }
}
