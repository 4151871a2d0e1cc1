import Foundation
import TouchLabEngine

/// UITextField: its text and placeholder.
enum UITextFieldDescription: ClassDescription {
  static var builtinClass: BuiltinClass {
    var builtin = BuiltinClass(UITextField.self) { UITextField() }
    builtin.printedTextKey = "text"
    builtin.properties = [
      .string("text", UITextField.self) { $0.text = $1 },
      .string("placeholder", UITextField.self) { $0.placeholder = $1 },
    ]
    return builtin
  }
}
