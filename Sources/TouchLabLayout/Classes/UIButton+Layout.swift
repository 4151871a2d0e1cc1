import Foundation
import TouchLabEngine

/// UIButton: its title.
enum UIButtonDescription: ClassDescription {
  static var builtinClass: BuiltinClass {
    var builtin = BuiltinClass(UIButton.self) { UIButton() }
    builtin.printedTextKey = "title"
    builtin.properties = [
      .string("title", UIButton.self) { $0.title = $1 }
    ]
    return builtin
  }
}
