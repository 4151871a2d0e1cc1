import Foundation
import TouchLabTestSupport
import XCTest

/// `touchlab import`, `hit`, and the other commands given a dump, as a user runs them.
final class ImportCommandTests: XCTestCase {
  func run(_ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
    try TouchLabCommand.run(arguments, in: FixtureHitTests.dumps)
  }

  var temporary: URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("import-tests-\(getpid())")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  func testImportWritesALayoutThatChecksAndReplays() throws {
    let out = temporary.appendingPathComponent("nav.yaml").path
    let imported = try run(["import", "lldb-ios15-navbar.txt", "--out", out])
    XCTAssertEqual(imported.status, 0, imported.err)
    XCTAssertEqual(
      imported.err.split(separator: "\n").last.map(String.init), "imported 15 views, 0 recognizers, 0 view controllers")
    XCTAssertTrue(imported.err.contains("lldb-ios15-navbar.txt:1:1: warning: "), imported.err)
    let checked = try run(["check", out])
    XCTAssertEqual(checked.status, 0, checked.err)
    let replayed = try run(["replay", out])
    XCTAssertEqual(replayed.status, 0, replayed.err)
  }

  func testStrictMakesWarningsFatalAndErrorsExitOne() throws {
    let out = temporary.appendingPathComponent("strict.yaml").path
    let strict = try run(["import", "cocoadelica-ios7-lldb.txt", "--out", out, "--strict"])
    XCTAssertEqual(strict.status, 1)
    XCTAssertTrue(
      strict.err.contains("cocoadelica-ios7-lldb.txt:11:5: error: the entry of UIImageView is cut short"), strict.err)
    let refused = try run(["import", "cycript-ios13-autolayouttrace.txt", "--out", out])
    XCTAssertEqual(refused.status, 1)
    XCTAssertTrue(
      refused.err.hasPrefix("cycript-ios13-autolayouttrace.txt:1:1: error: this is _autolayoutTrace"), refused.err)
  }

  func testHitJSONShape() throws {
    let hit = try run(["hit", "cycript-ios13-backticks.txt", "--at", "100,130", "--at", "1000,1000", "--json"])
    XCTAssertEqual(hit.status, 0, hit.err)
    let lines = hit.out.split(separator: "\n")
    XCTAssertEqual(lines.count, 2)
    let first = try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as! [String: Any]
    XCTAssertEqual(first["at"] as? [Double], [100, 130])
    let view = first["view"] as! [String: Any]
    XCTAssertEqual(view["class"] as? String, "UIView")
    XCTAssertEqual(view["address"] as? String, "0x10450a690")
    XCTAssertEqual(view["line"] as? Int, 6)
    XCTAssertNotNil(view["id"] as? String)
    let responders = first["responders"] as! [[String: Any]]
    XCTAssertEqual(responders.first?["address"] as? String, "0x10450a690")
    XCTAssertEqual(responders.last?["class"] as? String, "UIApplication")
    let recognizers = first["recognizers"] as! [[String: Any]]
    // The window's own gate, and the window's recognizers the dump only shows as an array.
    XCTAssertTrue(recognizers.contains { $0["unlisted"] as? Bool == true && $0["address"] as? String == "0x28238d770" })
    let second = try JSONSerialization.jsonObject(with: Data(lines[1].utf8)) as! [String: Any]
    XCTAssertTrue(second["view"] is NSNull)
  }

  /// docs/import.md's `--json` example is what `hit` prints for its command: the hit view
  /// and the first recognizer entry, whole (issue 48 §6: the docs said line 15).
  func testTheDocsJSONExampleIsWhatHitPrints() throws {
    let docs = try String(
      contentsOf: FixtureHitTests.dumps.appendingPathComponent("../../../docs/import.md").standardized,
      encoding: .utf8)
    let start = try XCTUnwrap(docs.range(of: "    {\"at\": [200, 70], "))
    let end = try XCTUnwrap(docs.range(of: "]}\n", range: start.upperBound..<docs.endIndex))
    let example = docs[start.lowerBound..<end.upperBound].split(separator: "\n").map {
      $0.trimmingCharacters(in: .whitespaces)
    }.joined(separator: " ")
    // The first object after `marker` (these entries hold no nested object).
    func object(_ text: String, after marker: String) throws -> [String: NSObject] {
      let at = try XCTUnwrap(text.range(of: marker), marker)
      let open = try XCTUnwrap(text[at.upperBound...].firstIndex(of: "{"))
      let close = try XCTUnwrap(text[open...].firstIndex(of: "}"))
      return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text[open...close].utf8)) as? [String: NSObject])
    }
    let hit = try run(["hit", "lldb-ios15-navbar.txt", "--at", "200,70", "--json"])
    XCTAssertEqual(hit.status, 0, hit.err)
    for marker in ["\"view\": ", "\"recognizers\": ["] {
      XCTAssertEqual(try object(example, after: marker), try object(hit.out, after: marker), marker)
    }
  }

  /// docs/import.md's `diff` example, run as the text says (the log one NSLog line of a Swift
  /// app's `dismissKeyboard(_:)`), prints the line the docs show.
  func testTheDocsDiffExampleIsWhatDiffPrints() throws {
    let repository = FixtureHitTests.dumps.appendingPathComponent("../../..").standardized
    let docs = try String(contentsOf: repository.appendingPathComponent("docs/import.md"), encoding: .utf8)
    let shown = try XCTUnwrap(docs.split(separator: "\n").first { $0.hasPrefix("    device.log: line 1:") })
    let folder = temporary.appendingPathComponent("docs-diff-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try "2024-05-01 10:00:01.050 Demo[812:33101] dismissKeyboard(_:)\n".write(
      to: folder.appendingPathComponent("device.log"), atomically: true, encoding: .utf8)
    let result = try TouchLabCommand.run(
      [
        "diff", repository.appendingPathComponent("Layouts/table-cell-conflict.yaml").path, "--scenario", "quick-tap",
        "--log", "device.log",
      ], in: folder)
    XCTAssertEqual(result.status, 1, result.err)
    XCTAssertEqual(result.out, shown.trimmingCharacters(in: .whitespaces) + "\n")
  }

  func testOtherCommandsTakeADumpDirectly() throws {
    let replay = try run(["replay", "nslog-ios6-kiyotakagoto.txt"])
    XCTAssertEqual(replay.status, 0, replay.err)
    XCTAssertTrue(replay.err.contains("warning: an NSLog prefix"), replay.err)
    let picture = temporary.appendingPathComponent("diagram.png").path
    let diagram = try run(["diagram", "nslog-ios6-kiyotakagoto.txt", "--out", picture])
    XCTAssertEqual(diagram.status, 0, diagram.err)
    XCTAssertTrue(FileManager.default.fileExists(atPath: picture))
  }

  func testWindowSizeHitOnALayoutAndDiff() throws {
    let out = temporary.appendingPathComponent("cell.yaml").path
    let imported = try run(["import", "lldb-ios8-baseclass-pagecontrol.txt", "--out", out, "--window", "320,480"])
    XCTAssertEqual(imported.status, 0, imported.err)
    // The dump's one view does not fill the window: it is the window's own subview.
    XCTAssertTrue(
      try String(contentsOfFile: out, encoding: .utf8).contains("window:\n  size: [320, 480]\n  subviews:"))
    let bad = try run(["import", "lldb-ios8-baseclass-pagecontrol.txt", "--out", out, "--window", "0,480"])
    XCTAssertEqual(bad.status, 1)
    XCTAssertTrue(bad.err.hasPrefix("touchlab: error: --window must be WIDTH,HEIGHT"), bad.err)
    // hit on the generated layout answers as on the dump: the address is a layout key.
    let onLayout = try run(["hit", out, "--at", "180,220", "--json"])
    let onDump = try run([
      "hit", "lldb-ios8-baseclass-pagecontrol.txt", "--window", "320,480", "--at", "180,220", "--json",
    ])
    XCTAssertEqual(onLayout.status, 0, onLayout.err)
    XCTAssertEqual(onLayout.out, onDump.out)
    XCTAssertTrue(onLayout.out.contains("\"address\": \"0x15fe26ca0\""), onLayout.out)
    // diff: the device logged the placeholder line the model prints for a tap on the button.
    let button = temporary.appendingPathComponent("button.yaml").path
    XCTAssertEqual(try run(["import", "cocoadelica-ios7-lldb.txt", "--out", button]).status, 0)
    let layout = try String(contentsOfFile: button, encoding: .utf8)
    try
      (layout.components(separatedBy: "\nscenarios:\n")[0]
      + "\nscenarios:\n  tap-button:\n    - tap: [240, 450]\n").write(toFile: button, atomically: true, encoding: .utf8)
    let model = try run(["replay", button])
    XCTAssertEqual(model.status, 0, model.err)
    XCTAssertEqual(model.out, "EDIT: touchUpInside on UIButton 0x78f7dae0 line 7\n")
    let log = temporary.appendingPathComponent("device.log").path
    try
      ("2024-05-01 10:00:01.000 Demo[1:2] launched\n"
      + model.out.split(separator: "\n").map {
        "2024-05-01 10:00:01.050 Demo[1:2] \($0)"
      }.joined(separator: "\n")).write(toFile: log, atomically: true, encoding: .utf8)
    let agree = try run(["diff", button, "--log", log])
    XCTAssertEqual(agree.status, 0, agree.out + agree.err)
    XCTAssertEqual(agree.out, "\(log): agrees with tap-button (1 line)\n", "one line, singular")
    try "2024-05-01 10:00:01.000 Demo[1:2] something else\n".write(toFile: log, atomically: true, encoding: .utf8)
    let differ = try run(["diff", button, "--log", log])
    XCTAssertEqual(differ.status, 1, differ.out)
    XCTAssertTrue(
      differ.out.contains(
        "the device log has no more lines the scene could print; 1 log line ignored, as the model never prints "
          + "them: log line 1 'something else'\n"), differ.out)
  }
}
