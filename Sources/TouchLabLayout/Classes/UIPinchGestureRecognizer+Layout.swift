import Foundation
import TouchLabEngine
import TouchLabScripting

/// UIPinchGestureRecognizer: a recognizer's keys only.
enum UIPinchGestureRecognizerDescription: ClassDescription {
  static var builtinClass: BuiltinClass {
    BuiltinClass(UIPinchGestureRecognizer.self) { UIPinchGestureRecognizer() }
  }
}

/// `%scale`: the pinch's scale.
extension UIPinchGestureRecognizer: LinePlaceholderSubject {
  public func placeholderValue(_ placeholder: LinePlaceholder) -> String? {
    placeholder == .scale ? LinePlaceholder.format(scale) : nil
  }
}
