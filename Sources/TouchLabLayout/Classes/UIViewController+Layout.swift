import Foundation
import TouchLabEngine

extension BuiltinClass {
  /// UIViewController: a layout's `controller:` entries (SceneBuilder+Views.swift).
  static var uiViewController: BuiltinClass {
    var builtin = BuiltinClass(UIViewController.self, family: .controller) { UIViewController() }
    builtin.properties = [
      .custom("preferredScreenEdgesDeferringSystemGestures") { (value, controller: UIViewController) in
        let edges = try value.edges("preferredScreenEdgesDeferringSystemGestures")
        return { controller.preferredScreenEdgesDeferringSystemGestures = edges }
      }
    ]
    return builtin
  }
}
