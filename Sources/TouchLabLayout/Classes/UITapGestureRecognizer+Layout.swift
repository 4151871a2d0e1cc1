import Foundation
import TouchLabEngine

/// UITapGestureRecognizer: its taps and touches.
enum UITapGestureRecognizerDescription: ClassDescription {
  static var builtinClass: BuiltinClass {
    var builtin = BuiltinClass(UITapGestureRecognizer.self) { UITapGestureRecognizer() }
    builtin.properties = [
      .int("numberOfTapsRequired", 1...10, \UITapGestureRecognizer.numberOfTapsRequired),
      .int("numberOfTouchesRequired", 1...10, \UITapGestureRecognizer.numberOfTouchesRequired),
    ]
    return builtin
  }
}
