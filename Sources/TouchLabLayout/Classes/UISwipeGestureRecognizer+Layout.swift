import Foundation
import TouchLabEngine

/// UISwipeGestureRecognizer: its directions and touches.
enum UISwipeGestureRecognizerDescription: ClassDescription {
  static var builtinClass: BuiltinClass {
    var builtin = BuiltinClass(UISwipeGestureRecognizer.self) { UISwipeGestureRecognizer() }
    builtin.properties = [
      .int("numberOfTouchesRequired", 1...10, UISwipeGestureRecognizer.self) { $0.numberOfTouchesRequired = $1 },
      .custom("direction") { (value, swipe: UISwipeGestureRecognizer) in
        var direction: UISwipeGestureRecognizer.Direction = []
        let all: [String: UISwipeGestureRecognizer.Direction] = [
          "right": .right, "left": .left, "up": .up, "down": .down,
        ]
        for name in try value.stringList("direction") {
          guard let d = all[name] else {
            throw value.error("direction must be right, left, up or down (or a list of them)")
          }
          direction.insert(d)
        }
        return { swipe.direction = direction }
      },
    ]
    return builtin
  }
}
