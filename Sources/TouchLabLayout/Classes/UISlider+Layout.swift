import Foundation
import TouchLabEngine
import TouchLabScripting

/// UISlider: its value and range (`value` set last and checked against the range).
enum UISliderDescription: ClassDescription {
  static var builtinClass: BuiltinClass {
    var builtin = BuiltinClass(UISlider.self) { UISlider() }
    builtin.primaryControlEvent = .valueChanged
    builtin.properties = [
      .float("value", UISlider.self) { $0.value = $1 },
      .float("minimumValue", UISlider.self) { $0.minimumValue = $1 },
      .float("maximumValue", UISlider.self) { $0.maximumValue = $1 },
      .bool("isContinuous", ["continuous"], UISlider.self) { $0.isContinuous = $1 },
    ]
    builtin.rangeChecks["value"] = { node, object in
      guard let slider = object as? UISlider else { return }
      try checkValue(node, Double(slider.value), Double(slider.minimumValue), Double(slider.maximumValue))
    }
    return builtin
  }

  /// Refuses a `value:` the control clamped to another.
  static func checkValue(_ node: YAMLValue, _ actual: Double, _ minimum: Double, _ maximum: Double) throws {
    let wanted = try node.double("value")
    guard abs(wanted - actual) <= 1e-6 * max(1, abs(wanted)) else {
      throw node.error(
        "value \(plain(wanted)) is outside minimumValue…maximumValue (\(plain(minimum))…\(plain(maximum)))")
    }
  }

  private static func plain(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
  }
}

/// `%value`: its value.
extension UISlider: LinePlaceholderSubject {
  public func placeholderValue(_ placeholder: LinePlaceholder) -> String? {
    placeholder == .value ? LinePlaceholder.format(CGFloat(value)) : nil
  }
}
