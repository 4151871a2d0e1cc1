import Foundation
import TouchLabTestSupport
import XCTest

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// `touchlab test`, `diff`'s exit statuses, `--version` and a mistyped subcommand: the command
/// line a script or CI sees.
final class TestCommandTests: XCTestCase {
  static let repository = GoldenTranscriptTests.repository

  func run(_ arguments: [String], in folder: URL = repository) throws -> (status: Int32, out: String, err: String) {
    try TouchLabCommand.run(arguments, in: folder)
  }

  /// A fresh folder under the temporary one, removed after the test.
  func makeFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("test-command-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
    return folder
  }

  func write(_ text: String, _ path: String, in folder: URL) throws {
    let url = folder.appendingPathComponent(path)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try text.write(to: url, atomically: true, encoding: .utf8)
  }

  /// seed000-gestures' transcript of `tap-no-cancel` (GoldenTranscriptTests holds it to the article).
  static let tapNoCancel = """
    -[ZZTapGestureRecognizer touchesBegan:withEvent:]
    -[YellowView touchesBegan:withEvent:]
    -[ZZTapGestureRecognizer touchesEnded:withEvent:]
    -[GestureViewController didTouchYellowView]
    -[YellowView touchesEnded:withEvent:]

    """

  /// A folder with a passing layout, a failing one and one that cannot be read, each with its
  /// expected transcript beside it.
  func makeSuite() throws -> URL {
    let folder = try makeFolder()
    let layout = try String(
      contentsOf: Self.repository.appendingPathComponent("Layouts/seed000-gestures.yaml"), encoding: .utf8)
    try write(layout, "pass.yaml", in: folder)
    try write("# the article's lines\n" + Self.tapNoCancel, "pass.expected/tap-no-cancel.txt", in: folder)
    try write(layout, "nested/fail.yaml", in: folder)
    try write(
      Self.tapNoCancel.replacingOccurrences(of: "didTouchYellowView", with: "didTouchBlueView"),
      "nested/fail.expected/tap-no-cancel.txt", in: folder)
    try write("controller: [unclosed\n", "broken.yaml", in: folder)
    try write(Self.tapNoCancel, "broken.expected/tap-no-cancel.txt", in: folder)
    // A layout with no expected transcripts is not tested.
    try write(layout, "untested.yaml", in: folder)
    return folder
  }

  func testAPassingAFailingAndAnUnreadableCaseExitTwo() throws {
    let folder = try makeSuite()
    let result = try run(["test", "."], in: folder)
    XCTAssertEqual(result.status, 2, result.out + result.err)
    let lines = result.out.split(separator: "\n").map(String.init)
    XCTAssertTrue(lines.contains("ERROR ./broken.yaml"), result.out)
    XCTAssertTrue(
      lines.contains("FAIL ./nested/fail.yaml --scenario tap-no-cancel (the transcript differs)"), result.out)
    XCTAssertTrue(lines.contains("PASS ./pass.yaml --scenario tap-no-cancel"), result.out)
    XCTAssertTrue(
      lines.contains("SKIP ./pass.yaml --scenario tap (no expected transcript ./pass.expected/tap.txt)"),
      "scenarios without a file are skipped")
    XCTAssertFalse(result.out.contains("untested.yaml"), result.out)
    // The unified diff of the one difference.
    XCTAssertTrue(
      result.out.contains(
        """
        --- ./nested/fail.expected/tap-no-cancel.txt
        +++ touchlab replay ./nested/fail.yaml --scenario tap-no-cancel
        @@ -1,5 +1,5 @@
         -[ZZTapGestureRecognizer touchesBegan:withEvent:]
         -[YellowView touchesBegan:withEvent:]
         -[ZZTapGestureRecognizer touchesEnded:withEvent:]
        --[GestureViewController didTouchBlueView]
        +-[GestureViewController didTouchYellowView]
         -[YellowView touchesEnded:withEvent:]

        """), result.out)
    XCTAssertTrue(lines.last?.hasSuffix(": 1 passed, 1 failed, 1 errors, 6 skipped") == true, result.out)
    // The layout's mistake as a compiler prints it, on standard error.
    XCTAssertTrue(result.err.contains("./broken.yaml:2:1: error: YAML syntax"), result.err)
  }

  func testExitStatusesOfPassingAndFailingCases() throws {
    let folder = try makeSuite()
    let pass = try run(["test", "pass.yaml"], in: folder)
    XCTAssertEqual(pass.status, 0, pass.out + pass.err)
    XCTAssertEqual(pass.err, "")
    let fail = try run(["test", "pass.yaml", "nested"], in: folder)
    XCTAssertEqual(fail.status, 1, fail.out + fail.err)
    let missing = try run(["test", "pass.yaml", "no-such-folder"], in: folder)
    XCTAssertEqual(missing.status, 2, missing.out + missing.err)
    XCTAssertTrue(missing.err.contains("touchlab: error: no-such-folder: no such file or folder"), missing.err)
    let untested = try run(["test", "untested.yaml"], in: folder)
    XCTAssertEqual(untested.status, 2, "a layout named with no expected transcripts cannot be tested")
  }

  func testJUnitReportParsesAsXMLWithOneTestcaseAScenario() throws {
    let folder = try makeSuite()
    let report = folder.appendingPathComponent("junit.xml")
    let result = try run(["test", ".", "--junit", report.path], in: folder)
    XCTAssertEqual(result.status, 2, result.err)
    let document = try XMLDocument(contentsOf: report, options: [])
    let root = try XCTUnwrap(document.rootElement())
    XCTAssertEqual(root.name, "testsuites")
    XCTAssertEqual(root.attribute(forName: "failures")?.stringValue, "1")
    XCTAssertEqual(root.attribute(forName: "errors")?.stringValue, "1")
    let cases = try root.nodes(forXPath: "//testcase").compactMap { $0 as? XMLElement }
    // pass.yaml's and fail.yaml's four scenarios each, and the unreadable file.
    XCTAssertEqual(cases.count, 9)
    let failure = try XCTUnwrap(try root.nodes(forXPath: "//testcase[failure]").first as? XMLElement)
    XCTAssertEqual(failure.attribute(forName: "classname")?.stringValue, "./nested/fail.yaml")
    XCTAssertEqual(failure.attribute(forName: "name")?.stringValue, "tap-no-cancel")
    let diff = try XCTUnwrap(failure.elements(forName: "failure").first?.stringValue)
    XCTAssertTrue(diff.contains("\n--[GestureViewController didTouchBlueView]\n"), diff)
    XCTAssertEqual(try root.nodes(forXPath: "//testcase[error]").count, 1)
    XCTAssertEqual(try root.nodes(forXPath: "//testcase[skipped]").count, 6)
  }

  func testJSONSummary() throws {
    let folder = try makeSuite()
    let result = try run(["test", "pass.yaml", "nested", "--json"], in: folder)
    XCTAssertEqual(result.status, 1)
    let summary = try XCTUnwrap(
      try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any], result.out)
    XCTAssertEqual(summary["passed"] as? Int, 1)
    XCTAssertEqual(summary["failed"] as? Int, 1)
    XCTAssertEqual(summary["errors"] as? Int, 0)
    let scenarios = try XCTUnwrap(summary["scenarios"] as? [[String: Any]])
    let failed = try XCTUnwrap(scenarios.first { $0["status"] as? String == "fail" })
    XCTAssertEqual(failed["file"] as? String, "nested/fail.yaml")
    XCTAssertEqual(failed["scenario"] as? String, "tap-no-cancel")
    XCTAssertTrue((failed["diff"] as? [String])?.contains("+-[GestureViewController didTouchYellowView]") == true)
  }

  func testUpdateWritesTheTranscriptsAndKeepsLeadingComments() throws {
    let folder = try makeSuite()
    let update = try run(["test", "nested/fail.yaml", "--update"], in: folder)
    XCTAssertEqual(update.status, 0, update.out + update.err)
    XCTAssertTrue(update.out.contains("UPDATED nested/fail.yaml --scenario tap-no-cancel"), update.out)
    XCTAssertEqual(
      try String(contentsOf: folder.appendingPathComponent("nested/fail.expected/tap-no-cancel.txt"), encoding: .utf8),
      Self.tapNoCancel)
    XCTAssertEqual(try run(["test", "nested/fail.yaml"], in: folder).status, 0)
    // The first run wrote every scenario; a second finds nothing to change.
    let again = try run(["test", "nested/fail.yaml", "--update"], in: folder)
    XCTAssertFalse(again.out.contains("UPDATED"), again.out)
    // A file's leading comments stay.
    try write("# kept\n-[Nobody]\n", "pass.expected/tap-no-cancel.txt", in: folder)
    XCTAssertEqual(try run(["test", "pass.yaml", "--update"], in: folder).status, 0)
    XCTAssertEqual(
      try String(contentsOf: folder.appendingPathComponent("pass.expected/tap-no-cancel.txt"), encoding: .utf8),
      "# kept\n" + Self.tapNoCancel)
  }

  /// The bundled layouts against the project's golden transcripts (`#` lines are their sources).
  func testTheGoldenTranscriptsPassThroughExpectedFolder() throws {
    let result = try run(["test", "Layouts", "--expected", "Tests/TouchLabLayoutTests/Golden"])
    XCTAssertEqual(result.status, 0, result.out + result.err)
    XCTAssertFalse(result.out.contains("SKIP"), "every scenario has its golden transcript")
    XCTAssertTrue(result.out.contains("PASS Layouts/table-cell-conflict.yaml --scenario short-press\n"), result.out)
  }

  func testDiffExitsTwoForAnInputItCannotRead() throws {
    let folder = try makeFolder()
    try write(Self.tapNoCancel, "device.log", in: folder)
    let layout = Self.repository.appendingPathComponent("Layouts/seed000-gestures.yaml").path
    let agree = try run(["diff", layout, "--scenario", "tap-no-cancel", "--log", "device.log"], in: folder)
    XCTAssertEqual(agree.status, 0, agree.out + agree.err)
    try write("-[Nobody touchesBegan:withEvent:]\n", "other.log", in: folder)
    let differ = try run(["diff", layout, "--scenario", "tap-no-cancel", "--log", "other.log"], in: folder)
    XCTAssertEqual(differ.status, 1, differ.out + differ.err)
    let noLog = try run(["diff", layout, "--scenario", "tap-no-cancel", "--log", "missing.log"], in: folder)
    XCTAssertEqual(noLog.status, 2, noLog.err)
    XCTAssertTrue(noLog.err.hasPrefix("touchlab: error: missing.log: cannot read the file"), noLog.err)
    let noLayout = try run(["diff", "missing.yaml", "--log", "device.log"], in: folder)
    XCTAssertEqual(noLayout.status, 2, noLayout.err)
    let noScenario = try run(["diff", layout, "--scenario", "nope", "--log", "device.log"], in: folder)
    XCTAssertEqual(noScenario.status, 2, noScenario.err)
  }

  func testAMistypedSubcommandIsNamedWithTheNearest() throws {
    let result = try run(["replya", "x.yaml"])
    XCTAssertEqual(result.status, 64)
    XCTAssertEqual(result.out, "")
    XCTAssertEqual(result.err, "touchlab: error: unknown command 'replya' — did you mean 'replay'?\n")
    // Every subcommand the parser knows is suggested for a swap of its first two letters.
    let dump = try run(["--experimental-dump-help"])
    let tool = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(dump.out.utf8)) as? [String: Any])
    let command = try XCTUnwrap(tool["command"] as? [String: Any])
    let names = try XCTUnwrap(command["subcommands"] as? [[String: Any]]).compactMap { $0["commandName"] as? String }
    XCTAssertTrue(names.contains("test") && names.contains("replay"), "\(names)")
    for name in names where name != "help" {
      let letters = Array(name)
      let typo = String([letters[1], letters[0]] + letters.dropFirst(2))
      let mistyped = try run([typo])
      XCTAssertEqual(mistyped.status, 64, typo)
      XCTAssertEqual(mistyped.err, "touchlab: error: unknown command '\(typo)' — did you mean '\(name)'?\n")
    }
  }

  func testAnExistingFileOrAFarNameIsStillOpenedAsALayout() throws {
    let folder = try makeFolder()
    try write("controller: [unclosed\n", "lsit", in: folder)
    // A file of that name exists: it is the layout `open` is given (and its mistake is reported).
    let file = try run(["lsit"], in: folder)
    XCTAssertEqual(file.status, 1, file.err)
    XCTAssertTrue(file.err.hasPrefix("lsit:2:1: error: YAML syntax"), file.err)
    // Nothing like a subcommand: the file that is not there.
    let far = try run(["playgrnd"], in: folder)
    XCTAssertEqual(far.status, 1)
    XCTAssertEqual(far.err, "playgrnd:1:1: error: cannot read the file: No such file or directory\n")
  }

  func testVersionNamesTheReleaseAndTheCommit() throws {
    let result = try run(["--version"])
    XCTAssertEqual(result.status, 0, result.err)
    let pattern = try NSRegularExpression(
      pattern: "^touchlab (0\\.[0-9]+\\.[0-9]+) \\(commit ([0-9a-f]{40}|unknown)\\)\n$")
    let match = try XCTUnwrap(
      pattern.firstMatch(in: result.out, range: NSRange(result.out.startIndex..., in: result.out)), result.out)
    let version = String(result.out[Range(match.range(at: 1), in: result.out)!])
    let changelog = try String(contentsOf: Self.repository.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
    XCTAssertTrue(changelog.contains("\n## \(version) "), "CHANGELOG.md has a section for \(version)")
    // From a checkout (a `.git` above the build), the commit is the checkout's HEAD.
    let git = Process()
    git.executableURL = URL(fileURLWithPath: "/usr/bin/git")
    git.arguments = ["-C", Self.repository.path, "rev-parse", "HEAD"]
    let out = Pipe()
    git.standardOutput = out
    git.standardError = FileHandle.nullDevice
    guard FileManager.default.fileExists(atPath: "/usr/bin/git"),
      FileManager.default.fileExists(atPath: Self.repository.appendingPathComponent(".git").path)
    else { return }
    try git.run()
    let head = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    git.waitUntilExit()
    XCTAssertEqual(result.out, "touchlab \(version) (commit \(head.trimmingCharacters(in: .whitespacesAndNewlines)))\n")
  }
}
