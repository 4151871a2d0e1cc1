import Foundation
import TouchLabEngine
import TouchLabImport
import TouchLabLayout
import TouchLabRecords
import XCTest

/// The real dumps in `Dumps/` (their sources in Dumps/README.md), each imported and asked
/// where taps go; every expected answer is worked out by hand from the printed frames
/// (the comments give the arithmetic). Each answer is checked twice: by `HitReport` (what
/// `touchlab hit` prints) and by replaying a tap on the generated layout.
final class FixtureHitTests: XCTestCase {
  static let dumps = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Dumps")

  static func text(_ name: String) throws -> String {
    try String(contentsOf: dumps.appendingPathComponent(name), encoding: .utf8)
  }

  /// Imports `names` (the first the view dump) and loads the layout.
  static func load(_ names: [String]) throws -> (ImportResult, Scene) {
    let result = try DumpImporter.importTexts(names.map { ($0, try text($0)) })
    let scene = try LayoutLoader.load(yaml: result.yaml, file: names[0] + ".yaml")
    return (result, scene)
  }

  /// What a replayed tap at `point` on the generated layout hit-tests to: the view of the
  /// touch's `hitTest` record (nil for a window).
  static func replayedHit(_ yaml: String, at point: CGPoint) throws -> Participant? {
    guard let cut = yaml.range(of: "\nscenarios:\n") else { throw XCTSkip("no scenarios block") }
    let tap = String(yaml[..<cut.lowerBound]) + "\nscenarios:\n  probe:\n    - tap: [\(point.x), \(point.y)]\n"
    let scene = try LayoutLoader.load(yaml: tap, file: "probe.yaml")
    ScenarioPlayer(scene: scene).play(scene.scenarios[0])
    for record in scene.records.records {
      if case .hitTest(_, let view) = record.event { return view }
    }
    return nil
  }

  struct Expectation {
    var point: CGPoint
    /// The hit view's printed address, or nil for no view of the scene.
    var address: String?
    /// A view under the point that is passed over, and a word of its reason.
    var skipped: (address: String, reason: String)? = nil
  }

  func check(
    _ names: [String], _ expectations: [Expectation], file: StaticString = #filePath, line: UInt = #line
  ) throws {
    let (result, scene) = try Self.load(names)
    for e in expectations {
      let report = HitReport(scene: scene, at: e.point)
      XCTAssertEqual(
        report.view?.address, e.address, "\(names[0]) at \(e.point): \(report.text)", file: file, line: line)
      if let skipped = e.skipped {
        let found = report.skipped.first { $0.view.address == skipped.address }
        XCTAssertNotNil(
          found, "\(names[0]) at \(e.point): \(skipped.address) not passed over\n\(report.text)", file: file, line: line
        )
        XCTAssertTrue(
          found?.reason.contains(skipped.reason) == true, "\(found?.reason ?? "") lacks '\(skipped.reason)'",
          file: file, line: line)
      }
      // `hit` agrees with a replay of the generated file.
      // (A window the dump does not print — its root is no UIWindow — is no view of the scene.)
      var replayed = try Self.replayedHit(result.yaml, at: e.point)
      if replayed?.kind == .window && report.view == nil { replayed = nil }
      XCTAssertEqual(
        replayed?.id, report.view?.id, "\(names[0]) at \(e.point): replay disagrees", file: file, line: line)
      XCTAssertEqual(replayed?.className, report.view?.className, file: file, line: line)
    }
  }

  func testCocoadelicaIOS7() throws {
    try check(
      ["cocoadelica-ios7-lldb.txt"],
      [
        // The bar (10,440,300,30); its first button at (230,3): window (240..262, 443..465).
        Expectation(
          point: CGPoint(x: 240, y: 450), address: "0x78f7dae0",
          skipped: ("0x78e6a050", "covered by a later sibling")),
        // Only the notes view (0,0,320,480), the last full-size sibling, holds (160, 200).
        Expectation(point: CGPoint(x: 160, y: 200), address: "0x78e6a050"),
        // The second button (4,4,22,22) in the bar: window (14..36, 444..466).
        Expectation(point: CGPoint(x: 20, y: 450), address: "0x78f87df0"),
        // Outside the 320 × 480 root: only the window.
        Expectation(point: CGPoint(x: 350, y: 600), address: nil),
      ])
  }

  func testLNPopupTableIOS10() throws {
    try check(
      ["lnpopup-ios10-window-table.txt"],
      [
        // contentOffset {0, -64}: window y 550 is table y 486, in the cell (459.5..503.5).
        Expectation(point: CGPoint(x: 100, y: 550), address: "0x7fc89f026400"),
        // Window y 420 is table y 356: the wrapper, above the cell.
        Expectation(point: CGPoint(x: 100, y: 420), address: "0x7fc89f016000"),
        // Window y 30 is table y -34: in the table's bounds (from -64), above the wrapper (from 0).
        Expectation(point: CGPoint(x: 100, y: 30), address: "0x7fc89f005400"),
      ])
  }

  func testChiselPoIOS7() throws {
    try check(
      ["chisel44-ios7-po.txt"],
      [
        // The first button (0,0,160,37); its image and label ignore touches.
        Expectation(
          point: CGPoint(x: 70, y: 15), address: "0x177d66f0",
          skipped: ("0x177dbc90", "userInteractionEnabled = NO")),
        // The date label (10,38,85,47) ignores touches: the header itself.
        Expectation(
          point: CGPoint(x: 50, y: 60), address: "0x177d6310",
          skipped: ("0x177d6610", "userInteractionEnabled = NO")),
        Expectation(point: CGPoint(x: 200, y: 20), address: "0x1751f580"),
      ])
  }

  func testChiselPviewsCutAtTheStart() throws {
    // The dump's head is lost; the line (0, 84; 320 × 0.5) is the root.
    try check(["chisel44-ios7-pviews.txt"], [Expectation(point: CGPoint(x: 10, y: 84.2), address: "0x177d7190")])
  }

  func testRotatedRootIOS5() throws {
    // frame (0 0; 748 1024) with a quarter turn: the view is 1024 × 748 about (374, 512).
    try check(
      ["mayoff-ios5-gdb-rotated.txt"],
      [
        Expectation(point: CGPoint(x: 384, y: 512), address: "0x96290e0"),
        Expectation(point: CGPoint(x: 740, y: 1000), address: "0x96290e0"),
        // Outside the rotated root, in the window the dump prints: the window itself (45.2).
        Expectation(point: CGPoint(x: 760, y: 500), address: "0x9626a90"),
      ])
  }

  func testLLDBResultPrefixIOS6() throws {
    try check(
      ["lldb-result-prefix-ios6.txt"],
      [
        Expectation(point: CGPoint(x: 100, y: 10), address: nil),  // above its frame (0 20; …)
        Expectation(point: CGPoint(x: 100, y: 100), address: "0xa034690"),
      ])
  }

  func testNSLogIOS6() throws {
    try check(
      ["nslog-ios6-kiyotakagoto.txt"],
      [
        // Root at y 20; the first rounded-rect button (25,397,63,44): window (25..88, 417..461).
        Expectation(
          point: CGPoint(x: 50, y: 440), address: "0x7692130",
          skipped: ("0x7692480", "userInteractionEnabled = NO")),
        // The clipping view (0,0,320,224) under the root: window y 20..244.
        Expectation(point: CGPoint(x: 100, y: 100), address: "0x76932f0"),
      ])
  }

  func testFridaIOS9() throws {
    try check(
      ["frida-needle-ios9.txt"],
      [
        // The panel (184,425,400,411.5) is hidden: its button at window (354..414, 502.5..562.5)
        // is passed over, and the touch goes to the root view.
        Expectation(
          point: CGPoint(x: 400, y: 530), address: "0x15d755c70",
          skipped: ("0x15d747be0", "an ancestor is hidden")),
        Expectation(point: CGPoint(x: 10, y: 10), address: "0x15d755c70"),
      ])
  }

  func testCycriptIOS13BothForms() throws {
    for name in ["cycript-ios13-escaped.txt", "cycript-ios13-backticks.txt"] {
      try check(
        [name],
        [
          // The window's second subview (50,100,100,60), over the transition view.
          Expectation(
            point: CGPoint(x: 100, y: 130), address: "0x10450a690",
            skipped: ("0x1076068d0", "covered by a later sibling")),
          Expectation(point: CGPoint(x: 200, y: 130), address: "0x107610070"),
          // Elsewhere: the controller's view, deepest in the transition view.
          Expectation(point: CGPoint(x: 300, y: 500), address: "0x107607070"),
        ])
    }
  }

  func testCycriptBaseClassesIOS8() throws {
    try check(
      ["cycript-ios8-lzright-baseclass.txt"],
      [
        // The badge (203,1,20,20) is an image view with userInteractionEnabled = NO; after the
        // elision it hangs from the transition view, so the innermost wrapper takes the touch.
        Expectation(
          point: CGPoint(x: 210, y: 10), address: "0x1629d9a0",
          skipped: ("0x160055a0", "userInteractionEnabled = NO"))
      ])
  }

  func testSwiftUIIOS26And17() throws {
    try check(["swiftui-ios26-mangled.txt"], [Expectation(point: CGPoint(x: 60, y: 30), address: "0x10900bc00")])
    try check(
      ["swiftui-ios17-dotted.txt"],
      [
        // The text's drawing view (20.33,39.33,79.67,20.33), the last subview.
        Expectation(point: CGPoint(x: 50, y: 50), address: "0x1024274c0"),
        Expectation(point: CGPoint(x: 5, y: 5), address: "0x132916fe0"),
      ])
  }

  func testChiselPviewsElidedIOS13() throws {
    try check(
      ["chisel-pviews-ios13-elided.txt", "chisel-pvc-ios13.txt"],
      [
        // The tab button's image (174.5,4,21,28) ignores touches; its effect view takes it.
        Expectation(
          point: CGPoint(x: 180, y: 20), address: "0x7fd9fd7052f0",
          skipped: ("0x7fda0200eaa0", "userInteractionEnabled = NO"))
      ])
  }

  func testNavigationBarIOS15() throws {
    try check(
      ["lldb-ios15-navbar.txt"],
      [
        // The bar (0,47,428,44) is the layout container's later subview; its background ignores
        // touches; its content view (0,0,428,44) takes it.
        Expectation(
          point: CGPoint(x: 200, y: 70), address: "0x7fb457415480",
          skipped: ("0x7fb45720b7e0", "covered by a later sibling")),
        // The CENTER label ignores touches: the controller's view.
        Expectation(
          point: CGPoint(x: 200, y: 460), address: "0x7fb4575092e0",
          skipped: ("0x7fb457509450", "userInteractionEnabled = NO")),
      ])
  }

  func testBaseClassControlIOS8() throws {
    try check(
      ["lldb-ios8-baseclass-pagecontrol.txt"],
      [
        Expectation(point: CGPoint(x: 180, y: 220), address: "0x15fe26ca0"),
        Expectation(point: CGPoint(x: 180, y: 230), address: nil),
      ])
  }

  func testResponderChainHasTheAttachedControllers() throws {
    let (result, scene) = try Self.load(["chisel-pviews-ios13-elided.txt", "chisel-pvc-ios13.txt"])
    XCTAssertEqual(result.controllerCount, 1)
    let report = HitReport(scene: scene, at: CGPoint(x: 180, y: 20))
    let classes = report.responders.map(\.className)
    XCTAssertTrue(classes.contains("RootTabBarController"), "\(classes)")
    XCTAssertEqual(classes.last, "UIApplication")
  }

  /// A Frida dump of an iOS 9 app (iPhone 4S, 320 × 480) with a tab bar of four
  /// `UITabBarButton`s (frames (2|82|162|242, 1; 76 × 48) in the bar at (0, 431; 320 × 49))
  /// and a `UITextView` at (67, 424; 240 × 128) that the bar covers below y 431.
  func testTabBarAndTextViewIOS9() throws {
    try check(
      ["frida-ios9-tabbar-textview.txt"],
      [
        // Bar y 24, x 120 in the second button (82..158): button (38, 23), in its image
        // (22.5..52.5, 3..33), which ignores touches.
        Expectation(
          point: CGPoint(x: 120, y: 455), address: "0x16597190",
          skipped: ("0x16597730", "userInteractionEnabled = NO")),
        // x 300 in the fourth button (242..318).
        Expectation(point: CGPoint(x: 300, y: 470), address: "0x16598b60"),
        // x 80, between the first (2..78) and the second (82..) button: the background
        // ignores touches, so the bar itself.
        Expectation(
          point: CGPoint(x: 80, y: 455), address: "0x16675a60",
          skipped: ("0x1657bae0", "userInteractionEnabled = NO")),
        // y 427, above the bar (431): the text view's y 3, in its text container (0..33).
        Expectation(point: CGPoint(x: 150, y: 427), address: "0x165b7a30"),
        // y 440 in the text view's frame (424..552), but the bar, a later sibling of the
        // transition view holding it, covers it.
        Expectation(
          point: CGPoint(x: 150, y: 440), address: "0x16597190",
          skipped: ("0x16aed600", "covered")),
      ])
  }

  /// On the same dump's layout, a tap on a printed tab button selects its item (the bar's
  /// delegate placeholder prints the index), and a tap on the text view's visible strip
  /// begins editing: the button is a control, the text view a UITextView.
  func testImportedTabButtonSelects_AndImportedTextViewBeginsEditing() throws {
    let (result, _) = try Self.load(["frida-ios9-tabbar-textview.txt"])
    let cut = try XCTUnwrap(result.yaml.range(of: "\nscenarios:\n"))
    let yaml =
      String(result.yaml[..<cut.lowerBound])
      + "\nscenarios:\n  tabs:\n    - tap: [120, 455]\n    - wait: 0.5\n    - tap: [300, 470]\n"
      + "  text:\n    - tap: [150, 427]\n"
    let lines = { (name: String) -> [String] in
      let scene = try LayoutLoader.load(yaml: yaml, file: "frida.yaml")
      ScenarioPlayer(scene: scene).play(scene.scenario(named: name)!)
      return TranscriptFormatter().lines(scene.records.records)
    }
    XCTAssertEqual(
      try lines("tabs"),
      [
        "EDIT: tabBar:didSelectItem: 1", "EDIT: touchUpInside on UITabBarButton 0x16597190 line 28",
        "EDIT: tabBar:didSelectItem: 3", "EDIT: touchUpInside on UITabBarButton 0x16598b60 line 34",
      ])
    XCTAssertEqual(try lines("text"), ["EDIT: textViewDidBeginEditing:"])
  }
}
