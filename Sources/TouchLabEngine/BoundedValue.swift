import Foundation

/// A value kept within `minimum...maximum`, as UIKit's range controls keep theirs
/// (`UISlider`, `UIStepper`): setting the minimum above the maximum raises the maximum to
/// it (and the other way round), and the value is clamped whenever either end or the value
/// itself is set.
struct BoundedValue<Value: Comparable> {
  var minimum: Value {
    didSet {
      if maximum < minimum { maximum = minimum }
      value = clamped(value)
    }
  }
  var maximum: Value {
    didSet {
      if minimum > maximum { minimum = maximum }
      value = clamped(value)
    }
  }
  var value: Value {
    didSet {
      let inRange = clamped(value)
      if inRange != value { value = inRange }
    }
  }

  init(minimum: Value, maximum: Value, value: Value) {
    self.minimum = minimum
    self.maximum = max(minimum, maximum)
    self.value = min(max(value, minimum), self.maximum)
  }

  func clamped(_ v: Value) -> Value { min(max(v, minimum), maximum) }
}
