import Foundation
import XCTest

@testable import TouchLabEngine

/// A view's window follows the view wherever it moves (UIView remembers it between moves).
final class ViewHierarchyTests: XCTestCase {
  func testWindow_FollowsTheViewAndItsSubviewsWhenTheyMove() {
    // Precondition: a view with a subview in window A; both asked once (remembered).
    let windowA = UIWindow(frame: rect(0, 0, 300, 300))
    let windowB = UIWindow(frame: rect(0, 0, 300, 300))
    let parent = UIView(frame: rect(0, 0, 100, 100))
    let child = UIView(frame: rect(0, 0, 50, 50))
    parent.addSubview(child)
    XCTAssertNil(child.window)
    windowA.addSubview(parent)
    XCTAssertTrue(child.window === windowA)
    XCTAssertTrue(parent.window === windowA)
    // Action: the parent moves to window B.
    windowB.addSubview(parent)
    // Assertion: both answer B.
    XCTAssertTrue(parent.window === windowB)
    XCTAssertTrue(child.window === windowB)
    // Action: the child moves into a view outside any window, then that view into A.
    let loose = UIView(frame: rect(0, 0, 10, 10))
    loose.addSubview(child)
    XCTAssertNil(child.window)
    windowA.insertSubview(loose, at: 0)
    XCTAssertTrue(child.window === windowA)
    // Action: the loose view leaves its window.
    loose.removeFromSuperview()
    XCTAssertNil(loose.window)
    XCTAssertNil(child.window)
    // A window is its own window, wherever it is.
    XCTAssertTrue(windowA.window === windowA)
  }
}
