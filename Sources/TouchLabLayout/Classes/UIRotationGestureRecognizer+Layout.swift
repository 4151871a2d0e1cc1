import Foundation
import TouchLabEngine
import TouchLabScripting

/// UIRotationGestureRecognizer: a recognizer's keys only.
enum UIRotationGestureRecognizerDescription: ClassDescription {
  static var builtinClass: BuiltinClass {
    BuiltinClass(UIRotationGestureRecognizer.self) { UIRotationGestureRecognizer() }
  }
}

/// `%rotation`: the rotation, in radians.
extension UIRotationGestureRecognizer: LinePlaceholderSubject {
  public func placeholderValue(_ placeholder: LinePlaceholder) -> String? {
    placeholder == .rotation ? LinePlaceholder.format(rotation) : nil
  }
}
