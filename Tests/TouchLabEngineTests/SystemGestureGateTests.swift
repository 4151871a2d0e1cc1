import Foundation
import XCTest

@testable import TouchLabEngine

/// The window's system gesture gate (docs/BEHAVIOUR.md §18): touches within 20 pt of the
/// top or bottom edge have their began held while the system decides.
final class SystemGestureGateTests: XCTestCase {
  private func bottomButtonScene() -> (Scene, UIButton) {
    let scene = Scene(size: CGSize(width: 390, height: 844))
    let button = scene.add(UIButton(frame: rect(20, 800, 200, 44)), "Button", base: "UIButton")
    button.addTarget(scene.target, action: .selector("tapped"), for: .touchUpInside)
    return (scene, button)
  }

  func testQuickTapAtTheBottom_BeganAndEndedArriveTogetherAtTheLift() {
    let (scene, _) = bottomButtonScene()
    scene.tap(at: pt(60, 830), at: 0, duration: 0.1)
    let calls = scene.records.filter {
      if case .touches = $0.event { return $0.receiver == "Button" } else { return false }
    }
    XCTAssertEqual(calls.map(\.time), [0.1, 0.1], "began held until the lift")
    XCTAssertEqual(scene.trace([.action]), ["-[Target tapped]"])
  }

  func testAwayFromTheEdges_TheGateTakesNoPart() {
    let scene = Scene(size: CGSize(width: 390, height: 844))
    scene.view("Box", rect(0, 300, 390, 100))
    scene.down(pt(100, 350), at: 0)
    XCTAssertEqual(scene.app.touchesOnScreen.first?.gestureRecognizers.count, 0)
    XCTAssertEqual(scene.trace(only: ["Box"]), ["Box.touchesBegan[1]"])
  }

  func testSwipeUpFromTheBottom_IsTheSystemsAndTheViewNeverHearsOfIt() {
    let (scene, _) = bottomButtonScene()
    scene.drag(from: pt(60, 835), to: pt(60, 700), at: 0, steps: 5)
    XCTAssertEqual(scene.trace(only: ["Button"]), [], "the held began is dropped when the system takes the swipe")
    XCTAssertEqual(scene.trace([.action]), [])
  }

  func testDeferringTheBottomEdge_LetsTheTouchThroughAtOnce() {
    let (scene, _) = bottomButtonScene()
    let controller = UIViewController()
    controller.preferredScreenEdgesDeferringSystemGestures = .bottom
    scene.window.rootViewController = controller
    // The root view covers the window; the button must be on top of it.
    scene.window.addSubview(scene.window.subviews.first { $0 is UIButton }!)
    scene.down(pt(60, 830), at: 0)
    XCTAssertEqual(scene.trace(only: ["Button"]), ["Button.touchesBegan[1]"])
  }

  func testTheUsualWorkaround_DelaysTouchesBeganFalse() {
    let (scene, _) = bottomButtonScene()
    scene.window.systemGestureGate.delaysTouchesBegan = false
    scene.down(pt(60, 830), at: 0)
    XCTAssertEqual(scene.trace(only: ["Button"]), ["Button.touchesBegan[1]"])
  }

  func testTopEdgeIsGatedToo() {
    let scene = Scene(size: CGSize(width: 390, height: 844))
    scene.view("Bar", rect(0, 0, 390, 44))
    scene.down(pt(100, 10), at: 0)
    XCTAssertEqual(scene.trace(only: ["Bar"]), [])
    scene.up(pt(100, 10), at: 0.1)
    XCTAssertEqual(scene.trace(only: ["Bar"]), ["Bar.touchesBegan[1]", "Bar.touchesEnded[1]"])
  }
}
