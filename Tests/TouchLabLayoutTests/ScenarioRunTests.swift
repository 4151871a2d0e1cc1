import Foundation
import TouchLabEngine
import TouchLabLayout
import TouchLabRecords
import XCTest

/// `ScenarioRun`: the choice of a scenario and its errors, the order of the property
/// changes, the observers under the limits and the overrun.
final class ScenarioRunTests: XCTestCase {
  /// A view that logs its touches, and `scenarios` (name: steps) in that order.
  private func scene(scenarios: [String]) throws -> Scene {
    var yaml = """
      window: {size: [200, 200]}
      classes:
        LoggingView:
          base: UIView
          logFormat: "method: %s"
          log: [touchesBegan, touchesEnded]
      controller:
        view:
          subviews:
            - {id: box, class: LoggingView, frame: [0, 0, 100, 100]}

      """
    if !scenarios.isEmpty {
      yaml += "scenarios:\n"
      for name in scenarios { yaml += "  \(name):\n    - tap: box\n    - wait: 0.5\n    - tap: box\n" }
    }
    return try LayoutLoader.load(yaml: yaml, file: "made.yaml")
  }

  private func choiceError(_ body: () throws -> Void) -> String? {
    do {
      try body()
    } catch let error as ScenarioRunError {
      guard case .choice(let text) = error else { return "not a choice: \(error)" }
      return text
    } catch {
      return "\(error)"
    }
    return nil
  }

  func testTheScenarioIsChosenByNameOrAsTheOnlyOne() throws {
    let one = try scene(scenarios: ["tap"])
    XCTAssertEqual(try ScenarioRun(scene: one, file: "f.yaml", scenario: nil).scenario?.name, "tap")
    let two = try scene(scenarios: ["first", "second"])
    XCTAssertEqual(try ScenarioRun(scene: two, file: "f.yaml", scenario: "second").scenario?.name, "second")
    let none = try scene(scenarios: [])
    XCTAssertNil(try ScenarioRun(scene: none, file: "f.yaml", scenario: nil, requirement: .atMostOne).scenario)
    XCTAssertNil(try ScenarioRun(scene: two, file: "f.yaml", scenario: nil, noScenario: true).scenario)
  }

  /// The commands' own texts, each word of them (replay, shot, record, compare, diagram, diff).
  func testEveryChoiceErrorHasTheCommandsText() throws {
    let two = try scene(scenarios: ["first", "second"])
    let none = try scene(scenarios: [])
    XCTAssertEqual(
      choiceError { _ = try ScenarioRun(scene: two, file: "f.yaml", scenario: "nope") },
      "f.yaml has no scenario 'nope'; it has: first, second")
    XCTAssertEqual(
      choiceError { _ = try ScenarioRun(scene: none, file: "f.yaml", scenario: "nope") },
      "f.yaml has no scenario 'nope'")
    XCTAssertEqual(
      choiceError { _ = try ScenarioRun(scene: two, file: "f.yaml", scenario: nil) },
      "f.yaml has several scenarios; choose one with --scenario: first, second")
    XCTAssertEqual(
      choiceError { _ = try ScenarioRun(scene: two, file: "f.yaml", scenario: nil, requirement: .atMostOne) },
      "f.yaml has several scenarios; choose one with --scenario: first, second")
    XCTAssertEqual(
      choiceError { _ = try ScenarioRun(scene: none, file: "f.yaml", scenario: nil) }, "f.yaml has no scenarios")
    XCTAssertEqual(
      choiceError {
        _ = try ScenarioRun(scene: none, file: "f.yaml", scenario: nil, requirement: .one(purpose: "draw"))
      },
      "f.yaml has no scenarios to draw")
    // `record` and `diagram` choose the one they play (`chooseOne`: never nil), refused here
    // when there is none.
    XCTAssertEqual(
      choiceError {
        _ = try ScenarioRun.chooseOne(in: none, file: "f.yaml", name: nil, requirement: .one(purpose: "record"))
      },
      "f.yaml has no scenarios to record")
    XCTAssertEqual(
      try ScenarioRun.chooseOne(in: two, file: "f.yaml", name: "second", requirement: .one(purpose: "record")).name,
      "second")
    XCTAssertEqual(
      choiceError { _ = try ScenarioRun(scene: two, file: "f.yaml", scenario: "first", noScenario: true) },
      "--no-scenario and --scenario exclude each other")
    // `diff`'s words.
    XCTAssertEqual(
      choiceError { _ = try ScenarioRun(scene: two, file: "f.yaml", scenario: nil, requirement: .oneCounted) },
      "f.yaml has 2 scenarios; choose one with --scenario")
    XCTAssertEqual(
      choiceError { _ = try ScenarioRun(scene: none, file: "f.yaml", scenario: nil, requirement: .oneCounted) },
      "f.yaml has 0 scenarios; choose one with --scenario")
    XCTAssertEqual(
      choiceError { _ = try ScenarioRun(scene: none, file: "f.yaml", scenario: "x", requirement: .oneCounted) },
      "f.yaml has no scenario 'x'; it has: ")
  }

  /// Set files first, in their order, then assignments in theirs: the last word is the last
  /// `--set`'s.
  func testSetFilesComeBeforeAssignmentsEachInOrder() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ScenarioRunTests-\(getpid())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let off = folder.appendingPathComponent("off.yaml")
    let on = folder.appendingPathComponent("on.yaml")
    try "box.isUserInteractionEnabled: false\n".write(to: off, atomically: true, encoding: .utf8)
    try "box.isUserInteractionEnabled: true\n".write(to: on, atomically: true, encoding: .utf8)

    func lines(files: [URL], assignments: [String]) throws -> [String] {
      let run = try ScenarioRun(scene: try scene(scenarios: ["tap"]), file: "f.yaml", scenario: nil)
      try run.apply(setFiles: files.map(\.path), assignments: assignments)
      var lines: [String] = []
      run.observe { record in if let line = record.line { lines.append(line) } }
      try run.play()
      return lines
    }
    let heard = ["method: -[LoggingView touchesBegan:withEvent:]", "method: -[LoggingView touchesEnded:withEvent:]"]
    XCTAssertEqual(try lines(files: [on, off], assignments: []), [])
    XCTAssertEqual(try lines(files: [off, on], assignments: []), heard + heard)
    XCTAssertEqual(try lines(files: [off], assignments: ["box.isUserInteractionEnabled=true"]), heard + heard)
    XCTAssertEqual(try lines(files: [on], assignments: ["box.isUserInteractionEnabled=false"]), [])
    XCTAssertEqual(
      try lines(files: [], assignments: ["box.isUserInteractionEnabled=false", "box.isUserInteractionEnabled=true"]),
      heard + heard)

    // Their errors: a set file's is a layout error at its line, an assignment's is its own.
    let bad = folder.appendingPathComponent("bad.yaml")
    try "\nbox.nothing: 1\n".write(to: bad, atomically: true, encoding: .utf8)
    let run = try ScenarioRun(scene: try scene(scenarios: ["tap"]), file: "f.yaml", scenario: nil)
    XCTAssertThrowsError(try run.apply(setFiles: [bad.path])) { error in
      guard case .layout(let layoutError) = error as? ScenarioRunError else { return XCTFail("\(error)") }
      XCTAssertEqual(layoutError.file, bad.path)
      XCTAssertEqual(layoutError.line, 2)
    }
    XCTAssertThrowsError(try run.apply(assignments: ["box.nothing=1"])) { error in
      guard case .assignment(let assignment, _) = error as? ScenarioRunError else { return XCTFail("\(error)") }
      XCTAssertEqual(assignment, "box.nothing=1")
      XCTAssertTrue("\(error)".hasPrefix("--set box.nothing=1: "), "\(error)")
    }
  }

  /// An observer's `stop` ends the run at once: no record after it is passed on, and `play`
  /// throws the overrun, a layout error at the scenario's line.
  func testAStopIsTheOverrunAtTheScenario() throws {
    let run = try ScenarioRun(scene: try scene(scenarios: ["tap"]), file: "f.yaml", scenario: nil)
    var seen: [DeliveryRecord] = []
    run.observe { [unowned run] record in
      seen.append(record)
      if record.line != nil { run.stop("heard too much by " + String(format: "%.3f s", record.time)) }
    }
    XCTAssertThrowsError(try run.play()) { error in
      guard case .layout(let overrun) = error as? ScenarioRunError else { return XCTFail("\(error)") }
      XCTAssertEqual(overrun.file, "made.yaml")
      XCTAssertEqual(overrun.line, run.scenario?.line)
      XCTAssertEqual(overrun.message, "scenario 'tap' heard too much by 0.000 s")
      XCTAssertEqual(overrun, run.scene.overrun)
    }
    XCTAssertEqual(seen.filter { $0.line != nil }.count, 1)
    // The second tap, at 0.5 s, was never sent.
    XCTAssertLessThan(run.scene.application.clock.now, 0.5)
    XCTAssertTrue(run.scene.records.records.isEmpty, "records observed are not kept")
  }

  /// `play(until:)` stops at the time; without a scenario the clock only advances.
  func testPlayUntilATime() throws {
    let run = try ScenarioRun(scene: try scene(scenarios: ["tap"]), file: "f.yaml", scenario: nil)
    XCTAssertEqual(try run.play(until: 0.2), 0.2)
    let untouched = try ScenarioRun(
      scene: try scene(scenarios: []), file: "f.yaml", scenario: nil, requirement: .atMostOne)
    XCTAssertEqual(try untouched.play(until: 1.5), 1.5)
    XCTAssertEqual(untouched.scene.records.madeCount, 0)
  }
}
