import Foundation
import TouchLabEngine

/// UIScreenEdgePanGestureRecognizer: the edges it begins at.
enum UIScreenEdgePanGestureRecognizerDescription: ClassDescription {
  static var builtinClass: BuiltinClass {
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
