import Foundation
import XCTest

@testable import TouchLabEngine

/// docs/BEHAVIOUR.md §11: `UILongPressGestureRecognizer.numberOfTapsRequired` — the taps
/// come first, each within the tap interval of the last lift, then the press.
final class LongPressTapsTests: XCTestCase {
  private func scene(taps: Int) -> (Scene, UILongPressGestureRecognizer, UIView) {
    let scene = Scene()
    let view = scene.view("View", rect(0, 0, 400, 400))
    let press = scene.recognizer(UILongPressGestureRecognizer(), "Press", on: view)
    press.numberOfTapsRequired = taps
    return (scene, press, view)
  }

  func testDefaultIsZeroTaps() {
    XCTAssertEqual(UILongPressGestureRecognizer().numberOfTapsRequired, 0)
  }

  func testOneTapThenPress_BeginsMinimumDurationAfterTheSecondDown() {
    let (scene, press, _) = scene(taps: 1)
    scene.tap(at: pt(100, 100), at: 0)
    // A tap is not a press: at 0.5 s after the first down nothing has begun.
    scene.down(pt(100, 100), at: 0.2)
    scene.app.clock.advance(to: 0.69)
    XCTAssertEqual(press.state, .possible)
    scene.app.clock.advance(to: 0.7)
    XCTAssertEqual(press.state, .began)
    scene.up(pt(100, 100), at: 0.8)
    XCTAssertEqual(scene.actions, ["-[Target Press]", "-[Target Press]"])
  }

  func testAPressWithoutTheTapFirstIsOnlyATap() {
    // The first touch, held 0.8 s, is a tap held past the tap's maximum duration: failed.
    let (scene, press, _) = scene(taps: 1)
    scene.down(pt(100, 100), at: 0)
    scene.app.clock.advance(to: 0.6)
    XCTAssertEqual(press.state, .possible)
    scene.app.clock.advance(to: 0.75)
    XCTAssertEqual(scene.trace([.state], only: ["Press"]).first, "Press=failed")
    XCTAssertEqual(scene.actions, [])
  }

  func testThePressMustStartWithinTheTapInterval() {
    let (scene, _, _) = scene(taps: 1)
    scene.tap(at: pt(100, 100), at: 0)
    scene.down(pt(100, 100), at: 0.45)  // 0.40 s after the lift: too late
    scene.app.clock.advance(to: 1.5)
    XCTAssertEqual(scene.actions, [])
    XCTAssertEqual(scene.trace([.state], only: ["Press"]).first, "Press=failed")
  }

  func testThePressMustLandNearTheTap() {
    // Issue 28 (docs/BEHAVIOUR.md §11, §9.5): in time, but 100 pt from the tap: failed.
    let (scene, press, _) = scene(taps: 1)
    scene.tap(at: pt(100, 100), at: 0)
    scene.down(pt(200, 100), at: 0.15)
    scene.app.clock.advance(to: 1.5)
    XCTAssertEqual(scene.actions, [])
    let failure = scene.records.first { $0.kind == .state && $0.receiver == "Press" && $0.cause != nil }
    XCTAssertEqual(failure?.cause, DeliveryCause(.tapDistance, by: "Press"))
    scene.up(pt(200, 100), at: 1.6)
    XCTAssertEqual(press.state, .possible)
  }

  func testTwoTapsThenPress() {
    let (scene, press, _) = scene(taps: 2)
    scene.tap(at: pt(100, 100), at: 0)
    scene.tap(at: pt(100, 100), at: 0.2)
    scene.down(pt(100, 100), at: 0.4)
    scene.app.clock.advance(to: 0.89)
    XCTAssertEqual(press.state, .possible)
    scene.app.clock.advance(to: 0.9)
    XCTAssertEqual(press.state, .began)
  }

  func testThePressTouchIsKeptFromTheViewLikeALaterTap() {
    // §9's mechanism: once the tap is seen, the press's touch is held from the view and
    // discarded when the press begins.
    let (scene, _, _) = scene(taps: 1)
    scene.tap(at: pt(100, 100), at: 0)
    scene.down(pt(100, 100), at: 0.2)
    scene.app.clock.advance(to: 0.7)
    scene.up(pt(100, 100), at: 0.8)
    XCTAssertEqual(scene.calls("View"), ["touchesBegan[1]", "touchesCancelled[1]"])
  }
}
