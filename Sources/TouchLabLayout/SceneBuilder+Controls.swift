import Foundation
import TouchLabEngine

extension SceneBuilder {
  /// Keys whose value must lie in a range other keys of the same view set: applied after
  /// every other key, whatever their order in the file, then checked.
  static let appliedAfterRangeKeys: Set<String> = ["value", "selectedSegmentIndex", "currentPage"]

  /// A scroll view's own pan, under `ID.panGestureRecognizer`, for the lists of recognizer
  /// ids (`requireToFail`, a delegate's `shouldBeRequiredToFailBy`…): UIKit's
  /// `scrollView.panGestureRecognizer.require(toFail: edgePan)` fix needs it.
  mutating func registerBuiltinRecognizers(of view: UIView) {
    guard let scroll = view as? UIScrollView, let id = scroll.identifier else { return }
    objects["\(id).panGestureRecognizer"] = scroll.panGestureRecognizer
  }

  /// Applies `value`-like keys last and reports one the control would clamp (UIKit clamps
  /// silently; a layout that asks for an impossible value is a mistake).
  func applyValueSetters(_ setters: [(key: String, value: YAMLValue, set: () -> Void)], to view: UIView) throws {
    for (key, value, set) in setters {
      set()
      switch (view, key) {
      case (let slider as UISlider, "value"):
        try checkValue(value, Double(slider.value), Double(slider.minimumValue), Double(slider.maximumValue))
      case (let stepper as UIStepper, "value"):
        try checkValue(value, stepper.value, stepper.minimumValue, stepper.maximumValue)
      case (let control as UISegmentedControl, "selectedSegmentIndex"):
        let wanted = try value.int("selectedSegmentIndex", in: -1...99)
        guard wanted == control.selectedSegmentIndex else {
          throw value.error(
            "selectedSegmentIndex \(wanted) names no segment: there are \(control.numberOfSegments) "
              + "(0…\(control.numberOfSegments - 1), or -1 for none)")
        }
      case (let pages as UIPageControl, "currentPage"):
        let wanted = try value.int("currentPage", in: 0...999)
        guard wanted == pages.currentPage else {
          throw value.error("currentPage \(wanted) is not a page: numberOfPages is \(pages.numberOfPages)")
        }
      default: break
      }
    }
  }

  private func checkValue(_ node: YAMLValue, _ actual: Double, _ minimum: Double, _ maximum: Double) throws {
    let wanted = try node.double("value")
    guard abs(wanted - actual) <= 1e-6 * max(1, abs(wanted)) else {
      throw node.error(
        "value \(plain(wanted)) is outside minimumValue…maximumValue (\(plain(minimum))…\(plain(maximum)))")
    }
  }

  private func plain(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
  }
}
