import Foundation
import TouchLabEngine

extension BuiltinClass {
  static var uiPinchGestureRecognizer: BuiltinClass {
    BuiltinClass(UIPinchGestureRecognizer.self, family: .recognizer) { UIPinchGestureRecognizer() }
  }
}
