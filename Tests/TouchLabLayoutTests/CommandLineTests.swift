import Foundation
import TouchLabTestSupport
import XCTest

/// The `touchlab` command as a user runs it: exit statuses, stdout and stderr.
final class CommandLineTests: XCTestCase {
  /// The built `touchlab`, beside the test bundle in the build folder.
  static var executable: URL { TouchLabCommand.builtExecutable ?? URL(fileURLWithPath: "touchlab") }

  func run(_ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
    try run(arguments, through: [])
  }

  /// Runs `touchlab ARGUMENTS` from the repository's folder, behind `wrapper` when one is given.
  func run(_ arguments: [String], through wrapper: [String]) throws -> (status: Int32, out: String, err: String) {
    try Self.run(arguments, through: wrapper)
  }

  static func run(_ arguments: [String], through wrapper: [String] = []) throws -> (
    status: Int32, out: String, err: String
  ) {
    try TouchLabCommand.run(arguments, in: GoldenTranscriptTests.repository, through: wrapper)
  }

  func testCheckReportsFileLineColumnAndExitsOne() throws {
    let broken = FileManager.default.temporaryDirectory.appendingPathComponent("broken-\(UUID().uuidString).yaml")
    try "controller:\n  view:\n    subviews:\n      - {id: a, frame: [0, 0, 1, 1], colour: red}\n".write(
      to: broken, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: broken) }
    let result = try run(["check", broken.path])
    XCTAssertEqual(result.status, 1)
    XCTAssertEqual(result.out, "")
    XCTAssertEqual(result.err, "\(broken.path):4:38: error: unknown key 'colour' for UIView (did you mean 'color'?)\n")
  }

  func testCheckPassesTheBundledLayouts() throws {
    let files = try GoldenTranscriptTests.layoutFiles().map(\.path)
    let result = try run(["check"] + files)
    XCTAssertEqual(result.status, 0, result.err)
    XCTAssertEqual(result.err, "")
    XCTAssertTrue(result.out.contains("Layouts/table-cell-conflict.yaml: ok (7 scenarios)\n"), result.out)
    XCTAssertEqual(result.out.split(separator: "\n").count, files.count, "one ok line a file")
  }

  func testListPrintsTheScenariosInFileOrder() throws {
    let result = try run(["list", "Layouts/table-cell-conflict.yaml"])
    XCTAssertEqual(result.status, 0, result.err)
    XCTAssertEqual(
      result.out,
      "quick-tap\nshort-press\nlong-press\nbutton-tap\nfix-cancels-false\nfix-delegate\nfix-table-tap\n")
    let missing = try run(["list", "Layouts/no-such-file.yaml"])
    XCTAssertEqual(missing.status, 1)
    XCTAssertTrue(missing.err.contains("no-such-file.yaml"), missing.err)
  }

  func testAllRecordsWithoutJSONIsAnError() throws {
    let result = try run(["replay", "Layouts/seed000-gestures.yaml", "--scenario", "tap", "--all-records"])
    XCTAssertEqual(result.status, 1)
    XCTAssertEqual(result.out, "")
    XCTAssertEqual(
      result.err, "touchlab: error: --all-records needs --json (the plain transcript has only the lines)\n")
  }

  func testReplayPrintsTheTranscriptWithTimes() throws {
    let result = try run(["replay", "Layouts/seed000-gestures.yaml", "--scenario", "tap-no-cancel", "--times"])
    XCTAssertEqual(result.status, 0, result.err)
    XCTAssertEqual(
      result.out,
      """
      [0.000] -[ZZTapGestureRecognizer touchesBegan:withEvent:]
      [0.000] -[YellowView touchesBegan:withEvent:]
      [0.050] -[ZZTapGestureRecognizer touchesEnded:withEvent:]
      [0.050] -[GestureViewController didTouchYellowView]
      [0.050] -[YellowView touchesEnded:withEvent:]

      """)
  }

  func testReplaySetOverridesAProperty() throws {
    let result = try run([
      "replay", "Layouts/seed000-gestures.yaml", "--scenario", "tap", "--set", "tap.cancelsTouchesInView=false",
    ])
    XCTAssertEqual(result.status, 0, result.err)
    XCTAssertTrue(result.out.hasSuffix("-[YellowView touchesEnded:withEvent:]\n"), result.out)
  }

  /// Issue 30: the fix as code — the story says each `--set` as the UIKit line that does it.
  func testReplayExplainStartsWithEachChangeAsItsUIKitLine() throws {
    let result = try run([
      "replay", "Layouts/table-cell-conflict.yaml", "--scenario", "quick-tap", "--explain", "--set",
      "backTap.cancelsTouchesInView=false", "--set", "backTap.delegate.shouldReceiveTouch=false",
    ])
    XCTAssertEqual(result.status, 0, result.err)
    let lines = result.out.split(separator: "\n").map(String.init)
    XCTAssertEqual(
      Array(lines.prefix(3)),
      [
        "changed before the first touch: backTap.cancelsTouchesInView = false  (--set backTap.cancelsTouchesInView=false)",
        "changed before the first touch: --set backTap.delegate.shouldReceiveTouch=false",
        "[0.000] touch 1 goes down at (195, 122)",
      ])
  }

  func testReplayJSONHasOneObjectPerLine() throws {
    let result = try run(["replay", "Layouts/seed000-controls.yaml", "--scenario", "nil-target", "--json"])
    XCTAssertEqual(result.status, 0, result.err)
    let lines = result.out.split(separator: "\n")
    XCTAssertEqual(lines.count, 5)
    let last = try JSONSerialization.jsonObject(with: Data(lines.last!.utf8)) as? [String: Any]
    XCTAssertEqual(last?["kind"] as? String, "action")
    XCTAssertEqual(last?["receiver"] as? String, "ZZWindow")
    XCTAssertEqual(last?["method"] as? String, "responderZZButton")
    XCTAssertEqual(last?["touches"] as? [Int], [1])
  }

  func testReplayErrorsAreClear() throws {
    let noScenario = try run(["replay", "Layouts/seed000-gestures.yaml"])
    XCTAssertEqual(noScenario.status, 1)
    XCTAssertTrue(noScenario.err.contains("choose one with --scenario: tap, tap-no-cancel, pan, pan-delays-began"))
    let badSet = try run(["replay", "Layouts/seed000-gestures.yaml", "--scenario", "tap", "--set", "tap.nope=1"])
    XCTAssertEqual(badSet.status, 1)
    XCTAssertEqual(badSet.out, "")
    XCTAssertTrue(badSet.err.contains("has no property 'nope'"), badSet.err)
    let missing = try run(["replay", "Layouts/no-such-file.yaml"])
    XCTAssertEqual(missing.status, 1)
    XCTAssertEqual(
      missing.err, "Layouts/no-such-file.yaml:1:1: error: cannot read the file: No such file or directory\n")
  }
}
