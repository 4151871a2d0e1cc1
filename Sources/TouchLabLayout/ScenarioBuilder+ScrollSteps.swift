import Foundation
import TouchLabEngine

extension ScenarioBuilder {
  /// `setContentOffset: {view: ID, to: [x, y], animated: BOOL}` — the scroll view's
  /// `setContentOffset(_:animated:)` at that moment (animated: false by default); an animated
  /// one ends with `scrollViewDidEndScrollingAnimation` (docs/BEHAVIOUR.md §21).
  func setContentOffsetStep(_ value: YAMLValue) throws -> ScenarioStep {
    var viewNode: YAMLValue?
    var toNode: YAMLValue?
    var animated = false
    for (key, keyValue, v) in try value.mapping("a setContentOffset step") {
      switch key {
      case "view": viewNode = v
      case "to": toNode = v
      case "animated": animated = try v.bool("animated")
      default:
        throw keyValue.error(
          "unknown key '\(key)' in a setContentOffset step\(suggestion(for: key, in: ["view", "to", "animated"]))"
            + "; expected view, to, animated")
      }
    }
    guard let viewNode, let toNode else {
      throw value.error("a setContentOffset step needs view and to: {view: ID, to: [x, y], animated: true}")
    }
    let id = try viewNode.string("view")
    guard let scroll = objects[id] as? UIScrollView else {
      let scrollViews = objects.filter { $0.value is UIScrollView }.map(\.key)
      throw viewNode.error("'\(id)' is not a UIScrollView\(suggestion(for: id, in: scrollViews))")
    }
    let offset = try toNode.point(
      "to", limit: LayoutLimits.maximumContentExtent, limitName: "the limit on a scroll view's content")
    return .set(description: "setContentOffset \(id)") { scroll.setContentOffset(offset, animated: animated) }
  }
}
