import Foundation
import TouchLabEngine

extension BuiltinClass {
  /// UIControl: its three states (targets are structure, read by the scene builder).
  static var uiControl: BuiltinClass {
    var builtin = BuiltinClass(UIControl.self, family: .view, overridableMethods: controlMethods) { UIControl() }
    builtin.properties = [
      .bool("isEnabled", ["enabled"], \UIControl.isEnabled),
      .bool("isSelected", ["selected"], \UIControl.isSelected),
      .bool("isHighlighted", ["highlighted"], \UIControl.isHighlighted),
    ]
    return builtin
  }
}
