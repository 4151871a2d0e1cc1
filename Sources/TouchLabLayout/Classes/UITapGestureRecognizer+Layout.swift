import Foundation
import TouchLabEngine

/// UITapGestureRecognizer: its taps and touches.
enum UITapGestureRecognizerDescription: ClassDescription {
  static var builtinClass: BuiltinClass {
    var builtin = BuiltinClass(UITapGestureRecognizer.self) { UITapGestureRecognizer() }
    builtin.properties = [
      .int("numberOfTapsRequired", 1...10, UITapGestureRecognizer.self) { $0.numberOfTapsRequired = $1 },
      .int("numberOfTouchesRequired", 1...10, UITapGestureRecognizer.self) { $0.numberOfTouchesRequired = $1 },
    ]
    return builtin
  }
}
