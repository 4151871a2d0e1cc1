import Foundation
import TouchLabEngine
import TouchLabScripting

/// UISegmentedControl: its segments' titles and the selected one (set last and checked).
enum UISegmentedControlDescription: ClassDescription {
  static var builtinClass: BuiltinClass {
    var builtin = BuiltinClass(UISegmentedControl.self) {
      UISegmentedControl()
    }
    builtin.primaryControlEvent = .valueChanged
    builtin.properties = [
      .custom("segments") { (value, control: UISegmentedControl) in
        let titles = try value.stringList("segments")
        guard titles.count <= 100 else { throw value.error("at most 100 segments") }
        return {
          control.removeAllSegments()
          for (i, title) in titles.enumerated() { control.insertSegment(withTitle: title, at: i, animated: false) }
        }
      },
      .int("selectedSegmentIndex", -1...99, UISegmentedControl.self) { $0.selectedSegmentIndex = $1 },
      .bool("isMomentary", ["momentary"], UISegmentedControl.self) { $0.isMomentary = $1 },
    ]
    builtin.rangeChecks["selectedSegmentIndex"] = { value, object in
      guard let control = object as? UISegmentedControl else { return }
      let wanted = try value.int("selectedSegmentIndex", in: -1...99)
      guard wanted == control.selectedSegmentIndex else {
        throw value.error(
          "selectedSegmentIndex \(wanted) names no segment: there are \(control.numberOfSegments) "
            + "(0…\(control.numberOfSegments - 1), or -1 for none)")
      }
    }
    return builtin
  }
}

/// `%value`: the selected segment.
extension UISegmentedControl: LinePlaceholderSubject {
  public func placeholderValue(_ placeholder: LinePlaceholder) -> String? {
    placeholder == .value ? String(selectedSegmentIndex) : nil
  }
}
