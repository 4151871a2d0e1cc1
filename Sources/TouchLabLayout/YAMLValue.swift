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

  func point(_ what: String) throws -> CGPoint {
    let n = try numbers(what, count: 2)
    return CGPoint(x: n[0], y: n[1])
  }

  func size(_ what: String, maximum: Double = 100_000) throws -> CGSize {
    let n = try numbers(what, count: 2)
    guard n.allSatisfy({ $0 >= 0 && $0 <= maximum }) else {
      throw error("\(what) must be two sizes between 0 and \(format(maximum))")
    }
    return CGSize(width: n[0], height: n[1])
  }

  func rect(_ what: String) throws -> CGRect {
    let n = try numbers(what, count: 4)
    guard n.allSatisfy({ abs($0) <= 100_000 }), n[2] >= 0, n[3] >= 0 else {
      throw error("\(what) must be [x, y, width, height] with sizes ≥ 0 and values within ±100000")
    }
    return CGRect(x: n[0], y: n[1], width: n[2], height: n[3])
  }

  func stringList(_ what: String) throws -> [String] {
    if let single = scalarText, !isNull { return [single] }
    return try list(what).map { try $0.string(what) }
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

/// Suggests the closest of `candidates` to a misspelt name.
func suggestion(for name: String, in candidates: [String]) -> String {
  func distance(_ a: String, _ b: String) -> Int {
    let a = Array(a.lowercased())
    let b = Array(b.lowercased())
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var row = Array(0...b.count)
    for i in 1...a.count {
      var previous = row[0]
      row[0] = i
      for j in 1...b.count {
        let current = row[j]
        row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
        previous = current
      }
    }
    return row[b.count]
  }
  guard let best = candidates.min(by: { distance(name, $0) < distance(name, $1) }),
    distance(name, best) <= max(2, name.count / 3)
  else { return "" }
  return " (did you mean '\(best)'?)"
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
