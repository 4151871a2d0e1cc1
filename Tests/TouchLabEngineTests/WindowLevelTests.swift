import Foundation
import XCTest

@testable import TouchLabEngine

/// docs/BEHAVIOUR.md §15: the highest visible window is hit-tested first; a lower one only
/// when the higher returns nil.
final class WindowLevelTests: XCTestCase {
  private func overlay(_ scene: Scene, level: UIWindow.Level) -> UIWindow {
    let window = UIWindow(frame: scene.window.frame)
    window.windowLevel = level
    scene.app.addWindow(window)
    return window
  }

  func testLevelsAreUIKits() {
    XCTAssertEqual(UIWindow().windowLevel, .normal)
    XCTAssertEqual(UIWindow.Level.normal.rawValue, 0)
    XCTAssertEqual(UIWindow.Level.statusBar.rawValue, 1000)
    XCTAssertEqual(UIWindow.Level.alert.rawValue, 2000)
  }

  func testTheHighestWindowIsAskedFirstWhateverTheOrderAdded() {
    let scene = Scene()
    let content = scene.view("Content", rect(0, 0, 400, 800))
    let alert = overlay(scene, level: .alert)
    let banner = overlay(scene, level: .statusBar)
    let alertView = scene.view("AlertView", rect(0, 0, 400, 800), in: alert)
    _ = scene.view("Banner", rect(0, 0, 400, 100), in: banner)
    scene.tap(at: pt(50, 50), at: 0)
    XCTAssertEqual(scene.calls("AlertView"), ["touchesBegan[1]", "touchesEnded[1]"])
    XCTAssertEqual(scene.calls("Banner"), [])
    XCTAssertEqual(scene.calls("Content"), [])
    XCTAssertTrue(scene.app.windowsFrontToBack.first === alert)
    _ = (content, alertView)
  }

  func testAHiddenWindowIsSkipped() {
    let scene = Scene()
    _ = scene.view("Content", rect(0, 0, 400, 800))
    let alert = overlay(scene, level: .alert)
    _ = scene.view("AlertView", rect(0, 0, 400, 800), in: alert)
    alert.isHidden = true
    scene.tap(at: pt(50, 50), at: 0)
    XCTAssertEqual(scene.calls("Content"), ["touchesBegan[1]", "touchesEnded[1]"])
    XCTAssertTrue(scene.app.keyWindow === scene.window)
  }

  func testALowerWindowGetsTheTouchOnlyWhenTheHigherReturnsNil() {
    // A window whose hit-test returns nil (no user interaction) lets the touch through.
    let scene = Scene()
    _ = scene.view("Content", rect(0, 0, 400, 800))
    let banner = overlay(scene, level: .statusBar)
    _ = scene.view("Banner", rect(0, 0, 400, 100), in: banner)
    banner.isUserInteractionEnabled = false
    scene.tap(at: pt(50, 50), at: 0)
    XCTAssertEqual(scene.calls("Content"), ["touchesBegan[1]", "touchesEnded[1]"])
    XCTAssertTrue(scene.app.touchesOnScreen.isEmpty || scene.app.touchesOnScreen.first?.window === scene.window)
  }

  func testTheTouchBelongsToTheWindowThatWasHit() {
    let scene = Scene()
    _ = scene.view("Content", rect(0, 0, 400, 800))
    let banner = overlay(scene, level: .statusBar)
    _ = scene.view("Banner", rect(0, 0, 400, 100), in: banner)
    scene.down(pt(50, 50), at: 0)
    XCTAssertTrue(scene.app.touchesOnScreen.first?.window === banner)
    XCTAssertEqual(scene.calls("Banner"), ["touchesBegan[1]"])
  }
}
