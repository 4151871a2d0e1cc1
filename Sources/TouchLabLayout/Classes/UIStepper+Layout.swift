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
      .double("value", \UIStepper.value),
      .double("minimumValue", \UIStepper.minimumValue),
      .double("maximumValue", \UIStepper.maximumValue),
      .custom("stepValue") { (value, stepper: UIStepper) in
        let step = try value.double("stepValue")
        guard step > 0, step <= 1_000_000_000 else { throw value.error("stepValue must be above 0") }
        return { stepper.stepValue = step }
      },
      .bool("wraps", [], \UIStepper.wraps),
      .bool("autorepeat", [], \UIStepper.autorepeat),
      .bool("isContinuous", ["continuous"], \UIStepper.isContinuous),
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
