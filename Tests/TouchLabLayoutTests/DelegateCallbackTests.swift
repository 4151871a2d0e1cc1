import Foundation
import TouchLabEngine
import TouchLabLayout
import TouchLabRecords
import XCTest

/// Issue 28: the delegate callbacks a layout can print (docs/BEHAVIOUR.md §19, §20).
final class DelegateCallbackTests: XCTestCase {
  private func play(_ yaml: String, _ scenario: String, setting assignments: [String] = []) throws -> [String] {
    let scene = try LayoutLoader.load(yaml: yaml, file: "t.yaml")
    for assignment in assignments { try scene.set(assignment) }
    ScenarioPlayer(scene: scene).play(try XCTUnwrap(scene.scenario(named: scenario)))
    return TranscriptFormatter().lines(scene.records.records)
  }

  private let gestures = """
    classes:
      VC: {base: UIViewController}
    controller:
      class: VC
      view:
        subviews:
          - id: pad
            frame: [0, 0, 300, 300]
            gestures:
              - id: single
                class: UITapGestureRecognizer
                action: {print: "single"}
                delegate:
                  shouldRequireFailureOf: [double]
                  log:
                    shouldRequireFailureOf: "%s %other %result"
                    shouldReceiveTouch: "%s %result"
              - id: double
                class: UITapGestureRecognizer
                numberOfTapsRequired: 2
                action: {print: "double"}
    scenarios:
      tap: [{tap: [100, 100]}]
      two-taps: [{tap: [100, 100]}, {wait: 0.1}, {tap: [100, 100]}]
    """

  func testTheFailureRequirementIsAskedOncePerAttemptAndShouldReceiveOncePerTouch() throws {
    XCTAssertEqual(
      try play(gestures, "tap"),
      [
        "-[VC gestureRecognizer:shouldReceiveTouch:] YES",
        "-[VC gestureRecognizer:shouldRequireFailureOfGestureRecognizer:] double YES",
        "single",
      ])
    // A double tap: the second touch is asked about again, but single is still in the attempt
    // its first tap began (waiting for double), so its requirement is not asked again.
    XCTAssertEqual(
      try play(gestures, "two-taps"),
      [
        "-[VC gestureRecognizer:shouldReceiveTouch:] YES",
        "-[VC gestureRecognizer:shouldRequireFailureOfGestureRecognizer:] double YES",
        "-[VC gestureRecognizer:shouldReceiveTouch:] YES",
        "double",
      ])
  }

  func testTheEventQuestionComesFirstAndItsNoSkipsTheTouchQuestion() throws {
    let yaml = gestures.replacingOccurrences(
      of: "shouldReceiveTouch: \"%s %result\"",
      with: "shouldReceiveTouch: \"%s %result\"\n                shouldReceiveEvent: \"%s %result\"")
    XCTAssertEqual(
      Array(try play(yaml, "tap").prefix(2)),
      ["-[VC gestureRecognizer:shouldReceiveEvent:] YES", "-[VC gestureRecognizer:shouldReceiveTouch:] YES"])
    XCTAssertEqual(
      try play(yaml, "tap", setting: ["single.delegate.shouldReceiveEvent=false"]),
      ["-[VC gestureRecognizer:shouldReceiveEvent:] NO"], "no touch question, no single tap")
  }

  func testAnUnknownDelegateMethodInLogIsAnError() {
    let yaml = gestures.replacingOccurrences(of: "shouldReceiveTouch: \"%s %result\"", with: "shouldRecieve: x")
    XCTAssertThrowsError(try LayoutLoader.load(yaml: yaml, file: "t.yaml")) { error in
      XCTAssertTrue("\(error)".contains("unknown delegate method 'shouldRecieve'"), "\(error)")
    }
  }

  private let table = """
    controller:
      view:
        subviews:
          - id: table
            class: UITableView
            frame: [0, 0, 300, 400]
            rows: {numberOfRows: 5, rowText: "Row %d"}
            willSelectRow: {print: "will %row %result"}
            didSelectRow: {print: "did %row %selected"}
    scenarios:
      tap: [{tap: {row: 1, in: table}}]
    """

  func testWillSelectRowRedirectsAndRefusesFromTheLayoutAndFromSet() throws {
    XCTAssertEqual(try play(table, "tap"), ["will 1 1", "did 1 YES"])
    XCTAssertEqual(
      try play(table, "tap", setting: ["table.willSelectRow={print: \"will %row %result\", returns: 3}"]),
      ["will 1 3", "did 3 YES"])
    XCTAssertEqual(try play(table, "tap", setting: ["table.willSelectRow={returns: nil, rows: [1]}"]), [])
  }

  func testCellClassMustBeACellClass() {
    let yaml = table.replacingOccurrences(
      of: "rows: {numberOfRows", with: "cellClass: UIView\n        rows: {numberOfRows")
    XCTAssertThrowsError(try LayoutLoader.load(yaml: yaml, file: "t.yaml")) { error in
      XCTAssertTrue("\(error)".contains("cellClass must be a declared class whose base is UITableViewCell"), "\(error)")
    }
  }
}
