import Foundation
import TouchLabEngine
import TouchLabScripting

/// UIViewController: a layout's `controller:` entries (SceneBuilder+Views.swift).
enum UIViewControllerDescription: ClassDescription {
  static var builtinClass: BuiltinClass {
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
