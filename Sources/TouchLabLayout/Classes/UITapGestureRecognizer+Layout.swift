import Foundation
import TouchLabEngine

extension BuiltinClass {
  static var uiTapGestureRecognizer: BuiltinClass {
    var builtin = BuiltinClass(UITapGestureRecognizer.self) { UITapGestureRecognizer() }
    builtin.properties = [
      .int("numberOfTapsRequired", 1...10, \UITapGestureRecognizer.numberOfTapsRequired),
      .int("numberOfTouchesRequired", 1...10, \UITapGestureRecognizer.numberOfTouchesRequired),
    ]
    return builtin
  }
}
