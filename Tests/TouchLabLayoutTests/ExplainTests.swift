import Foundation
import TouchLabEngine
import TouchLabLayout
import TouchLabRecords
import XCTest

/// `touchlab replay --explain` (RecordExplainer) and the causes `--json --all-records` shows.
///
/// Golden explanations: GoldenExplain/LAYOUT/SCENARIO.txt, one per scenario of every
/// bundled layout, compared whole (`#` lines are comments). To write them after a change
/// in the story: `TOUCHLAB_UPDATE_GOLDEN=1 swift test --filter ExplainTests`, then read
/// the diff before committing it.
final class ExplainTests: XCTestCase {
  static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
    "GoldenExplain")

  private func play(_ file: URL, _ scenario: String) throws -> Scene {
    let scene = try LayoutLoader.load(path: file.path)
    ScenarioPlayer(scene: scene).play(try XCTUnwrap(scene.scenario(named: scenario)))
    return scene
  }

  func testEveryScenarioMatchesItsGoldenExplanation() throws {
    let updating = ProcessInfo.processInfo.environment["TOUCHLAB_UPDATE_GOLDEN"] == "1"
    var compared = 0
    for file in try GoldenTranscriptTests.layoutFiles() {
      let base = file.deletingPathExtension().lastPathComponent
      for scenario in try LayoutLoader.load(path: file.path).scenarios {
        let actual = RecordExplainer().lines(try play(file, scenario.name).records.records)
        let goldenFile = Self.golden.appendingPathComponent(base).appendingPathComponent("\(scenario.name).txt")
        if updating {
          try FileManager.default.createDirectory(
            at: goldenFile.deletingLastPathComponent(), withIntermediateDirectories: true)
          let header = "# touchlab replay Layouts/\(base).yaml --scenario \(scenario.name) --explain\n"
          try (header + actual.joined(separator: "\n") + "\n").write(to: goldenFile, atomically: true, encoding: .utf8)
        }
        guard FileManager.default.fileExists(atPath: goldenFile.path) else {
          XCTFail("\(base) --scenario \(scenario.name) has no golden explanation at \(goldenFile.path)")
          continue
        }
        let expected = try GoldenTranscriptTests.expectedLines(goldenFile)
        XCTAssertEqual(
          actual, expected,
          "\(base) --scenario \(scenario.name):\n\(GoldenTranscriptTests.diff(expected: expected, actual: actual))")
        compared += 1
      }
    }
    XCTAssertGreaterThanOrEqual(compared, 30)
  }

  /// The issue's own example: a quick tap on a table row.
  func testTheQuickTapOnARowTellsWhyTheTableNeverHearsOfIt() throws {
    let file = GoldenTranscriptTests.layouts.appendingPathComponent("table-cell-conflict.yaml")
    let lines = RecordExplainer().lines(try play(file, "quick-tap").records.records)
    XCTAssertTrue(
      lines.contains {
        $0.contains("touchesBegan is held back until 0.150") && $0.hasSuffix("(delaysContentTouches)")
      }, lines.joined(separator: "\n"))
    XCTAssertTrue(lines.contains("[0.050] backTap (UITapGestureRecognizer) recognizes"))
    XCTAssertTrue(
      lines.contains {
        $0.contains("held touchesBegan is dropped")
          && $0.hasSuffix("backTap recognized and cancels the touches in its view (cancelsTouchesInView)")
      })
    XCTAssertEqual(lines.last, "In the end UITableViewCellContentView never heard of touch 1.")
  }

  func testTheExplanationNamesTheLoserAsFailedNeverAsRecognized() throws {
    let file = GoldenTranscriptTests.layouts.appendingPathComponent("seed003-gestures.yaml")
    let lines = RecordExplainer().lines(try play(file, "tap-red").records.records)
    let gray = lines.filter { $0.contains("grayGesture (LMGrayGestureRecognizer)") }
    XCTAssertFalse(gray.contains { $0.hasSuffix("recognizes") }, gray.joined(separator: "\n"))
    XCTAssertTrue(gray.contains { $0.contains("fails — redGesture, closer to the touched view, recognized") })
  }

  /// Every rule is said in words of its own — no two rules the same, none only its name —
  /// naming who applied it, with the rule's name after them.
  func testEveryRuleHasItsPlainWords() {
    var rulesByWords: [String: DeliveryRule] = [:]
    for rule in DeliveryRule.allCases {
      let words = RecordExplainer.reason(DeliveryCause(rule, by: "someone"))
      let suffix = " (\(rule.rawValue))"
      XCTAssertTrue(words.hasSuffix(suffix), words)
      let plain = String(words.dropLast(suffix.count))
      XCTAssertFalse(plain.contains(rule.rawValue), "\(rule): plain words, not the rule's name: \(words)")
      XCTAssertGreaterThanOrEqual(plain.split(separator: " ").count, 3, "\(rule): \(words)")
      if let other = rulesByWords[plain] { XCTFail("\(rule) and \(other) are both said '\(plain)'") }
      rulesByWords[plain] = rule
    }
    XCTAssertEqual(rulesByWords.count, DeliveryRule.allCases.count)
  }

  /// `--json --all-records`: every cancelled, dropped or failed record of the table-cell
  /// scenarios says why, through the command a user runs.
  func testAllRecordsJSONShowsACauseOnEveryCancelledDroppedOrFailedRecordOfTheTableCellScenarios() throws {
    let file = GoldenTranscriptTests.layouts.appendingPathComponent("table-cell-conflict.yaml")
    var checked = 0
    for scenario in try LayoutLoader.load(path: file.path).scenarios {
      let result = try run([
        "replay", "Layouts/table-cell-conflict.yaml", "--scenario", scenario.name, "--json", "--all-records",
      ])
      XCTAssertEqual(result.status, 0, result.err)
      for line in result.out.split(separator: "\n") {
        let object = try XCTUnwrap(
          JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], String(line))
        let outcome = object["outcome"] as? String
        let kind = object["kind"] as? String
        let isCancelledCall = kind == "call" && object["phase"] as? String == "cancelled"
        let mustSayWhy =
          kind == "drop" || kind == "hold" || kind == "release" || isCancelledCall
          || (kind == "state" && (outcome == "failed" || outcome == "cancelled"))
        guard mustSayWhy else { continue }
        let cause = object["cause"] as? [String: Any]
        XCTAssertNotNil(cause?["rule"] as? String, "\(scenario.name): \(line)")
        XCTAssertNotNil(cause?["by"] as? String, "\(scenario.name): \(line)")
        if let rule = cause?["rule"] as? String { XCTAssertNotNil(DeliveryRule(rawValue: rule), rule) }
        XCTAssertEqual(object["schema"] as? Int, DeliveryRecordSchema.version)
        checked += 1
      }
    }
    XCTAssertGreaterThan(checked, 10)
  }

  /// Every bundled scenario: each failure, cancel (of a recognizer or of a view's touches),
  /// hold, release, drop and denial carries its cause — a new control or recognizer that
  /// fails without saying why is caught here.
  func testEveryBundledScenarioSaysWhyForEveryFailureCancelAndDrop() throws {
    var checked = 0
    for file in try GoldenTranscriptTests.layoutFiles() {
      for scenario in try LayoutLoader.load(path: file.path).scenarios {
        for record in try play(file, scenario.name).records.records {
          let mustSayWhy: Bool
          switch record.event {
          case .stateChange(_, _, let to): mustSayWhy = to == .failed || to == .cancelled
          case .touches(let phase, _): mustSayWhy = phase == .cancelled
          case .hold, .release, .drop, .denied: mustSayWhy = true
          default: mustSayWhy = false
          }
          guard mustSayWhy else { continue }
          XCTAssertNotNil(
            record.cause, "\(file.lastPathComponent) --scenario \(scenario.name): \(RecordExplainer().lines([record]))")
          checked += 1
        }
      }
    }
    XCTAssertGreaterThan(checked, 200)
  }

  func testExplainOnTheCommandLine() throws {
    let result = try run(["replay", "Layouts/table-cell-conflict.yaml", "--scenario", "quick-tap", "--explain"])
    XCTAssertEqual(result.status, 0, result.err)
    let golden = Self.golden.appendingPathComponent("table-cell-conflict/quick-tap.txt")
    XCTAssertEqual(result.out.split(separator: "\n").map(String.init), try GoldenTranscriptTests.expectedLines(golden))
    let both = try run(["replay", "Layouts/table-cell-conflict.yaml", "--scenario", "quick-tap", "--explain", "--json"])
    XCTAssertEqual(both.status, 1)
    XCTAssertEqual(both.err, "touchlab: error: --explain prints its own story; it takes neither --json nor --times\n")
  }

  private func run(_ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
    try CommandLineTests.run(arguments)
  }
}
