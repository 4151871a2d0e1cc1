import Foundation
import TouchLabEngine

extension BuiltinClass {
  /// UITextField: its text and placeholder.
  static var uiTextField: BuiltinClass {
    var builtin = BuiltinClass(UITextField.self, family: .view, overridableMethods: controlMethods) { UITextField() }
    builtin.properties = [
      .custom("text") { (value, field: UITextField) in
        let text = try value.string("text")
        return { field.text = text }
      },
      .custom("placeholder") { (value, field: UITextField) in
        let text = try value.string("placeholder")
        return { field.placeholder = text }
      },
    ]
    return builtin
  }
}
