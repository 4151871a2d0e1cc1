import Foundation
import TouchLabEngine
import TouchLabRecords
import XCTest

@testable import TouchLabLayout

/// Issue 25: the limits the loader checks on a file also hold after every step of a scenario
/// (`ScenarioBudget`): nesting after `moveView`, a table's screenful after `set:`, the work of
/// moving views, and the autorepeats that held steppers make while the scenario's time runs.
final class ScenarioBudgetTests: XCTestCase {
  /// `count` sibling views `v0`… under the root view, and the scenario's steps.
  private func siblings(_ count: Int, steps: String) -> String {
    "controller:\n  view:\n    subviews:\n"
      + (0..<count).map { "      - {id: v\($0), frame: [0, 0, 300, 300]}\n" }.joined()
      + "scenarios:\n  s:\n" + steps
  }

  /// `moveView` steps that chain siblings `v1` into `v0`, `v2` into `v1`…, `moves` of them.
  private func chain(_ moves: Int) -> String {
    (1...moves).map { "    - moveView: {view: v\($0), to: v\($0 - 1)}\n" }.joined()
  }

  // MARK: Nesting after moves (the issue's crash)

  func testMovesThatChainViewsPastTheDepthLimitAreAnErrorAtTheStep() {
    // The root view is 1 deep, v0 2 deep: 198 moves make v198 200 deep, the 199th passes.
    let layout = siblings(201, steps: chain(200) + "    - tap: [10, 10]\n")
    let line = 3 + 201 + 2 + 199  // the 199th move
    assertLayoutError(layout, line: line, column: 7, contains: "nests views deeper than 200 levels")
    assertLayoutError(layout, line: line, column: 7, contains: "the limit on nesting, which holds after every step")
  }

  func testMovesUpToTheDepthLimitLoadAndReplay() throws {
    let scene = try LayoutLoader.load(yaml: siblings(199, steps: chain(198) + "    - tap: [10, 10]\n"), file: "t.yaml")
    ScenarioPlayer(scene: scene).play(scene.scenarios[0])
    var depth = 0
    var view: UIView? = scene.objects["v198"] as? UIView
    while let v = view?.superview {
      depth += 1
      view = v
    }
    XCTAssertEqual(depth, 200)
    XCTAssertEqual(scene.application.touchesOnScreen.count, 0)
  }

  /// The issue's file: 20,000 siblings chained by 19,999 steps, then a tap (SIGSEGV before).
  func testTheIssuesChainOfTwentyThousandIsRefusedNotACrash() {
    assertLayoutError(
      siblings(20_000, steps: chain(19_999) + "    - tap: [10, 10]\n"), contains: "nests views deeper than 200 levels")
  }

  /// Moving a subtree counts its height: a chain of 150 moved under another of 100 is too deep.
  func testMovingADeepSubtreeCountsItsHeight() {
    let steps =
      (1..<100).map { "    - moveView: {view: v\($0), to: v\($0 - 1)}\n" }.joined()
      + (101..<250).map { "    - moveView: {view: v\($0), to: v\($0 - 1)}\n" }.joined()
      + "    - moveView: {view: v100, to: v99}\n"
    assertLayoutError(siblings(250, steps: steps), contains: "nests views deeper than 200 levels")
  }

  /// Whether a move is into the view's own subtree is decided in the scenario's order, not
  /// from the tree the file built.
  func testMovingIntoItsOwnSubtreeIsJudgedInTheScenariosOrder() throws {
    let into = siblings(2, steps: "    - moveView: {view: v1, to: v0}\n    - moveView: {view: v0, to: v1}\n")
    assertLayoutError(into, line: 9, column: 7, contains: "cannot move a view into itself or one of its subviews")
    // v1 inside v0, out again, then v0 under v1: legal.
    let outAgain =
      "controller:\n  view:\n    id: root\n    subviews:\n      - {id: v0, frame: [0, 0, 300, 300]}\n"
      + "      - {id: v1, frame: [0, 0, 300, 300]}\nscenarios:\n  s:\n"
      + "    - moveView: {view: v1, to: v0}\n    - moveView: {view: v1, to: root}\n    - moveView: {view: v0, to: v1}\n"
    let scene = try LayoutLoader.load(yaml: outAgain, file: "t.yaml")
    ScenarioPlayer(scene: scene).play(scene.scenarios[0])
    XCTAssertTrue((scene.objects["v0"] as? UIView)?.superview === scene.objects["v1"])
  }

  /// A view removed and later put back deeper is still counted.
  func testARemovedSubtreePutBackIsCounted() {
    let steps =
      (1..<150).map { "    - moveView: {view: v\($0), to: v\($0 - 1)}\n" }.joined() + "    - remove: v0\n"
      + (151..<210).map { "    - moveView: {view: v\($0), to: v\($0 - 1)}\n" }.joined()
      + "    - moveView: {view: v0, to: v209}\n"
    assertLayoutError(siblings(210, steps: steps), contains: "deeper than 200 levels")
  }

  // MARK: The work of moving views

  /// Moving views among 20,000 siblings walks them: 1,000 such moves reach the cap.
  func testMovesAmongManySiblingsAreCounted() {
    let steps = (0..<1_200).map { "    - moveView: {view: v\($0 % 20_000), to: v19999}\n" }.joined()
    assertLayoutError(siblings(20_000, steps: steps), contains: "the limit on a scenario's hierarchy changes")
  }

  // MARK: A table's screenful after `set:`

  private func bigTable(_ steps: String) -> String {
    "window: {size: [400, 7800]}\ncontroller:\n  view:\n    subviews:\n"
      + "      - {id: tv, class: UITableView, frame: [0, 0, 400, 7800], rows: {numberOfRows: 100000}}\n"
      + "scenarios:\n  s:\n" + steps
  }

  /// The issue's file: `rowHeight: 1` on a 7,800-pt table, then ~100,000 moves.
  func testASetThatShrinksRowsCountsTheRowsFromThenOn() {
    let moves = String(repeating: "    - move: [100, 3000]\n      steps: 9999\n      duration: 1\n", count: 10)
    assertLayoutError(
      bigTable("    - set: {tv.rowHeight: 1}\n    - down: [100, 100]\n" + moves + "    - up: 1\n"),
      line: 10, column: 7, contains: "7800 now): more than 20000000, the limit on a scenario's work")
    // The same moves at the file's 44-pt rows (178 on screen) load.
    XCTAssertNoThrow(
      try LayoutLoader.load(yaml: bigTable("    - down: [100, 100]\n" + moves + "    - up: 1\n"), file: "t"))
  }

  func testASetThatWouldShowTooManyRowsIsTheFilesError() {
    assertLayoutError(
      bigTable("    - set: {tv.frame: [0, 0, 400, 100000]}\n    - set: {tv.rowHeight: 1}\n"), line: 9, column: 7,
      contains: "after this step the table would show 100000 rows at once; at most 10000")
  }

  func testACommandLineSetIsCheckedAgainstTheScenarios() throws {
    let moves = String(repeating: "    - move: [100, 3000]\n      steps: 9999\n      duration: 1\n", count: 3)
    let scene = try LayoutLoader.load(yaml: bigTable("    - down: [100, 100]\n" + moves + "    - up: 1\n"), file: "t")
    XCTAssertThrowsError(try scene.set("tv.rowHeight=1")) { error in
      XCTAssertTrue((error as? LayoutError)?.message.contains("row-events") == true, "\(error)")
    }
  }

  // MARK: Timers the scenario's time makes

  private func steppers(_ count: Int, _ steps: String) -> String {
    "controller:\n  view:\n    subviews:\n"
      + (0..<count).map {
        "      - {id: s\($0), class: UIStepper, frame: [10, \(10 + 40 * $0), 94, 32], wraps: true}\n"
      }
      .joined() + "scenarios:\n  s:\n" + steps
  }

  /// The issue's file: ten held steppers through 300 waits of 600 s (18 million autorepeats).
  func testHeldSteppersCountTheirAutorepeats() {
    let downs = (0..<10).map { "    - down: {view: s\($0), at: [70, 16]}\n      finger: \($0 + 1)\n" }.joined()
    let layout = steppers(10, downs + String(repeating: "    - wait: 600\n", count: 300))
    assertLayoutError(layout, contains: "stepper autorepeats by its step 12: more than 100000")
  }

  /// Steppers are counted whether or not the file names them.
  func testAStepperWithoutAnIdIsCounted() {
    let layout =
      "controller:\n  view:\n    subviews:\n      - {class: UIStepper, frame: [10, 10, 94, 32]}\n"
      + "scenarios:\n  s:\n    - down: [80, 26]\n" + String(repeating: "    - wait: 600\n", count: 20)
    assertLayoutError(layout, contains: "stepper autorepeats by its step 18: more than 100000")
  }

  /// A stepper on a navigation stack's lower screen is out of the window when the file
  /// loads; a `pop:` step brings it back, and its autorepeats count as any other's.
  func testAStepperOnAScreenBelowTheTopOfANavigationStackIsCounted() {
    let layout = """
      controller:
        class: UINavigationController
        id: nav
        viewControllers:
          - view:
              subviews:
                - {class: UIStepper, frame: [10, 200, 94, 32]}
          - view: {color: white}
      scenarios:
        s:
          - pop: nav
          - wait: 1
          - down: [80, 216]

      """ + String(repeating: "    - wait: 600\n", count: 20)
    assertLayoutError(layout, contains: "stepper autorepeats by its step 20: more than 100000")
  }

  /// A stepper held 3.05 s is far under the budget: it loads, plays to its end without an
  /// overrun, and autorepeats as UIKit does (a step at the touch, then one 0.5 s later and
  /// ten a second until the lift; no repeat falls due at the lift itself).
  func testAShortHoldOfAStepperLoads() throws {
    let scene = try LayoutLoader.load(
      yaml: steppers(1, "    - press: {view: s0, at: [70, 16]}\n      duration: 3.05\n"), file: "t")
    let stepper = try XCTUnwrap(scene.objects["s0"] as? UIStepper)
    XCTAssertEqual(stepper.value, 0)
    ScenarioPlayer(scene: scene).play(scene.scenarios[0])
    XCTAssertNil(scene.overrun)
    let delay = UIKitConstants.stepperAutorepeatDelay
    let repeats = ((3.05 - delay) / UIKitConstants.stepperAutorepeatInterval).rounded(.down) + 1
    XCTAssertEqual(repeats, 26)
    XCTAssertEqual(stepper.value, 1 + repeats, "the step at the touch, then each autorepeat to the lift")
  }

  /// The clock runs on 10 s after the last step: fingers left down on steppers count then too.
  func testFingersLeftDownOnSteppersCountTheSettlingTime() {
    let downs = (0..<10).map { "    - down: {view: s\($0), at: [70, 16]}\n      finger: \($0 + 1)\n" }.joined()
    let layout = steppers(10, downs + String(repeating: "    - wait: 99\n", count: 10))
    assertLayoutError(layout, contains: "with the 100000 autorepeats of the 10 s after its last step")
  }

  // MARK: Output

  /// The issue's file: a log of `%s` 5,000 times on a 200-character class (1.5 MB a line,
  /// 5 GB for a 5,000-step drag) is refused where the line is written.
  func testALineThatCanPrintTooMuchIsAnErrorWhereItIsWritten() {
    let name = String(repeating: "C", count: 200)
    let layout =
      "classes:\n  \(name):\n    base: UIView\n    log:\n      touchesMoved: \""
      + String(repeating: "%s", count: 5_000) + "\"\n"
      + "controller:\n  view:\n    subviews:\n      - {id: v, class: \(name), frame: [0, 0, 300, 300]}\n"
    assertLayoutError(layout, line: 5, column: 21, contains: "can be 1520000 characters long once its placeholders")
    assertLayoutError(layout, contains: "the limit on a line's length")
  }

  func testLongestExpansionCountsEachPlaceholderAtItsLongest() {
    XCTAssertEqual(LineText.longestExpansion(of: "plain"), 5)
    XCTAssertEqual(LineText.longestExpansion(of: "100%%"), 4)
    XCTAssertEqual(LineText.longestExpansion(of: "%s"), LineText.longestMethodName)
    XCTAssertEqual(LineText.longestExpansion(of: "a %state b"), 4 + LineText.longestValue)
    XCTAssertEqual(LineText.longestExpansion(of: "%result"), LayoutLimits.maximumNameLength)
    // A `print:` within the limit loads; 7 `%s` do not.
    let view =
      "controller:\n  view:\n    subviews:\n      - id: b\n        class: UIButton\n        frame: [0, 0, 9, 9]\n"
    XCTAssertNoThrow(
      try LayoutLoader.load(
        yaml: view
          + "        targets: [{event: touchUpInside, action: {print: \"\(String(repeating: "%s", count: 6))\"}}]\n",
        file: "t"))
    assertLayoutError(
      view + "        targets: [{event: touchUpInside, action: {print: \"\(String(repeating: "%s", count: 7))\"}}]\n",
      contains: "the limit on a line's length")
  }

  // MARK: Limits counted as it plays

  /// Decelerations run on the clock for as long as the flick lasts: 2 slow-decaying scroll
  /// views flicked run past a low timer limit, and the player stops there with the error.
  func testTimersPastTheLimitStopThePlayerWithAnErrorAtTheScenario() throws {
    let layout =
      "controller:\n  view:\n    subviews:\n"
      + "      - {id: a, class: UIScrollView, frame: [0, 0, 300, 300], contentSize: [300, 10000000], "
      + "decelerationRate: 0.9999}\n"
      + "scenarios:\n  flick:\n    - drag: a\n      by: [0, -200]\n      steps: 2\n      duration: 0.02\n"
      + "    - wait: 30\n    - tap: a\n"
    let scene = try LayoutLoader.load(yaml: layout, file: "t.yaml")
    var player = ScenarioPlayer(scene: scene)
    player.timerLimit = 500
    player.play(scene.scenarios[0])
    let overrun = try XCTUnwrap(scene.overrun)
    XCTAssertEqual(overrun.line, 6)
    XCTAssertTrue(overrun.message.contains("scenario 'flick' fires more than 500 timers"), overrun.message)
    XCTAssertEqual(scene.application.clock.firedCount, 500)
    // Stopped there: the tap after the wait was never sent.
    XCTAssertFalse(scene.records.records.contains { $0.time > 29 && $0.line != nil })
    // With the usual limit the same scenario plays to its end.
    let again = try LayoutLoader.load(yaml: layout, file: "t.yaml")
    ScenarioPlayer(scene: again).play(again.scenarios[0])
    XCTAssertNil(again.overrun)
    XCTAssertGreaterThan(again.application.clock.firedCount, 500)
  }

  func testRecordsPastTheLimitStopThePlayer() throws {
    let layout =
      "controller:\n  view:\n    subviews:\n      - {id: v, frame: [0, 0, 300, 300]}\n"
      + "scenarios:\n  taps:\n" + String(repeating: "    - tap: v\n", count: 100)
    let scene = try LayoutLoader.load(yaml: layout, file: "t.yaml")
    var player = ScenarioPlayer(scene: scene)
    player.recordLimit = 50
    player.play(scene.scenarios[0])
    XCTAssertTrue(
      scene.overrun?.message.contains("makes more than 50 records") == true, "\(String(describing: scene.overrun))")
    XCTAssertLessThan(scene.records.madeCount, 80)
  }

  // MARK: Support

  private func assertLayoutError(
    _ yaml: String, line: Int? = nil, column: Int? = nil, contains text: String, file: StaticString = #filePath,
    sourceLine: UInt = #line
  ) {
    XCTAssertThrowsError(try LayoutLoader.load(yaml: yaml, file: "t.yaml"), file: file, line: sourceLine) { error in
      guard let error = error as? LayoutError else { return XCTFail("\(error)", file: file, line: sourceLine) }
      XCTAssertTrue(error.message.contains(text), error.description, file: file, line: sourceLine)
      if let line { XCTAssertEqual(error.line, line, error.description, file: file, line: sourceLine) }
      if let column { XCTAssertEqual(error.column, column, error.description, file: file, line: sourceLine) }
    }
  }
}
