import Foundation
import XCTest

@testable import TouchLabEngine

/// UISegmentedControl, UIStepper and UIPageControl, and the control-beats-parent-tap rule
/// for each (Apple, "Attaching gesture recognizers to UIKit controls").
final class ValueControlTests: XCTestCase {
  /// `control` at its frame in a parent with a single-tap recognizer `ParentTap`.
  private func scene<C: UIControl>(_ control: C, _ name: String, base: String) -> (Scene, C, UIView) {
    let scene = Scene()
    let parent = scene.view("Parent", rect(0, 0, 400, 800))
    scene.tap("ParentTap", on: parent)
    scene.add(control, name, base: base, in: parent)
    control.addTarget(scene.target, action: .selector("changed"), for: .valueChanged)
    return (scene, control, parent)
  }

  // MARK: UISegmentedControl

  /// Three 100 pt segments at (0, 100).
  private func segmented() -> (Scene, UISegmentedControl, UIView) {
    let control = UISegmentedControl(items: ["First", "Second", "Third"])
    control.frame = rect(0, 100, 300, 32)
    control.selectedSegmentIndex = 0
    return scene(control, "Segments", base: "UISegmentedControl")
  }

  func testSegmented_TapSelectsTheSegmentAndBeatsTheParentsTap() {
    let (scene, control, _) = segmented()
    scene.tap(at: pt(150, 116), at: 0)
    XCTAssertEqual(control.selectedSegmentIndex, 1)
    XCTAssertEqual(scene.actions, ["-[Target changed]"])
    XCTAssertEqual(scene.trace([.state], only: ["ParentTap"]).first, "ParentTap=failed")
  }

  func testSegmented_TapOnTheSelectedSegmentSendsNothing() {
    let (scene, control, _) = segmented()
    scene.tap(at: pt(50, 116), at: 0)
    XCTAssertEqual(control.selectedSegmentIndex, 0)
    XCTAssertEqual(scene.actions, [])
  }

  func testSegmented_TheHighlightFollowsTheFingerAndTheLiftSelects() {
    let (scene, control, _) = segmented()
    scene.down(pt(50, 116), at: 0)
    XCTAssertEqual(control.highlightedSegmentIndex, 0)
    scene.move(pt(250, 116), at: 0.1)
    XCTAssertEqual(control.highlightedSegmentIndex, 2)
    XCTAssertEqual(control.selectedSegmentIndex, 0)
    scene.up(pt(250, 116), at: 0.2)
    XCTAssertNil(control.highlightedSegmentIndex)
    XCTAssertEqual(control.selectedSegmentIndex, 2)
  }

  func testSegmented_LiftingFarOutsideSelectsNothing() {
    let (scene, control, _) = segmented()
    scene.drag(from: pt(150, 116), to: pt(150, 400), at: 0)
    XCTAssertEqual(control.selectedSegmentIndex, 0)
    XCTAssertEqual(scene.actions, [])
  }

  func testSegmented_MomentaryKeepsNoSelectionButSendsValueChanged() {
    let (scene, control, _) = segmented()
    control.selectedSegmentIndex = UISegmentedControl.noSegment
    control.isMomentary = true
    scene.tap(at: pt(150, 116), at: 0)
    XCTAssertEqual(control.selectedSegmentIndex, UISegmentedControl.noSegment)
    XCTAssertEqual(scene.actions, ["-[Target changed]"])
  }

  func testSegmented_AnIndexOutOfRangeIsIgnored() {
    let (_, control, _) = segmented()
    control.selectedSegmentIndex = 7
    XCTAssertEqual(control.selectedSegmentIndex, 0)
  }

  func testSegmented_ATwoFingerTapOnTheParentIsNotPrevented() {
    let (scene, _, parent) = segmented()
    let two = scene.tap("TwoFingerTap", on: parent)
    two.numberOfTouchesRequired = 2
    scene.send(
      at: 0,
      [
        TouchInput(finger: 1, phase: .began, location: pt(140, 116)),
        TouchInput(finger: 2, phase: .began, location: pt(160, 116)),
      ])
    scene.send(
      at: 0.05,
      [
        TouchInput(finger: 1, phase: .ended, location: pt(140, 116)),
        TouchInput(finger: 2, phase: .ended, location: pt(160, 116)),
      ])
    XCTAssertEqual(scene.actions, ["-[Target TwoFingerTap]"])
  }

  // MARK: UIStepper

  /// A 94 × 32 stepper at (100, 100), value 2 of 0…10: − is x 100…147, + is x 147…194.
  private func stepper() -> (Scene, UIStepper, UIView) {
    let stepper = UIStepper(frame: CGRect(origin: pt(100, 100), size: UIKitConstants.stepperSize))
    stepper.maximumValue = 10
    stepper.value = 2
    return scene(stepper, "Stepper", base: "UIStepper")
  }

  func testStepper_PlusStepsAtTouchDownAndBeatsTheParentsTap() {
    let (scene, stepper, _) = stepper()
    scene.down(pt(170, 116), at: 0)
    XCTAssertEqual(stepper.value, 3)
    XCTAssertEqual(stepper.pressedButton, .increment)
    scene.up(pt(170, 116), at: 0.05)
    XCTAssertEqual(stepper.value, 3)
    XCTAssertEqual(scene.actions, ["-[Target changed]"])
    XCTAssertNil(stepper.pressedButton)
  }

  func testStepper_MinusSteps() {
    let (scene, stepper, _) = stepper()
    stepper.stepValue = 0.5
    scene.tap(at: pt(120, 116), at: 0)
    XCTAssertEqual(stepper.value, 1.5)
  }

  func testStepper_AutorepeatAfterHalfASecondThenTenTimesASecond() {
    let (scene, stepper, _) = stepper()
    scene.down(pt(170, 116), at: 0)
    scene.app.clock.advance(to: 0.49)
    XCTAssertEqual(stepper.value, 3)
    scene.app.clock.advance(to: 0.5)
    XCTAssertEqual(stepper.value, 4)
    scene.app.clock.advance(to: 0.95)
    XCTAssertEqual(stepper.value, 8)
    scene.up(pt(170, 116), at: 0.95)
    scene.app.clock.advance(to: 3)
    XCTAssertEqual(stepper.value, 8)
    let times = scene.records.filter { $0.kind == .action }.map(\.time)
    XCTAssertEqual(times.count, 6)
    for (time, expected) in zip(times, [0, 0.5, 0.6, 0.7, 0.8, 0.9]) { XCTAssertEqual(time, expected, accuracy: 1e-9) }
  }

  /// The autorepeat is a timer the records show, as a recognizer's are: scheduled at the
  /// press (0.5 s), fired and scheduled again each step (0.1 s), cancelled at the lift —
  /// the window's `--transcript` gives its lateness by this purpose.
  func testStepper_TheAutorepeatIsARecordedTimer() {
    let (scene, _, _) = stepper()
    scene.down(pt(170, 116), at: 0)
    scene.app.clock.advance(to: 0.65)
    scene.up(pt(170, 116), at: 0.65)
    let timers: [String] = scene.records.compactMap { record in
      guard case .timer(let change, let timer) = record.event, timer.purpose == .autorepeat else { return nil }
      XCTAssertEqual(timer.owner?.className, "Stepper")
      return String(format: "%@ %.2f due %.2f", change.rawValue, record.time, timer.deadline)
    }
    XCTAssertEqual(
      timers,
      [
        "scheduled 0.00 due 0.50", "fired 0.50 due 0.50", "scheduled 0.50 due 0.60", "fired 0.60 due 0.60",
        "scheduled 0.60 due 0.70", "cancelled 0.65 due 0.70",
      ])
  }

  func testStepper_TheRepeatStopsAtTheMaximum() {
    let (scene, stepper, _) = stepper()
    stepper.value = 9
    scene.down(pt(170, 116), at: 0)
    XCTAssertEqual(stepper.value, 10)
    scene.app.clock.advance(to: 2)
    XCTAssertEqual(stepper.value, 10)
    XCTAssertFalse(scene.app.clock.hasPendingTimers)
    XCTAssertFalse(stepper.canStep(.increment))
    scene.up(pt(170, 116), at: 2)
    XCTAssertEqual(scene.actions.count, 1)
  }

  func testStepper_ATouchOnADisabledButtonDoesNothing() {
    let (scene, stepper, _) = stepper()
    stepper.value = 0
    scene.tap(at: pt(120, 116), at: 0)
    XCTAssertEqual(stepper.value, 0)
    XCTAssertEqual(scene.actions, [])
  }

  func testStepper_WrapsGoesRoundAtTheEnds() {
    let (scene, stepper, _) = stepper()
    stepper.wraps = true
    stepper.value = 10
    scene.tap(at: pt(170, 116), at: 0)
    XCTAssertEqual(stepper.value, 0)
    scene.tap(at: pt(120, 116), at: 1)
    XCTAssertEqual(stepper.value, 10)
  }

  func testStepper_NoAutorepeatStepsOnce() {
    let (scene, stepper, _) = stepper()
    stepper.autorepeat = false
    scene.down(pt(170, 116), at: 0)
    scene.app.clock.advance(to: 2)
    scene.up(pt(170, 116), at: 2)
    XCTAssertEqual(stepper.value, 3)
  }

  func testStepper_SlidingOffTheButtonStopsTheRepeat() {
    let (scene, stepper, _) = stepper()
    scene.down(pt(170, 116), at: 0)
    scene.move(pt(120, 116), at: 0.3)
    scene.app.clock.advance(to: 1.5)
    XCTAssertEqual(stepper.value, 3)
    scene.move(pt(170, 116), at: 1.5)  // back on +: the repeat starts over, half a second later
    scene.app.clock.advance(to: 1.99)
    XCTAssertEqual(stepper.value, 3)
    scene.app.clock.advance(to: 2.0)
    XCTAssertEqual(stepper.value, 4)
    scene.up(pt(170, 116), at: 2.05)
  }

  func testStepper_NotContinuousSendsOneValueChangedAtTheLift() {
    let (scene, stepper, _) = stepper()
    stepper.isContinuous = false
    scene.down(pt(170, 116), at: 0)
    scene.app.clock.advance(to: 0.75)
    XCTAssertEqual(stepper.value, 6)
    XCTAssertEqual(scene.actions, [])
    scene.up(pt(170, 116), at: 0.75)
    XCTAssertEqual(scene.actions, ["-[Target changed]"])
  }

  // MARK: UIPageControl

  /// Five pages, the current 2, in a 200 pt wide control at (100, 100): the dots' centres
  /// at x = 168, 184, 200, 216, 232 in the window.
  private func pages() -> (Scene, UIPageControl, UIView) {
    let control = UIPageControl(frame: rect(100, 100, 200, 28))
    control.numberOfPages = 5
    control.currentPage = 2
    return scene(control, "Pages", base: "UIPageControl")
  }

  func testPageControl_IndicatorsAreCentred() {
    let (_, control, _) = pages()
    XCTAssertEqual(control.indicatorRect(forPage: 2).midX, 100)
    XCTAssertEqual(control.indicatorRect(forPage: 0).midX, 68)
  }

  func testPageControl_TapLeftOfTheCurrentPageGoesBack() {
    let (scene, control, _) = pages()
    scene.tap(at: pt(130, 114), at: 0)
    XCTAssertEqual(control.currentPage, 1)
    XCTAssertEqual(scene.actions, ["-[Target changed]"])
    XCTAssertEqual(scene.trace([.state], only: ["ParentTap"]).first, "ParentTap=failed")
  }

  func testPageControl_TapRightOfTheCurrentPageGoesForwardOnePageOnly() {
    let (scene, control, _) = pages()
    scene.tap(at: pt(290, 114), at: 0)
    XCTAssertEqual(control.currentPage, 3)
  }

  func testPageControl_NoPageBeyondTheEnds() {
    let (scene, control, _) = pages()
    control.currentPage = 4
    scene.tap(at: pt(290, 114), at: 0)
    XCTAssertEqual(control.currentPage, 4)
    XCTAssertEqual(scene.actions, [])
  }

  func testPageControl_CurrentPageIsClampedToThePages() {
    let (_, control, _) = pages()
    control.currentPage = 9
    XCTAssertEqual(control.currentPage, 4)
    control.numberOfPages = 2
    XCTAssertEqual(control.currentPage, 1)
  }

  func testPageControl_ParentTapNotCancellingTouchesLetsBothAct() {
    let (scene, control, parent) = pages()
    parent.gestureRecognizers[0].cancelsTouchesInView = false
    scene.tap(at: pt(290, 114), at: 0)
    XCTAssertEqual(control.currentPage, 3)
    XCTAssertEqual(Set(scene.actions), ["-[Target ParentTap]", "-[Target changed]"])
  }
}
