import Foundation
import XCTest

@testable import TouchLabEngine

/// docs/BEHAVIOUR.md §13: a touch whose view leaves the window is cancelled for the view.
final class ViewLeavingWindowTests: XCTestCase {
  func testRemovingTheTouchedViewCancelsItsTouch() {
    let scene = Scene()
    let view = scene.view("View", rect(0, 0, 200, 200))
    scene.down(pt(50, 50), at: 0)
    view.removeFromSuperview()
    scene.move(pt(60, 50), at: 0.1)
    scene.up(pt(60, 50), at: 0.2)
    // Assertion: cancelled once, then nothing; the touch keeps its view.
    XCTAssertEqual(scene.calls("View"), ["touchesBegan[1]", "touchesCancelled[1]"])
  }

  func testRemovingAnAncestorCancelsToo() {
    let scene = Scene()
    let parent = scene.view("Parent", rect(0, 0, 200, 200))
    _ = scene.view("Child", rect(0, 0, 100, 100), in: parent)
    scene.down(pt(50, 50), at: 0)
    parent.removeFromSuperview()
    XCTAssertEqual(scene.calls("Child"), ["touchesBegan[1]", "touchesCancelled[1]"])
  }

  func testMovingTheViewWithinItsWindowDoesNotCancel() {
    let scene = Scene()
    let view = scene.view("View", rect(0, 0, 200, 200))
    let other = scene.view("Other", rect(200, 0, 200, 200))
    scene.down(pt(50, 50), at: 0)
    other.addSubview(view)
    scene.up(pt(50, 50), at: 0.1)
    XCTAssertEqual(scene.calls("View"), ["touchesBegan[1]", "touchesEnded[1]"])
  }

  func testRemovingAnotherViewLeavesTheTouchAlone() {
    let scene = Scene()
    _ = scene.view("View", rect(0, 0, 200, 200))
    let other = scene.view("Other", rect(200, 0, 200, 200))
    scene.down(pt(50, 50), at: 0)
    other.removeFromSuperview()
    scene.up(pt(50, 50), at: 0.1)
    XCTAssertEqual(scene.calls("View"), ["touchesBegan[1]", "touchesEnded[1]"])
  }
}
