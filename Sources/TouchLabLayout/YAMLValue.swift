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
    let node = self.node
    guard node.kind == .scalar, node.isPlain else { return false }
    switch document.texts[node.start] {
    case "", "~", "null", "Null", "NULL": return true
    default: return false
    }
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
    guard let text = scalarText, let value = Self.fastDouble(text) ?? Double(text.trimmingWhitespace), value.isFinite
    else {
      throw error("\(what) must be a finite number")
    }
    return value
  }

  /// `text` as a number when it is a plain decimal of at most 15 digits, such as `-12.5`
  /// (nearly every number a layout writes), else nil. The same value as `Double(text)`:
  /// the digits as an integer and a power of ten are both exact in a Double, so the one
  /// division rounds as `strtod` does (Clinger's fast path).
  static func fastDouble(_ text: String) -> Double? {
    var utf8 = text.utf8.makeIterator()
    var mantissa: Int64 = 0
    var digits = 0
    var decimals = 0
    var seenPoint = false
    var negative = false
    var first = true
    while let byte = utf8.next() {
      defer { first = false }
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"):
        mantissa = mantissa * 10 + Int64(byte - UInt8(ascii: "0"))
        digits += 1
        if seenPoint { decimals += 1 }
        if digits > 15 { return nil }
      case UInt8(ascii: "."):
        if seenPoint { return nil }
        seenPoint = true
      case UInt8(ascii: "-") where first:
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
  func mapping(_ what: String) throws -> [(key: String, keyValue: YAMLValue, value: YAMLValue)] {
    guard node.kind == .mapping else { throw error("\(what) must be a mapping, not \(kindName)") }
    let items = document.children(of: index)
    var result: [(key: String, keyValue: YAMLValue, value: YAMLValue)] = []
    result.reserveCapacity(items.count / 2)
    // A few keys are compared with each other; many go through a set.
    var seen: Set<String> = []
    let usesSet = items.count > 32
    var position = items.startIndex
    while position < items.endIndex {
      let keyValue = YAMLValue(document, items[position])
      let value = YAMLValue(document, items[position + 1])
      position += 2
      guard let name = keyValue.scalarText else { throw keyValue.error("keys in \(what) must be plain names") }
      let isNew = usesSet ? seen.insert(name).inserted : !result.contains { $0.key == name }
      guard isNew else { throw keyValue.error("duplicate key '\(name)' in \(what)") }
      result.append((name, keyValue, value))
    }
    return result
  }

  /// A list of exactly `count` finite numbers.
  func numbers(_ what: String, count: Int) throws -> [Double] {
    guard node.kind == .sequence else { throw error("\(what) must be a list, not \(kindName)") }
    let items = document.children(of: index)
    guard items.count == count else { throw error("\(what) must be a list of \(count) numbers") }
    return try items.map { try YAMLValue(document, $0).double(what) }
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
    let n = try numbers(what, count: 4)
    guard n.allSatisfy({ abs($0) <= LayoutLimits.maximumCoordinate }), n[2] >= 0, n[3] >= 0 else {
      throw error("\(what) must be [x, y, width, height] with sizes ≥ 0 and values within ±100000")
    }
    return CGRect(x: n[0], y: n[1], width: n[2], height: n[3])
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
