import Foundation
import XCTest

@testable import TouchLabEngine
@testable import TouchLabRecords
@testable import TouchLabScripting

/// A table delegate that notes what it was told.
final class NotingTableDelegate: UITableViewDelegate {
  var told: [String] = []
  var highlightable = true
  func tableView(_ tableView: UITableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool { highlightable }
  func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) { told.append("select \(indexPath)") }
  func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) {
    told.append("deselect \(indexPath)")
  }
}

/// A table delegate that notes every highlight and selection call, in order, and can
/// refuse or redirect a selection (docs/BEHAVIOUR.md §19).
final class OrderNotingTableDelegate: UITableViewDelegate {
  var told: [String] = []
  var redirect: [Int: Int?] = [:]
  weak var table: UITableView?
  private func note(_ what: String, _ indexPath: IndexPath) {
    let cell = table?.cellForRow(at: indexPath)
    told.append("\(what) \(indexPath.row) h=\(cell?.isHighlighted ?? false) s=\(cell?.isSelected ?? false)")
  }
  func tableView(_ tableView: UITableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool {
    note("shouldHighlight", indexPath)
    return true
  }
  func tableView(_ tableView: UITableView, didHighlightRowAt indexPath: IndexPath) { note("didHighlight", indexPath) }
  func tableView(_ tableView: UITableView, didUnhighlightRowAt indexPath: IndexPath) {
    note("didUnhighlight", indexPath)
  }
  func tableView(_ tableView: UITableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? {
    note("willSelect", indexPath)
    guard let target = redirect[indexPath.row] else { return indexPath }
    return target.map { IndexPath(row: $0, section: indexPath.section) }
  }
  func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) { note("didSelect", indexPath) }
  func tableView(_ tableView: UITableView, willDeselectRowAt indexPath: IndexPath) -> IndexPath? {
    note("willDeselect", indexPath)
    return indexPath
  }
  func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) { note("didDeselect", indexPath) }
}

/// docs/BEHAVIOUR.md §7 (the table's part) and §8: UITableView's rows, cells and selection.
final class TableViewTests: XCTestCase {
  /// A 300×440 table at (0, 100) with `rows` rows of 44 pt, named `GLTableView`.
  private func makeTable(rows: Int = 30, in scene: Scene, parent: UIView? = nil) -> (UITableView, NotingTableDelegate) {
    let table = scene.add(UITableView(frame: rect(0, 100, 300, 440)), "GLTableView", base: "UITableView", in: parent)
    table.sections = [UITableView.Section(generatedRowCount: rows, generatedRowText: "Row %d")]
    let delegate = NotingTableDelegate()
    table.delegate = delegate
    return (table, delegate)
  }

  /// The window point at the centre of a row, where the table shows it now.
  private func centre(_ table: UITableView, _ row: Int, section: Int = 0) -> CGPoint {
    let r = table.rectForRow(at: IndexPath(row: row, section: section))
    return table.convert(pt(r.midX, r.midY), to: nil)
  }

  // MARK: Rows and cells

  func testRows_GeometryWithSectionsAndHeaders() {
    let scene = Scene()
    let table = scene.add(UITableView(frame: rect(0, 0, 300, 400)), "T", base: "UITableView")
    table.sections = [
      UITableView.Section(header: "A", rows: [.init(text: "a0"), .init(text: "a1")]),
      UITableView.Section(rows: [.init(text: "b0")]),
      UITableView.Section(header: "C", generatedRowCount: 3, generatedRowText: "c%d"),
    ]
    XCTAssertEqual(table.rectForRow(at: IndexPath(row: 1, section: 0)), rect(0, 72, 300, 44))
    XCTAssertEqual(table.rectForRow(at: IndexPath(row: 0, section: 1)), rect(0, 116, 300, 44))
    XCTAssertEqual(table.rectForHeader(inSection: 2), rect(0, 160, 300, 28))
    XCTAssertEqual(table.rectForRow(at: IndexPath(row: 2, section: 2)), rect(0, 276, 300, 44))
    XCTAssertEqual(table.contentSize, CGSize(width: 300, height: 320))
    XCTAssertEqual(table.indexPathForRow(at: pt(10, 10)), nil, "on a header")
    XCTAssertEqual(table.indexPathForRow(at: pt(10, 100)), IndexPath(row: 1, section: 0))
    XCTAssertEqual(table.indexPathForRow(at: pt(10, 230)), IndexPath(row: 0, section: 2))
    XCTAssertEqual(table.indexPathForRow(at: pt(10, 240)), IndexPath(row: 1, section: 2))
    XCTAssertEqual(table.indexPathForRow(at: pt(10, 330)), nil, "below the last row")
    XCTAssertEqual(table.cellForRow(at: IndexPath(row: 1, section: 2))?.textLabel.text, "c1")
    XCTAssertTrue(table.alwaysBounceVertical, "a table always bounces vertically")
  }

  func testOnlyVisibleRowsAreCells_ATenThousandRowTableCostsItsVisibleRows() {
    let scene = Scene()
    let (table, _) = makeTable(rows: 10_000, in: scene)
    // 440 pt of 44 pt rows: rows 0…9.
    XCTAssertEqual(table.indexPathsForVisibleRows.map(\.row), Array(0...9))
    XCTAssertEqual(table.subviews.count, 10)
    XCTAssertEqual(table.contentSize.height, 440_000)
    // Scroll a long way in small steps: cells are reused, never more than a screenful (+1).
    for i in 1...500 { table.contentOffset = pt(0, CGFloat(i) * 37) }
    XCTAssertLessThanOrEqual(table.cellsCreated, 11)
    XCTAssertEqual(table.indexPathsForVisibleRows.first?.row, 500 * 37 / 44)
    XCTAssertEqual(table.visibleCells.first?.textLabel.text, "Row \(500 * 37 / 44)")
    table.contentOffset = pt(0, 440_000 - 440)
    XCTAssertEqual(table.indexPathsForVisibleRows.last?.row, 9_999)
    XCTAssertLessThanOrEqual(table.subviews.count, 11)
  }

  /// Found by the property tests, the same rule when one event ends two touches: one on a
  /// row's content view (the table retiles in its touchesCancelled) and one on another row's
  /// button. The button's cell stays until the button has heard its cancel.
  func testRowSubviews_ACellIsKeptWhileTheEventEndingItsTouchIsDelivered() {
    let scene = Scene()
    let table = scene.add(UITableView(frame: rect(0, 0, 300, 440)), "T", base: "UITableView")
    let button = scene.name(UIButton(frame: rect(200, 7, 80, 30)), "RowButton", base: "UIButton")
    button.addTarget(scene.target, action: .selector("cancel"), for: .touchCancel)
    var rows = (0..<50).map { UITableView.Row(text: "Row \($0)") }
    rows[1].subviews = [button]
    table.sections = [UITableView.Section(rows: rows)]
    // A finger on row 5, then one on row 1's button; both past the delay; the table is
    // scrolled away under them by code (their cells stay); then both are cancelled at once:
    // row 5's cancel (touch 1) reaches the table first, and it retiles.
    scene.down(pt(50, 242), finger: 1, at: 0)
    scene.down(pt(240, 66), finger: 2, at: 0.2)
    scene.app.clock.advance(to: 0.4)
    XCTAssertEqual(scene.calls("RowButton"), ["touchesBegan[2]"])
    XCTAssertEqual(table.indexPathForHighlightedRow?.row, 5)
    table.contentOffset = pt(0, 1000)
    scene.app.cancelAllTouches()
    XCTAssertEqual(scene.calls("RowButton"), ["touchesBegan[2]", "touchesCancelled[2]"])
    XCTAssertEqual(scene.actions, ["-[Target cancel]"])
    table.contentOffset = pt(0, 1010)
    XCTAssertNil(button.superview, "off screen with its row once the fingers are gone")
  }

  /// Found by the layout fuzzer: a table showing thousands of rows at once (100,000 pt tall,
  /// rows of 1 pt) took 297 s to load, tiling one cell at a time with array lookups and
  /// front insertions (quadratic). Tiling is linear now, and a table gives cells to at most
  /// `maximumRowsOnScreen` rows at once.
  func testThousandsOfRowsOnScreen_TileInLinearTime_UpToTheCap() {
    let scene = Scene()
    let table = scene.add(UITableView(frame: rect(0, 0, 300, 20_000)), "T", base: "UITableView")
    table.rowHeight = 1
    table.sections = [UITableView.Section(generatedRowCount: 1_000_000, generatedRowText: "Row %d")]
    XCTAssertEqual(table.visibleCells.count, UITableView.maximumRowsOnScreen)
    XCTAssertEqual(table.indexPathsForVisibleRows.first?.row, 0)
    for jump in 1...5 { table.contentOffset = pt(0, CGFloat(jump) * 20_000) }
    XCTAssertEqual(table.indexPathsForVisibleRows.first?.row, 100_000)
    XCTAssertEqual(table.subviews.count, UITableView.maximumRowsOnScreen)
    // Cells are made only for the rows on screen, and reused as the table jumps: the work is
    // counted, not timed (quadratic tiling took minutes here).
    XCTAssertLessThan(table.cellsCreated, 2 * UITableView.maximumRowsOnScreen + 1)
  }

  func testRowSubviews_FollowTheirRowThroughReuse() {
    let scene = Scene()
    let table = scene.add(UITableView(frame: rect(0, 0, 300, 220)), "T", base: "UITableView")
    let button = UIButton(frame: rect(200, 7, 80, 30))
    var rows = (0..<50).map { UITableView.Row(text: "Row \($0)") }
    rows[1].subviews = [button]
    table.sections = [UITableView.Section(rows: rows)]
    XCTAssertTrue(button.superview === table.cellForRow(at: IndexPath(row: 1, section: 0))?.contentView)
    table.contentOffset = pt(0, 1000)
    XCTAssertNil(button.superview, "off screen with its row")
    for cell in table.visibleCells { XCTAssertFalse(cell.contentView.subviews.contains { $0 === button }) }
    table.contentOffset = pt(0, 0)
    XCTAssertTrue(button.superview === table.cellForRow(at: IndexPath(row: 1, section: 0))?.contentView)
  }

  /// Found by the property tests (Tests/TouchLabPropertyTests): a row's cell stays while a
  /// finger is on its button, even though that touch never reaches the table. (It used to
  /// be recycled as soon as its row scrolled away: the button left the window mid-touch, and
  /// its touchCancel or touchUp went nowhere.)
  func testRowSubviews_ACellWithAFingerOnItsButtonIsNotRecycled() {
    // Precondition: a table whose row 1 has a button with targets.
    let scene = Scene()
    let table = scene.add(UITableView(frame: rect(0, 0, 300, 220)), "T", base: "UITableView")
    let button = scene.name(UIButton(frame: rect(200, 7, 80, 30)), "RowButton", base: "UIButton")
    button.addTarget(scene.target, action: .selector("down"), for: .touchDown)
    button.addTarget(scene.target, action: .selector("up"), for: [.touchUpInside, .touchUpOutside, .touchCancel])
    var rows = (0..<50).map { UITableView.Row(text: "Row \($0)") }
    rows[1].subviews = [button]
    table.sections = [UITableView.Section(rows: rows)]
    // Action: a finger on the button, held past the 0.15 s delay; the table scrolls far away
    // under it (by code, as a delegate might); then the finger lifts.
    scene.down(pt(240, 66), at: 0)
    scene.app.clock.advance(to: 0.2)
    XCTAssertEqual(scene.calls("RowButton"), ["touchesBegan[1]"])
    table.contentOffset = pt(0, 1000)
    // Assertion: the cell stayed, with the button in the window; the button heard the end
    // and sent its closing event.
    XCTAssertNotNil(button.window, "the cell under the finger is kept")
    scene.up(pt(240, 66), at: 0.3)
    XCTAssertEqual(scene.calls("RowButton"), ["touchesBegan[1]", "touchesEnded[1]"])
    XCTAssertEqual(scene.actions, ["-[Target down]", "-[Target up]"])
    // Once the finger is gone, the next tiling gives the cell back.
    table.contentOffset = pt(0, 1010)
    XCTAssertNil(button.superview, "off screen with its row")
  }

  // MARK: Selection (§7)

  func testTap_HighlightsAtBegan_SelectsAtEnded_TellsTheDelegate() {
    let scene = Scene()
    let (table, delegate) = makeTable(in: scene)
    scene.down(centre(table, 2), at: 0)
    scene.app.clock.advance(to: 0.2)  // past the scroll view's 0.15 s
    XCTAssertEqual(table.indexPathForHighlightedRow, IndexPath(row: 2, section: 0))
    XCTAssertTrue(table.cellForRow(at: IndexPath(row: 2, section: 0))!.isHighlighted)
    XCTAssertNil(table.indexPathForSelectedRow)
    scene.up(centre(table, 2), at: 0.3)
    XCTAssertNil(table.indexPathForHighlightedRow)
    XCTAssertEqual(table.indexPathForSelectedRow, IndexPath(row: 2, section: 0))
    XCTAssertTrue(table.cellForRow(at: IndexPath(row: 2, section: 0))!.isSelected)
    XCTAssertEqual(delegate.told, ["select [0, 2]"])
    // The touches reached the table from the cell's content view along the chain.
    XCTAssertEqual(scene.calls("GLTableView"), ["touchesBegan[1]", "touchesEnded[1]"])
    XCTAssertEqual(scene.lastHit, "UITableViewCellContentView")
  }

  func testSelectingAnotherRow_DeselectsThePreviousFirst() {
    let scene = Scene()
    let (table, delegate) = makeTable(in: scene)
    scene.tap(at: centre(table, 1), at: 0)
    scene.tap(at: centre(table, 4), at: 1)
    XCTAssertEqual(delegate.told, ["select [0, 1]", "deselect [0, 1]", "select [0, 4]"])
    XCTAssertFalse(table.cellForRow(at: IndexPath(row: 1, section: 0))!.isSelected)
    XCTAssertTrue(table.cellForRow(at: IndexPath(row: 4, section: 0))!.isSelected)
  }

  func testCancelledTouch_UnhighlightsAndSelectsNothing() {
    let scene = Scene()
    let (table, delegate) = makeTable(in: scene)
    scene.down(centre(table, 3), at: 0)
    scene.app.clock.advance(to: 0.2)
    XCTAssertNotNil(table.indexPathForHighlightedRow)
    scene.app.cancelAllTouches()
    XCTAssertNil(table.indexPathForHighlightedRow)
    XCTAssertNil(table.indexPathForSelectedRow)
    XCTAssertEqual(delegate.told, [])
  }

  func testScrollingTheTable_CancelsTheRowsTouch_NoSelection() {
    let scene = Scene()
    let (table, delegate) = makeTable(in: scene)
    let start = centre(table, 5)
    scene.down(start, at: 0)
    scene.app.clock.advance(to: 0.2)
    for i in 1...10 { scene.move(pt(start.x, start.y - CGFloat(i) * 10), at: 0.2 + Double(i) * 0.02) }
    scene.up(pt(start.x, start.y - 100), at: 0.5)
    XCTAssertEqual(scene.calls("GLTableView"), ["touchesBegan[1]", "touchesMoved[1]", "touchesCancelled[1]"])
    XCTAssertNil(table.indexPathForSelectedRow)
    XCTAssertEqual(delegate.told, [])
    XCTAssertGreaterThan(table.contentOffset.y, 80)
  }

  func testSubclassSkippingSuper_SelectsNothing() {
    let scene = Scene()
    let (table, delegate) = makeTable(in: scene)
    let cls = table.scriptedClass!
    for m in [ScriptedClass.Method.touchesBegan, .touchesEnded] { cls.logs[m] = .init() }
    cls.callsSuper = []
    scene.tap(at: centre(table, 2), at: 0)
    XCTAssertEqual(
      scene.transcript, ["-[GLTableView touchesBegan:withEvent:]", "-[GLTableView touchesEnded:withEvent:]"])
    XCTAssertNil(table.indexPathForSelectedRow)
    XCTAssertEqual(delegate.told, [], "[A3] §3.2: without super there is no selection")
  }

  func testShouldHighlightFalse_NoHighlightAndNoSelection() {
    let scene = Scene()
    let (table, delegate) = makeTable(in: scene)
    delegate.highlightable = false
    scene.tap(at: centre(table, 2), at: 0, duration: 0.3)
    XCTAssertNil(table.indexPathForSelectedRow)
    XCTAssertEqual(delegate.told, [])
  }

  func testActionTableDelegate_PrintsOrSendsDidSelectToTheTarget() {
    let scene = Scene()
    let (table, _) = makeTable(in: scene)
    let printing = ActionTableViewDelegate(target: nil, message: .print("cell selected!"))
    table.delegate = printing
    scene.tap(at: centre(table, 0), at: 0)
    let sending = ActionTableViewDelegate(target: scene.target, message: .selector("anything"))
    table.delegate = sending
    scene.tap(at: centre(table, 1), at: 1)
    XCTAssertEqual(scene.actions, ["cell selected!", "-[Target tableView:didSelectRowAtIndexPath:]"])
  }

  // MARK: The table-cell tap conflict (§8)

  /// A background view with a tap recognizer printing `backview taped`, the table in it,
  /// and a button in row 1's cell printing `button clicked!`.
  private func conflictScene() -> (Scene, UITableView, UITapGestureRecognizer, UIButton) {
    let scene = Scene()
    let back = scene.view("BackView", rect(0, 0, 400, 800))
    let tap = UITapGestureRecognizer()
    tap.addTarget(nil, action: .print("backview taped"))
    back.addGestureRecognizer(tap)
    let table = scene.add(UITableView(frame: rect(0, 100, 400, 440)), "GLTableView", base: "UITableView", in: back)
    for m in [ScriptedClass.Method.touchesBegan, .touchesEnded, .touchesCancelled] {
      table.scriptedClass?.logs[m] = .init()
    }
    let button = scene.name(UIButton(frame: rect(290, 7, 90, 30)), "GLButton", base: "UIButton")
    for m in [ScriptedClass.Method.touchesBegan, .touchesEnded] { button.scriptedClass?.logs[m] = .init() }
    button.addTarget(nil, action: .print("button clicked!"), for: .touchUpInside)
    var rows = (0..<10).map { UITableView.Row(text: "Row \($0)") }
    rows[1].subviews = [button]
    table.sections = [UITableView.Section(rows: rows)]
    let delegate = ActionTableViewDelegate(target: nil, message: .print("cell selected!"))
    table.delegate = delegate
    keptAlive.append(delegate)
    return (scene, table, tap, button)
  }
  private var keptAlive: [AnyObject] = []

  private func timed(_ scene: Scene) -> [String] {
    scene.records.filter { $0.line != nil }.map { String(format: "[%.3f] ", $0.time) + $0.line! }
  }

  func testConflict1_QuickTap_OnlyTheBackgroundActs() {
    let (scene, table, _, _) = conflictScene()
    scene.tap(at: centre(table, 0), at: 0, duration: 0.05)
    XCTAssertEqual(timed(scene), ["[0.050] backview taped"])
    XCTAssertNil(table.indexPathForSelectedRow)
  }

  func testConflict2_ShortPress_TableBeganAt0_15ThenCancelledByTheTap() {
    let (scene, table, _, _) = conflictScene()
    scene.tap(at: centre(table, 0), at: 0, duration: 0.3)
    XCTAssertEqual(
      timed(scene),
      [
        "[0.150] -[GLTableView touchesBegan:withEvent:]", "[0.300] backview taped",
        "[0.300] -[GLTableView touchesCancelled:withEvent:]",
      ])
    XCTAssertNil(table.indexPathForSelectedRow)
  }

  func testConflict3_LongPress_TapFailsAt0_75_RowSelectedAtTheLift() {
    let (scene, table, tap, _) = conflictScene()
    scene.down(centre(table, 0), at: 0)
    scene.app.clock.advance(to: 0.749)
    XCTAssertEqual(tap.state, .possible)
    scene.app.clock.advance(to: 0.75)
    XCTAssertEqual(scene.time(of: "UITapGestureRecognizer=failed", [.state]), 0.75)
    scene.up(centre(table, 0), at: 1.0)
    XCTAssertEqual(
      timed(scene),
      [
        "[0.150] -[GLTableView touchesBegan:withEvent:]", "[1.000] -[GLTableView touchesEnded:withEvent:]",
        "[1.000] cell selected!",
      ])
    XCTAssertEqual(table.indexPathForSelectedRow, IndexPath(row: 0, section: 0))
  }

  func testConflict4_ButtonInACell_ItsActionWins() {
    let (scene, _, _, button) = conflictScene()
    scene.tap(at: button.convert(pt(45, 15), to: nil), at: 0)
    XCTAssertEqual(
      timed(scene),
      [
        "[0.050] -[GLButton touchesBegan:withEvent:]", "[0.050] -[GLButton touchesEnded:withEvent:]",
        "[0.050] button clicked!",
      ])
  }

  func testFix1_CancelsTouchesInViewFalse_BothAct() {
    let (scene, table, tap, _) = conflictScene()
    tap.cancelsTouchesInView = false
    scene.tap(at: centre(table, 0), at: 0)
    XCTAssertEqual(
      scene.transcript,
      [
        "backview taped", "-[GLTableView touchesBegan:withEvent:]", "-[GLTableView touchesEnded:withEvent:]",
        "cell selected!",
      ])
  }

  func testFix2_DelegateRefusingTouchesInTheTable_RowSelected() {
    let (scene, table, tap, _) = conflictScene()
    let delegate = RuleGestureDelegate()
    delegate.refuseTouchesInside = [table]
    tap.delegate = delegate
    scene.tap(at: centre(table, 0), at: 0)
    XCTAssertEqual(
      scene.transcript,
      ["-[GLTableView touchesBegan:withEvent:]", "-[GLTableView touchesEnded:withEvent:]", "cell selected!"])
  }

  // MARK: The delegate's highlight and selection callbacks (issue 28, docs/BEHAVIOUR.md §19)

  private func orderScene() -> (Scene, UITableView, OrderNotingTableDelegate) {
    let scene = Scene()
    let (table, _) = makeTable(in: scene)
    let delegate = OrderNotingTableDelegate()
    delegate.table = table
    table.delegate = delegate
    return (scene, table, delegate)
  }

  func testDelegate_HighlightAtTheHoldsEnd_UnhighlightWillSelectDidSelectAtTheLift() {
    let (scene, table, delegate) = orderScene()
    scene.down(centre(table, 1), at: 0)
    scene.app.clock.advance(to: 0.15)
    XCTAssertEqual(delegate.told, ["shouldHighlight 1 h=false s=false", "didHighlight 1 h=true s=false"])
    delegate.told = []
    scene.up(centre(table, 1), at: 0.3)
    XCTAssertEqual(
      delegate.told, ["didUnhighlight 1 h=false s=false", "willSelect 1 h=false s=false", "didSelect 1 h=false s=true"])
  }

  func testDelegate_SelectingAnotherRow_WillSelectThenTheOldRowsWillDeselectAndDidDeselect() {
    let (scene, table, delegate) = orderScene()
    scene.tap(at: centre(table, 1), at: 0)
    delegate.told = []
    scene.tap(at: centre(table, 3), at: 1)
    XCTAssertEqual(
      delegate.told,
      [
        "shouldHighlight 3 h=false s=false", "didHighlight 3 h=true s=false", "didUnhighlight 3 h=false s=false",
        "willSelect 3 h=false s=false", "willDeselect 1 h=false s=true", "didDeselect 1 h=false s=false",
        "didSelect 3 h=false s=true",
      ])
  }

  func testDelegate_WillSelectReturningNilSelectsNothing() {
    let (scene, table, delegate) = orderScene()
    delegate.redirect[2] = .some(nil)
    scene.tap(at: centre(table, 2), at: 0)
    XCTAssertNil(table.indexPathForSelectedRow)
    XCTAssertEqual(delegate.told.last, "willSelect 2 h=false s=false")
  }

  func testDelegate_WillSelectRedirectsTheSelection() {
    let (scene, table, delegate) = orderScene()
    delegate.redirect[2] = 4
    scene.tap(at: centre(table, 2), at: 0)
    XCTAssertEqual(table.indexPathForSelectedRow, IndexPath(row: 4, section: 0))
    XCTAssertEqual(delegate.told.last, "didSelect 4 h=false s=true")
  }

  func testDelegate_ACancelledTouchIsUnhighlighted() {
    let (scene, table, delegate) = orderScene()
    scene.down(centre(table, 1), at: 0)
    scene.app.clock.advance(to: 0.2)
    delegate.told = []
    scene.move(pt(150, 180), at: 0.25)  // 70 pt up: the table scrolls and cancels the row's touch
    XCTAssertEqual(delegate.told, ["didUnhighlight 1 h=false s=false"])
    scene.up(pt(150, 180), at: 0.3)
    XCTAssertEqual(delegate.told, ["didUnhighlight 1 h=false s=false"])
  }

}

/// A cell class's overrides: the table calls `setHighlighted:animated:` and
/// `setSelected:animated:` through the hooks (docs/BEHAVIOUR.md §19).
final class CellOverrideTests: XCTestCase {
  func testTheTableCallsTheCellsSettersThroughItsClassHooks() {
    let scene = Scene()
    let table = scene.add(UITableView(frame: rect(0, 100, 300, 440)), "T", base: "UITableView")
    let cellClass = ScriptedClass(name: "MyCell", superclass: nil, builtinBase: "UITableViewCell")
    cellClass.logs[.setHighlighted] = .init()
    cellClass.logs[.setSelected] = .init()
    table.cellOverrideHooks = cellClass
    table.sections = [UITableView.Section(generatedRowCount: 10, generatedRowText: "Row %d")]
    let r = table.rectForRow(at: IndexPath(row: 1, section: 0))
    scene.tap(at: table.convert(pt(r.midX, r.midY), to: nil), at: 0)
    XCTAssertEqual(
      scene.transcript,
      [
        "-[MyCell setHighlighted:animated:]", "-[MyCell setHighlighted:animated:]", "-[MyCell setSelected:animated:]",
      ])
    XCTAssertTrue(table.cellForRow(at: IndexPath(row: 1, section: 0))?.isSelected == true)
  }
}
