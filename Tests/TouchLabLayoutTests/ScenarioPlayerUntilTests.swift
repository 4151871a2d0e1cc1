import Foundation
import TouchLabEngine
import TouchLabLayout
import TouchLabRecords
import XCTest

/// `ScenarioPlayer.play(_:until:)`: a scenario stopped at a moment (`touchlab shot --at`).
final class ScenarioPlayerUntilTests: XCTestCase {
  private func transcript(_ scenario: String, until time: TimeInterval?) throws -> (lines: [String], now: TimeInterval)
  {
    let scene = try LayoutLoader.load(
      path: GoldenTranscriptTests.layouts.appendingPathComponent("table-cell-conflict.yaml").path)
    let chosen = try XCTUnwrap(scene.scenario(named: scenario))
    if let time {
      ScenarioPlayer(scene: scene).play(chosen, until: time)
    } else {
      ScenarioPlayer(scene: scene).play(chosen)
    }
    return (TranscriptFormatter(showsTimes: true).lines(scene.records.records), scene.application.clock.now)
  }

  func testTheShortPressAtItsKeyMoments() throws {
    // Held: the table has heard nothing yet.
    var result = try transcript("short-press", until: 0.10)
    XCTAssertEqual(result.lines, [])
    XCTAssertEqual(result.now, 0.10)
    // The 0.15 s timer fired on the way: the held began went to the table.
    result = try transcript("short-press", until: 0.16)
    XCTAssertEqual(result.lines, ["[0.150] -[GLTableView touchesBegan:withEvent:]"])
    XCTAssertEqual(result.now, 0.16)
    // The lift at 0.3 is due by 0.31: the tap's action, then the table is cancelled.
    result = try transcript("short-press", until: 0.31)
    XCTAssertEqual(
      result.lines,
      [
        "[0.150] -[GLTableView touchesBegan:withEvent:]", "[0.300] backview taped",
        "[0.300] -[GLTableView touchesCancelled:withEvent:]",
      ])
    XCTAssertEqual(result.lines, try transcript("short-press", until: nil).lines)
  }

  func testATouchDueExactlyAtTheMomentIsSent() throws {
    let atLift = try transcript("quick-tap", until: 0.05)
    XCTAssertEqual(atLift.lines, ["[0.050] backview taped"])
    XCTAssertEqual(try transcript("quick-tap", until: 0.049).lines, [])
  }

  func testAWaitIsCutShortAndLaterStepsAreNotPlayed() throws {
    let scene = try LayoutLoader.load(
      yaml: """
        controller:
          view: {color: white, subviews: [{id: box, frame: [0, 0, 100, 100], color: red}]}
        scenarios:
          late: [{wait: 2}, {tap: box}]
        """, file: "late.yaml")
    let stop = ScenarioPlayer(scene: scene).play(try XCTUnwrap(scene.scenario(named: "late")), until: 1)
    XCTAssertEqual(stop, 1)
    XCTAssertEqual(scene.application.clock.now, 1)
    XCTAssertTrue(scene.records.records.isEmpty)
  }
}
