import Foundation
import XCTest

@testable import TouchLabEngine

/// The tree's back pointers (a view's superview and controller, a recognizer's view, a
/// window's application, an application delegate's application) are unowned, for speed
/// (docs/PERFORMANCE.md): each is cleared when its owner goes, as a weak one would be, so
/// none is ever left pointing at a freed object.
final class BackPointerTests: XCTestCase {
  func testASubviewForgetsItsSuperviewAndWindowWhenTheyGo() {
    let child = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
    do {
      let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
      let parent = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
      window.addSubview(parent)
      parent.addSubview(child)
      XCTAssertTrue(child.window === window)  // remembered from here on
      XCTAssertTrue(child.superview === parent)
    }
    XCTAssertNil(child.superview)
    XCTAssertNil(child.window)
  }

  func testARecognizerForgetsItsViewWhenTheViewGoes() {
    let tap = UITapGestureRecognizer()
    do {
      let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
      view.addGestureRecognizer(tap)
      XCTAssertTrue(tap.view === view)
    }
    XCTAssertNil(tap.view)
  }

  func testAViewForgetsItsControllerWhenTheControllerGoes() {
    let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
    do {
      let controller = UIViewController(view: view)
      XCTAssertTrue(view.next === controller)
    }
    XCTAssertNil(view.viewController)
    XCTAssertNil(view.next)
  }

  func testAReplacedRootViewForgetsItsController() {
    let first = UIView()
    let controller = UIViewController(view: first)
    controller.view = UIView()
    XCTAssertNil(first.viewController)
    XCTAssertTrue(controller.view.viewController === controller)
  }

  func testWindowsAndTheDelegateForgetTheApplicationWhenItGoes() {
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
    let delegate = UIResponder()
    do {
      let application = UIApplication()
      application.addWindow(window)
      application.delegate = delegate
      XCTAssertTrue(window.application === application)
      XCTAssertTrue(delegate.application === application)
    }
    XCTAssertNil(window.application)
    XCTAssertNil(window.next)
    XCTAssertNil(delegate.application)
  }

  func testATouchKeepsItsWindowAsUIKitsDoes() {
    let touch: UITouch
    do {
      let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
      touch = UITouch(identifier: 1, finger: 0, location: .zero, timestamp: 0)
      touch.window = window
    }
    XCTAssertNotNil(touch.window)
  }
}
