import Foundation
import TouchLabEngine
import TouchLabScripting

/// UIStepper: its value, range and step; made at UIKit's standard size; a held half
/// repeats (`autorepeatInterval`, which the scenario budget counts).
enum UIStepperDescription: ClassDescription {
  static var builtinClass: BuiltinClass {
    var builtin = BuiltinClass(UIStepper.self) {
      UIStepper(frame: CGRect(origin: .zero, size: UIKitConstants.stepperSize))
    }
    builtin.hasStandardSize = true
    builtin.primaryControlEvent = .valueChanged
    builtin.autorepeatInterval = UIKitConstants.stepperAutorepeatInterval
    builtin.properties = [
      .double("value", UIStepper.self) { $0.value = $1 },
      .double("minimumValue", UIStepper.self) { $0.minimumValue = $1 },
      .double("maximumValue", UIStepper.self) { $0.maximumValue = $1 },
      .custom("stepValue") { (value, stepper: UIStepper) in
        let step = try value.double("stepValue")
        guard step > 0, step <= 1_000_000_000 else { throw value.error("stepValue must be above 0") }
        return { stepper.stepValue = step }
      },
      .bool("wraps", [], UIStepper.self) { $0.wraps = $1 },
      .bool("autorepeat", [], UIStepper.self) { $0.autorepeat = $1 },
      .bool("isContinuous", ["continuous"], UIStepper.self) { $0.isContinuous = $1 },
    ]
    builtin.rangeChecks["value"] = { node, object in
      guard let stepper = object as? UIStepper else { return }
      try UISliderDescription.checkValue(node, stepper.value, stepper.minimumValue, stepper.maximumValue)
    }
    return builtin
  }
}

/// `%value`: its value.
extension UIStepper: LinePlaceholderSubject {
  public func placeholderValue(_ placeholder: LinePlaceholder) -> String? {
    placeholder == .value ? LinePlaceholder.format(CGFloat(value)) : nil
  }
}
