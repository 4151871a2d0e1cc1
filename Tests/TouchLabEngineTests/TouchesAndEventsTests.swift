import Foundation
import XCTest

@testable import TouchLabEngine

/// docs/BEHAVIOUR.md §1: touches and events.
final class TouchesAndEventsTests: XCTestCase {
  func testTouches_TwoFingersInOneEventGiveOneTouchesBeganWithTwoTouches() {
    // Precondition: a multi-touch view.
    let scene = Scene()
    let view = scene.view("Yellow", rect(0, 0, 200, 200))
    view.isMultipleTouchEnabled = true
    // Action: two fingers land in one event, lift in one event.
    scene.send(
      at: 0,
      [
        TouchInput(finger: 1, phase: .began, location: pt(50, 50)),
        TouchInput(finger: 2, phase: .began, location: pt(150, 150)),
      ])
    scene.send(
      at: 0.1,
      [
        TouchInput(finger: 1, phase: .ended, location: pt(50, 50)),
        TouchInput(finger: 2, phase: .ended, location: pt(150, 150)),
      ])
    // Assertion: one call per phase, with both touches.
    XCTAssertEqual(scene.calls("Yellow"), ["touchesBegan[1,2]", "touchesEnded[1,2]"])
  }

  func testTouches_StaggeredFingersGiveOneTouchesBeganEach() {
    let scene = Scene()
    let view = scene.view("Yellow", rect(0, 0, 200, 200))
    view.isMultipleTouchEnabled = true
    scene.down(pt(50, 50), finger: 1, at: 0)
    scene.down(pt(150, 150), finger: 2, at: 0.05)
    scene.up(pt(50, 50), finger: 1, at: 0.1)
    scene.up(pt(150, 150), finger: 2, at: 0.15)
    XCTAssertEqual(
      scene.calls("Yellow"), ["touchesBegan[1]", "touchesBegan[2]", "touchesEnded[1]", "touchesEnded[2]"])
  }

  func testTouches_PhasesLocationsAndAllTouchesInTheView() {
    // Precondition: a probe view offset in the window.
    let scene = Scene()
    let probe = scene.add(ProbeView(frame: rect(100, 100, 200, 200)))
    probe.isMultipleTouchEnabled = true
    // Action: finger 1 lands, finger 2 lands, finger 1 moves, both lift.
    scene.down(pt(110, 120), finger: 1, at: 0)
    scene.down(pt(200, 200), finger: 2, at: 0.05)
    scene.move(pt(130, 150), finger: 1, at: 0.1)
    scene.up(pt(130, 150), finger: 1, at: 0.15)
    scene.send(at: 0.2, [TouchInput(finger: 2, phase: .cancelled, location: pt(200, 200))])
    // Assertion: phases, locations in the view's coordinates, previous locations, allTouches.
    typealias S = ProbeView.Seen
    XCTAssertEqual(
      probe.seen,
      [
        S(phase: .began, touch: 1, location: pt(10, 20), previous: pt(10, 20), tapCount: 1, allTouches: 1),
        S(phase: .began, touch: 2, location: pt(100, 100), previous: pt(100, 100), tapCount: 1, allTouches: 2),
        S(phase: .moved, touch: 1, location: pt(30, 50), previous: pt(10, 20), tapCount: 1, allTouches: 2),
        S(phase: .ended, touch: 1, location: pt(30, 50), previous: pt(30, 50), tapCount: 1, allTouches: 2),
        S(phase: .cancelled, touch: 2, location: pt(100, 100), previous: pt(100, 100), tapCount: 1, allTouches: 1),
      ])
    XCTAssertTrue(scene.app.touchesOnScreen.isEmpty)
  }

  func testTouches_ViewFixedForTheTouchsLife() {
    // Precondition: two side-by-side views.
    let scene = Scene()
    scene.view("Left", rect(0, 0, 100, 100))
    scene.view("Right", rect(100, 0, 100, 100))
    // Action: a finger lands on Left and slides onto Right.
    scene.down(pt(50, 50), at: 0)
    let touch = scene.app.touchesOnScreen.first
    scene.move(pt(150, 50), at: 0.1)
    scene.up(pt(150, 50), at: 0.2)
    // Assertion: Left gets the whole sequence, Right nothing; the touch keeps its view and window.
    XCTAssertEqual(scene.calls("Left"), ["touchesBegan[1]", "touchesMoved[1]", "touchesEnded[1]"])
    XCTAssertEqual(scene.calls("Right"), [])
    XCTAssertEqual(touch?.view?.className, "Left")
    XCTAssertTrue(touch?.window === scene.window)
    XCTAssertEqual(touch?.phase, .ended)
  }

  func testTapCount_ContinuesWithin035sAnd45pt() {
    // Precondition: a probe view.
    let scene = Scene()
    let probe = scene.add(ProbeView(frame: rect(0, 0, 400, 400)))
    // Action: three taps, each landing 0.3 s after the last lift and 40 pt away.
    scene.tap(at: pt(100, 100), at: 0)  // lifts at 0.05
    scene.tap(at: pt(140, 100), at: 0.35)  // 0.30 s later, 40 pt away; lifts at 0.40
    scene.tap(at: pt(140, 140), at: 0.74)  // 0.34 s later, 40 pt away
    // Assertion: 1 → 2 → 3.
    XCTAssertEqual(probe.seen.filter { $0.phase == .began }.map(\.tapCount), [1, 2, 3])
  }

  func testTapCount_RestartsAfter035s() {
    let scene = Scene()
    let probe = scene.add(ProbeView(frame: rect(0, 0, 400, 400)))
    scene.tap(at: pt(100, 100), at: 0)  // lifts at 0.05
    scene.tap(at: pt(100, 100), at: 0.41)  // 0.36 s after the lift
    XCTAssertEqual(probe.seen.filter { $0.phase == .began }.map(\.tapCount), [1, 1])
  }

  func testTapCount_RestartsBeyond45pt() {
    let scene = Scene()
    let probe = scene.add(ProbeView(frame: rect(0, 0, 400, 400)))
    scene.tap(at: pt(100, 100), at: 0)
    scene.tap(at: pt(146, 100), at: 0.1)  // 46 pt away
    scene.tap(at: pt(146, 130), at: 0.2)  // 30 pt from the previous lift: continues
    XCTAssertEqual(probe.seen.filter { $0.phase == .began }.map(\.tapCount), [1, 1, 2])
  }

  func testMultipleTouchDisabled_ViewGetsOnlyTheFirstTouch() {
    // Precondition: UIKit's default, isMultipleTouchEnabled == false.
    let scene = Scene()
    let view = scene.view("Yellow", rect(0, 0, 200, 200))
    XCTAssertFalse(view.isMultipleTouchEnabled)
    // Action: two fingers together, then a third while they are down, then all lift.
    scene.send(
      at: 0,
      [
        TouchInput(finger: 1, phase: .began, location: pt(50, 50)),
        TouchInput(finger: 2, phase: .began, location: pt(150, 150)),
      ])
    scene.down(pt(100, 100), finger: 3, at: 0.05)
    scene.send(
      at: 0.1,
      [
        TouchInput(finger: 1, phase: .moved, location: pt(60, 60)),
        TouchInput(finger: 2, phase: .moved, location: pt(160, 160)),
      ])
    scene.send(
      at: 0.2,
      (1...3).map { TouchInput(finger: $0, phase: .ended, location: pt(100, 100)) })
    // Assertion: only the first touch, in every phase.
    XCTAssertEqual(scene.calls("Yellow"), ["touchesBegan[1]", "touchesMoved[1]", "touchesEnded[1]"])
  }

  func testExclusiveTouch_BlocksOtherViewsWhileTracking() {
    // Precondition: an exclusive view beside an ordinary one.
    let scene = Scene()
    let exclusive = scene.view("Exclusive", rect(0, 0, 100, 100))
    exclusive.isExclusiveTouch = true
    scene.view("Other", rect(200, 0, 100, 100))
    // Action: finger 1 on the exclusive view, finger 2 on the other while 1 is down.
    scene.down(pt(50, 50), finger: 1, at: 0)
    scene.down(pt(250, 50), finger: 2, at: 0.05)
    scene.up(pt(250, 50), finger: 2, at: 0.1)
    scene.up(pt(50, 50), finger: 1, at: 0.15)
    // Then the other view alone: it gets its touch.
    scene.tap(at: pt(250, 50), at: 1)
    // Assertion: the other view heard nothing while the exclusive one tracked.
    XCTAssertEqual(scene.calls("Exclusive"), ["touchesBegan[1]", "touchesEnded[1]"])
    XCTAssertEqual(scene.calls("Other"), ["touchesBegan[3]", "touchesEnded[3]"])
  }

  func testExclusiveTouch_NotGivenATouchWhileAnotherViewTracks() {
    let scene = Scene()
    let exclusive = scene.view("Exclusive", rect(0, 0, 100, 100))
    exclusive.isExclusiveTouch = true
    scene.view("Other", rect(200, 0, 100, 100))
    scene.down(pt(250, 50), finger: 1, at: 0)
    scene.down(pt(50, 50), finger: 2, at: 0.05)
    scene.up(pt(50, 50), finger: 2, at: 0.1)
    scene.up(pt(250, 50), finger: 1, at: 0.15)
    XCTAssertEqual(scene.calls("Other"), ["touchesBegan[1]", "touchesEnded[1]"])
    XCTAssertEqual(scene.calls("Exclusive"), [])
  }

  func testEvents_QueuedFIFONotNested() {
    // Precondition: a view whose touchesBegan sends another event (a second finger).
    let scene = Scene()
    let probe = scene.add(ProbeView(frame: rect(0, 0, 100, 100)), "Probe")
    scene.view("Other", rect(200, 0, 100, 100))
    probe.onBegan = { [unowned scene] _ in
      if scene.app.touchesOnScreen.count == 1 { scene.down(pt(250, 50), finger: 2, at: 0) }
    }
    // Action: the first finger lands.
    scene.down(pt(50, 50), finger: 1, at: 0)
    // Assertion: the first event finishes (the began travels up the chain) before the queued one runs.
    XCTAssertEqual(
      scene.trace(),
      [
        "Probe.touchesBegan[1]", "UIWindow.touchesBegan[1]", "UIApplication.touchesBegan[1]",
        "Other.touchesBegan[2]", "UIWindow.touchesBegan[2]", "UIApplication.touchesBegan[2]",
      ])
  }

  /// Found by the soak tests: a scene dropped while fingers are down (the window reloading
  /// its layout mid-touch) goes away whole. Its touches, their views and the recognizers
  /// following them used to keep one another alive — view → recognizer → touch → view, and
  /// a tracking button ↔ its touch — after the application was gone.
  func testADroppedSceneMidGestureLeavesNothingBehind() {
    weak var weakApp: UIApplication?
    weak var weakButton: UIButton?
    weak var weakParent: UIView?
    weak var weakTap: UIGestureRecognizer?
    weak var weakTouch: UITouch?
    do {
      let scene = Scene()
      let parent = scene.view("Parent", rect(0, 0, 400, 400))
      parent.isMultipleTouchEnabled = true
      let button = scene.add(UIButton(frame: rect(10, 10, 100, 44)), in: parent)
      let tap = scene.tap("Tap", on: parent, taps: 2)
      let other = scene.view("Other", rect(200, 200, 200, 200), in: parent)
      scene.recognizer(UIPanGestureRecognizer(), "Pan", on: other).delaysTouchesBegan = true
      scene.down(pt(50, 30), finger: 1, at: 0)  // the button tracks it
      scene.down(pt(300, 300), finger: 2, at: 0.1)  // held back by the pan
      XCTAssertTrue(button.isTracking)
      (weakApp, weakButton, weakParent, weakTap) = (scene.app, button, parent, tap)
      weakTouch = scene.app.touchesOnScreen.first
    }
    XCTAssertNil(weakApp)
    XCTAssertNil(weakButton, "the tracking button")
    XCTAssertNil(weakParent)
    XCTAssertNil(weakTap, "the recognizer following the touches")
    XCTAssertNil(weakTouch, "the touch")
  }
}
