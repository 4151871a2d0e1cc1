import Foundation
import TouchLabEngine
import TouchLabImport
import TouchLabLayout
import XCTest

/// The parser on every entry form, wrapper and mistake docs/import.md lists (small dumps
/// written for each case; the real ones are in FixtureHitTests).
final class DumpParserTests: XCTestCase {
  func parse(_ text: String) throws -> ViewDump { try ViewDumpParser.parse(text, file: "d.txt") }

  func error(_ text: String) -> DumpDiagnostic? {
    do {
      _ = try DumpImporter.importTexts([("d.txt", text)])
      return nil
    } catch let e as DumpImportError {
      return e.error
    } catch {
      return nil
    }
  }

  func warnings(_ dump: ViewDump) -> [String] { dump.diagnostics.filter { $0.severity == .warning }.map(\.message) }

  func testTextValuesWithQuotesSemicolonsAndNewLines() throws {
    let dump = try parse(
      """
      <UIView: 0x1; frame = (0 0; 320 480); layer = <CALayer: 0x2>>
         | <UILabel: 0x3; frame = (10 10; 100 20); text = 'it's; a
      two-line text'; userInteractionEnabled = NO; layer = <_UILabelLayer: 0x4>>
         | <UIButton: 0x5; frame = (10 40; 100 20); layer = <CALayer: 0x6>>
      """)
    XCTAssertEqual(dump.views.count, 3)
    XCTAssertEqual(dump.views[1].text, "it's; a\ntwo-line text")
    XCTAssertFalse(dump.views[1].isUserInteractionEnabled)
    XCTAssertEqual(dump.views[2].parent, 0)
    XCTAssertEqual(dump.views[2].line, 4)
    XCTAssertTrue(warnings(dump).isEmpty, "\(warnings(dump))")
  }

  func testDoubleAngleEntriesLayersAndTabs() throws {
    let dump = try parse(
      "<UITextView: 0x1; frame = (0 0; 200 100); contentOffset: {0, 30}; contentSize: {200, 400}; "
        + "adjustedContentInset: {10, 0, 0, 0}>\n"
        + "|\t<<_UITextContainerView: 0x2; frame = (0 0; 200 400); layer = <_UITextTiledLayer: 0x3>>>\n"
        + "|\t|\t<CALayer: 0x9> (layer)\n"
        + "||\t<UIView: 0x4; frame = (5 5; 10 10)>\n")
    XCTAssertEqual(dump.views.map(\.className), ["UITextView", "_UITextContainerView", "UIView"])
    XCTAssertEqual(dump.views[2].parent, 1)
    XCTAssertEqual(dump.views[0].contentOffset, CGPoint(x: 0, y: 30))
    XCTAssertEqual(dump.views[0].contentSize, CGSize(width: 200, height: 400))
    XCTAssertEqual(dump.views[0].contentInset, UIEdgeInsets(top: 10, left: 0, bottom: 0, right: 0))
  }

  func testElisionCutShortNaNAndSwiftNames() throws {
    let mangled = "_TtC5MyApp" + "40" + String(repeating: "L", count: 40)
    let dump = try parse(
      """
      <App.RootView: 0x1; frame = (0 0; 320 480); alpha = nan; layer = <CALayer: 0x2>>
         | <\(mangled): 0x3; frame = (0 0; 10 10)>
         .......
         |    |    | <UIView: 0x4; frame = (1 2; 3 4); hidden = YES; clipsToBounds = YES; tag = 7; lay
      """)
    XCTAssertEqual(dump.views.map(\.className), ["App.RootView", mangled, "UIView"])
    XCTAssertEqual(dump.views[0].alpha, 1)
    XCTAssertTrue(dump.views[2].isCutShort)
    XCTAssertEqual(dump.views[2].tag, 7)
    XCTAssertTrue(dump.views[2].isHidden && dump.views[2].clipsToBounds)
    let said = warnings(dump).joined(separator: "\n")
    XCTAssertTrue(said.contains("alpha = nan"), said)
    XCTAssertTrue(said.contains("elision"), said)
    XCTAssertTrue(said.contains("cut short"), said)
    // The diagnostics point at the place: FILE:LINE:COLUMN.
    XCTAssertTrue(dump.diagnostics.contains { $0.description.hasPrefix("d.txt:3:") && $0.severity == .warning })
  }

  func testWrappers() throws {
    let body = "<UIView: 0x1; frame = (0 0; 10 10)>\n   | <UIView: 0x2; frame = (1 1; 2 2)>"
    let forms = [
      "(lldb) expr -O -- [[UIWindow keyWindow] recursiveDescription]\n(id) $1 = 0x00007f <UIView: 0x1; frame = (0 0; 10 10)>\n   | <UIView: 0x2; frame = (1 1; 2 2)>",
      "2024-01-02 03:04:05.678 App[1:2] " + body,
      "cy# x\n`" + body + "`",
      "\"" + body.replacingOccurrences(of: "\n", with: "\\n") + "\"",
    ]
    for form in forms {
      let dump = try parse(form)
      XCTAssertEqual(dump.views.map(\.address), ["0x1", "0x2"], form)
      XCTAssertFalse(warnings(dump).isEmpty, "a wrapper is said: \(form)")
    }
    // A prefix on every line (NSLog of each line) is stripped, said once.
    let logged = try parse(
      "2024-01-02 03:04:05.678 App[1:2] <UIView: 0x1; frame = (0 0; 10 10)>\n"
        + "2024-01-02 03:04:05.679 App[1:2]    | <UIView: 0x2; frame = (1 1; 2 2)>")
    XCTAssertEqual(logged.views[1].parent, 0)
  }

  func testErrors() {
    XCTAssertTrue(error("hello")?.message.contains("no views") == true)
    XCTAssertEqual(error("<UIView: 0x1; frame = (0 0; 1 1)>\n   | <UIView: 0x2; hidden = YES>")?.line, 2)
    XCTAssertTrue(
      error("<UIView: 0x1; frame = (0 0; 1 1)>\n   | <UIView: 0x2; hidden = YES>")?.message.contains("no frame") == true
    )
    XCTAssertTrue(error("<UIView: 0x1; frame = (0 0; one 1)>")?.message.contains("bad number") == true)
    let jump = error("<UIView: 0x1; frame = (0 0; 1 1)>\n   |    |    | <UIView: 0x2; frame = (0 0; 1 1)>")
    XCTAssertTrue(jump?.message.contains("depth jump") == true, "\(String(describing: jump))")
    XCTAssertEqual(jump?.line, 2)
    let second = error("<UIView: 0x1; frame = (0 0; 1 1)>\n<UIView: 0x2; frame = (0 0; 1 1)>")
    XCTAssertTrue(second?.message.contains("second root") == true)
    XCTAssertEqual(second?.severity, .error)
    XCTAssertEqual(second?.description, "d.txt:2:1: error: " + (second?.message ?? ""))
  }

  func testRefusalsAndMissingViewDump() throws {
    let trace = try FixtureHitTests.text("cycript-ios13-autolayouttrace.txt")
    XCTAssertTrue(error(trace)?.message.contains("_autolayoutTrace") == true)
    XCTAssertTrue(error(trace)?.message.contains("recursiveDescription") == true)
    do {
      _ = try DumpImporter.importTexts([("r.txt", try FixtureHitTests.text("nslog-ios9-dzn-recognizer.txt"))])
      XCTFail("a recognizer list alone")
    } catch let e as DumpImportError {
      XCTAssertTrue(e.error.message.contains("a recognizer list but no view dump"), e.error.message)
    }
    do {
      _ = try DumpImporter.importTexts([("c.txt", try FixtureHitTests.text("aitali-printhierarchy-swift.txt"))])
      XCTFail("a controller hierarchy alone")
    } catch let e as DumpImportError {
      XCTAssertTrue(e.error.message.contains("a controller hierarchy but no view dump"), e.error.message)
    }
    let array = try FixtureHitTests.text("lldb-ios5-subviews-array.txt")
    XCTAssertTrue(error(array)?.message.contains("array of views") == true)
  }

  func testLimitsAsForLayouts() {
    var deep = "<UIView: 0x1; frame = (0 0; 1 1)>\n"
    for depth in 1...(LayoutLimits.maximumDepth + 1) {
      deep += String(repeating: "   |", count: depth) + " <UIView: 0x1; frame = (0 0; 1 1)>\n"
    }
    XCTAssertTrue(error(deep)?.message.contains("deeper than \(LayoutLimits.maximumDepth)") == true)
    let long = "<A" + String(repeating: "b", count: LayoutLimits.maximumNameLength + 1) + ": 0x1; frame = (0 0; 1 1)>"
    XCTAssertTrue(error(long)?.message.contains("limit on names") == true)
    XCTAssertTrue(
      error("<UIView: 0x1; frame = (0 0; 1 1)>\n   | <UIView: 0x2; frame = (0 0; 1e9 1)>")?.message.contains(
        "bad number")
        == true)
  }
}
