import Foundation
import TouchLabEngine

/// UILongPressGestureRecognizer: how long and how still a press is held, and its touches and taps.
enum UILongPressGestureRecognizerDescription: ClassDescription {
  static var builtinClass: BuiltinClass {
    var builtin = BuiltinClass(UILongPressGestureRecognizer.self) {
      UILongPressGestureRecognizer()
    }
    builtin.properties = [
      .seconds("minimumPressDuration", UILongPressGestureRecognizer.self) { $0.minimumPressDuration = $1 },
      .number("allowableMovement", [], 0...10_000, UILongPressGestureRecognizer.self) { $0.allowableMovement = $1 },
      .int("numberOfTouchesRequired", 1...10, UILongPressGestureRecognizer.self) { $0.numberOfTouchesRequired = $1 },
      .int("numberOfTapsRequired", 0...10, UILongPressGestureRecognizer.self) { $0.numberOfTapsRequired = $1 },
    ]
    return builtin
  }
}
