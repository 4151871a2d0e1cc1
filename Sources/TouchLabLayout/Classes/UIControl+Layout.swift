import Foundation
import TouchLabEngine
import TouchLabScripting

/// UIControl: its three states (targets are structure, read by the scene builder), the
/// tracking methods a declared subclass may override, and `touchUpInside` as the event a
/// control sends when used (a subclass that holds a value says `valueChanged`).
enum UIControlDescription: ClassDescription {
  static var builtinClass: BuiltinClass {
    var builtin = BuiltinClass(
      UIControl.self,
      overridableMethods: [.beginTracking, .continueTracking, .endTracking, .cancelTracking, .sendAction]
    ) { UIControl() }
    builtin.primaryControlEvent = .touchUpInside
    builtin.properties = [
      .bool("isEnabled", ["enabled"], UIControl.self) { $0.isEnabled = $1 },
      .bool("isSelected", ["selected"], UIControl.self) { $0.isSelected = $1 },
      .bool("isHighlighted", ["highlighted"], UIControl.self) { $0.isHighlighted = $1 },
    ]
    return builtin
  }
}

/// Reads a control's `targets:`.
enum ControlTargetsReader {
  /// A control's `targets:`: each an event (or several), a target and an action.
  static func add(
    _ builder: inout SceneBuilder, _ node: YAMLValue, to control: UIControl, controller: UIViewController
  ) throws {
    for item in try node.list("targets") {
      var events: UIControl.Event = []
      var targetValue: YAMLValue?
      var hasTargetKey = false
      var action: ActionMessage?
      for (key, keyValue, value) in try item.mapping("a target") {
        switch key {
        case "event", "events":
          for name in try value.stringList("event") {
            guard let event = UIControl.Event.named.first(where: { $0.0 == name })?.1 else {
              let names = UIControl.Event.named.map(\.0)
              throw value.error("unknown control event '\(name)'\(suggestion(for: name, in: names))")
            }
            events.formUnion(event)
          }
        case "target":
          hasTargetKey = true
          targetValue = value
        case "action": action = try builder.parseAction(value)
        default: throw keyValue.error("unknown key '\(key)' in a target; expected event, target, action")
        }
      }
      guard !events.isEmpty else { throw item.error("a target needs an event (touchUpInside, valueChanged…)") }
      guard let action else { throw item.error("a target needs an action: a method name or {print: TEXT}") }
      try builder.linkTarget(targetValue, hasTargetKey: hasTargetKey, controller: controller) { target in
        control.addTarget(target, action: action, for: events)
      }
    }
  }
}
