import Foundation
import TouchLabEngine
import TouchLabScripting

extension BuiltinClass {
  /// UIViewController: a layout's `controller:` entries (SceneBuilder+Views.swift).
  static var uiViewController: BuiltinClass {
    var builtin = BuiltinClass(
      UIViewController.self, family: .controller, overridableMethods: appearanceMethods
    ) { UIViewController() }
    builtin.properties = [
      .custom("preferredScreenEdgesDeferringSystemGestures") { (value, controller: UIViewController) in
        let edges = try value.edges("preferredScreenEdgesDeferringSystemGestures")
        return { controller.preferredScreenEdgesDeferringSystemGestures = edges }
      }
    ]
    return builtin
  }

  /// A view controller's appearance callbacks, loggable on a declared controller class
  /// (`log: [viewWillAppear, viewDidAppear]`; docs/BEHAVIOUR.md §27.1).
  static let appearanceMethods: [ScriptedClass.Method] = [
    .viewWillAppear, .viewDidAppear, .viewWillDisappear, .viewDidDisappear,
  ]
}

extension BuiltinClass {
  /// A container controller's `viewControllers:` (a navigation stack, a tab bar
  /// controller's tabs): each built at the container's size, one level deeper, and none of
  /// the container's own class (`refused`, with `message` at its entry).
  static func buildChildControllers<Container: UIViewController>(
    _ builder: inout SceneBuilder, _ items: [YAMLValue], size: CGSize, depth: Int, refusing refused: Container.Type,
    _ message: String
  ) throws -> [UIViewController] {
    var children: [UIViewController] = []
    for item in items {
      let child = try builder.buildController(item, frame: CGRect(origin: .zero, size: size), depth: depth + 1)
      if child is Container { throw item.error(message) }
      children.append(child)
    }
    return children
  }
}
