import Foundation
import XCTest

@testable import TouchLabEngine

/// A table delegate with swipe actions that notes every call, in order.
final class SwipingTableDelegate: UITableViewDelegate {
  var told: [String] = []
  var trailingTitles = ["Delete", "Flag"]
  var leadingTitles = ["Unread"]
  var performsFirstActionWithFullSwipe = true
  /// Rows that have no actions at all.
  var rowsWithoutActions: Set<Int> = []
  /// Whether the handlers call their completion (UIKit closes the row when they do).
  var completes = true
  /// What the handlers pass their completion when they call it.
  var performed = true

  var providesSwipeActions: Bool { true }

  private func configuration(_ titles: [String], _ indexPath: IndexPath) -> UISwipeActionsConfiguration? {
    guard !rowsWithoutActions.contains(indexPath.row), !titles.isEmpty else { return nil }
    let actions = titles.enumerated().map { index, title in
      UIContextualAction(style: index == 0 ? .destructive : .normal, title: title) { [self] action, view, done in
        told.append("\(action.title!) \(indexPath.row) from \(type(of: view))")
        if completes { done(performed) }
      }
    }
    let configuration = UISwipeActionsConfiguration(actions: actions)
    configuration.performsFirstActionWithFullSwipe = performsFirstActionWithFullSwipe
    return configuration
  }

  func tableView(_ tableView: UITableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath)
    -> UISwipeActionsConfiguration?
  { configuration(trailingTitles, indexPath) }
  func tableView(_ tableView: UITableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath)
    -> UISwipeActionsConfiguration?
  { configuration(leadingTitles, indexPath) }
  func tableView(_ tableView: UITableView, willBeginEditingRowAt indexPath: IndexPath) {
    told.append("willBeginEditing \(indexPath.row)")
  }
  func tableView(_ tableView: UITableView, didEndEditingRowAt indexPath: IndexPath?) {
    told.append("didEndEditing \(indexPath?.row ?? -1)")
  }
  func tableView(_ tableView: UITableView, didHighlightRowAt indexPath: IndexPath) {
    told.append("didHighlight \(indexPath.row)")
  }
  func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
    told.append("didSelect \(indexPath.row)")
  }
}

/// A data source and delegate of the classic swipe-to-delete: no swipe actions of its own,
/// `commit editingStyle:forRowAt:` implemented; notes every call, in order.
final class DeletingTableDataSource: UITableViewDataSource, UITableViewDelegate {
  var told: [String] = []
  var rowsNotEditable: Set<Int> = []
  var style = UITableViewCell.EditingStyle.delete
  var title: String?
  var commitsEditingStyle: Bool { true }

  func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool {
    told.append("canEdit \(indexPath.row)")
    return !rowsNotEditable.contains(indexPath.row)
  }
  func tableView(_ tableView: UITableView, editingStyleForRowAt indexPath: IndexPath) -> UITableViewCell.EditingStyle {
    told.append("editingStyle \(indexPath.row)")
    return style
  }
  func tableView(_ tableView: UITableView, titleForDeleteConfirmationButtonForRowAt indexPath: IndexPath) -> String? {
    told.append("title \(indexPath.row)")
    return title
  }
  func tableView(
    _ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath
  ) {
    told.append("commit \(editingStyle) \(indexPath.row)")
  }
  func tableView(_ tableView: UITableView, willBeginEditingRowAt indexPath: IndexPath) {
    told.append("willBeginEditing \(indexPath.row)")
  }
  func tableView(_ tableView: UITableView, didEndEditingRowAt indexPath: IndexPath?) {
    told.append("didEndEditing \(indexPath?.row ?? -1)")
  }
}

/// docs/BEHAVIOUR.md §23: a table row's swipe actions.
final class SwipeActionsTests: XCTestCase {
  /// A 300 × 440 table of 30 rows at the window's origin; row N's centre is (150, 22 + 44·N).
  private func tableScene(_ delegate: SwipingTableDelegate, in parent: UIView? = nil) -> (Scene, UITableView) {
    let scene = Scene()
    let table = scene.add(UITableView(frame: rect(0, 0, 300, 440)), "Table", base: "UITableView", in: parent)
    table.sections = [UITableView.Section(generatedRowCount: 30, generatedRowText: "Row %d")]
    table.delegate = delegate
    return (scene, table)
  }

  private func settle(_ scene: Scene) { while scene.app.clock.fireNextTimer() {} }

  private func rowCentre(_ row: Int) -> CGPoint { pt(150, 22 + 44 * CGFloat(row)) }

  /// Drags row `row` sideways by `dx` and lifts, then lets the row come to rest.
  private func swipe(_ scene: Scene, row: Int, by dx: CGFloat, at time: TimeInterval = 0) {
    let start = rowCentre(row)
    scene.drag(from: start, to: pt(start.x + dx, start.y), at: time, duration: 0.3, steps: 12)
    settle(scene)
  }

  func testTheRecognizersAreThereOnlyForADelegateThatGivesSwipeActions() {
    let scene = Scene()
    let table = scene.add(UITableView(frame: rect(0, 0, 300, 440)))
    XCTAssertNil(table.swipeHandler)
    XCTAssertEqual(table.gestureRecognizers.count, 2)
    let delegate = SwipingTableDelegate()
    table.delegate = delegate
    let names = table.gestureRecognizers.map { String(describing: type(of: $0)) }
    XCTAssertEqual(
      names,
      [
        "UIScrollViewDelayedTouchesBeganGestureRecognizer", "UIScrollViewPanGestureRecognizer",
        "_UISwipeActionPanGestureRecognizer", "UISwipeDismissalGestureRecognizer",
      ])
    XCTAssertFalse(table.swipeHandler!.dismissalGestureRecognizer.isEnabled)
    XCTAssertTrue(table.swipeHandler!.dismissalGestureRecognizer.delaysTouchesBegan)
    table.delegate = nil
    XCTAssertNil(table.swipeHandler)
    XCTAssertEqual(table.gestureRecognizers.count, 2)
  }

  func testASwipePastHalfTheButtonsOpensTheRowAndATapOnAButtonRunsItsActionAndCloses() throws {
    let delegate = SwipingTableDelegate()
    let (scene, table) = tableScene(delegate)
    swipe(scene, row: 2, by: -140)
    let handler = try XCTUnwrap(table.swipeHandler)
    let width = 2 * UIKitConstants.swipeActionButtonWidth
    XCTAssertEqual(handler.phase, .open)
    XCTAssertEqual(handler.swipedIndexPath, IndexPath(row: 2, section: 0))
    let cell = try XCTUnwrap(table.cellForRow(at: IndexPath(row: 2, section: 0)))
    XCTAssertEqual(cell.contentView.frame.origin.x, -width)
    let pull = try XCTUnwrap(cell.swipePullView)
    XCTAssertEqual(pull.frame, rect(300 - width, 0, width, 44))
    // Delete, the first action, sits at the row's right edge; Flag left of it.
    XCTAssertEqual(pull.buttons.map(\.title), ["Delete", "Flag"])
    XCTAssertEqual(pull.buttons[0].frame.minX, UIKitConstants.swipeActionButtonWidth)
    XCTAssertEqual(pull.buttons[1].frame.minX, 0)
    XCTAssertTrue(handler.dismissalGestureRecognizer.isEnabled)
    XCTAssertEqual(delegate.told, ["willBeginEditing 2"])

    scene.tap(at: pt(300 - UIKitConstants.swipeActionButtonWidth / 2, 22 + 88), at: 2)
    settle(scene)
    XCTAssertEqual(
      delegate.told, ["willBeginEditing 2", "Delete 2 from UISwipeActionStandardButton", "didEndEditing 2"])
    XCTAssertNil(handler.swipedIndexPath)
    XCTAssertEqual(cell.contentView.frame.origin.x, 0)
    XCTAssertNil(cell.swipePullView)
    XCTAssertFalse(handler.dismissalGestureRecognizer.isEnabled)
    XCTAssertNil(table.indexPathForSelectedRow)
  }

  func testTheSecondButtonRunsTheSecondAction() {
    let delegate = SwipingTableDelegate()
    let (scene, _) = tableScene(delegate)
    swipe(scene, row: 1, by: -140)
    scene.tap(at: pt(300 - 1.5 * UIKitConstants.swipeActionButtonWidth, 22 + 44), at: 2)
    settle(scene)
    XCTAssertEqual(delegate.told, ["willBeginEditing 1", "Flag 1 from UISwipeActionStandardButton", "didEndEditing 1"])
  }

  func testASwipeShortOfHalfTheButtonsClosesAgain() throws {
    let delegate = SwipingTableDelegate()
    let (scene, table) = tableScene(delegate)
    // 60 pt, of which the first 20 start the swipe: 40 pt < 74 pt (half of 148).
    swipe(scene, row: 2, by: -60)
    XCTAssertEqual(delegate.told, ["willBeginEditing 2", "didEndEditing 2"])
    XCTAssertNil(table.swipeHandler?.swipedIndexPath)
    XCTAssertEqual(table.cellForRow(at: IndexPath(row: 2, section: 0))?.contentView.frame.origin.x, 0)
  }

  func testTheContentFollowsTheFingerFromWhereTheSwipeBegan() throws {
    let delegate = SwipingTableDelegate()
    let (scene, table) = tableScene(delegate)
    let start = rowCentre(2)
    scene.drag(from: start, to: pt(start.x - 100, start.y), at: 0, duration: 0.2, steps: 10, lift: false)
    let cell = try XCTUnwrap(table.cellForRow(at: IndexPath(row: 2, section: 0)))
    // It began at 20 pt (the move to -20): 80 pt of travel since.
    XCTAssertEqual(cell.contentView.frame.origin.x, -80, accuracy: 0.001)
    XCTAssertEqual(table.swipeHandler?.phase, .swiping)
    XCTAssertEqual(cell.swipePullView?.frame.width ?? 0, 80, accuracy: 0.001)
  }

  func testAFullSwipeRunsTheFirstActionWithoutATap() {
    let delegate = SwipingTableDelegate()
    let (scene, table) = tableScene(delegate)
    // 280 pt: 260 after the start, past 60 % of the 300 pt row.
    swipe(scene, row: 3, by: -280)
    XCTAssertEqual(
      delegate.told, ["willBeginEditing 3", "Delete 3 from UISwipeActionStandardButton", "didEndEditing 3"])
    XCTAssertNil(table.swipeHandler?.swipedIndexPath)
  }

  func testPastTheFullSwipePointTheFirstButtonCoversTheStrip() throws {
    let delegate = SwipingTableDelegate()
    let (scene, table) = tableScene(delegate)
    let start = rowCentre(3)
    scene.drag(from: start, to: pt(start.x - 150, start.y), at: 0, duration: 0.2, steps: 8, lift: false)
    let pull = try XCTUnwrap(table.cellForRow(at: IndexPath(row: 3, section: 0))?.swipePullView)
    XCTAssertFalse(pull.expandsFirstButton)
    // The swipe began at the second step (37.5 pt): 112.5 pt slid, 56.25 a button.
    XCTAssertEqual(pull.buttons[1].frame.width, 56.25, accuracy: 0.001)
    // 200 pt more: the whole 300 pt row (capped), past 60 % of it.
    scene.move(pt(start.x - 350, start.y), at: 0.3)
    XCTAssertTrue(pull.expandsFirstButton)
    XCTAssertEqual(pull.buttons[0].frame, pull.bounds)
    XCTAssertEqual(pull.buttons[1].frame.width, 0)
    // Back below it: the buttons share the strip again.
    scene.move(pt(start.x - 150, start.y), at: 0.4)
    XCTAssertFalse(pull.expandsFirstButton)
    XCTAssertEqual(pull.buttons[0].frame.width, 56.25, accuracy: 0.001)
  }

  func testAFullSwipeThatTheConfigurationDoesNotAllowOpensTheRowInstead() {
    let delegate = SwipingTableDelegate()
    delegate.performsFirstActionWithFullSwipe = false
    let (scene, table) = tableScene(delegate)
    let start = rowCentre(3)
    scene.drag(from: start, to: pt(start.x - 280, start.y), at: 0, duration: 0.3, steps: 12, lift: false)
    // Past its buttons the content stretches (a rubber band), far less than the finger.
    let offset = table.cellForRow(at: IndexPath(row: 3, section: 0))!.contentView.frame.origin.x
    XCTAssertLessThan(offset, -2 * UIKitConstants.swipeActionButtonWidth)
    XCTAssertGreaterThan(offset, -200)
    scene.up(pt(start.x - 280, start.y), at: 0.31)
    settle(scene)
    XCTAssertEqual(delegate.told, ["willBeginEditing 3"])
    XCTAssertEqual(table.swipeHandler?.phase, .open)
  }

  func testASwipeToTheRightUncoversTheLeadingActions() throws {
    let delegate = SwipingTableDelegate()
    let (scene, table) = tableScene(delegate)
    swipe(scene, row: 0, by: 120)
    let cell = try XCTUnwrap(table.cellForRow(at: IndexPath(row: 0, section: 0)))
    XCTAssertEqual(table.swipeHandler?.swipedEdge, .leading)
    XCTAssertEqual(cell.contentView.frame.origin.x, UIKitConstants.swipeActionButtonWidth)
    XCTAssertEqual(cell.swipePullView?.frame, rect(0, 0, UIKitConstants.swipeActionButtonWidth, 44))
    scene.tap(at: pt(30, 22), at: 2)
    settle(scene)
    XCTAssertEqual(
      delegate.told, ["willBeginEditing 0", "Unread 0 from UISwipeActionStandardButton", "didEndEditing 0"])
  }

  func testNoSwipeOnARowWithoutActionsOrTowardsAnEdgeWithout() {
    let delegate = SwipingTableDelegate()
    delegate.rowsWithoutActions = [1]
    delegate.leadingTitles = []
    let (scene, table) = tableScene(delegate)
    swipe(scene, row: 1, by: -200)
    swipe(scene, row: 2, by: 200, at: 2)
    // Nothing took the touches: each row was highlighted after the table's 0.15 s hold, and
    // lifted off the row, was not selected.
    XCTAssertEqual(delegate.told, ["didHighlight 1", "didHighlight 2"])
    XCTAssertTrue(scene.records.contains { $0.cause?.rule == .shouldBegin && $0.cause?.by == "UISwipeHandler" })
    XCTAssertNil(table.swipeHandler?.swipedIndexPath)
    XCTAssertEqual(table.swipeHandler?.panGestureRecognizer.state, .possible)
  }

  func testAVerticalDragScrollsAndNeitherSwipesNorSelects() {
    let delegate = SwipingTableDelegate()
    let (scene, table) = tableScene(delegate)
    scene.drag(from: rowCentre(5), to: pt(140, 22 + 44 * 5 - 150), at: 0, duration: 0.3, steps: 10)
    settle(scene)
    XCTAssertGreaterThan(table.contentOffset.y, 100)
    XCTAssertEqual(delegate.told, [])
    XCTAssertNil(table.indexPathForSelectedRow)
  }

  func testAHeldRowThatIsSwipedIsUnhighlightedAndNotSelected() throws {
    let delegate = SwipingTableDelegate()
    let (scene, table) = tableScene(delegate)
    let start = rowCentre(2)
    scene.down(start, at: 0)
    scene.app.clock.advance(to: 0.3)  // past the 0.15 s hold: the row is highlighted
    XCTAssertEqual(table.indexPathForHighlightedRow, IndexPath(row: 2, section: 0))
    for step in 1...12 {
      scene.move(pt(start.x - 140 * CGFloat(step) / 12, start.y), at: 0.3 + 0.025 * Double(step))
    }
    scene.up(pt(start.x - 140, start.y), at: 0.61)
    settle(scene)
    XCTAssertNil(table.indexPathForHighlightedRow)
    XCTAssertNil(table.indexPathForSelectedRow)
    XCTAssertEqual(delegate.told, ["didHighlight 2", "willBeginEditing 2"])
  }

  func testATapElsewhereWhileOpenClosesTheRowAndSelectsNothing() {
    let delegate = SwipingTableDelegate()
    let (scene, table) = tableScene(delegate)
    swipe(scene, row: 2, by: -140)
    scene.tap(at: rowCentre(6), at: 2)
    settle(scene)
    XCTAssertEqual(delegate.told, ["willBeginEditing 2", "didEndEditing 2"])
    XCTAssertNil(table.indexPathForSelectedRow)
    XCTAssertNil(table.swipeHandler?.swipedIndexPath)
    // Once closed, a tap selects as always.
    scene.tap(at: rowCentre(6), at: 3)
    settle(scene)
    XCTAssertEqual(delegate.told.suffix(2), ["didHighlight 6", "didSelect 6"])
  }

  func testATapOnTheOpenRowsOwnContentClosesItWithoutAnAction() {
    let delegate = SwipingTableDelegate()
    let (scene, _) = tableScene(delegate)
    swipe(scene, row: 2, by: -140)
    scene.tap(at: pt(60, 22 + 88), at: 2)
    settle(scene)
    XCTAssertEqual(delegate.told, ["willBeginEditing 2", "didEndEditing 2"])
  }

  func testAVerticalDragWhileOpenClosesTheRowAndStillScrolls() {
    let delegate = SwipingTableDelegate()
    let (scene, table) = tableScene(delegate)
    swipe(scene, row: 2, by: -140)
    scene.drag(from: rowCentre(6), to: pt(150, 22 + 44 * 6 - 150), at: 2, duration: 0.3, steps: 10)
    settle(scene)
    XCTAssertGreaterThan(table.contentOffset.y, 100)
    XCTAssertEqual(delegate.told, ["willBeginEditing 2", "didEndEditing 2"])
  }

  func testAHandlerThatCompletesWithFalseClosesTheRowAsTrueDoes() throws {
    let delegate = SwipingTableDelegate()
    delegate.performed = false
    let (scene, table) = tableScene(delegate)
    swipe(scene, row: 2, by: -140)
    scene.tap(at: pt(300 - UIKitConstants.swipeActionButtonWidth / 2, 22 + 88), at: 2)
    settle(scene)
    XCTAssertEqual(
      delegate.told, ["willBeginEditing 2", "Delete 2 from UISwipeActionStandardButton", "didEndEditing 2"])
    XCTAssertNil(table.swipeHandler?.swipedIndexPath)
    let cell = try XCTUnwrap(table.cellForRow(at: IndexPath(row: 2, section: 0)))
    XCTAssertEqual(cell.contentView.frame.origin.x, 0)
    XCTAssertNil(cell.swipePullView)
    // A full swipe whose handler answers false slides the row back too.
    swipe(scene, row: 3, by: -280, at: 3)
    XCTAssertEqual(
      delegate.told.suffix(3), ["willBeginEditing 3", "Delete 3 from UISwipeActionStandardButton", "didEndEditing 3"])
    XCTAssertNil(table.swipeHandler?.swipedIndexPath)
    XCTAssertEqual(table.numberOfRows(inSection: 0), 30)
  }

  func testAHandlerThatNeverCompletesLeavesTheRowSlidAndAReloadClosesIt() throws {
    let delegate = SwipingTableDelegate()
    delegate.completes = false
    let (scene, table) = tableScene(delegate)
    swipe(scene, row: 2, by: -140)
    scene.tap(at: pt(300 - UIKitConstants.swipeActionButtonWidth / 2, 22 + 88), at: 2)
    settle(scene)
    XCTAssertEqual(table.swipeHandler?.swipedIndexPath, IndexPath(row: 2, section: 0))
    table.reloadData()
    XCTAssertNil(table.swipeHandler?.swipedIndexPath)
    let cell = try XCTUnwrap(table.cellForRow(at: IndexPath(row: 2, section: 0)))
    XCTAssertEqual(cell.contentView.frame.origin.x, 0)
    XCTAssertNil(cell.swipePullView)
  }

  func testTakingTheDelegateAwayMidSwipeRemovesTheRecognizersSafely() throws {
    let delegate = SwipingTableDelegate()
    let (scene, table) = tableScene(delegate)
    let start = rowCentre(2)
    scene.drag(from: start, to: pt(start.x - 100, start.y), at: 0, duration: 0.2, steps: 10, lift: false)
    XCTAssertEqual(table.swipeHandler?.phase, .swiping)
    weak let handler = table.swipeHandler
    table.delegate = nil
    XCTAssertNil(handler)
    XCTAssertEqual(table.gestureRecognizers.count, 2)
    scene.move(pt(start.x - 160, start.y), at: 0.25)
    scene.up(pt(start.x - 160, start.y), at: 0.3)
    settle(scene)
    let cell = try XCTUnwrap(table.cellForRow(at: IndexPath(row: 2, section: 0)))
    XCTAssertEqual(cell.contentView.frame.origin.x, 0)
    XCTAssertNil(cell.swipePullView)
    XCTAssertEqual(delegate.told, ["willBeginEditing 2"])
  }

  // MARK: Against a parent's pan (§23.3)

  func testInAHorizontalPagerThePagersPanTakesTheDrag() {
    let delegate = SwipingTableDelegate()
    let scene = Scene()
    let pager = scene.add(UIScrollView(frame: rect(0, 0, 300, 440)), "Pager", base: "UIScrollView")
    pager.contentSize = CGSize(width: 900, height: 440)
    pager.isPagingEnabled = true
    pager.contentOffset = pt(300, 0)
    let table = scene.add(UITableView(frame: rect(300, 0, 300, 440)), "Table", base: "UITableView", in: pager)
    table.sections = [UITableView.Section(generatedRowCount: 30, generatedRowText: "Row %d")]
    table.delegate = delegate
    scene.drag(from: rowCentre(2), to: pt(150 - 160, 22 + 88), at: 0, duration: 0.3, steps: 12)
    settle(scene)
    XCTAssertEqual(pager.contentOffset, pt(600, 0))
    XCTAssertEqual(delegate.told, [])
    XCTAssertEqual(table.swipeHandler?.swipedIndexPath, nil)
  }

  func testAParentsPanTakesTheDragUnlessItWaitsForTheSwipeToFail() {
    for waits in [false, true] {
      let delegate = SwipingTableDelegate()
      let scene = Scene()
      let card = scene.view("Card", rect(0, 0, 300, 440))
      let cardPan = scene.recognizer(UIPanGestureRecognizer(), "CardPan", on: card)
      let table = scene.add(UITableView(frame: rect(0, 0, 300, 440)), "Table", base: "UITableView", in: card)
      table.sections = [UITableView.Section(generatedRowCount: 30, generatedRowText: "Row %d")]
      table.delegate = delegate
      if waits { cardPan.require(toFail: table.swipeHandler!.panGestureRecognizer) }
      swipe(scene, row: 2, by: -140)
      if waits {
        XCTAssertEqual(delegate.told, ["willBeginEditing 2"])
        XCTAssertEqual(table.swipeHandler?.phase, .open)
        XCTAssertFalse(scene.actions.contains("-[Target CardPan]"))
      } else {
        XCTAssertEqual(delegate.told, [])
        XCTAssertTrue(scene.actions.contains("-[Target CardPan]"))
      }
    }
  }

  // MARK: The classic swipe-to-delete (docs/BEHAVIOUR.md §23.4)

  private func deletingScene(_ source: DeletingTableDataSource) -> (Scene, UITableView) {
    let scene = Scene()
    let table = scene.add(UITableView(frame: rect(0, 0, 300, 440)), "Table", base: "UITableView")
    table.sections = [UITableView.Section(generatedRowCount: 30, generatedRowText: "Row %d")]
    table.delegate = source
    XCTAssertNil(table.swipeHandler, "a delegate without swipe actions sets up no swipe")
    table.dataSource = source
    return (scene, table)
  }

  func testADataSourceThatCommitsGetsOneDeleteButtonAndItsTapCommits() throws {
    let source = DeletingTableDataSource()
    let (scene, table) = deletingScene(source)
    XCTAssertNotNil(table.swipeHandler)
    swipe(scene, row: 2, by: -100)
    let cell = try XCTUnwrap(table.cellForRow(at: IndexPath(row: 2, section: 0)))
    let pull = try XCTUnwrap(cell.swipePullView)
    XCTAssertEqual(pull.buttons.map(\.title), [UIKitConstants.deleteConfirmationButtonTitle])
    XCTAssertEqual(table.swipeHandler?.phase, .open)
    XCTAssertEqual(source.told, ["canEdit 2", "editingStyle 2", "title 2", "willBeginEditing 2"])
    scene.tap(at: pt(300 - UIKitConstants.swipeActionButtonWidth / 2, 22 + 88), at: 2)
    settle(scene)
    XCTAssertEqual(source.told.suffix(2), ["commit delete 2", "didEndEditing 2"])
    XCTAssertNil(table.swipeHandler?.swipedIndexPath)
  }

  func testTheDelegatesTitleNamesTheButton() throws {
    let source = DeletingTableDataSource()
    source.title = "Remove"
    let (scene, table) = deletingScene(source)
    swipe(scene, row: 1, by: -100)
    let cell = try XCTUnwrap(table.cellForRow(at: IndexPath(row: 1, section: 0)))
    XCTAssertEqual(cell.swipePullView?.buttons.map(\.title), ["Remove"])
  }

  func testARowThatCannotBeEditedOrIsNotADeleteHasNoSwipe() {
    let source = DeletingTableDataSource()
    source.rowsNotEditable = [2]
    let (scene, table) = deletingScene(source)
    swipe(scene, row: 2, by: -100)
    XCTAssertNil(table.swipeHandler?.swipedIndexPath)
    XCTAssertEqual(source.told, ["canEdit 2"])
    source.told = []
    source.style = .insert
    swipe(scene, row: 3, by: -100, at: 2)
    XCTAssertNil(table.swipeHandler?.swipedIndexPath)
    XCTAssertEqual(source.told, ["canEdit 3", "editingStyle 3"])
  }

  func testCanEditRowNoAlsoTakesAwayTheDelegatesSwipeActions() {
    let delegate = SwipingTableDelegate()
    let source = DeletingTableDataSource()
    source.rowsNotEditable = [2]
    let (scene, table) = tableScene(delegate)
    table.dataSource = source
    swipe(scene, row: 2, by: -140)
    XCTAssertNil(table.swipeHandler?.swipedIndexPath)
    XCTAssertFalse(delegate.told.contains("willBeginEditing 2"), "\(delegate.told)")
    // The delegate's own actions win over the classic Delete on an editable row.
    swipe(scene, row: 3, by: -140, at: 2)
    let buttons = table.cellForRow(at: IndexPath(row: 3, section: 0))?.swipePullView?.buttons
    XCTAssertEqual(buttons?.map(\.title), ["Delete", "Flag"])
    XCTAssertEqual(source.told, ["canEdit 2", "canEdit 3"])
  }
}
