import Foundation
import TouchLabEngine
import TouchLabImport
import TouchLabLayout
import XCTest

/// Issue 45 §2: a dump whose root is a window is the scene's window, and the views it holds
/// are the window's own subviews: no view the dump does not print stands between them.
final class ImportedWindowTests: XCTestCase {
  func testEveryViewAnImportedWindowHoldsIsOneTheDumpPrints() throws {
    let names = try FileManager.default.contentsOfDirectory(atPath: FixtureHitTests.dumps.path)
      .filter { $0.hasSuffix(".txt") }.sorted()
    var windows = 0
    var notFilled = 0
    for name in names {
      guard let result = try? DumpImporter.importTexts([(name, FixtureHitTests.text(name))]),
        let scene = result.scene
      else { continue }
      // A window the dump prints has its dump line; one the layout makes has none.
      guard scene.origins[ObjectIdentifier(scene.window)]?.line != nil else { continue }
      windows += 1
      if scene.rootController == nil { notFilled += 1 }
      XCTAssertFalse(scene.window.subviews.isEmpty && scene.rootController != nil, name)
      for view in scene.window.subviews {
        XCTAssertNotNil(
          scene.origins[ObjectIdentifier(view)]?.line,
          "\(name): the window holds a \(type(of: view)) that the dump does not print")
      }
    }
    XCTAssertGreaterThanOrEqual(windows, 5, "fixtures whose root is a window")
    XCTAssertGreaterThanOrEqual(notFilled, 1, "a fixture whose window's views do not fill it")
  }

  /// A window with two subviews, the first filling it: the first is the root controller's
  /// view, the second the window's own above it, and a tap on it answers the second with the
  /// window next in its responder chain.
  func testAWindowsSecondSubviewIsItsOwnAboveTheControllersView() throws {
    let dump = """
      <UIWindow: 0x7f9e1a000000; frame = (0 0; 390 844); layer = <UIWindowLayer: 0x600001>>
         | <UIView: 0x7f9e1b000000; frame = (0 0; 390 844); layer = <CALayer: 0x600002>>
         | <UIView: 0x7f9e1c000000; frame = (20 100; 100 100); layer = <CALayer: 0x600003>>
      """
    let result = try DumpImporter.importTexts([("w.txt", dump)])
    let scene = try XCTUnwrap(result.scene)
    XCTAssertEqual(scene.window.subviews.count, 2)
    XCTAssertTrue(scene.window.subviews[0] === scene.rootController?.view)
    XCTAssertEqual(scene.origins[ObjectIdentifier(scene.window.subviews[1])]?.address, "0x7f9e1c000000")
    let hit = scene.window.hitTest(CGPoint(x: 50, y: 150), with: nil)
    XCTAssertTrue(hit === scene.window.subviews[1])
    XCTAssertTrue(hit?.next === scene.window)
    XCTAssertTrue(
      scene.window.hitTest(CGPoint(x: 300, y: 700), with: nil) === scene.rootController?.view)
  }
}
