import Foundation
import TouchLabEngine

/// A YAML node with its place in the file, and typed readers that report mistakes as
/// `LayoutError`s pointing at that place.
struct YAMLValue {
  let document: YAMLDocument
  let index: Int

  init(_ document: YAMLDocument, _ index: Int) {
    self.document = document
    self.index = index
  }

  /// A scalar of the program's own (1:1, not plain: never null), such as `--set`'s empty value.
  init(text: String, file: String) {
    let document = YAMLDocument(file: file)
    self.init(document, document.makeScalar(text))
  }

  var file: String { document.file }

  private var node: YAMLDocument.Node { document[index] }

  var line: Int { node.line }
  var column: Int { node.column }

  func error(_ message: String) -> LayoutError {
    LayoutError(file: file, line: line, column: column, message: message)
  }

  /// A scalar's text, or nil for a mapping or sequence.
  var scalarText: String? { document.text(of: index) }

  var isMapping: Bool { node.kind == .mapping }
  var isSequence: Bool { node.kind == .sequence }

  var isNull: Bool {
    guard node.isPlain else { return false }
    return document.withUTF8(of: index) { bytes in
      switch bytes.count {
      case 0: true
      case 1: bytes[0] == UInt8(ascii: "~")
      case 4: ["null", "Null", "NULL"].contains { bytes.elementsEqual($0.utf8) }
      default: false
      }
    } ?? false
  }

  var kindName: String {
    switch node.kind {
    case .scalar: "a scalar"
    case .mapping: "a mapping"
    case .sequence: "a list"
    }
  }

  func string(_ what: String) throws -> String {
    guard let text = scalarText else { throw error("\(what) must be a string, not \(kindName)") }
    return text
  }

  func bool(_ what: String) throws -> Bool {
    switch scalarText {
    case "true", "True", "TRUE", "YES", "yes", "Yes": return true
    case "false", "False", "FALSE", "NO", "no", "No": return false
    default: throw error("\(what) must be true or false")
    }
  }

  /// A finite number (rejects NaN and infinities: a layout has no use for them).
  func double(_ what: String) throws -> Double {
    // Read from the scalar's bytes, not made a string first (a frame is four numbers).
    let fast = document.withUTF8(of: index, Self.fastDouble).flatMap { $0 }
    guard let value = fast ?? scalarText.flatMap({ Double($0.trimmingWhitespace) }), value.isFinite else {
      throw error("\(what) must be a finite number")
    }
    return value
  }

  /// `text` as a number when it is a plain decimal of at most 15 digits, such as `-12.5`
  /// (nearly every number a layout writes), else nil. The same value as `Double(text)`.
  static func fastDouble(_ text: String) -> Double? {
    var text = text
    // The bytes in one contiguous buffer (a short text's are copied out of the string's
    // word): a third of the instructions of stepping `text.utf8`'s iterator.
    return text.withUTF8(fastDouble)
  }

  /// `fastDouble` of a text's UTF-8: the digits as an integer and a power of ten are both
  /// exact in a Double, so the one division rounds as `strtod` does (Clinger's fast path).
  static func fastDouble(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
    var mantissa: Int64 = 0
    var digits = 0
    var decimals = 0
    var seenPoint = false
    var negative = false
    for (offset, byte) in bytes.enumerated() {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"):
        mantissa = mantissa * 10 + Int64(byte - UInt8(ascii: "0"))
        digits += 1
        if seenPoint { decimals += 1 }
        if digits > 15 { return nil }
      case UInt8(ascii: "."):
        if seenPoint { return nil }
        seenPoint = true
      case UInt8(ascii: "-") where offset == 0:
        negative = true
      default:
        return nil
      }
    }
    guard digits > 0 else { return nil }
    let magnitude = Double(mantissa) / powersOfTen[decimals]
    return negative ? -magnitude : magnitude
  }

  private static let powersOfTen: [Double] = [
    1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
  ]

  func number(_ what: String, in range: ClosedRange<Double>) throws -> Double {
    let value = try double(what)
    guard range.contains(value) else {
      throw error("\(what) must be between \(format(range.lowerBound)) and \(format(range.upperBound))")
    }
    return value
  }

  func int(_ what: String, in range: ClosedRange<Int>) throws -> Int {
    guard let text = scalarText, let value = Int(text.trimmingWhitespace) else {
      throw error("\(what) must be a whole number")
    }
    guard range.contains(value) else {
      throw error("\(what) must be between \(range.lowerBound) and \(range.upperBound)")
    }
    return value
  }

  func list(_ what: String) throws -> [YAMLValue] {
    guard node.kind == .sequence else { throw error("\(what) must be a list, not \(kindName)") }
    return document.children(of: index).map { YAMLValue(document, $0) }
  }

  /// A mapping's entries in file order; duplicate keys are an error.
  func mapping(_ what: String) throws -> YAMLMapping {
    guard node.kind == .mapping else { throw error("\(what) must be a mapping, not \(kindName)") }
    let items = document.children(of: index)
    let count = items.count / 2
    // A few keys are compared with each other (held on the stack); many go through a set.
    if count > 32 {
      var seen: Set<String> = []
      for position in stride(from: items.startIndex, to: items.endIndex, by: 2) {
        let name = try keyText(items[position], what)
        guard seen.insert(name).inserted else {
          throw YAMLValue(document, items[position]).error("duplicate key '\(name)' in \(what)")
        }
      }
    } else {
      // Compared as the file's bytes, each with the keys before it: no strings made.
      for position in stride(from: items.startIndex, to: items.endIndex, by: 2) {
        let key = items[position]
        let node = document[key]
        // A key that is a mapping or a list: its error.
        if node.kind != .scalar { _ = try keyText(key, what) }
        for earlier in stride(from: items.startIndex, to: position, by: 2) {
          let other = document[items[earlier]]
          // Keys the reader shares a text between (nearly all): the same text, the same index.
          let isSame =
            node.hasSharedText && other.hasSharedText
            ? node.start == other.start : document.scalarsAreEqual(items[earlier], key)
          if isSame { throw YAMLValue(document, key).error("duplicate key '\(try keyText(key, what))' in \(what)") }
        }
      }
    }
    return YAMLMapping(document: document, items: items)
  }

  /// A mapping key's text; a key that is a mapping or a list is an error.
  private func keyText(_ keyIndex: Int, _ what: String) throws -> String {
    guard let name = document.text(of: keyIndex) else {
      throw YAMLValue(document, keyIndex).error("keys in \(what) must be plain names")
    }
    return name
  }

  /// A list of exactly `count` finite numbers.
  func numbers(_ what: String, count: Int) throws -> [Double] {
    try numberItems(what, count: count).map { try YAMLValue(document, $0).double(what) }
  }

  /// The nodes of a list of exactly `count` items, each to be read as a number (`numbers`,
  /// and `rect`, which reads its four without an array).
  private func numberItems(_ what: String, count: Int) throws -> YAMLDocument.Children {
    guard node.kind == .sequence else { throw error("\(what) must be a list, not \(kindName)") }
    let items = document.children(of: index)
    guard items.count == count else { throw error("\(what) must be a list of \(count) numbers") }
    return items
  }

  /// Two numbers within ±`limit` (`LayoutLimits.maximumCoordinate`, as frames are), which
  /// the error calls `limitName`.
  func point(
    _ what: String, limit: Double = LayoutLimits.maximumCoordinate, limitName: String = "the limit on coordinates"
  ) throws -> CGPoint {
    let n = try numbers(what, count: 2)
    guard n.allSatisfy({ abs($0) <= limit }) else {
      throw error("\(what) must be two numbers within ±\(format(limit)), \(limitName)")
    }
    return CGPoint(x: n[0], y: n[1])
  }

  func size(_ what: String, maximum: Double = LayoutLimits.maximumCoordinate) throws -> CGSize {
    let n = try numbers(what, count: 2)
    guard n.allSatisfy({ $0 >= 0 && $0 <= maximum }) else {
      throw error("\(what) must be two sizes between 0 and \(format(maximum))")
    }
    return CGSize(width: n[0], height: n[1])
  }

  func rect(_ what: String) throws -> CGRect {
    // `numbers(what, count: 4)` without its array (every view has a frame).
    let items = try numberItems(what, count: 4)
    func number(_ offset: Int) throws -> Double {
      try YAMLValue(document, items[items.startIndex + offset]).double(what)
    }
    let n = try (number(0), number(1), number(2), number(3))
    let limit = LayoutLimits.maximumCoordinate
    guard abs(n.0) <= limit, abs(n.1) <= limit, abs(n.2) <= limit, abs(n.3) <= limit, n.2 >= 0, n.3 >= 0 else {
      throw error("\(what) must be [x, y, width, height] with sizes ≥ 0 and values within ±100000")
    }
    return CGRect(x: n.0, y: n.1, width: n.2, height: n.3)
  }

  /// One name, or a list of names; a null in the list (`[null]`, `[~]`, `[ ]`…) is an
  /// error, not a name "null".
  func stringList(_ what: String) throws -> [String] {
    if let single = scalarText, !isNull { return [single] }
    return try list(what).map { item in
      guard !item.isNull else { throw item.error("\(what) lists a null; give names") }
      return try item.string(what)
    }
  }

  func color(_ what: String) throws -> UIColor {
    let text = try string(what)
    if let named = UIColor.named[text] { return named }
    if text.hasPrefix("#"), text.count == 7 || text.count == 9, let value = UInt64(text.dropFirst(), radix: 16) {
      let hasAlpha = text.count == 9
      let v = hasAlpha ? value : (value << 8 | 0xFF)
      return UIColor(
        red: Double((v >> 24) & 0xFF) / 255, green: Double((v >> 16) & 0xFF) / 255,
        blue: Double((v >> 8) & 0xFF) / 255, alpha: Double(v & 0xFF) / 255)
    }
    let names = UIColor.named.keys.sorted().joined(separator: ", ")
    throw error("\(what) must be #RRGGBB, #RRGGBBAA or one of: \(names)")
  }

  private func format(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
  }
}

extension String {
  /// The text without the spaces and tabs (Foundation's `.whitespaces`) at its ends; the
  /// text itself, uncopied, when it has none (every number a layout writes).
  var trimmingWhitespace: String {
    guard let first = utf8.first, let last = utf8.last else { return self }
    // An ASCII byte at an end is a whole character there.
    func isOtherASCII(_ byte: UInt8) -> Bool { byte < 0x80 && byte != UInt8(ascii: " ") && byte != UInt8(ascii: "\t") }
    if isOtherASCII(first) && isOtherASCII(last) { return self }
    return trimmingCharacters(in: .whitespaces)
  }
}

/// Suggests the closest of `candidates` to a misspelt name, at a bounded cost whatever the
/// file (docs/HARDENING.md): only candidates whose length is within the distance allowed of
/// the name's are compared, at most `maximumSuggestionCandidates` of them, with an edit
/// distance that gives up as soon as it exceeds the distance allowed (a third of the name, at
/// most `maximumSuggestionDistance`) — so a 120 KB file of long ids with one typo costs
/// milliseconds, not seconds.
func suggestion(for name: String, in candidates: [String]) -> String {
  let typo = Array(name.lowercased().unicodeScalars)
  // A third of the name, at least 2 and at most `maximumSuggestionDistance` edits.
  let allowed = min(maximumSuggestionDistance, max(2, typo.count / 3))
  var best: (name: String, distance: Int)?
  var compared = 0
  for candidate in candidates {
    let length = candidate.unicodeScalars.count
    guard abs(length - typo.count) <= allowed else { continue }
    compared += 1
    if compared > maximumSuggestionCandidates { break }
    let bound = min(allowed, (best?.distance ?? allowed + 1) - 1)
    guard bound >= 0,
      let distance = editDistance(typo, Array(candidate.lowercased().unicodeScalars), atMost: bound)
    else { continue }
    // `bound` is below the best distance so far: ties go to the earlier candidate.
    best = (candidate, distance)
  }
  guard let best else { return "" }
  return " (did you mean '\(best.name)'?)"
}

/// How many candidates one suggestion compares at most.
let maximumSuggestionCandidates = 2_000
/// The most edits a suggestion may be away from the name.
let maximumSuggestionDistance = 10

/// The Levenshtein distance between `a` and `b`, or nil as soon as it must exceed `limit`
/// (only the diagonal band of width 2·limit + 1 is computed: O(length × limit)).
func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], atMost limit: Int) -> Int? {
  guard abs(a.count - b.count) <= limit else { return nil }
  if a.isEmpty { return b.count }
  if b.isEmpty { return a.count }
  let beyond = limit + 1
  var previous = (0...b.count).map { min($0, beyond) }
  var current = [Int](repeating: beyond, count: b.count + 1)
  for i in 1...a.count {
    let low = max(1, i - limit)
    let high = min(b.count, i + limit)
    current[0] = min(i, beyond)
    if low > 1 { current[low - 1] = beyond }
    var rowMinimum = current[0]
    if low <= high {
      for j in low...high {
        let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
        let value = min(substitution, previous[j] + 1, current[j - 1] + 1, beyond)
        current[j] = value
        rowMinimum = min(rowMinimum, value)
      }
    }
    if high < b.count { current[high + 1] = beyond }
    if rowMinimum > limit { return nil }
    swap(&previous, &current)
  }
  let distance = previous[b.count]
  return distance <= limit ? distance : nil
}

extension YAMLValue {
  /// Edges of the screen: `top`, `left`, `bottom`, `right`, `all`, or a list of them (`[]`: none).
  func edges(_ what: String) throws -> UIRectEdge {
    let all: [String: UIRectEdge] = ["top": .top, "left": .left, "bottom": .bottom, "right": .right, "all": .all]
    var edges: UIRectEdge = []
    for name in try stringList(what) {
      guard let edge = all[name] else {
        throw error(
          "\(what) must be top, left, bottom, right or all (or a list of them)"
            + suggestion(for: name, in: ["top", "left", "bottom", "right", "all"]))
      }
      edges.formUnion(edge)
    }
    return edges
  }
}

/// A mapping's entries, in file order, each its key's text, the key's node and the value's
/// node (`YAMLValue.mapping`, which has checked the keys): read from the document as they are
/// asked for, not copied into an array of their own (a layout's every view is one).
struct YAMLMapping: RandomAccessCollection {
  typealias Element = (key: String, keyValue: YAMLValue, value: YAMLValue)

  let document: YAMLDocument
  /// The mapping's children: keys and values in turn.
  let items: YAMLDocument.Children

  var startIndex: Int { 0 }
  var endIndex: Int { items.count / 2 }

  subscript(position: Int) -> Element {
    let keyIndex = items[items.startIndex + 2 * position]
    return (
      document.text(of: keyIndex)!, YAMLValue(document, keyIndex),
      YAMLValue(document, items[items.startIndex + 2 * position + 1])
    )
  }
}
