import Foundation
import TouchLabEngine
import TouchLabLayout
import XCTest

/// `window: {subviews: …}` (docs/layouts.md "Top level"; issue 45 §2): views the window holds
/// itself, above the root controller's view, and a window with no controller at all.
final class WindowSubviewsTests: XCTestCase {
  func testAWindowWithOnlyItsOwnViewsHasNoControllerAndIsHitWhereNoneIs() throws {
    let scene = try LayoutLoader.load(
      yaml: """
        window:
          size: [320, 480]
          subviews:
            - {id: a, frame: [10, 10, 100, 100]}
            - {id: b, frame: [50, 50, 100, 100]}
        """, file: "w.yaml")
    XCTAssertNil(scene.rootController)
    XCTAssertNil(scene.window.rootViewController)
    let a = try XCTUnwrap(scene.objects["a"] as? UIView)
    let b = try XCTUnwrap(scene.objects["b"] as? UIView)
    XCTAssertEqual(scene.window.subviews.map(ObjectIdentifier.init), [a, b].map(ObjectIdentifier.init))
    XCTAssertTrue(scene.window.hitTest(CGPoint(x: 60, y: 60), with: nil) === b, "the later sibling is above")
    XCTAssertTrue(scene.window.hitTest(CGPoint(x: 20, y: 20), with: nil) === a)
    XCTAssertTrue(scene.window.hitTest(CGPoint(x: 300, y: 400), with: nil) === scene.window)
    XCTAssertTrue(b.next === scene.window, "no controller between a window's own view and the window")
  }

  func testAWindowsOwnViewsAreAboveTheRootControllersView() throws {
    let scene = try LayoutLoader.load(
      yaml: """
        window:
          subviews:
            - {id: badge, frame: [0, 0, 50, 50]}
        controller:
          view: {id: root}
        """, file: "w.yaml")
    let root = try XCTUnwrap(scene.objects["root"] as? UIView)
    XCTAssertTrue(scene.window.subviews.first === root)
    XCTAssertTrue(scene.window.subviews.last === scene.objects["badge"] as? UIView)
    XCTAssertTrue(scene.window.hitTest(CGPoint(x: 10, y: 10), with: nil) === scene.objects["badge"] as? UIView)
    XCTAssertTrue(scene.window.hitTest(CGPoint(x: 200, y: 200), with: nil) === root)
  }

  func testALayoutWithNeitherAControllerNorWindowSubviewsIsStillAnError() {
    XCTAssertThrowsError(try LayoutLoader.load(yaml: "window: {size: [320, 480]}\n", file: "w.yaml")) { error in
      XCTAssertEqual((error as? LayoutError)?.message, "a layout needs a 'controller' with its view")
    }
    XCTAssertThrowsError(try LayoutLoader.load(yaml: "window: {subviews: 3}\n", file: "w.yaml")) { error in
      XCTAssertEqual((error as? LayoutError)?.line, 1)
    }
  }
}
