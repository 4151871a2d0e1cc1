import Foundation
import TouchLabEngine

extension BuiltinClass {
  /// UIButton: its title.
  static var uiButton: BuiltinClass {
    var builtin = BuiltinClass(UIButton.self, family: .view, overridableMethods: controlMethods) { UIButton() }
    builtin.properties = [
      .custom("title") { (value, button: UIButton) in
        let title = try value.string("title")
        return { button.title = title }
      }
    ]
    return builtin
  }
}
