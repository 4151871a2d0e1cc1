import Foundation
import TouchLabEngine

/// UILongPressGestureRecognizer: how long and how still a press is held, and its touches and taps.
enum UILongPressGestureRecognizerDescription: ClassDescription {
  static var builtinClass: BuiltinClass {
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
