import Foundation
import TouchLabEngine

/// UITextField: its text and placeholder.
enum UITextFieldDescription: ClassDescription {
  static var builtinClass: BuiltinClass {
    var builtin = BuiltinClass(UITextField.self) { UITextField() }
    builtin.printedTextKey = "text"
    builtin.properties = [
      .string("text", \UITextField.text),
      .string("placeholder", \UITextField.placeholder),
    ]
    return builtin
  }
}
