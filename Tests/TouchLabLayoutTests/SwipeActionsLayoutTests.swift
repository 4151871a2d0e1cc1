import Foundation
import TouchLabEngine
import TouchLabLayout
import TouchLabRecords
import XCTest

/// A table's swipe-action keys (docs/layouts.md "Tables", docs/BEHAVIOUR.md §23): what they
/// build, what they print, and the errors of a mistake in them.
final class SwipeActionsLayoutTests: XCTestCase {
  /// A layout of one 390 × 440 table at y = 0 with `keys` (indented under it).
  private func layout(_ keys: String, scenarios: String = "") -> String {
    """
    controller:
      view:
        subviews:
          - id: table
            class: UITableView
            frame: [0, 0, 390, 440]
            rows: {numberOfRows: 20, rowText: "Row %d"}
    \(keys.split(separator: "\n").map { "        " + $0 }.joined(separator: "\n"))
    scenarios:
      none:
        - wait: 0.1
    \(scenarios)
    """
  }

  private func transcript(_ yaml: String, _ scenario: String) throws -> [String] {
    let scene = try LayoutLoader.load(yaml: yaml, file: "t.yaml")
    ScenarioPlayer(scene: scene).play(try XCTUnwrap(scene.scenario(named: scenario)))
    return TranscriptFormatter().lines(scene.records.records)
  }

  /// Row N's swipe from its centre by `dx`, then a tap at `tapX` on that row.
  private func swipeThenTap(_ name: String, row: Int, dx: Int, tapX: Int? = nil, setStep: String? = nil) -> String {
    var lines = ["  \(name):"]
    if let setStep { lines.append("    - set: \(setStep)") }
    lines += [
      "    - drag: {row: \(row), in: table}", "      by: [\(dx), 0]", "      duration: 0.3", "      steps: 12",
      "    - wait: 0.5",
    ]
    if let tapX { lines += ["    - tap: {view: table, at: [\(tapX), \(22 + 44 * row)]}", "    - wait: 0.5"] }
    return lines.joined(separator: "\n")
  }

  func testTheKeysBuildTheConfigurationsAndTheirHandlersPrint() throws {
    let yaml = layout(
      """
      trailingSwipeActions:
        - {title: Delete, style: destructive, print: "Delete %row of %section"}
        - {title: More, print: "More %row"}
      leadingSwipeActions:
        actions: [{title: Pin, print: "Pin %row"}]
        performsFirstActionWithFullSwipe: false
        rows: [3]
      willBeginEditingRow: {print: "will %row"}
      didEndEditingRow: {print: "did %row"}
      """,
      scenarios: [
        swipeThenTap("delete", row: 1, dx: -160, tapX: 353),
        swipeThenTap("more", row: 1, dx: -160, tapX: 279),
        swipeThenTap("pin", row: 3, dx: 120, tapX: 37),
        swipeThenTap("no-pin-on-row-2", row: 2, dx: 120),
      ].joined(separator: "\n"))
    let scene = try LayoutLoader.load(yaml: yaml, file: "t.yaml")
    let table = try XCTUnwrap(scene.objects["table"] as? UITableView)
    let delegate = try XCTUnwrap(table.delegate)
    XCTAssertTrue(delegate.providesSwipeActions)
    XCTAssertNotNil(table.swipeHandler)
    let trailing = try XCTUnwrap(
      delegate.tableView(table, trailingSwipeActionsConfigurationForRowAt: IndexPath(row: 0, section: 0)))
    XCTAssertEqual(trailing.actions.map(\.title), ["Delete", "More"])
    XCTAssertEqual(trailing.actions.map(\.style), [.destructive, .normal])
    XCTAssertTrue(trailing.performsFirstActionWithFullSwipe)
    XCTAssertNil(delegate.tableView(table, leadingSwipeActionsConfigurationForRowAt: IndexPath(row: 0, section: 0)))
    let leading = try XCTUnwrap(
      delegate.tableView(table, leadingSwipeActionsConfigurationForRowAt: IndexPath(row: 3, section: 0)))
    XCTAssertFalse(leading.performsFirstActionWithFullSwipe)
    XCTAssertIdentical(scene.objects["table.swipeActionPanGestureRecognizer"], table.swipeHandler?.panGestureRecognizer)

    XCTAssertEqual(try transcript(yaml, "delete"), ["will 1", "Delete 1 of 0", "did 1"])
    XCTAssertEqual(try transcript(yaml, "more"), ["will 1", "More 1", "did 1"])
    XCTAssertEqual(try transcript(yaml, "pin"), ["will 3", "Pin 3"] + ["did 3"])
    XCTAssertEqual(try transcript(yaml, "no-pin-on-row-2"), [])
  }

  func testATableWithoutSwipeKeysHasNoSwipeRecognizers() throws {
    let scene = try LayoutLoader.load(yaml: layout("didSelectRow: {print: \"select %row\"}"), file: "t.yaml")
    let table = try XCTUnwrap(scene.objects["table"] as? UITableView)
    XCTAssertNil(table.swipeHandler)
    XCTAssertEqual(table.gestureRecognizers.count, 2)
  }

  func testASetStepGivesATableSwipeActions() throws {
    let yaml = layout(
      "didSelectRow: {print: \"select %row\"}",
      scenarios: swipeThenTap(
        "added", row: 2, dx: -160, tapX: 353,
        setStep: "{table.trailingSwipeActions: [{title: Archive, print: \"Archive %row\"}]}"))
    XCTAssertEqual(try transcript(yaml, "added"), ["Archive 2"])
    XCTAssertEqual(try transcript(yaml, "none"), [])
  }

  func testAnActionMayCallAControllerMethod() throws {
    let yaml = layout(
      "trailingSwipeActions: [{title: Delete, action: deleteRow}]",
      scenarios: swipeThenTap("delete", row: 0, dx: -120, tapX: 353))
    let lines = try transcript(yaml, "delete")
    XCTAssertEqual(lines.count, 1)
    XCTAssertTrue(lines[0].contains("deleteRow"), "\(lines)")
  }

  func testCompletionFalseClosesTheRowAndNeverLeavesItOpen() throws {
    let yaml = layout(
      """
      trailingSwipeActions:
        - {title: Delete, style: destructive, print: "Delete %row", completion: false}
        - {title: Flag, print: "Flag %row", completion: never}
      didEndEditingRow: {print: "did %row"}
      """,
      scenarios: [
        swipeThenTap("delete", row: 1, dx: -160, tapX: 353), swipeThenTap("flag", row: 1, dx: -160, tapX: 279),
      ].joined(separator: "\n"))
    XCTAssertEqual(try transcript(yaml, "delete"), ["Delete 1", "did 1"])
    let scene = try LayoutLoader.load(yaml: yaml, file: "t.yaml")
    ScenarioPlayer(scene: scene).play(try XCTUnwrap(scene.scenario(named: "flag")))
    XCTAssertEqual(TranscriptFormatter().lines(scene.records.records), ["Flag 1"])
    let table = try XCTUnwrap(scene.objects["table"] as? UITableView)
    XCTAssertEqual(table.swipeHandler?.swipedIndexPath, IndexPath(row: 1, section: 0))
    XCTAssertEqual(table.swipeHandler?.phase, .open)
  }

  func testCommitEditingStyleMakesTheDelegateTheDataSourceAndASwipeDeletes() throws {
    let yaml = layout(
      """
      canEditRow: {print: "can %row → %result", returns: false, rows: [0]}
      commitEditingStyle: {print: "commit %result %row"}
      """,
      scenarios: [
        swipeThenTap("delete", row: 1, dx: -120, tapX: 353), swipeThenTap("refused", row: 0, dx: -120),
      ].joined(separator: "\n"))
    let scene = try LayoutLoader.load(yaml: yaml, file: "t.yaml")
    let table = try XCTUnwrap(scene.objects["table"] as? UITableView)
    XCTAssertTrue(table.dataSource === table.delegate)
    XCTAssertNotNil(table.swipeHandler)
    XCTAssertEqual(try transcript(yaml, "delete"), ["can 1 → YES", "commit delete 1"])
    XCTAssertEqual(try transcript(yaml, "refused").first, "can 0 → NO")
  }

  func testMistakesAreErrorsAtTheirPlace() {
    let base = 8  // the first line of the keys
    assertLayoutError(
      layout("trailingSwipeActions: [{title: Delete, style: loud, print: x}]"), line: base, column: 55,
      contains: "style is normal or destructive")
    assertLayoutError(
      layout("trailingSwipeActions: [{style: destructive, print: x}]"), line: base, column: 32,
      contains: "needs a title")
    assertLayoutError(
      layout("trailingSwipeActions: [{title: Delete}]"), line: base, column: 32, contains: "needs print: TEXT or action"
    )
    assertLayoutError(
      layout("trailingSwipeActions: []"), line: base, column: 31, contains: "at least one action")
    assertLayoutError(
      layout("trailingSwipeActions: [{title: A, print: x, action: y}]"), line: base, column: 53,
      contains: "not both")
    assertLayoutError(
      layout("trailingSwipeActions: [{title: A, colour: red, print: x}]"), line: base, column: 43,
      contains: "unknown key 'colour' in a swipe action")
    assertLayoutError(
      layout("leadingSwipeActions: {performsFirstActionWithFullSwipe: false}"), line: base, column: 30,
      contains: "needs actions")
    assertLayoutError(
      layout("leadingSwipeActions: {actions: [{title: A, print: x}], fullSwipe: true}"), line: base, column: 64,
      contains: "unknown key 'fullSwipe'")
    assertLayoutError(
      layout("leadingSwipeActions: {actions: [{title: A, print: x}], rows: [-1]}"), line: base, column: 71,
      contains: "a row")
    assertLayoutError(
      layout("trailingSwipeActions: [{title: A, print: x, completion: maybe}]"), line: base, column: 65,
      contains: "completion is true, false or never")
    assertLayoutError(
      layout("editingStyleForRow: {returns: remove}"), line: base, column: 39,
      contains: "editingStyleForRow returns delete, insert or none")
    let six = Array(repeating: "{title: A, print: x}", count: 6).joined(separator: ", ")
    assertLayoutError(layout("trailingSwipeActions: [\(six)]"), line: base, column: 31, contains: "at most 5")
  }
}
