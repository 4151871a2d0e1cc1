import CX11
import Foundation
import TouchLabEngine
import TouchLabSandbox
import TouchLabX11
import XCTest

/// The window's input → the engine's fingers: the mouse, its mirrored finger, touch screens.
final class TouchInputMapperTests: XCTestCase {
  /// The live test scene's size: 400 × 500 points, centre (200, 250).
  var mapper = TouchInputMapper(scale: 1, sceneSize: CGSize(width: 400, height: 500))

  func mouse(
    _ phase: PointerInput.Phase, _ x: Double, _ y: Double, button: Int = 1, held: [Int]? = nil,
    modifiers: InputModifiers = []
  ) -> InputEvent {
    let pressed = held ?? (phase == .up ? [] : [1])
    return .pointer(
      PointerInput(
        phase: phase, button: phase == .moved ? 0 : button, pressedButtons: pressed,
        location: InputPoint(x: x, y: y), modifiers: modifiers, deviceID: 2, sourceID: 4))
  }

  func touch(
    _ phase: X11TouchInput.Phase, id: UInt32, _ x: Double, _ y: Double, time: UInt = 0, source: Int32 = 11
  ) -> InputEvent {
    .touch(
      X11TouchInput(
        phase: phase, touchID: id, location: InputPoint(x: x, y: y), deviceID: 2, sourceID: source, time: time))
  }

  func finger(_ finger: Int, _ phase: TouchInput.Phase, _ x: CGFloat, _ y: CGFloat)
    -> TouchInput
  {
    TouchInput(finger: finger, phase: phase, location: CGPoint(x: x, y: y))
  }

  // MARK: The mouse

  func testTheMouseIsOneFingerWhileButtonOneIsDown() {
    let result = mapper.map([
      mouse(.moved, 50, 50, held: []),  // hovering: nothing
      mouse(.down, 100, 120),
      mouse(.moved, 110, 130),
      mouse(.up, 115, 135),
    ])
    XCTAssertEqual(
      result,
      [
        .touches([finger(1, .began, 100, 120)]),
        .touches([finger(1, .moved, 110, 130)]),
        .touches([finger(1, .ended, 115, 135)]),
      ])
    XCTAssertEqual(mapper.fingersDown, [])
  }

  func testOtherButtonsAreNotFingers() {
    XCTAssertEqual(mapper.map([mouse(.down, 100, 120, button: 3, held: [3]), mouse(.up, 100, 120, button: 3)]), [])
  }

  func testWindowPixelsArePointsDividedByTheScale() {
    mapper.scale = 2
    XCTAssertEqual(mapper.scenePoint(InputPoint(x: 200, y: 101)), CGPoint(x: 100, y: 50.5))
    XCTAssertEqual(
      mapper.map([mouse(.down, 200, 100), mouse(.up, 798, 998)]),
      [.touches([finger(1, .began, 100, 50)]), .touches([finger(1, .ended, 399, 499)])])
    // At scale 2 the scene ends at pixel 800: a press at 810 is on the panel.
    XCTAssertEqual(mapper.map([mouse(.down, 810, 100)]), [])
  }

  func testAPressOnThePanelIsNotBegunNorIsItsDrag() {
    let result = mapper.map([
      mouse(.down, 600, 100),  // the panel, right of the 400-point scene
      mouse(.moved, 100, 100),  // dragged into the scene: still not a touch
      mouse(.up, 100, 100),
    ])
    XCTAssertEqual(result, [])
  }

  func testADragThatLeavesTheSceneKeepsItsTouch() {
    let result = mapper.map([mouse(.down, 390, 100), mouse(.moved, 450, 100), mouse(.up, 460, 100)])
    XCTAssertEqual(
      result,
      [
        .touches([finger(1, .began, 390, 100)]), .touches([finger(1, .moved, 450, 100)]),
        .touches([finger(1, .ended, 460, 100)]),
      ])
  }

  // MARK: The mirrored finger (Alt)

  func testAltAddsASecondFingerMirroredAboutTheCentre() {
    let result = mapper.map([
      mouse(.down, 150, 250, modifiers: .alternate),
      mouse(.moved, 100, 200, modifiers: .alternate),
      mouse(.up, 90, 190, modifiers: .alternate),
    ])
    XCTAssertEqual(
      result,
      [
        // Both land in one event, as two fingers put down together.
        .touches([finger(1, .began, 150, 250), finger(2, .began, 250, 250)]),
        .touches([finger(1, .moved, 100, 200), finger(2, .moved, 300, 300)]),
        .touches([finger(1, .ended, 90, 190), finger(2, .ended, 310, 310)]),
      ])
  }

  func testCtrlAlsoMirrors() {
    XCTAssertEqual(
      mapper.map([mouse(.down, 100, 100, modifiers: .control)]),
      [.touches([finger(1, .began, 100, 100), finger(2, .began, 300, 400)])])
    XCTAssertEqual(mapper.map([mouse(.down, 10, 10, modifiers: .shift)]).count, 2, "a cancel, one finger")
  }

  func testAltPressedOrReleasedMidDragPutsTheMirrorDownOrLiftsIt() {
    let result = mapper.map([
      mouse(.down, 150, 250),
      mouse(.moved, 140, 250, modifiers: .alternate),
      mouse(.moved, 130, 250, modifiers: .alternate),
      mouse(.moved, 120, 250),
      mouse(.up, 120, 250),
    ])
    XCTAssertEqual(
      result,
      [
        .touches([finger(1, .began, 150, 250)]),
        .touches([finger(1, .moved, 140, 250), finger(2, .began, 260, 250)]),
        .touches([finger(1, .moved, 130, 250), finger(2, .moved, 270, 250)]),
        .touches([finger(1, .moved, 120, 250), finger(2, .ended, 280, 250)]),
        .touches([finger(1, .ended, 120, 250)]),
      ])
  }

  // MARK: Touch screens

  func testTouchesAreFingersNumberedFromOneWhateverTheirIds() {
    let result = mapper.map([
      touch(.began, id: 77, 10, 10, time: 1),
      touch(.began, id: 78, 20, 20, time: 2),
      touch(.moved, id: 77, 12, 12, time: 3),
      touch(.ended, id: 77, 12, 12, time: 4),
      touch(.began, id: 79, 30, 30, time: 5),  // takes finger 1, free again
      touch(.ended, id: 78, 20, 20, time: 6),
      touch(.ended, id: 79, 30, 30, time: 7),
    ])
    XCTAssertEqual(
      result,
      [
        .touches([finger(1, .began, 10, 10)]), .touches([finger(2, .began, 20, 20)]),
        .touches([finger(1, .moved, 12, 12)]), .touches([finger(1, .ended, 12, 12)]),
        .touches([finger(1, .began, 30, 30)]), .touches([finger(2, .ended, 20, 20)]),
        .touches([finger(1, .ended, 30, 30)]),
      ])
  }

  func testTouchesOfOneFrameAreOneEvent() {
    let result = mapper.map([
      touch(.began, id: 1, 10, 10, time: 500),
      touch(.began, id: 2, 50, 10, time: 500),
      touch(.moved, id: 1, 11, 10, time: 510),
      touch(.moved, id: 2, 51, 10, time: 510),
      touch(.moved, id: 1, 12, 10, time: 510),  // the same finger again: a new event
    ])
    XCTAssertEqual(
      result,
      [
        .touches([finger(1, .began, 10, 10), finger(2, .began, 50, 10)]),
        .touches([finger(1, .moved, 11, 10), finger(2, .moved, 51, 10)]),
        .touches([finger(1, .moved, 12, 10)]),
      ])
  }

  func testATouchLandingOnThePanelIsIgnoredToItsEnd() {
    mapper.scale = 2
    let result = mapper.map([
      touch(.began, id: 5, 900, 100), touch(.moved, id: 5, 100, 100, time: 1), touch(.ended, id: 5, 100, 100, time: 2),
    ])
    XCTAssertEqual(result, [])
  }

  func testPointerEventsEmulatedFromATouchNeverBecomeFingers() {
    // The server's pointer emulation of a touch carries XIPointerEmulated; the converter
    // drops it, so only the touch itself reaches the mapper.
    var event = XIDeviceEvent()
    event.evtype = XI_ButtonPress
    event.detail = 1
    event.event_x = 100
    event.event_y = 100
    event.flags = Int32(XIPointerEmulated)
    XCTAssertNil(XIEventConverter.inputEvent(from: event))
    event.evtype = XI_TouchBegin
    event.flags = 0
    let converted = XIEventConverter.inputEvent(from: event).map { [$0] } ?? []
    XCTAssertEqual(mapper.map(converted), [.touches([finger(1, .began, 100, 100)])])
  }

  func testTheMouseAndATouchScreenAreSeparateFingers() {
    let result = mapper.map([touch(.began, id: 3, 10, 10), mouse(.down, 100, 100), touch(.ended, id: 3, 10, 10)])
    XCTAssertEqual(
      result,
      [
        .touches([finger(1, .began, 10, 10)]), .touches([finger(2, .began, 100, 100)]),
        .touches([finger(1, .ended, 10, 10)]),
      ])
  }

  func testFingersBeyondTheLimitAreIgnoredUntilOneLifts() {
    let count = TouchInputMapper.maximumFingerCount
    var events = (0..<(count + 2)).map { touch(.began, id: UInt32(100 + $0), Double($0), 10, time: UInt($0)) }
    events.append(touch(.moved, id: UInt32(100 + count), 50, 50, time: 100))  // an ignored one moves
    events.append(touch(.ended, id: 100, 0, 10, time: 101))
    events.append(touch(.began, id: 500, 60, 60, time: 102))
    let result = mapper.map(events)
    XCTAssertEqual(result.count, count + 2)
    XCTAssertEqual(result[count], .touches([finger(1, .ended, 0, 10)]))
    XCTAssertEqual(result[count + 1], .touches([finger(1, .began, 60, 60)]))
    XCTAssertEqual(mapper.fingersDown, Array(1...count))
  }

  func testTouchIdsAroundTheWrapAreFingersLikeAnyOther() {
    let result = mapper.map([
      touch(.began, id: UInt32.max, 10, 10, time: 1), touch(.began, id: 0, 20, 20, time: 2),
      touch(.ended, id: UInt32.max, 10, 10, time: 3), touch(.ended, id: 0, 20, 20, time: 4),
    ])
    XCTAssertEqual(
      result,
      [
        .touches([finger(1, .began, 10, 10)]), .touches([finger(2, .began, 20, 20)]),
        .touches([finger(1, .ended, 10, 10)]), .touches([finger(2, .ended, 20, 20)]),
      ])
  }

  // MARK: Ends that never come

  func testAnIdComingBackWhileStillDownCancelsEverything() {
    let result = mapper.map([
      touch(.began, id: 9, 10, 10, time: 1), touch(.began, id: 4, 30, 30, time: 2),
      touch(.began, id: 9, 20, 20, time: 3),  // 9's end was lost (or the ids wrapped)
      touch(.moved, id: 4, 31, 31, time: 4),  // 4 was cancelled: its rest is ignored
      touch(.ended, id: 4, 31, 31, time: 5),
    ])
    XCTAssertEqual(
      result,
      [
        .touches([finger(1, .began, 10, 10)]), .touches([finger(2, .began, 30, 30)]), .cancelAllTouches,
        .touches([finger(1, .began, 20, 20)]),
      ])
  }

  func testFocusLossAndDeviceChangesCancelEveryTouchOnce() {
    XCTAssertEqual(mapper.map([.focusLost]), [], "nothing down: nothing to cancel")
    let result = mapper.map([
      touch(.began, id: 1, 10, 10), mouse(.down, 100, 100), .focusLost, touch(.moved, id: 1, 12, 12),
      mouse(.moved, 110, 110), mouse(.up, 110, 110), .deviceHierarchyChanged,
    ])
    XCTAssertEqual(
      result, [.touches([finger(1, .began, 10, 10)]), .touches([finger(2, .began, 100, 100)]), .cancelAllTouches])
    XCTAssertEqual(mapper.map([touch(.began, id: 2, 5, 5)]), [.touches([finger(1, .began, 5, 5)])])
    XCTAssertEqual(mapper.map([.deviceHierarchyChanged]), [.cancelAllTouches])
  }

  func testAMissedMouseReleaseCancels() {
    // Motion with button 1 no longer held: its release went to someone else.
    XCTAssertEqual(
      mapper.map([mouse(.down, 10, 10), mouse(.moved, 20, 20, held: []), mouse(.up, 20, 20)]),
      [.touches([finger(1, .began, 10, 10)]), .cancelAllTouches])
    // A second press without a release between.
    XCTAssertEqual(
      mapper.map([mouse(.down, 10, 10), mouse(.down, 30, 30), mouse(.up, 30, 30)]),
      [
        .touches([finger(1, .began, 10, 10)]), .cancelAllTouches, .touches([finger(1, .began, 30, 30)]),
        .touches([finger(1, .ended, 30, 30)]),
      ])
  }

  func testForgettingFingersDropsTheRestOfTheirContacts() {
    _ = mapper.map([touch(.began, id: 1, 10, 10), mouse(.down, 50, 50)])
    mapper.forgetAllFingers()
    XCTAssertEqual(mapper.map([touch(.moved, id: 1, 11, 11), mouse(.moved, 51, 51), mouse(.up, 51, 51)]), [])
  }
}
