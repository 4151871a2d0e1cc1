import Foundation
import TouchLabEngine
import TouchLabRecords
import TouchLabScripting

/// Overrides with a condition (docs/layouts.md): `{returns: BOOL, when: {tapCount: [1, 2],
/// view: [ids], touches: N}}` wherever an override or a delegate answers yes or no, and a
/// `when:` beside a `pointInside` or `hitTest` rule.
extension SceneBuilder {
  static let conditionFacts = ["tapCount", "view", "touches"]

  /// `true`, `false` or `{returns: BOOL, when: CONDITION}`.
  mutating func parseAnswer(_ value: YAMLValue, _ what: String, hitTesting: Bool = false) throws -> OverrideAnswer {
    if value.scalarText != nil, !value.isNull { return OverrideAnswer(try value.bool(what)) }
    var returns: Bool?
    var condition: OverrideCondition?
    for (key, keyValue, item) in try value.mapping(what) {
      switch key {
      case "returns": returns = try item.bool("\(what).returns")
      case "when": condition = try parseCondition(item, hitTesting: hitTesting)
      default:
        throw keyValue.error(
          "unknown key '\(key)' in \(what)\(suggestion(for: key, in: ["returns", "when"])); expected true, false or {returns: BOOL, when: CONDITION}"
        )
      }
    }
    guard let returns else { throw value.error("\(what) needs returns: true or false") }
    return OverrideAnswer(returns, when: condition)
  }

  /// `{tapCount: N | [N…], view: ID | [IDs], touches: N | [N…]}`: every fact named must hold.
  mutating func parseCondition(_ value: YAMLValue, hitTesting: Bool = false) throws -> OverrideCondition {
    var condition = OverrideCondition()
    let entries = try value.mapping("when")
    guard !entries.isEmpty else { throw value.error("when needs a fact: tapCount, view or touches") }
    for (key, keyValue, item) in entries {
      switch key {
      case "tapCount": condition.tapCounts = try counts(item, "tapCount")
      case "touches": condition.touchCounts = try counts(item, "touches")
      case "view":
        guard !hitTesting else {
          throw keyValue.error("the touched view is not known yet while hit-testing: use tapCount or touches")
        }
        let ids = try item.stringList("view")
        condition.viewIDs = Set(ids)
        fixups.append { objects in
          for id in ids where !(objects[id] is UIView) {
            throw item.error("unknown view id '\(id)' in when\(suggestion(for: id, in: Array(objects.keys)))")
          }
        }
      default:
        throw keyValue.error(
          "unknown fact '\(key)' in when\(suggestion(for: key, in: Self.conditionFacts)); expected tapCount, view or touches"
        )
      }
    }
    return condition
  }

  private func counts(_ value: YAMLValue, _ what: String) throws -> Set<Int> {
    if value.scalarText != nil, !value.isNull { return [try value.int(what, in: 0...100)] }
    let items = try value.list(what)
    guard !items.isEmpty else { throw value.error("\(what) must list at least one number") }
    return Set(try items.map { try $0.int(what, in: 0...100) })
  }

  /// Splits a `when:` off a rule's mapping (`pointInside: {inset: […], when: {…}}`), returning
  /// the rule's own value and the condition.
  mutating func splitCondition(_ value: YAMLValue, _ what: String) throws -> (
    rule: YAMLValue, condition: OverrideCondition?
  ) {
    guard value.isMapping else { return (value, nil) }
    let document = value.document
    let items = Array(document.children(of: value.index))
    let pairs = stride(from: 0, to: items.count, by: 2).map { (key: items[$0], value: items[$0 + 1]) }
    guard let index = pairs.firstIndex(where: { document.text(of: $0.key) == "when" }) else { return (value, nil) }
    let condition = try parseCondition(YAMLValue(document, pairs[index].value), hitTesting: true)
    let rest = pairs.indices.filter { $0 != index }.map { pairs[$0] }
    // `{returns: superview, when: …}`: the rule is the scalar under returns.
    if rest.count == 1, document.text(of: rest[0].key) == "returns" {
      return (YAMLValue(document, rest[0].value), condition)
    }
    let node = document.makeMapping(rest, line: value.line, column: value.column)
    return (YAMLValue(document, node), condition)
  }
}
