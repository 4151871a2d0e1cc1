import Foundation
import TouchLabEngine
import TouchLabImport
import TouchLabLayout
import TouchLabRecords
import XCTest

/// Recognizer lists and `_printHierarchy` attached to a dump's views by address. The dump is the
/// real cocoadelica one; the list is written in the form `po view.gestureRecognizers` prints
/// (the real single NSLog'd recognizer of Dumps/nslog-ios9-dzn-recognizer.txt has the same fields),
/// with the addresses of that dump.
final class AttachmentTests: XCTestCase {
  static let list = """
    (lldb) po [(UIView *)0x78e6a050 gestureRecognizers]
    <__NSArrayI 0x7a1b2c30>(
    <UITapGestureRecognizer: 0x7a1b0010; state = Possible; delaysTouchesEnded = NO; view = <Blinc_NotesView 0x78e6a050>; target= <(action=handleDoubleTap:, target=<NotesViewController 0x7a000100>)>; numberOfTapsRequired = 2>,
    <UITapGestureRecognizer: 0x7a1b0020; state = Possible; cancelsTouchesInView = NO; view = <Blinc_NotesView 0x78e6a050>; target= <(action=handleTap:, target=<Blinc_NotesView 0x78e6a050>)>; must-fail = {
            <UITapGestureRecognizer: 0x7a1b0010; state = Possible; view = <Blinc_NotesView 0x78e6a050>; target= <(action=handleDoubleTap:, target=<NotesViewController 0x7a000100>)>>
        }; name = single>,
    <UILongPressGestureRecognizer: 0x7a1b0030; state = Possible; enabled = NO; view = <Blinc_NotesView 0x78e6a050>; target= <(action=press:, target=<Blinc_NotesView 0x78e6a050>)>>,
    <UIHoverGestureRecognizer: 0x7a1b0040; state = Possible; view = <Blinc_NotesView 0x78e6a050>; target= <(action=hover:, target=<Blinc_NotesView 0x78e6a050>)>>
    )
    """

  static let controllers = """
    <NotesViewController 0x7a000100>, state: appeared, view: <UIView 0x78f90d20>
       | <UINavigationController 0x7a000200>, state: disappeared, view: (view not loaded)
    """

  func testRecognizersAndControllersAttachByAddress() throws {
    let result = try DumpImporter.importTexts([
      ("dump.txt", try FixtureHitTests.text("cocoadelica-ios7-lldb.txt")), ("list.txt", Self.list),
      ("vc.txt", Self.controllers),
    ])
    XCTAssertEqual(result.summary, "imported 10 views, 3 recognizers, 1 view controller")
    // The nested copy in must-fail adds nothing; the hover is listed in a warning.
    XCTAssertTrue(
      result.diagnostics.contains {
        $0.severity == .warning && $0.message.contains("UIHoverGestureRecognizer 0x7a1b0040")
      }, "\(result.diagnostics)")
    let scene = try LayoutLoader.load(yaml: result.yaml, file: "d.yaml")
    let notes = try XCTUnwrap(
      scene.objects.values.compactMap { $0 as? UIView }.first { $0.className == "Blinc_NotesView" })
    let recognizers = notes.gestureRecognizers
    XCTAssertEqual(recognizers.count, 3)
    let double = try XCTUnwrap(recognizers[0] as? UITapGestureRecognizer)
    XCTAssertEqual(double.numberOfTapsRequired, 2)
    XCTAssertFalse(double.delaysTouchesEnded)
    let single = try XCTUnwrap(recognizers[1] as? UITapGestureRecognizer)
    XCTAssertFalse(single.cancelsTouchesInView)
    XCTAssertEqual(single.name, "single")
    XCTAssertFalse(recognizers[2].isEnabled)
    XCTAssertEqual(scene.origins[ObjectIdentifier(single)]?.address, "0x7a1b0020")
    XCTAssertTrue(scene.objects.values.contains { ($0 as? UIViewController)?.className == "NotesViewController" })

    // A tap on the notes view: the single tap waits for the double tap to fail, then its
    // action goes to the view itself; the double tap's target is the controller.
    let (hit, replayed) = try tap(result.yaml, at: CGPoint(x: 160, y: 200))
    XCTAssertEqual(hit.view?.address, "0x78e6a050")
    XCTAssertEqual(
      hit.recognizers.filter { !$0.isUnlistedArray }.map(\.address), [nil, "0x7a1b0010", "0x7a1b0020"],
      "the window's gate, then the notes view's enabled ones")
    XCTAssertTrue(replayed.contains("-[Blinc_NotesView handleTap:]"), replayed.joined(separator: "\n"))
    XCTAssertEqual(hit.responders.map(\.className).prefix(3), ["Blinc_NotesView", "UIView", "NotesViewController"])
    // A recognizer's line is of its list, which the report names (issue 48 §6); a view's is the dump's.
    let listed = try XCTUnwrap(hit.recognizers.first { $0.address == "0x7a1b0010" })
    XCTAssertEqual(listed.file, "list.txt")
    XCTAssertTrue(hit.text.contains("UITapGestureRecognizer 0x7a1b0010 '\(listed.id!)' (line 3 of list.txt)"), hit.text)
    XCTAssertTrue(hit.json.contains("\"address\": \"0x7a1b0010\", \"line\": 3, \"file\": \"list.txt\"}"), hit.json)
    XCTAssertNil(hit.view?.file)
    // The dump's controller is the app's, and the import adds none: the dump's top view does
    // not fill the window, so it is the window's own subview (issue 45 §2), with nothing the
    // dump does not print between them.
    XCTAssertEqual(hit.responders.filter(\.isAddedByImport).map(\.className), [], "\(hit.responders)")
    XCTAssertEqual(
      hit.responders.map(\.className),
      ["Blinc_NotesView", "UIView", "NotesViewController", "UIWindow", "UIApplication"])
    XCTAssertFalse(try XCTUnwrap(hit.responders.first { $0.className == "NotesViewController" }).isAddedByImport)
  }

  /// A root view the dump shows no controller for: the import adds an unnamed
  /// UIViewController, and `hit` says so (issue 48 §6).
  func testTheControllerTheImportAddsIsSaidToBeAdded() throws {
    let result = try DumpImporter.importTexts([("dump.txt", try FixtureHitTests.text("lldb-ios15-navbar.txt"))])
    let (hit, _) = try tap(result.yaml, at: CGPoint(x: 200, y: 70))
    let added = hit.responders.filter(\.isAddedByImport)
    XCTAssertEqual(added.map(\.className), ["UIViewController"])
    XCTAssertTrue(
      hit.text.contains(
        "→ UIViewController (added by the import: the dump shows no controller of the root view) → UIWindow"), hit.text)
    XCTAssertTrue(
      hit.json.contains(
        "{\"class\": \"UIViewController\", \"id\": null, \"address\": null, \"line\": null, \"added\": true}"),
      hit.json)
    // A dumpFile is a file's name, nothing more.
    let bad = "controller:\n  view:\n    gestures:\n      - {class: UITapGestureRecognizer, dumpFile: \"../x.txt\"}\n"
    XCTAssertThrowsError(try LayoutLoader.load(yaml: bad, file: "bad.yaml")) { error in
      XCTAssertTrue("\(error)".contains("dumpFile must be a file's name"), "\(error)")
    }
    // A layout's unnamed controller is the layout's own: nothing is said.
    let layout = try LayoutLoader.load(
      path: FixtureHitTests.dumps.appendingPathComponent("../../../Layouts/table-cell-conflict.yaml").standardized.path)
    XCTAssertFalse(HitReport(scene: layout, at: CGPoint(x: 100, y: 120)).responders.contains { $0.isAddedByImport })
  }

  /// The report at `point` and the transcript of a tap there on the layout.
  func tap(_ yaml: String, at point: CGPoint) throws -> (HitReport, [String]) {
    let cut = try XCTUnwrap(yaml.range(of: "\nscenarios:\n"))
    let text = String(yaml[..<cut.lowerBound]) + "\nscenarios:\n  probe:\n    - tap: [\(point.x), \(point.y)]\n"
    let scene = try LayoutLoader.load(yaml: text, file: "probe.yaml")
    let report = HitReport(scene: scene, at: point)
    var lines: [String] = []
    let formatter = TranscriptFormatter(showsTimes: false)
    scene.records.addObserver { record in if let line = formatter.line(record) { lines.append(line) } }
    ScenarioPlayer(scene: scene).play(scene.scenarios[0])
    return (report, lines)
  }
}
