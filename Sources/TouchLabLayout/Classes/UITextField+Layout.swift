import Foundation
import TouchLabEngine

extension BuiltinClass {
  /// UITextField: its text and placeholder.
  static var uiTextField: BuiltinClass {
    var builtin = BuiltinClass(UITextField.self) { UITextField() }
    builtin.printedTextKey = "text"
    builtin.properties = [
      .string("text", \UITextField.text),
      .string("placeholder", \UITextField.placeholder),
    ]
    return builtin
  }
}
