import Foundation
import XCTest

@testable import TouchLabEngine

/// docs/BEHAVIOUR.md §4, UIKit's figures: tap, long press, pan, swipe, pinch, rotation.
final class BuiltinRecognizerTests: XCTestCase {
  private func sceneWith<R: UIGestureRecognizer>(_ recognizer: R, _ name: String) -> (Scene, R) {
    let scene = Scene()
    let view = scene.view("View", rect(0, 0, 400, 800))
    view.isMultipleTouchEnabled = true
    return (scene, scene.recognizer(recognizer, name, on: view))
  }

  // MARK: Tap

  func testTap_FailsWhenHeldLongerThan075s() {
    let (scene, tap) = sceneWith(UITapGestureRecognizer(), "Tap")
    scene.down(pt(100, 100), at: 0)
    scene.app.clock.advance(to: 0.74)
    XCTAssertEqual(tap.state, .possible)
    scene.app.clock.advance(to: 0.76)
    XCTAssertEqual(tap.state, .failed)
    XCTAssertEqual(scene.time(of: "Tap=failed"), 0.75)
    scene.up(pt(100, 100), at: 0.8)
    XCTAssertEqual(scene.actions, [])
    XCTAssertEqual(scene.calls("View"), ["touchesBegan[1]", "touchesEnded[1]"])
  }

  func testTap_RecognizesWhenHeldUnder075s() {
    let (scene, _) = sceneWith(UITapGestureRecognizer(), "Tap")
    scene.tap(at: pt(100, 100), at: 0, duration: 0.7)
    XCTAssertEqual(scene.actions, ["-[Target Tap]"])
  }

  func testTap_FailsBeyond45ptOfMovement() {
    let (scene, _) = sceneWith(UITapGestureRecognizer(), "Tap")
    scene.drag(from: pt(100, 100), to: pt(144, 100), at: 0)
    XCTAssertEqual(scene.actions, ["-[Target Tap]"])
    scene.clear()
    scene.drag(from: pt(100, 100), to: pt(146, 100), at: 1)
    XCTAssertEqual(scene.actions, [])
    XCTAssertEqual(scene.trace([.state], only: ["Tap"]), ["Tap=failed", "Tap=reset"])
  }

  func testTap_NumberOfTouchesRequired() {
    let (scene, tap) = sceneWith(UITapGestureRecognizer(), "Tap")
    tap.numberOfTouchesRequired = 2
    scene.tap(at: pt(100, 100), at: 0)
    XCTAssertEqual(scene.actions, [])
    scene.send(
      at: 1, [1, 2].map { TouchInput(finger: $0, phase: .began, location: pt(100 * CGFloat($0), 100)) })
    scene.send(
      at: 1.1, [1, 2].map { TouchInput(finger: $0, phase: .ended, location: pt(100 * CGFloat($0), 100)) })
    XCTAssertEqual(scene.actions, ["-[Target Tap]"])
  }

  func testDoubleTap_FailsWhenTheSecondTapComesAfter035s() {
    let (scene, tap) = sceneWith(UITapGestureRecognizer(), "DoubleTap")
    tap.numberOfTapsRequired = 2
    scene.tap(at: pt(100, 100), at: 0)
    scene.tap(at: pt(100, 100), at: 0.41)
    scene.app.clock.advance(to: 2)
    XCTAssertEqual(scene.actions, [])
    scene.tap(at: pt(100, 100), at: 3)
    scene.tap(at: pt(100, 100), at: 3.3)
    XCTAssertEqual(scene.actions, ["-[Target DoubleTap]"])
  }

  // MARK: Long press

  func testLongPress_BeginsAt05sThenChangesAndEnds() {
    let (scene, press) = sceneWith(UILongPressGestureRecognizer(), "Press")
    scene.down(pt(100, 100), at: 0)
    scene.app.clock.advance(to: 0.49)
    XCTAssertEqual(press.state, .possible)
    scene.app.clock.advance(to: 0.5)
    XCTAssertEqual(press.state, .began)
    scene.move(pt(150, 100), at: 0.6)
    scene.up(pt(150, 100), at: 0.7)
    XCTAssertEqual(
      scene.trace([.state, .action], only: ["Press"]),
      [
        "Press=began", "-[Target Press]", "Press=changed", "-[Target Press]", "Press=ended", "-[Target Press]",
        "Press=reset",
      ])
    XCTAssertEqual(scene.time(of: "Press=began"), 0.5)
  }

  func testLongPress_FailsWhenMovedMoreThan10ptFirst() {
    let (scene, press) = sceneWith(UILongPressGestureRecognizer(), "Press")
    scene.down(pt(100, 100), at: 0)
    scene.move(pt(109, 100), at: 0.1)
    XCTAssertEqual(press.state, .possible)
    scene.move(pt(111, 100), at: 0.2)
    XCTAssertEqual(press.state, .failed)
    scene.app.clock.advance(to: 1)
    XCTAssertEqual(scene.actions, [])
  }

  func testLongPress_FailsWhenLiftedBefore05s() {
    let (scene, _) = sceneWith(UILongPressGestureRecognizer(), "Press")
    scene.tap(at: pt(100, 100), at: 0, duration: 0.45)
    scene.app.clock.advance(to: 1)
    XCTAssertEqual(scene.actions, [])
    XCTAssertEqual(scene.trace([.state], only: ["Press"]), ["Press=failed", "Press=reset"])
  }

  // MARK: Pan

  func testPan_BeginsAfter10ptOfMovement() {
    let (scene, pan) = sceneWith(UIPanGestureRecognizer(), "Pan")
    scene.down(pt(100, 100), at: 0)
    scene.move(pt(109, 100), at: 0.05)
    XCTAssertEqual(pan.state, .possible)
    scene.move(pt(106, 108), at: 0.1)  // 10 pt from the start
    XCTAssertEqual(pan.state, .began)
  }

  func testPan_TranslationAndVelocity() {
    // Precondition: a pan on a view at (100, 100).
    let scene = Scene()
    let view = scene.view("View", rect(100, 100, 200, 200))
    let pan = scene.recognizer(UIPanGestureRecognizer(), "Pan", on: view)
    // Action: 10 pt right every 0.01 s: 1000 pt/s.
    scene.down(pt(150, 150), at: 0)
    for i in 1...6 { scene.move(pt(150 + 10 * CGFloat(i), 150), at: 0.01 * Double(i)) }
    // Assertion: translation from the landing point, velocity in pt/s.
    XCTAssertEqual(pan.state, .changed)
    assertPoint(pan.translation(in: view), pt(60, 0))
    assertPoint(pan.velocity(in: view), pt(1000, 0), accuracy: 0.01)
    assertPoint(pan.location(in: view), pt(110, 50))
    // setTranslation rebases it.
    pan.setTranslation(.zero, in: view)
    scene.move(pt(220, 160), at: 0.07)
    assertPoint(pan.translation(in: view), pt(10, 10))
  }

  func testPan_MinimumNumberOfTouches() {
    let (scene, pan) = sceneWith(UIPanGestureRecognizer(), "Pan")
    pan.minimumNumberOfTouches = 2
    scene.drag(from: pt(100, 100), to: pt(200, 100), at: 0)
    XCTAssertEqual(scene.actions, [])
    scene.send(at: 1, [1, 2].map { TouchInput(finger: $0, phase: .began, location: pt(100, 100 * CGFloat($0))) })
    scene.send(at: 1.1, [1, 2].map { TouchInput(finger: $0, phase: .moved, location: pt(130, 100 * CGFloat($0))) })
    XCTAssertEqual(pan.state, .began)
    XCTAssertEqual(pan.numberOfTouches, 2)
  }

  func testPan_MaximumNumberOfTouches() {
    let (scene, pan) = sceneWith(UIPanGestureRecognizer(), "Pan")
    pan.maximumNumberOfTouches = 1
    scene.send(at: 0, [1, 2].map { TouchInput(finger: $0, phase: .began, location: pt(100, 100 * CGFloat($0))) })
    XCTAssertEqual(pan.state, .failed)
    scene.send(at: 0.1, [1, 2].map { TouchInput(finger: $0, phase: .moved, location: pt(150, 100 * CGFloat($0))) })
    XCTAssertEqual(scene.actions, [])
  }

  // MARK: Swipe

  func testSwipe_RecognizesAFastStraightSwipeInItsDirection() {
    let (scene, _) = sceneWith(UISwipeGestureRecognizer(), "Swipe")
    scene.drag(from: pt(100, 100), to: pt(160, 110), at: 0, duration: 0.2)
    XCTAssertEqual(scene.actions, ["-[Target Swipe]"])
  }

  func testSwipe_FailsInTheWrongDirectionTooSlowOrCrooked() {
    let (scene, swipe) = sceneWith(UISwipeGestureRecognizer(), "Swipe")
    swipe.direction = .left
    scene.drag(from: pt(200, 100), to: pt(260, 100), at: 0, duration: 0.2)  // right
    scene.drag(from: pt(200, 100), to: pt(140, 100), at: 1, duration: 0.6, steps: 6)  // too slow
    scene.drag(from: pt(200, 100), to: pt(140, 140), at: 2, duration: 0.2)  // strays 40 pt
    XCTAssertEqual(scene.actions, [])
    scene.drag(from: pt(200, 100), to: pt(140, 100), at: 3, duration: 0.2)
    XCTAssertEqual(scene.actions, ["-[Target Swipe]"])
  }

  // MARK: Pinch and rotation

  func testPinch_ScaleIsTheFingersDistanceOverTheFirst() {
    let (scene, pinch) = sceneWith(UIPinchGestureRecognizer(), "Pinch")
    func fingers(_ phase: TouchInput.Phase, _ spread: CGFloat, at t: TimeInterval) {
      scene.send(
        at: t,
        [
          TouchInput(finger: 1, phase: phase, location: pt(200 - spread, 300)),
          TouchInput(finger: 2, phase: phase, location: pt(200 + spread, 300)),
        ])
    }
    fingers(.began, 50, at: 0)
    fingers(.moved, 53, at: 0.05)  // 6 pt: under the hysteresis
    XCTAssertEqual(pinch.state, .possible)
    fingers(.moved, 60, at: 0.1)
    XCTAssertEqual(pinch.state, .began)
    XCTAssertEqual(pinch.scale, 1.2, accuracy: 1e-9)
    fingers(.moved, 100, at: 0.2)
    XCTAssertEqual(pinch.scale, 2, accuracy: 1e-9)
    fingers(.ended, 100, at: 0.3)
    XCTAssertEqual(
      scene.trace([.state, .action], only: ["Pinch"]),
      [
        "Pinch=began", "-[Target Pinch]", "Pinch=changed", "-[Target Pinch]", "Pinch=ended", "-[Target Pinch]",
        "Pinch=reset",
      ])
  }

  func testRotation_RotationIsTheFingersAngleSinceLanding() {
    let (scene, rotation) = sceneWith(UIRotationGestureRecognizer(), "Rotation")
    func fingers(_ phase: TouchInput.Phase, _ angle: CGFloat, at t: TimeInterval) {
      let (dx, dy) = (50 * cos(angle), 50 * sin(angle))
      scene.send(
        at: t,
        [
          TouchInput(finger: 1, phase: phase, location: pt(200 - dx, 300 - dy)),
          TouchInput(finger: 2, phase: phase, location: pt(200 + dx, 300 + dy)),
        ])
    }
    fingers(.began, 0, at: 0)
    fingers(.moved, 0.05, at: 0.05)
    XCTAssertEqual(rotation.state, .possible)
    fingers(.moved, .pi / 4, at: 0.1)
    XCTAssertEqual(rotation.state, .began)
    XCTAssertEqual(rotation.rotation, .pi / 4, accuracy: 1e-9)
    fingers(.moved, .pi / 2, at: 0.2)
    XCTAssertEqual(rotation.state, .changed)
    XCTAssertEqual(rotation.rotation, .pi / 2, accuracy: 1e-9)
    fingers(.ended, .pi / 2, at: 0.3)
    XCTAssertEqual(scene.actions.count, 3)
  }
}
