import Foundation
import TouchLabEngine

extension PropertyTable {
  /// The properties of UIKit's value controls: UISlider (docs/layouts.md).
  static var controlEntries: [Entry] {
    [
      float("value", \UISlider.value),
      float("minimumValue", \UISlider.minimumValue),
      float("maximumValue", \UISlider.maximumValue),
      bool("isContinuous", ["continuous"], \UISlider.isContinuous),
    ]
  }

  /// A `Float` property (UIKit's type for a slider's values), within ±1,000,000,000.
  static func float<T: AnyObject>(_ name: String, _ keyPath: ReferenceWritableKeyPath<T, Float>) -> Entry {
    Entry(
      name: name, aliases: [], appliesTo: { $0 is T },
      parse: { value, object in
        let v = Float(try value.number(name, in: -1_000_000_000...1_000_000_000))
        return { (object as! T)[keyPath: keyPath] = v }
      })
  }
}
