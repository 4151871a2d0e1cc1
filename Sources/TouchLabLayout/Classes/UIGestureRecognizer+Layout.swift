import Foundation
import TouchLabEngine

extension BuiltinClass {
  /// UIGestureRecognizer: what every recognizer has (its targets, `requireToFail:` and
  /// delegate are structure, read by the scene builder).
  static var uiGestureRecognizer: BuiltinClass {
    var builtin = BuiltinClass(UIGestureRecognizer.self, family: .recognizer) { UIGestureRecognizer() }
    builtin.properties = [
      .bool("cancelsTouchesInView", [], \UIGestureRecognizer.cancelsTouchesInView),
      .bool("delaysTouchesBegan", [], \UIGestureRecognizer.delaysTouchesBegan),
      .bool("delaysTouchesEnded", [], \UIGestureRecognizer.delaysTouchesEnded),
      .custom("isEnabled", ["enabled"]) { (value, recognizer: UIGestureRecognizer) in
        let enabled = try value.bool("isEnabled")
        return { recognizer.isEnabled = enabled }
      },
      .custom("name") { (value, recognizer: UIGestureRecognizer) in
        let name = try value.string("name")
        return { recognizer.name = name }
      },
    ]
    return builtin
  }
}
