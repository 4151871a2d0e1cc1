import Foundation
import TouchLabEngine

extension BuiltinClass {
  static var uiScreenEdgePanGestureRecognizer: BuiltinClass {
    var builtin = BuiltinClass(UIScreenEdgePanGestureRecognizer.self) {
      UIScreenEdgePanGestureRecognizer()
    }
    builtin.properties = [
      .custom("edges") { (value, edgePan: UIScreenEdgePanGestureRecognizer) in
        let edges = try value.edges("edges")
        return { edgePan.edges = edges }
      }
    ]
    return builtin
  }
}
