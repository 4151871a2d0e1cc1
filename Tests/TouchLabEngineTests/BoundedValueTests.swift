import XCTest

@testable import TouchLabEngine

/// The range rule UISlider and UIStepper share: setting one end past the other moves the
/// other end, and the value is clamped whenever anything is set.
final class BoundedValueTests: XCTestCase {
  func testSettingTheMinimumAboveTheMaximumRaisesTheMaximumAndClampsTheValue() {
    var range = BoundedValue(minimum: 0.0, maximum: 10, value: 4)
    range.minimum = 12
    XCTAssertEqual(range.maximum, 12)
    XCTAssertEqual(range.value, 12)
  }

  func testSettingTheMaximumBelowTheMinimumLowersTheMinimumAndClampsTheValue() {
    var range = BoundedValue(minimum: 5.0, maximum: 10, value: 8)
    range.maximum = 3
    XCTAssertEqual(range.minimum, 3)
    XCTAssertEqual(range.value, 3)
  }

  func testTheValueIsClampedWhenSet() {
    var range = BoundedValue(minimum: -1.0, maximum: 1, value: 0)
    range.value = 7
    XCTAssertEqual(range.value, 1)
    range.value = -7
    XCTAssertEqual(range.value, -1)
  }

  func testTheSliderAndTheStepperKeepTheirRangesByIt() {
    let slider = UISlider()
    slider.value = 2
    XCTAssertEqual(slider.value, 1)
    slider.minimumValue = 3
    XCTAssertEqual(slider.maximumValue, 3)
    XCTAssertEqual(slider.value, 3)
    let stepper = UIStepper()
    stepper.value = 150
    XCTAssertEqual(stepper.value, 100)
    stepper.maximumValue = -5
    XCTAssertEqual(stepper.minimumValue, -5)
    XCTAssertEqual(stepper.value, -5)
  }
}
