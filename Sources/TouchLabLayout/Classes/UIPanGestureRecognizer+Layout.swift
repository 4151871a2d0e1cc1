import Foundation
import TouchLabEngine

extension BuiltinClass {
  static var uiPanGestureRecognizer: BuiltinClass {
    var builtin = BuiltinClass(UIPanGestureRecognizer.self, family: .recognizer) { UIPanGestureRecognizer() }
    builtin.properties = [
      .int("minimumNumberOfTouches", 1...10, \UIPanGestureRecognizer.minimumNumberOfTouches),
      .custom("maximumNumberOfTouches") { (value, pan: UIPanGestureRecognizer) in
        let n = try value.int("maximumNumberOfTouches", in: 1...Int.max)
        return { pan.maximumNumberOfTouches = n }
      },
    ]
    return builtin
  }
}
