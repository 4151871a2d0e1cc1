import Foundation
import TouchLabEngine

extension BuiltinClass {
  static var uiLongPressGestureRecognizer: BuiltinClass {
    var builtin = BuiltinClass(UILongPressGestureRecognizer.self) {
      UILongPressGestureRecognizer()
    }
    builtin.properties = [
      .seconds("minimumPressDuration", \UILongPressGestureRecognizer.minimumPressDuration),
      .number("allowableMovement", [], 0...10_000, \UILongPressGestureRecognizer.allowableMovement),
      .int("numberOfTouchesRequired", 1...10, \UILongPressGestureRecognizer.numberOfTouchesRequired),
      .int("numberOfTapsRequired", 0...10, \UILongPressGestureRecognizer.numberOfTapsRequired),
    ]
    return builtin
  }
}
