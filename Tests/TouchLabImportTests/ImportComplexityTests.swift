import Foundation
import TouchLabEngine
import TouchLabLayout
import TouchLabTestSupport
import XCTest

@testable import TouchLabImport

/// Issue 43 (item 5): inputs that made the importer, `hit` and `diff` quadratic or worse. Each
/// input is built here, sized so that the old code took ten minutes or more on it (its cost grew with
/// the square or the cube of the size); where the work done can be seen it is asserted on (lines
/// of diagnostics, lines kept, names' lengths), and otherwise the run is bounded by a time far
/// above the new code's (seconds on the debug build) and a tenth or less of the old code's — a
/// bound a busy machine cannot blow by accident (docs/HARDENING.md §7).
final class ImportComplexityTests: XCTestCase {
  /// Seconds any one of these may take on the debug build: the new code needs a few on a busy
  /// machine, the old code ten times this or more.
  static let bound: TimeInterval = 60

  func timed<T>(_ what: String, _ body: () throws -> T) rethrows -> T {
    let start = Date()
    let result = try body()
    let elapsed = Date().timeIntervalSince(start)
    XCTAssertLessThan(elapsed, Self.bound, "\(what) took \(elapsed) s")
    return result
  }

  static let root =
    "<UIWindow: 0x100; frame = (0 0; 390 844); layer = <UIWindowLayer: 0x1>>\n"
    + "   | <UIView: 0x200; frame = (0 0; 390 844); layer = <CALayer: 0x2>>\n"

  /// `_printHierarchy` with 300,000 blank lines after its first line: a regular expression whose
  /// `\s` crossed lines was tried from every line start to the end of the blank run (4.5 × 10¹⁰ steps).
  func testAHierarchyWithManyBlankLinesIsReadInOnePass() {
    let blanks = 300_000
    let text =
      "<UINavigationController 0x300>, state: appeared, view: <UILayoutContainerView 0x200>\n"
      + String(repeating: "\n", count: blanks)
      + "   | <App.ListViewController 0x400>, state: appeared, view: <UIView 0x500>\n"
    let (controllers, _) = timed("the hierarchy") { ControllerHierarchyParser.parse(text, file: "h.txt") }
    XCTAssertEqual(controllers.map(\.className), ["UINavigationController", "App.ListViewController"])
    XCTAssertEqual(controllers.map(\.line), [1, blanks + 2], "each controller on its own line")
    XCTAssertEqual(controllers.map(\.depth), [0, 1])
    XCTAssertEqual(controllers.map(\.viewAddress), ["0x200", "0x500"])
  }

  /// A `must-fail` list of 150,000 addresses, each looked for in the list of those seen (10¹⁰
  /// comparisons); now a set.
  func testAHugeMustFailListIsReadInLinearTime() throws {
    let count = 150_000
    var entries: [String] = []
    entries.reserveCapacity(count)
    for n in 0..<count { entries.append("<UITapGestureRecognizer: 0x\(String(n + 0x10000, radix: 16))>") }
    // Every address twice: each is kept once.
    let list =
      "<__NSArrayI 0x9>(\n<UITapGestureRecognizer: 0xa; state = Possible; view = <UIView 0x200>; must-fail = {\n"
      + entries.joined(separator: ",\n") + ",\n" + entries.joined(separator: ",\n") + "\n}>\n)"
    let (recognizers, _) = try timed("the list") { try RecognizerListParser.parse(list, file: "r.txt") }
    XCTAssertEqual(recognizers.count, 1)
    XCTAssertEqual(recognizers[0].mustFail.count, count)
    XCTAssertEqual(recognizers[0].mustFail.first, "0x10000")
  }

  /// 3,000 printed classes whose legal names are all one: each was searched for in the list of
  /// those declared, a `_` longer each time (cubic, and names 3,000 characters long).
  func testClassNamesThatCollapseToOneLegalNameStayShortAndLinear() throws {
    let count = 3_000
    var views: [DumpedView] = []
    var root = DumpedView(className: "UIView", address: "0x1", line: 1, column: 1, depth: 0)
    root.frame = CGRect(x: 0, y: 0, width: 390, height: 844)
    views.append(root)
    for n in 0..<count {
      // `Card` and twelve characters no name may have, a different mix each: all `Card____________`.
      let mix = (0..<12).map { (n >> $0) & 1 == 0 ? "!" : "?" }.joined()
      var view = DumpedView(className: "Card" + mix, address: "0x\(n + 2)", line: n + 2, column: 1, depth: 1)
      view.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
      view.parent = 0
      views[0].children.append(views.count)
      views.append(view)
    }
    let dump = ViewDump(file: "c.txt", views: views, diagnostics: [])
    var writer = LayoutWriter(
      dump: dump, attachments: .init(), windowSize: CGSize(width: 390, height: 844), log: DiagnosticLog(file: "c.txt"))
    let yaml = try timed("the writer") { try writer.write() }
    let declared = yaml.split(separator: "\n").filter { $0.hasPrefix("  Card") }
    XCTAssertEqual(declared.count, count)
    XCTAssertEqual(Set(declared).count, count, "each its own name")
    let longest = declared.map { $0.prefix { $0 != ":" }.count }.max() ?? 0
    XCTAssertLessThanOrEqual(longest, "  Card____________".count + 5, "a number after the name, not a `_` more each")
    XCTAssertTrue(declared.contains { $0.hasPrefix("  Card_____________2:") }, "\(declared.prefix(3))")
    _ = try timed("the load") { try LayoutLoader.load(yaml: yaml, file: "c.yaml") }
  }

  /// 200,000 junk lines after a view: a warning a line was as many lines on standard error
  /// (seven million lines: 1.4 GB). At most 1,000 lines of diagnostics, the last saying how many more.
  func testJunkLinesGiveAtMostAThousandLinesOfDiagnostics() throws {
    let lines = 200_000
    let dump = Self.root + String(repeating: "junk that is no view\n", count: lines)
    let result = try timed("the import") { try DumpImporter.importTexts([("j.txt", dump)]) }
    XCTAssertLessThanOrEqual(result.diagnostics.count, DumpDiagnostic.maximumShown)
    let summary = try XCTUnwrap(result.diagnostics.last)
    XCTAssertEqual(summary.severity, .note)
    let shownJunk = result.diagnostics.filter { $0.message.hasPrefix("a line with no view on it skipped") }.count
    XCTAssertEqual(summary.omitted + shownJunk, lines, "every junk line is counted")
    XCTAssertTrue(summary.description.contains("\(summary.omitted) more warnings and notes not shown"), "\(summary)")

    // An error after them is still the last line, after the summary.
    let refused = Self.root + String(repeating: "junk\n", count: 5_000) + "<UIView: 0x9; frame = (0 0; 1 1)>\n"
    XCTAssertThrowsError(try DumpImporter.importTexts([("k.txt", refused)])) { error in
      let diagnostics = (error as! DumpImportError).diagnostics
      XCTAssertEqual(diagnostics.count, DumpDiagnostic.maximumShown)
      XCTAssertEqual(diagnostics.last?.severity, .error)
      let shown = diagnostics.filter { $0.message.hasPrefix("a line with no view on it skipped") }.count
      XCTAssertEqual((diagnostics.dropLast().last?.omitted ?? 0) + shown, 5_000)
    }
  }

  /// One recognizer entry that never ends, 4,000,000 characters of fields nothing reads: it was
  /// copied as characters (16 bytes each) and again field by field; now read in place, and
  /// only the fields TouchLab reads are kept.
  func testAnEndlessRecognizerEntryIsReadInPlace() throws {
    let filler = String(repeating: "junkField = <Thing 0x1 (a; b)>; ", count: 125_000)
    let list =
      "<__NSArrayI 0x9>(\n<UITapGestureRecognizer: 0xa; state = Possible; view = <UIView 0x200>; "
      + "numberOfTapsRequired = 2; " + filler
    let (recognizers, log) = try timed("the list") { try RecognizerListParser.parse(list, file: "e.txt") }
    XCTAssertEqual(recognizers.count, 1)
    XCTAssertEqual(recognizers[0].viewAddress, "0x200")
    XCTAssertEqual(recognizers[0].fields, ["state": "Possible", "numberOfTapsRequired": "2"])
    XCTAssertTrue(log.diagnostics.contains { $0.message.contains("cut short") })
  }

  /// `diff` with a 200,000-line log: the NSLog prefix's regular expression was compiled for every
  /// line, and every line the scene could print was kept. Now the prefix is read by hand, and
  /// no more lines are kept than the model prints and one.
  func testADeviceLogOfManyLinesKeepsNoMoreThanTheModelAndOne() throws {
    let scene = try LayoutLoader.load(path: DeviceLogDiffTests.layout)
    let scenario = try XCTUnwrap(scene.scenario(named: "tap-red"))
    let model = DeviceLogDiff(scene: scene, scenario: scenario, log: "").model
    var log: [String] = []
    for n in 0..<200_000 {
      // The model's lines over and over, noise between.
      let text = n % 2 == 0 ? model[(n / 2) % model.count].text : "-[UIKeyboardImpl prepareForActivation]"
      log.append(String(format: "2024-05-01 10:00:%06.3f Demo[812:33101] %@", Double(n % 50), text))
    }
    let fresh = try LayoutLoader.load(path: DeviceLogDiffTests.layout)
    let diff = timed("the diff") {
      DeviceLogDiff(scene: fresh, scenario: scenario, log: log.joined(separator: "\n"))
    }
    XCTAssertEqual(diff.device.count, model.count + 1)
    XCTAssertEqual(Array(diff.device.prefix(model.count).map(\.text)), model.map(\.text))
    let first = try XCTUnwrap(diff.device[0].time)
    XCTAssertEqual(try XCTUnwrap(diff.device[1].time) - first, 2, accuracy: 1e-9)
    XCTAssertNotNil(diff.firstDivergence)
  }

  func testTheNSLogPrefixIsReadAsTheRegularExpressionReadIt() {
    func strip(_ line: String) -> String { DeviceLogDiff.strip(line).0 }
    XCTAssertEqual(DeviceLogDiff.strip("2024-01-02 03:04:05.678 App[123:4567] hello").1, 3 * 3600 + 4 * 60 + 5.678)
    XCTAssertEqual(strip("2024-01-02 03:04:05.678+0100 My App[1:a0x] hi there"), "hi there")
    XCTAssertEqual(strip("2024-01-02T03:04:05.6 App[1:2] x"), "x")
    XCTAssertEqual(strip("2024-01-02 03:04:05 App[1:2] no fraction"), "2024-01-02 03:04:05 App[1:2] no fraction")
    XCTAssertEqual(strip("2024-01-02 03:04:05.1 [1:2] no name"), "2024-01-02 03:04:05.1 [1:2] no name")
    XCTAssertEqual(strip("2024-01-02 03:04:05.1 A[1:2]no blank"), "2024-01-02 03:04:05.1 A[1:2]no blank")
    XCTAssertEqual(strip("default\t03:04:05.678901+0100\tApp\ttext"), "text")
    // A pasted log whose process field the author cut: the date and clock go, the time is read.
    XCTAssertEqual(
      strip("2016-10-30 15:37:47.711 LOG:::View___touchesBegan:withEvent:___<View: 0x7f>"),
      "LOG:::View___touchesBegan:withEvent:___<View: 0x7f>")
    XCTAssertEqual(DeviceLogDiff.strip("2016-10-30 15:37:47.711 hello there").1, 15 * 3600 + 37 * 60 + 47.711)
    XCTAssertEqual(strip("2024-01-02 03:04:05.1 "), "2024-01-02 03:04:05.1")
  }

  /// A parent of 20,000 views all under the point: each passed-over view was looked for among
  /// its 20,000 siblings (2 × 10⁸ comparisons a point, about 30 s a point on the debug build).
  func testHitOnAViewWithThousandsOfSubviewsUnderThePoint() throws {
    let count = 20_000
    var yaml = "window: {size: [390, 844]}\ncontroller:\n  view:\n    id: root\n    frame: [0, 0, 390, 844]\n"
    yaml += "    subviews:\n"
    for n in 0..<count { yaml += "      - {id: v\(n), frame: [0, 0, 100, 100]}\n" }
    yaml += "      - {id: top, frame: [0, 0, 50, 50]}\n"
    let scene = try LayoutLoader.load(yaml: yaml, file: "h.yaml")
    let index = HitReport.ViewIndex(scene)
    let report = timed("twenty points") {
      (0..<20).map { HitReport(scene: scene, at: CGPoint(x: 10 + $0, y: 10), views: index) }.last!
    }
    XCTAssertEqual(report.view?.id, "top")
    XCTAssertEqual(report.skipped.count, count)
    XCTAssertEqual(report.skipped.first?.reason, "covered by a later sibling, UIView 'top'")
  }

  /// 20,000 `--at` took 12 s in the argument parser alone: every repeatable option has a limit,
  /// checked before parsing, and past it the command is one error line.
  func testRepeatedOptionsPastTheirLimitsAreOneErrorLine() throws {
    func run(_ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
      try TouchLabCommand.run(arguments, in: FixtureHitTests.dumps)
    }
    let dump = "lldb-ios15-navbar.txt"
    let points = try timed("20,000 --at") { try run(["hit", dump] + Array(repeating: "--at=10,10", count: 20_000)) }
    XCTAssertEqual(points.status, 1)
    XCTAssertEqual(points.err, "touchlab: error: --at is given 20000 times; at most 1000\n")
    let sets = try run(["replay", dump] + Array(repeating: ["--set", "a.alpha=1"], count: 1_001).flatMap { $0 })
    XCTAssertEqual(sets.status, 1)
    XCTAssertEqual(sets.err, "touchlab: error: --set is given 1001 times; at most 1000\n")
    let setFiles = try run(["replay", dump] + Array(repeating: "--set-file=x.yaml", count: 101))
    XCTAssertEqual(setFiles.err, "touchlab: error: --set-file is given 101 times; at most 100\n")
    let files = try run(["check"] + Array(repeating: "a.yaml", count: 1_001))
    XCTAssertEqual(files.err, "touchlab: error: 1001 files; at most 1000 at once\n")
    let long = try run(["check"] + Array(repeating: "--strict", count: 5_000))
    XCTAssertEqual(long.err, "touchlab: error: a command line of 5001 arguments; at most 4096\n")
    // At the limit, the points are all answered.
    let most = try timed("1,000 --at") { try run(["hit", dump] + Array(repeating: "--at=10,10", count: 1_000)) }
    XCTAssertEqual(most.status, 0, most.err)
    XCTAssertEqual(most.out.split(separator: "\n").filter { $0.hasPrefix("at (10, 10)") }.count, 1_000)
  }
}
