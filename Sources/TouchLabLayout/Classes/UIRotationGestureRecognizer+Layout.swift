import Foundation
import TouchLabEngine

extension BuiltinClass {
  static var uiRotationGestureRecognizer: BuiltinClass {
    BuiltinClass(UIRotationGestureRecognizer.self, family: .recognizer) { UIRotationGestureRecognizer() }
  }
}
