import Foundation
import TouchLabEngine
import TouchLabScripting

extension BuiltinClass {
  static var uiRotationGestureRecognizer: BuiltinClass {
    BuiltinClass(UIRotationGestureRecognizer.self) { UIRotationGestureRecognizer() }
  }
}

/// `%rotation`: the rotation, in radians.
extension UIRotationGestureRecognizer: LinePlaceholderSubject {
  public func placeholderValue(_ placeholder: LinePlaceholder) -> String? {
    placeholder == .rotation ? LinePlaceholder.format(rotation) : nil
  }
}
