import Foundation
import TouchLabEngine
import Yams

/// A YAML node with its place in the file, and typed readers that report mistakes as
/// `LayoutError`s pointing at that place.
struct YAMLValue {
  let node: Node
  let file: String

  var line: Int { node.mark?.line ?? 1 }
  var column: Int { node.mark?.column ?? 1 }

  func error(_ message: String) -> LayoutError {
    LayoutError(file: file, line: line, column: column, message: message)
  }

  /// A plain scalar's text, or nil for a mapping or sequence.
  var scalarText: String? { node.scalar?.string }

  var isNull: Bool {
    guard let scalar = node.scalar else { return false }
    return scalar.style == .plain && ["", "~", "null", "Null", "NULL"].contains(scalar.string)
  }

  var kindName: String {
    switch node {
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
    guard let text = scalarText, let value = Double(text.trimmingCharacters(in: .whitespaces)), value.isFinite else {
      throw error("\(what) must be a finite number")
    }
    return value
  }

  func number(_ what: String, in range: ClosedRange<Double>) throws -> Double {
    let value = try double(what)
    guard range.contains(value) else {
      throw error("\(what) must be between \(format(range.lowerBound)) and \(format(range.upperBound))")
    }
    return value
  }

  func int(_ what: String, in range: ClosedRange<Int>) throws -> Int {
    guard let text = scalarText, let value = Int(text.trimmingCharacters(in: .whitespaces)) else {
      throw error("\(what) must be a whole number")
    }
    guard range.contains(value) else {
      throw error("\(what) must be between \(range.lowerBound) and \(range.upperBound)")
    }
    return value
  }

  func list(_ what: String) throws -> [YAMLValue] {
    guard case .sequence(let sequence) = node else { throw error("\(what) must be a list, not \(kindName)") }
    return sequence.map { YAMLValue(node: $0, file: file) }
  }

  /// A mapping's entries in file order; duplicate keys are an error.
  func mapping(_ what: String) throws -> [(key: String, keyValue: YAMLValue, value: YAMLValue)] {
    guard case .mapping(let mapping) = node else { throw error("\(what) must be a mapping, not \(kindName)") }
    var seen: Set<String> = []
    var result: [(String, YAMLValue, YAMLValue)] = []
    for (key, value) in mapping {
      let keyValue = YAMLValue(node: key, file: file)
      guard let name = key.scalar?.string else { throw keyValue.error("keys in \(what) must be plain names") }
      guard seen.insert(name).inserted else { throw keyValue.error("duplicate key '\(name)' in \(what)") }
      result.append((name, keyValue, YAMLValue(node: value, file: file)))
    }
    return result
  }

  /// A list of exactly `count` finite numbers.
  func numbers(_ what: String, count: Int) throws -> [Double] {
    let items = try list(what)
    guard items.count == count else { throw error("\(what) must be a list of \(count) numbers") }
    return try items.map { try $0.double(what) }
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
    value == value.rounded() ? String(Int(value)) : String(value)
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
