import Foundation
import TouchLabEngine
import TouchLabScripting

/// UIPanGestureRecognizer: how many touches it tracks.
enum UIPanGestureRecognizerDescription: ClassDescription {
  static var builtinClass: BuiltinClass {
    var builtin = BuiltinClass(UIPanGestureRecognizer.self) { UIPanGestureRecognizer() }
    builtin.properties = [
      .int("minimumNumberOfTouches", 1...10, UIPanGestureRecognizer.self) { $0.minimumNumberOfTouches = $1 },
      .custom("maximumNumberOfTouches") { (value, pan: UIPanGestureRecognizer) in
        let n = try value.int("maximumNumberOfTouches", in: 1...Int.max)
        return { pan.maximumNumberOfTouches = n }
      },
    ]
    return builtin
  }
}

/// `%translation` and `%velocity`: the pan's, in its view (a screen-edge pan's too).
extension UIPanGestureRecognizer: LinePlaceholderSubject {
  public func placeholderValue(_ placeholder: LinePlaceholder) -> String? {
    switch placeholder {
    case .translation: LinePlaceholder.format(translation(in: view))
    case .velocity: LinePlaceholder.format(velocity(in: view))
    default: nil
    }
  }
}
