import Foundation
import TouchLabEngine

extension SceneBuilder {
  /// Keys whose value must lie in a range other keys of the same view set: applied after
  /// every other key, whatever their order in the file, then checked.
  static let appliedAfterRangeKeys: Set<String> = ["value"]

  /// Applies `value`-like keys last and reports one the control would clamp (UIKit clamps
  /// silently; a layout that asks for an impossible value is a mistake).
  func applyValueSetters(_ setters: [(key: String, value: YAMLValue, set: () -> Void)], to view: UIView) throws {
    for (key, value, set) in setters {
      set()
      if let slider = view as? UISlider, key == "value" {
        let wanted = try value.double("value")
        guard Float(wanted) == slider.value else {
          throw value.error(
            "value \(plain(wanted)) is outside minimumValue…maximumValue "
              + "(\(plain(Double(slider.minimumValue)))…\(plain(Double(slider.maximumValue))))")
        }
      }
    }
  }

  private func plain(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
  }
}
