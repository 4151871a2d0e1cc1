import Foundation
import TouchLabEngine

extension BuiltinClass {
  /// UIButton: its title.
  static var uiButton: BuiltinClass {
    var builtin = BuiltinClass(UIButton.self) { UIButton() }
    builtin.printedTextKey = "title"
    builtin.properties = [
      .string("title", \UIButton.title)
    ]
    return builtin
  }
}
