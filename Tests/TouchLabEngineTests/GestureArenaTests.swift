import Foundation
import XCTest

@testable import TouchLabEngine

/// The gesture environment on its own, as Flutter tests its gesture arena: its delivery side
/// replaced by a stand-in that only writes down what it is asked (GestureEnvironmentDelivery),
/// so each test shows the arbitration's decisions — who acts, whose touches are cancelled —
/// and nothing the views did.
final class GestureArenaTests: XCTestCase {
  final class SpyDelivery: GestureEnvironmentDelivery {
    var asked: [String] = []
    func discardHeldBegans(of recognizer: UIGestureRecognizer) {}
    func cancelTouchesForViews(_ touches: [UITouch], by recognizer: UIGestureRecognizer, event: UIEvent?) {
      asked.append("cancel views for \(recognizer.className)")
    }
    func releaseHeldTouches(event: UIEvent?) {}
    func forget(_ recognizer: UIGestureRecognizer) { asked.append("reset \(recognizer.className)") }
    func sendAction(_ action: ActionMessage, to target: AnyObject?, from sender: AnyObject?, for event: UIEvent?)
      -> Bool
    {
      asked.append("action \((sender as? UIGestureRecognizer)?.className ?? "?")")
      return true
    }
  }

  private func arena() -> (Scene, SpyDelivery, UIView) {
    let scene = Scene()
    let spy = SpyDelivery()
    scene.app.gestureEnvironment.delivery = spy
    let box = scene.view("Box", rect(0, 0, 200, 200))
    return (scene, spy, box)
  }

  func testOnOneViewTheLastAddedWinsAndOnlyItActs() {
    let (scene, spy, box) = arena()
    let first = scene.tap("First", on: box)
    let second = scene.tap("Second", on: box)
    scene.tap(at: pt(50, 50), at: 0)
    XCTAssertEqual(spy.asked.filter { !$0.hasPrefix("reset") }, ["action Second", "cancel views for Second"])
    XCTAssertEqual(Set(spy.asked.filter { $0.hasPrefix("reset") }), ["reset First", "reset Second"])
    XCTAssertEqual(first.state, .possible)
    XCTAssertEqual(second.state, .possible)
    XCTAssertTrue(first.participation == GestureParticipation(), "back to the start after the sequence")
  }

  func testARecognitionWaitsForTheRecognizerItRequiresToFail() {
    let (scene, spy, box) = arena()
    let single = scene.tap("Single", on: box)
    let double = scene.tap("Double", on: box, taps: 2)
    single.require(toFail: double)
    scene.tap(at: pt(50, 50), at: 0)
    // The single tap recognized at the lift but waits: nothing acts yet.
    XCTAssertEqual(spy.asked.filter { $0.hasPrefix("action") }, [])
    XCTAssertEqual(single.participation.pendingState, .ended)
    // The double tap fails 0.35 s later: the single tap's wait is over and it acts.
    scene.app.clock.advance(to: 1)
    XCTAssertEqual(spy.asked.filter { $0.hasPrefix("action") }, ["action Single"])
  }

  func testRecognizersThatMayRecognizeTogetherBothAct() {
    final class Together: UIGestureRecognizerDelegate {
      func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer,
        shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer
      ) -> Bool { true }
    }
    let (scene, spy, box) = arena()
    let together = Together()
    scene.tap("First", on: box).delegate = together
    scene.tap("Second", on: box)
    scene.tap(at: pt(50, 50), at: 0)
    XCTAssertEqual(Set(spy.asked.filter { $0.hasPrefix("action") }), ["action First", "action Second"])
  }
}
