import Foundation
import TouchLabEngine

extension ScenarioBuilder {
  // MARK: Hierarchy changes mid-scenario (docs/layouts.md "Hierarchy steps", BEHAVIOUR.md §13)

  static let hierarchyStepKinds = [
    "remove", "hide", "show", "moveView", "removeGesture", "addGesture", "push", "pop",
  ]

  /// `remove: ID`, `hide: ID`, `show: ID`, `moveView: {view: ID, to: PARENT_ID}`,
  /// `removeGesture: RECOGNIZER_ID`, `addGesture: {gesture: RECOGNIZER_ID, to: VIEW_ID}`.
  func hierarchyStep(_ kind: String, _ value: YAMLValue) throws -> (ScenarioStep, StepChange?) {
    switch kind {
    case "remove", "hide", "show":
      let view = try viewObject(value, what: kind)
      let id = try value.string(kind)
      switch kind {
      case "remove": return (.set(description: "remove \(id)") { view.removeFromSuperview() }, .removeView(view))
      case "hide": return (.set(description: "hide \(id)") { view.isHidden = true }, nil)
      default: return (.set(description: "show \(id)") { view.isHidden = false }, nil)
      }
    case "push", "pop":
      return (try navigationStep(kind, value), nil)
    case "removeGesture":
      let recognizer = try recognizerObject(value)
      let id = try value.string(kind)
      return (.set(description: "removeGesture \(id)") { recognizer.view?.removeGestureRecognizer(recognizer) }, nil)
    default:  // moveView, addGesture
      let (objectKey, other) = kind == "moveView" ? ("view", "to") : ("gesture", "to")
      var objectNode: YAMLValue?
      var toNode: YAMLValue?
      for (key, keyValue, v) in try value.mapping("a \(kind) step") {
        switch key {
        case objectKey: objectNode = v
        case other: toNode = v
        default:
          throw keyValue.error(
            "unknown key '\(key)' in a \(kind) step\(suggestion(for: key, in: [objectKey, other])); expected \(objectKey), \(other)"
          )
        }
      }
      guard let objectNode, let toNode else {
        throw value.error("a \(kind) step needs \(objectKey) and \(other): {\(objectKey): ID, \(other): ID}")
      }
      let parent = try viewObject(toNode, what: "to")
      if kind == "moveView" {
        let view = try viewObject(objectNode, what: "view")
        guard view !== parent else { throw toNode.error("cannot move a view into itself") }
        // Into one of its own subviews: `ScenarioBudget` tells, in the scenario's order.
        let step = ScenarioStep.set(
          description: "moveView \(try objectNode.string("view")) to \(try toNode.string("to"))"
        ) { parent.addSubview(view) }
        return (step, .moveView(view, to: parent))
      }
      let recognizer = try recognizerObject(objectNode)
      let step = ScenarioStep.set(
        description: "addGesture \(try objectNode.string("gesture")) to \(try toNode.string("to"))"
      ) { parent.addGestureRecognizer(recognizer) }
      return (step, nil)
    }
  }

  /// `pop: NAV` (`popViewController(animated: true)`) and `push: {controller: ID, on: NAV}`
  /// (`pushViewController(_:animated: true)`), the controller one of those the file gives in
  /// that navigation controller's `viewControllers` (one it popped before): its views stay
  /// as deep as the file put them.
  private func navigationStep(_ kind: String, _ value: YAMLValue) throws -> ScenarioStep {
    func navigation(_ node: YAMLValue, _ what: String) throws -> UINavigationController {
      let id = try node.string(what)
      guard let navigation = objects[id] as? UINavigationController else {
        let ids = objects.compactMap { $0.value is UINavigationController ? $0.key : nil }.sorted()
        throw node.error("unknown navigation controller id '\(id)'\(suggestion(for: id, in: ids))")
      }
      return navigation
    }
    if kind == "pop" {
      let nav = try navigation(value, "pop")
      return .set(description: "pop \(try value.string("pop"))") { _ = nav.popViewController(animated: true) }
    }
    var controllerNode: YAMLValue?
    var onNode: YAMLValue?
    for (key, keyValue, v) in try value.mapping("a push step") {
      switch key {
      case "controller": controllerNode = v
      case "on": onNode = v
      default:
        throw keyValue.error(
          "unknown key '\(key)' in a push step\(suggestion(for: key, in: ["controller", "on"])); expected controller, on"
        )
      }
    }
    guard let controllerNode, let onNode else {
      throw value.error("a push step needs controller and on: {controller: ID, on: NAVIGATION_ID}")
    }
    let nav = try navigation(onNode, "on")
    let id = try controllerNode.string("controller")
    // When the file loads, a navigation controller's children are the stack it declares.
    guard let controller = nav.children.first(where: { $0.identifier == id }) else {
      let ids = nav.children.compactMap(\.identifier)
      throw controllerNode.error(
        "'\(id)' is not one of the viewControllers of '\(try onNode.string("on"))'\(suggestion(for: id, in: ids))")
    }
    return .set(description: "push \(id) on \(try onNode.string("on"))") {
      nav.pushViewController(controller, animated: true)
    }
  }

  private func viewObject(_ value: YAMLValue, what: String) throws -> UIView {
    let id = try value.string(what)
    guard let view = objects[id] as? UIView, !(view is UIWindow) || what != "remove" else {
      throw value.error(
        "unknown view id '\(id)'\(suggestion(for: id, in: objects.compactMap { $0.value is UIView ? $0.key : nil }.sorted()))"
      )
    }
    return view
  }

  private func recognizerObject(_ value: YAMLValue) throws -> UIGestureRecognizer {
    let id = try value.string("a gesture recognizer id")
    guard let recognizer = objects[id] as? UIGestureRecognizer else {
      let ids = objects.compactMap { $0.value is UIGestureRecognizer ? $0.key : nil }.sorted()
      throw value.error("unknown gesture recognizer id '\(id)'\(suggestion(for: id, in: ids))")
    }
    return recognizer
  }
}
