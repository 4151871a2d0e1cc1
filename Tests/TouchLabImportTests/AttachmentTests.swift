import Foundation
import TouchLabEngine
import TouchLabImport
import TouchLabLayout
import TouchLabTranscript
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
