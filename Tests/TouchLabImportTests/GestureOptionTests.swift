import Foundation
import TouchLabEngine
import TouchLabLayout
import TouchLabTestSupport
import XCTest

/// `--tap`, `--press`, `--drag` (issue 45.7): gestures played instead of a scenario.
final class GestureOptionTests: XCTestCase {
  func run(_ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
    try TouchLabCommand.run(arguments, in: SceneInputTests.repository)
  }

  func testATapPlaysAsTheLayoutsOwnTapScenario() throws {
    let layout = "Layouts/gesture-delegate.yaml"
    let scenario = try run(["replay", layout, "--scenario", "tap-outside", "--times"])
    XCTAssertEqual(scenario.status, 0, scenario.err)
    let tapped = try run(["replay", layout, "--tap", "200,700", "--times"])
    XCTAssertEqual(tapped.status, 0, tapped.err)
    XCTAssertFalse(tapped.out.isEmpty)
    XCTAssertEqual(tapped.out, scenario.out)
    // Two gestures, in command-line order: the second one's lines after the first one's.
    let single = try run(["replay", layout, "--scenario", "single-tap"])
    let outside = try run(["replay", layout, "--scenario", "tap-outside"])
    let both = try run(["replay", layout, "--tap=200,700", "--tap", "195,470"])
    XCTAssertEqual(both.status, 0, both.err)
    XCTAssertEqual(both.out, outside.out + single.out)
    let reversed = try run(["replay", layout, "--tap", "195,470", "--tap", "200,700"])
    XCTAssertEqual(reversed.out, single.out + outside.out)
  }

  func testADragAndAPressOnALayoutAndADump() throws {
    let drag = try run(["replay", "Layouts/edge-pan.yaml", "--drag", "5,200,125,200,0.3"])
    XCTAssertEqual(drag.status, 0, drag.err)
    let middle = try run(["replay", "Layouts/edge-pan.yaml", "--drag", "150,200,270,200"])
    XCTAssertNotEqual(drag.out, middle.out)
    let press = try run(["replay", "Layouts/long-press-taps.yaml", "--press", "195,300,1"])
    XCTAssertEqual(press.status, 0, press.err)
    let dump = FixtureHitTests.dumps.appendingPathComponent("cocoadelica-ios7-lldb.txt").path
    let picture = FileManager.default.temporaryDirectory.appendingPathComponent("gesture-\(getpid()).png").path
    defer { try? FileManager.default.removeItem(atPath: picture) }
    for command in ["shot", "diagram"] {
      let result = try run([command, dump, "--tap", "160,200", "--out", picture])
      XCTAssertEqual(result.status, 0, "\(command): \(result.err)")
    }
  }

  func testRefusedGesturesAreOneErrorLine() throws {
    let layout = "Layouts/gesture-delegate.yaml"
    let cases: [([String], String)] = [
      (["--tap", "1,nan"], "--tap must be X,Y, such as 120,300, not '1,nan'"),
      (["--tap", "1"], "--tap must be X,Y"),
      (["--press", "1,2"], "--press must be X,Y,SECONDS"),
      (["--press", "1,2,0"], "the duration must be from above 0 to 600 seconds"),
      (["--drag", "1,2,3,4,inf"], "--drag must be X1,Y1,X2,Y2"),
      (["--tap", "1e9,2"], "a coordinate is farther than 100000 points"),
      (["--tap", "1,2", "--scenario", "tap-outside"], "leave out --scenario"),
      (Array(repeating: ["--tap", "1,2"], count: 1_001).flatMap { $0 }, "1001 gestures"),
    ]
    for (options, message) in cases {
      let result = try run(["replay", layout] + options)
      XCTAssertEqual(result.status, 1, "\(options.prefix(4))")
      XCTAssertEqual(result.err.split(separator: "\n").count, 1, result.err)
      XCTAssertTrue(result.err.hasPrefix("touchlab: error: ") && result.err.contains(message), result.err)
    }
  }

  func testTheScenarioFunction() throws {
    XCTAssertNil(try GestureScenario.make([]))
    let scenario = try XCTUnwrap(
      GestureScenario.make([("tap", "1,2"), ("press", "3, 4, 0.5"), ("drag", "0,0,10,10")]))
    XCTAssertEqual(scenario.steps.count, 5)  // three gestures, a pause between each
    guard case .press(.point(let at), let duration, 1) = scenario.steps[2] else { return XCTFail("\(scenario.steps)") }
    XCTAssertEqual(at, CGPoint(x: 3, y: 4))
    XCTAssertEqual(duration, 0.5)
    guard case .drag(_, .target(.point(let end)), 0.3, 10, 1) = scenario.steps[4] else {
      return XCTFail("\(scenario.steps)")
    }
    XCTAssertEqual(end, CGPoint(x: 10, y: 10))
    XCTAssertEqual(
      GestureScenario.gestures(in: ["x", "--drag=1,2,3,4", "--tap", "5,6", "--", "--tap", "7,8"]).map(\.value),
      ["1,2,3,4", "5,6"])
  }
}
