import Foundation
import TouchLabEngine
import TouchLabScripting

/// UISwitch: `isOn`; made at UIKit's standard size, so it needs no frame.
enum UISwitchDescription: ClassDescription {
  static var builtinClass: BuiltinClass {
    var builtin = BuiltinClass(UISwitch.self) {
      UISwitch(frame: CGRect(origin: .zero, size: UISwitch.standardSize))
    }
    builtin.hasStandardSize = true
    builtin.primaryControlEvent = .valueChanged
    builtin.properties = [
      .custom("isOn", ["on"]) { (value, toggle: UISwitch) in
        let on = try value.bool("isOn")
        return { toggle.setOn(on, animated: false) }
      }
    ]
    return builtin
  }
}

/// `%on`: whether it is on.
extension UISwitch: LinePlaceholderSubject {
  public func placeholderValue(_ placeholder: LinePlaceholder) -> String? {
    placeholder == .on ? LinePlaceholder.format(isOn) : nil
  }
}
