import Foundation
import TouchLabEngine
import TouchLabScripting

extension BuiltinClass {
  static var uiPinchGestureRecognizer: BuiltinClass {
    BuiltinClass(UIPinchGestureRecognizer.self) { UIPinchGestureRecognizer() }
  }
}

/// `%scale`: the pinch's scale.
extension UIPinchGestureRecognizer: LinePlaceholderSubject {
  public func placeholderValue(_ placeholder: LinePlaceholder) -> String? {
    placeholder == .scale ? LinePlaceholder.format(scale) : nil
  }
}
