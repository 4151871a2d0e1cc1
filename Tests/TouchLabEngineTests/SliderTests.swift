import Foundation
import XCTest

@testable import TouchLabEngine

/// UISlider: thumb tracking, its values, and its place in the control-versus-parent rule
/// (Apple, "Attaching gesture recognizers to UIKit controls").
final class SliderTests: XCTestCase {
  /// A 0…100 slider at value 50, frame (20, 100, 350, 31), in a parent filling the window:
  /// the thumb's centre is at x = 20 + 14 + 322 × 0.5 = 195, y = 115.5 in the window.
  private func sliderScene(continuous: Bool = true) -> (Scene, UISlider, UIView) {
    let scene = Scene()
    let parent = scene.view("Parent", rect(0, 0, 400, 800))
    let slider = scene.add(UISlider(frame: rect(20, 100, 350, 31)), "Slider", base: "UISlider", in: parent)
    slider.maximumValue = 100
    slider.value = 50
    slider.isContinuous = continuous
    slider.addTarget(scene.target, action: .selector("changed"), for: .valueChanged)
    return (scene, slider, parent)
  }

  func testSlider_ThumbGeometryFollowsTheValue() {
    let (_, slider, _) = sliderScene()
    XCTAssertEqual(slider.currentThumbRect, rect(161, 1.5, 28, 28))
    slider.value = 0
    XCTAssertEqual(slider.currentThumbRect.minX, 0)
    slider.value = 100
    XCTAssertEqual(slider.currentThumbRect.maxX, 350)
  }

  func testSlider_ValueIsClampedToTheRange() {
    let (_, slider, _) = sliderScene()
    slider.value = 150
    XCTAssertEqual(slider.value, 100)
    slider.value = -3
    XCTAssertEqual(slider.value, 0)
    slider.minimumValue = 20
    XCTAssertEqual(slider.value, 20)
    slider.maximumValue = 10  // below the minimum: both become 10, as UIKit does
    XCTAssertEqual(slider.minimumValue, 10)
    XCTAssertEqual(slider.value, 10)
  }

  func testSlider_DragOnTheThumbMovesTheValueAndSendsValueChangedAtEachChange() {
    let (scene, slider, _) = sliderScene()
    scene.drag(from: pt(195, 115), to: pt(275.5, 115), at: 0, steps: 4)
    // 80.5 pt of 322 pt of travel: a quarter of the range, the grab point kept under the finger.
    XCTAssertEqual(slider.value, 75, accuracy: 0.001)
    XCTAssertEqual(scene.actions, Array(repeating: "-[Target changed]", count: 4))
    XCTAssertFalse(slider.isTracking)
  }

  func testSlider_TheThumbDoesNotJumpToTheFingerWhenGrabbedOffCentre() {
    let (scene, slider, _) = sliderScene()
    scene.down(pt(205, 115), at: 0)  // 10 pt right of the thumb's centre
    scene.move(pt(206, 115), at: 0.05)
    XCTAssertEqual(slider.value, 50 + 100 / 322, accuracy: 0.001)
  }

  func testSlider_ATouchOnTheTrackAwayFromTheThumbDoesNotTrack() {
    let (scene, slider, _) = sliderScene()
    scene.drag(from: pt(320, 115), to: pt(360, 115), at: 0, steps: 4)
    XCTAssertEqual(slider.value, 50)
    XCTAssertEqual(scene.actions, [])
  }

  func testSlider_TheThumbsHitAreaIsGrownTo44Points() {
    // The thumb spans x 181…209 in the window; its hit area 173…217 (8 pt more each side).
    let (scene, slider, _) = sliderScene()
    scene.down(pt(216, 115), at: 0)
    XCTAssertTrue(slider.isTracking)
    scene.up(pt(216, 115), at: 0.05)
    scene.down(pt(219, 115), at: 1)
    XCTAssertFalse(slider.isTracking)
    scene.up(pt(219, 115), at: 1.05)
  }

  func testSlider_NotContinuousSendsOneValueChangedAtTheLift() {
    let (scene, slider, _) = sliderScene(continuous: false)
    scene.drag(from: pt(195, 115), to: pt(275.5, 115), at: 0, steps: 4, lift: false)
    XCTAssertEqual(slider.value, 75, accuracy: 0.001)
    XCTAssertEqual(scene.actions, [])
    scene.up(pt(275.5, 115), at: 0.2)
    XCTAssertEqual(scene.actions, ["-[Target changed]"])
  }

  func testSlider_NotContinuousSendsNothingWhenTheValueDidNotChange() {
    let (scene, _, _) = sliderScene(continuous: false)
    scene.tap(at: pt(195, 115), at: 0)
    XCTAssertEqual(scene.actions, [])
  }

  // MARK: The control rule

  func testControlRule_PanAlongTheThumbFailsAnAncestorsPan() {
    let (scene, slider, parent) = sliderScene()
    let pan = scene.recognizer(UIPanGestureRecognizer(), "ParentPan", on: parent)
    scene.drag(from: pt(195, 115), to: pt(255, 115), at: 0, steps: 4)
    XCTAssertEqual(scene.trace([.state], only: ["ParentPan"]).first, "ParentPan=failed")
    XCTAssertGreaterThan(slider.value, 50)
    XCTAssertEqual(pan.state, .possible)
    XCTAssertFalse(scene.actions.contains("-[Target ParentPan]"))
  }

  func testControlRule_PanAcrossTheThumbBeginsAndCancelsTheSlider() {
    let (scene, slider, parent) = sliderScene()
    scene.recognizer(UIPanGestureRecognizer(), "ParentPan", on: parent)
    scene.drag(from: pt(195, 115), to: pt(195, 175), at: 0, steps: 4)
    XCTAssertEqual(scene.trace([.state], only: ["ParentPan"]).first, "ParentPan=began")
    XCTAssertEqual(slider.value, 50)
    XCTAssertTrue(scene.calls("Slider").contains("touchesCancelled[1]"))
  }

  func testControlRule_PanStartingOnTheTrackIsTheAncestors() {
    let (scene, slider, parent) = sliderScene()
    scene.recognizer(UIPanGestureRecognizer(), "ParentPan", on: parent)
    scene.drag(from: pt(320, 115), to: pt(360, 115), at: 0, steps: 4)
    XCTAssertEqual(scene.trace([.state], only: ["ParentPan"]).first, "ParentPan=began")
    XCTAssertEqual(slider.value, 50)
  }

  func testControlRule_SwipeAlongTheThumbFailsAnAncestorsSwipe() {
    let (scene, slider, parent) = sliderScene()
    let swipe = scene.recognizer(UISwipeGestureRecognizer(), "ParentSwipe", on: parent)
    swipe.direction = .right
    scene.drag(from: pt(195, 115), to: pt(275, 115), at: 0, steps: 4)
    XCTAssertFalse(scene.actions.contains("-[Target ParentSwipe]"))
    XCTAssertGreaterThan(slider.value, 70)
  }

  func testControlRule_ATapOnTheThumbIsTheAncestorsTap() {
    // Apple's list names a tap for buttons, switches, steppers, segmented and page
    // controls — not for a slider.
    let (scene, _, parent) = sliderScene()
    scene.tap("ParentTap", on: parent)
    scene.tap(at: pt(195, 115), at: 0)
    XCTAssertEqual(scene.actions, ["-[Target ParentTap]"])
  }

  func testControlRule_ASwipeOnTheThumbShortEnoughForATapIsStillTheSliders() {
    let (scene, slider, parent) = sliderScene()
    scene.tap("ParentTap", on: parent)
    scene.drag(from: pt(195, 115), to: pt(225, 115), at: 0, steps: 3)
    XCTAssertEqual(scene.actions, Array(repeating: "-[Target changed]", count: 3))
    XCTAssertGreaterThan(slider.value, 50)
  }

  func testSlider_InAScrollViewWithoutDelayTheControlKeepsAHorizontalDrag() {
    let scene = Scene()
    let scroll = scene.add(UIScrollView(frame: rect(0, 0, 400, 200)), "Scroll", base: "UIScrollView")
    scroll.contentSize = CGSize(width: 1000, height: 200)
    scroll.delaysContentTouches = false
    let slider = scene.add(UISlider(frame: rect(20, 100, 350, 31)), "Slider", base: "UISlider", in: scroll)
    slider.value = 0.5
    scene.drag(from: pt(195, 115), to: pt(135, 115), at: 0, steps: 4)
    XCTAssertEqual(scroll.contentOffset, .zero)
    XCTAssertLessThan(slider.value, 0.5)
  }

  func testSlider_NotContinuousTouchedOffTheThumbSendsNothing() {
    // Issue 28 (docs/BEHAVIOUR.md §6.4): off the thumb beginTracking says NO, so no
    // endTracking follows and no valueChanged at the lift, even after the value was set.
    let (scene, slider, _) = sliderScene(continuous: false)
    slider.addTarget(scene.target, action: .selector("down"), for: .touchDown)
    slider.value = 20
    scene.tap(at: pt(320, 115), at: 0)
    scene.drag(from: pt(320, 115), to: pt(360, 115), at: 1, steps: 4)
    XCTAssertEqual(scene.actions, [])
    XCTAssertEqual(slider.value, 20)
  }

}
