import Foundation
import TouchLabRecords
import XCTest

@testable import TouchLabEngine

/// docs/BEHAVIOUR.md §9 (a multi-tap recognizer keeps the later taps from the view) and §10
/// (a held `touchesBegan` is discarded when its recognizer recognizes).
final class TapSequenceTests: XCTestCase {
  func testDoubleTap_DefaultsGiveBeganActionCancelled() {
    // Precondition: a double tap with the defaults on a logging view.
    let scene = Scene()
    let view = scene.view("View", rect(0, 0, 400, 400))
    scene.tap("DoubleTap", on: view, taps: 2)
    // Action: two taps 0.15 s apart.
    scene.tap(at: pt(100, 100), at: 0)
    scene.tap(at: pt(100, 100), at: 0.15)
    // Assertion: one began, the action, one cancel; the second tap's began is dropped.
    XCTAssertEqual(
      scene.trace(only: ["View"]), ["View.touchesBegan[1]", "-[Target DoubleTap]", "View.touchesCancelled[1]"])
    let drop = scene.app.records.records.first { $0.kind == .drop }
    XCTAssertEqual(drop?.cause, DeliveryCause(.tapSequence, by: "DoubleTap"))
  }

  func testSingleAndDoubleTap_NoRequirement_SingleOnTheFirstTapDoubleOnTheSecond() {
    // Issue 44 (docs/BEHAVIOUR.md §28.2): a single and a double tap on one view, no failure
    // requirement, in either order of adding: the first tap is a single tap (it does not
    // prevent the double tap, which requires more taps); the second is the double tap's.
    for singleFirst in [true, false] {
      let scene = Scene()
      let view = scene.view("View", rect(0, 0, 400, 400))
      if singleFirst {
        scene.tap("SingleTap", on: view)
        scene.tap("DoubleTap", on: view, taps: 2)
      } else {
        scene.tap("DoubleTap", on: view, taps: 2)
        scene.tap("SingleTap", on: view)
      }
      scene.tap(at: pt(100, 100), at: 0)
      scene.tap(at: pt(100, 100), at: 0.15)
      XCTAssertEqual(
        scene.actions, ["-[Target SingleTap]", "-[Target DoubleTap]"], "single added first: \(singleFirst)")
    }
  }

  func testDoubleTap_DelaysTouchesEndedFalseGivesNothingForTheSecondTap() {
    let scene = Scene()
    let view = scene.view("View", rect(0, 0, 400, 400))
    scene.tap("DoubleTap", on: view, taps: 2).delaysTouchesEnded = false
    scene.tap(at: pt(100, 100), at: 0)
    scene.tap(at: pt(100, 100), at: 0.15)
    XCTAssertEqual(
      scene.trace(only: ["View"]), ["View.touchesBegan[1]", "View.touchesEnded[1]", "-[Target DoubleTap]"])
  }

  func testTripleTap_NotCancellingNotDelayingGivesOneBeganAndTheAction() {
    let scene = Scene()
    let view = scene.view("View", rect(0, 0, 400, 400))
    let tap = scene.tap("TripleTap", on: view, taps: 3)
    tap.cancelsTouchesInView = false
    tap.delaysTouchesBegan = false
    tap.delaysTouchesEnded = false
    scene.tap(at: pt(100, 100), at: 0)
    scene.tap(at: pt(100, 100), at: 0.15)
    scene.tap(at: pt(100, 100), at: 0.30)
    let began = scene.trace(only: ["View"]).filter { $0.contains("touchesBegan") }
    XCTAssertEqual(began, ["View.touchesBegan[1]"])
    XCTAssertEqual(scene.trace(only: ["View"]).filter { $0.hasPrefix("-[") }, ["-[Target TripleTap]"])
    XCTAssertEqual(scene.app.records.records.filter { $0.kind == .drop }.count, 2)
  }

  func testDoubleTap_FailingReleasesTheHeldSecondTap() {
    // Precondition: a double tap; the second tap moves too far, so the recognizer fails.
    let scene = Scene()
    let view = scene.view("View", rect(0, 0, 400, 400))
    scene.tap("DoubleTap", on: view, taps: 2)
    scene.tap(at: pt(100, 100), at: 0)
    scene.down(pt(100, 100), at: 0.15)
    XCTAssertEqual(scene.calls("View"), ["touchesBegan[1]"])
    scene.move(pt(200, 100), at: 0.18)
    scene.up(pt(200, 100), at: 0.2)
    // Assertion: the failure releases both in one delivery (phase by phase, as every
    // release does): the second tap's began and move, then both ends.
    XCTAssertEqual(
      scene.calls("View"),
      ["touchesBegan[1]", "touchesBegan[2]", "touchesMoved[2]", "touchesEnded[1]", "touchesEnded[2]"])
  }

  func testDoubleTap_ASecondTapFartherThanTheMultiTapDistanceFails() {
    // Issue 28 (docs/BEHAVIOUR.md §9.5): in time, but 100 pt away: no double tap.
    let scene = Scene()
    let view = scene.view("View", rect(0, 0, 400, 400))
    let doubleTap = scene.tap("DoubleTap", on: view, taps: 2)
    scene.tap(at: pt(100, 100), at: 0)
    scene.tap(at: pt(200, 100), at: 0.15)
    XCTAssertEqual(scene.actions, [])
    let failure = scene.records.first { $0.kind == .state && $0.receiver == "DoubleTap" && $0.cause != nil }
    XCTAssertEqual(failure?.cause, DeliveryCause(.tapDistance, by: "DoubleTap"))
    XCTAssertEqual(doubleTap.state, .possible, "reset for the next sequence")
    // Within the 45 pt the same two taps are a double tap.
    scene.clear()
    scene.tap(at: pt(100, 100), at: 2)
    scene.tap(at: pt(144, 100), at: 2.15)
    XCTAssertEqual(scene.actions, ["-[Target DoubleTap]"])
  }

  func testTripleTap_EachTapIsMeasuredFromTheTapBeforeIt() {
    // 40 pt steps: each tap is near the one before it, though the third is 80 pt from the first.
    let scene = Scene()
    let view = scene.view("View", rect(0, 0, 400, 400))
    scene.tap("TripleTap", on: view, taps: 3)
    scene.tap(at: pt(100, 100), at: 0)
    scene.tap(at: pt(140, 100), at: 0.15)
    scene.tap(at: pt(180, 100), at: 0.3)
    XCTAssertEqual(scene.actions, ["-[Target TripleTap]"])
  }

  func testDelaysTouchesBegan_RecognizedDiscardsTheHeldBeganEvenWithoutCancelling() {
    // Precondition: a single tap that delays touchesBegan and does not cancel.
    let scene = Scene()
    let view = scene.view("View", rect(0, 0, 400, 400))
    let tap = scene.tap("Tap", on: view)
    tap.delaysTouchesBegan = true
    tap.cancelsTouchesInView = false
    scene.tap(at: pt(100, 100), at: 0)
    // Assertion: the view hears nothing; the drop says why.
    XCTAssertEqual(scene.trace(only: ["View"]), ["-[Target Tap]"])
    let drop = scene.app.records.records.first { $0.kind == .drop }
    XCTAssertEqual(drop?.cause, DeliveryCause(.delaysTouchesBegan, by: "Tap"))
  }
}

/// docs/layouts.md: `%state` and `%tapCount` in a printed action.
final class PrintPlaceholderTests: XCTestCase {
  func testStateAndTapCountInAPrintedAction() {
    let scene = Scene()
    let view = scene.view("View", rect(0, 0, 400, 400))
    let tap = scene.tap("DoubleTap", on: view, taps: 2)
    tap.addTarget(scene.app, action: .print("state %state, tapCount %tapCount"))
    scene.tap(at: pt(100, 100), at: 0)
    scene.tap(at: pt(100, 100), at: 0.15)
    let printed = scene.app.records.records.filter { $0.kind == .print }.map(\.line)
    XCTAssertEqual(printed, ["state 3, tapCount 2"])
  }
}
