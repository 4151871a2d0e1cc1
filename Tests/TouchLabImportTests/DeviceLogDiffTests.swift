import Foundation
import TouchLabImport
import TouchLabLayout
import TouchLabRecords
import XCTest

/// `touchlab diff`: a device log set against a scenario, on the [A3] gestures layout.
final class DeviceLogDiffTests: XCTestCase {
  static let layout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Layouts/seed003-gestures.yaml").path

  func diff(_ log: String, tolerance: Double = 0.05) throws -> DeviceLogDiff {
    let scene = try LayoutLoader.load(path: Self.layout)
    return DeviceLogDiff(scene: scene, scenario: scene.scenario(named: "tap-red")!, log: log, tolerance: tolerance)
  }

  /// The model's lines as a device would log them: NSLog prefixes, times from `start`, noise between.
  func deviceLog(_ lines: [(Double, String)]) -> String {
    var out = ["2024-05-01 10:00:00.000 Demo[812:33101] app launched"]
    for (time, text) in lines {
      let seconds = 1 + time
      out.append(String(format: "2024-05-01 10:00:%06.3f Demo[812:33101] %@", seconds, text))
      out.append("2024-05-01 10:00:01.000 Demo[812:33101] -[UIKeyboardImpl prepareForActivation]")
    }
    return out.joined(separator: "\n")
  }

  func modelLines() throws -> [(Double, String)] {
    try diff("").model.map { ($0.time, $0.text) }
  }

  func testAgreesWithTheSameLinesAndIgnoresWhatTheSceneCannotPrint() throws {
    let lines = try modelLines()
    XCTAssertEqual(lines.count, 11)
    let result = try diff(deviceLog(lines))
    XCTAssertEqual(result.device.count, 11)
    XCTAssertNil(result.firstDivergence)
    XCTAssertTrue(result.timeDifferences.isEmpty)
  }

  func testReportsTheFirstDivergenceAndTimes() throws {
    var lines = try modelLines()
    lines.swapAt(8, 9)  // the device cancelled the gray view before the red one
    let swapped = try diff(deviceLog(lines))
    let divergence = try XCTUnwrap(swapped.firstDivergence)
    XCTAssertTrue(
      divergence.hasPrefix("line 9 differs: the model prints 'method: -[LMRedView touchesCancelled:withEvent:]'"),
      divergence)
    XCTAssertTrue(divergence.contains("(log line 18)"), divergence)

    let late = try modelLines().enumerated().map { index, line in (index >= 5 ? line.0 + 0.2 : line.0, line.1) }
    let timed = try diff(deviceLog(late))
    XCTAssertNil(timed.firstDivergence)
    XCTAssertEqual(timed.timeDifferences.count, 6)
    XCTAssertTrue(
      timed.timeDifferences[0].contains("the model at +0.050 s, the device at +0.250 s"), timed.timeDifferences[0])

    let short = try diff(deviceLog(Array(try modelLines().prefix(4))))
    XCTAssertTrue(short.firstDivergence?.contains("the device log has no more lines") == true)
  }

  /// A log whose lines the scene could not print (a Swift app's `dismissKeyboard(_:)`, a
  /// class the scene lacks) and that runs out: the report says how many lines were ignored
  /// and why, and shows the first three (issue 48 §5), not just "no more lines".
  func testLinesIgnoredAreCountedAndShownWhenTheLogRunsOut() throws {
    let lines = try modelLines().prefix(2).map(\.1)
    let log =
      ["app launched"] + lines
      + ["dismissKeyboard(_:)", "-[UIKeyboardImpl prepareForActivation]", "dismissKeyboard(_:)", "keyboard gone"]
    let result = try diff(log.joined(separator: "\n"))
    XCTAssertEqual(result.device.map(\.text), lines)
    XCTAssertEqual(result.ignored.map(\.line), [1, 4, 5, 6, 7])
    XCTAssertEqual(result.ignored[2].otherClass, "UIKeyboardImpl")
    XCTAssertNil(result.ignored[1].otherClass)
    let model = try modelLines()
    XCTAssertEqual(
      result.firstDivergence,
      "line 3: the model prints '\(model[2].1)' at \(TranscriptFormatter.timeStamp(model[2].0)); the device log "
        + "has no more lines the scene could print; 5 log lines ignored, 4 as the model never prints them, 1 as "
        + "the scene has none of their classes: log line 1 'app launched', log line 4 'dismissKeyboard(_:)', "
        + "log line 5 '-[UIKeyboardImpl prepareForActivation]' (no class UIKeyboardImpl in the scene), …")
    // One line, of one kind, nothing more to show.
    let one = try diff((lines + ["dismissKeyboard(_:)"]).joined(separator: "\n"))
    XCTAssertEqual(
      one.ignoredSummary, "1 log line ignored, as the model never prints them: log line 3 'dismissKeyboard(_:)'")
    // Nothing ignored: the sentence as before.
    XCTAssertTrue(
      try diff(lines.joined(separator: "\n")).firstDivergence?.hasSuffix("; the device log has no more lines") == true)
  }

  func testConsoleAndPrintPrefixes() throws {
    let lines = try modelLines()
    let console = lines.map { "default\t10:00:0\(String(format: "%.6f", 1 + $0.0))+0200\tDemo\t\($0.1)" }
    XCTAssertNil(try diff(console.joined(separator: "\n")).firstDivergence)
    XCTAssertNil(try diff(lines.map(\.1).joined(separator: "\n")).firstDivergence)
  }
}
