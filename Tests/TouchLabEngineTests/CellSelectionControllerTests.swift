import Foundation
import XCTest

@testable import TouchLabEngine

/// A cell with only what the shared reuse and selection need: nothing of a table's or a
/// grid's.
final class StubCell: UIView, ReusableCell {
  let contentView = UIView(frame: .zero)
  let textLabel = UILabel(frame: .zero)
  var isSelected = false
  var isHighlighted = false
  var slot = ReusableCellSlot()
  func prepareForReuse() {
    isSelected = false
    isHighlighted = false
  }
  func dispatchSetHighlighted(_ highlighted: Bool) { isHighlighted = highlighted }
  func dispatchSetSelected(_ selected: Bool) { isSelected = selected }
}

/// A list of `count` 50 pt cells in one column, driven by the shared `CellSelectionController`
/// alone: it notes every delegate call by its common name and answers as told (refusing some
/// calls, redirecting a selection).
final class StubCellList: UIScrollView, CellSelectionController {
  static let cellHeight: CGFloat = 50
  var cellPool = ReusableCellPool<StubCell>()
  var cellSelection = CellSelection()
  var allowsSelection = true
  var allowsMultipleSelection = false
  let count: Int
  var hasDataCells: Bool { true }
  /// false: a table's order at the lift; true: a collection view's.
  var selectsBeforeUnhighlighting = false
  var told: [String] = []
  var selectionChanges: [String] = []
  var refused: Set<CellDelegateCall> = []
  var redirect: [Int: Int] = [:]

  init(frame: CGRect, count: Int) {
    self.count = count
    super.init(frame: frame)
    contentSize = CGSize(width: frame.width, height: CGFloat(count) * Self.cellHeight)
  }

  override func contentGeometryDidChange() { tileCells() }

  func cellIndexPath(at point: CGPoint) -> IndexPath? {
    guard point.x >= 0, point.x < bounds.width, point.y >= 0 else { return nil }
    let item = Int(point.y / Self.cellHeight)
    return item < count ? IndexPath(item: item, section: 0) : nil
  }

  func isValidCellIndexPath(_ indexPath: IndexPath) -> Bool {
    indexPath.section == 0 && indexPath.item >= 0 && indexPath.item < count
  }

  func callDelegate(_ call: CellDelegateCall, at indexPath: IndexPath) -> IndexPath? {
    told.append("\(call) \(indexPath.item)")
    if refused.contains(call) { return nil }
    if call == .willSelect, let item = redirect[indexPath.item] { return IndexPath(item: item, section: 0) }
    return indexPath
  }

  func selectionDidChange(from old: IndexPath?, to new: IndexPath?) {
    selectionChanges.append("\(old.map { "\($0.item)" } ?? "-") > \(new.map { "\($0.item)" } ?? "-")")
  }

  func tileCells() {
    let first = max(0, Int(contentOffset.y / Self.cellHeight))
    let end = min(count, Int(((contentOffset.y + bounds.height) / Self.cellHeight).rounded(.up)))
    let wanted = first..<max(first, end)
    cellPool.tile(
      wanted.map { IndexPath(item: $0, section: 0) }, isWanted: { wanted.contains($0.item) }, in: self,
      isTouched: isTouched, place: { _, _ in }, make: { StubCell(frame: .zero) },
      configure: { cell, indexPath in
        let frame = CGRect(x: 0, y: CGFloat(indexPath.item) * Self.cellHeight, width: bounds.width, height: 50)
        configure(cell, at: indexPath, frame: frame, text: "Item \(indexPath.item)", subviews: [])
      })
  }

  override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { cellTouchesBegan(touches) }
  override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { cellTouchesEnded(touches) }
  override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { cellTouchesCancelled(touches) }

  func cell(_ item: Int) -> StubCell? { cellPool.visible[IndexPath(item: item, section: 0)] }
}

/// The touch handling, selection and reuse UITableView and UICollectionView share, tested
/// alone on a stub list (docs/BEHAVIOUR.md §7, §19): a selection fix lands here once.
final class CellSelectionControllerTests: XCTestCase {
  /// A 100 × 200 list at the window's top-left of 20 cells: four show at once.
  private func makeList() -> (Scene, StubCellList) {
    let scene = Scene()
    let list = scene.add(StubCellList(frame: rect(0, 0, 100, 200), count: 20))
    return (scene, list)
  }

  private func centre(_ item: Int) -> CGPoint { pt(50, CGFloat(item) * 50 + 25) }

  func testTap_HighlightsThenUnhighlightsWillSelectsAndSelects() {
    let (scene, list) = makeList()
    scene.tap(at: centre(1), at: 0)
    XCTAssertEqual(
      list.told, ["shouldHighlight 1", "didHighlight 1", "didUnhighlight 1", "willSelect 1", "didSelect 1"])
    XCTAssertEqual(list.cellSelection.selected, [IndexPath(item: 1, section: 0)])
    XCTAssertEqual(list.cell(1)?.isSelected, true)
    XCTAssertEqual(list.cell(1)?.isHighlighted, false)
    XCTAssertEqual(list.selectionChanges, ["- > 1"])
  }

  func testAnotherTap_TheOldSelectionIsDeselectedBeforeTheNewIsSelected() {
    let (scene, list) = makeList()
    scene.tap(at: centre(1), at: 0)
    list.told = []
    scene.tap(at: centre(3), at: 1)
    XCTAssertEqual(
      list.told,
      [
        "shouldHighlight 3", "didHighlight 3", "didUnhighlight 3", "willSelect 3", "willDeselect 1",
        "didDeselect 1", "didSelect 3",
      ])
    XCTAssertEqual(list.selectionChanges, ["- > 1", "1 > -", "- > 3"])
    XCTAssertEqual(list.cell(1)?.isSelected, false)
    XCTAssertEqual(list.cell(3)?.isSelected, true)
  }

  func testCollectionOrder_SelectsThenUnhighlights_TheOldItemDeselectedWithoutBeingAsked() {
    let (scene, list) = makeList()
    list.selectsBeforeUnhighlighting = true
    scene.tap(at: centre(1), at: 0)
    XCTAssertEqual(
      list.told, ["shouldHighlight 1", "didHighlight 1", "willSelect 1", "didSelect 1", "didUnhighlight 1"])
    XCTAssertEqual(list.cell(1)?.isHighlighted, false)
    list.told = []
    list.refused = [.willDeselect]
    scene.tap(at: centre(3), at: 1)
    XCTAssertEqual(
      list.told,
      ["shouldHighlight 3", "didHighlight 3", "willSelect 3", "didDeselect 1", "didSelect 3", "didUnhighlight 3"])
    XCTAssertEqual(list.cell(1)?.isSelected, false)
    XCTAssertEqual(list.cell(3)?.isSelected, true)
    XCTAssertEqual(list.cell(3)?.isHighlighted, false, "unhighlighted once the lift is over")
  }

  func testCollectionOrder_ShouldSelectRefused_StillUnhighlightsLast() {
    let (scene, list) = makeList()
    list.selectsBeforeUnhighlighting = true
    list.refused = [.willSelect]
    scene.tap(at: centre(2), at: 0)
    XCTAssertEqual(list.told, ["shouldHighlight 2", "didHighlight 2", "willSelect 2", "didUnhighlight 2"])
    XCTAssertEqual(list.cellSelection.selected, [])
  }

  func testWillDeselectRefused_TheOldRowIsStillDeselected_WithoutDidDeselect() {
    let (scene, list) = makeList()
    scene.tap(at: centre(1), at: 0)
    list.refused = [.willDeselect]
    list.told = []
    scene.tap(at: centre(2), at: 1)
    XCTAssertEqual(list.told.suffix(3), ["willSelect 2", "willDeselect 1", "didSelect 2"])
    XCTAssertEqual(list.cellSelection.selected, [IndexPath(item: 2, section: 0)])
  }

  func testShouldHighlightRefused_BypassesTheWholeSelection() {
    let (scene, list) = makeList()
    list.refused = [.shouldHighlight]
    scene.tap(at: centre(2), at: 0)
    XCTAssertEqual(list.told, ["shouldHighlight 2"])
    XCTAssertEqual(list.cellSelection.selected, [])
    XCTAssertEqual(list.cell(2)?.isHighlighted, false)
  }

  func testWillSelectRefusedOrRedirected() {
    let (scene, list) = makeList()
    list.refused = [.willSelect]
    scene.tap(at: centre(2), at: 0)
    XCTAssertEqual(list.cellSelection.selected, [])
    XCTAssertEqual(list.told.last, "willSelect 2")
    list.refused = []
    list.redirect[2] = 3
    scene.tap(at: centre(2), at: 1)
    XCTAssertEqual(list.cellSelection.selected, [IndexPath(item: 3, section: 0)])
    XCTAssertEqual(list.told.last, "didSelect 3")
    XCTAssertEqual(list.cell(3)?.isSelected, true)
  }

  func testScrollingReusesCells_KeepsTheTouchedOneUntilItsTouchEnds() {
    let (scene, list) = makeList()
    XCTAssertEqual(list.cellPool.cellsCreated, 4)
    scene.down(centre(0), at: 0)
    scene.app.clock.advance(to: 0.2)  // the scroll view's hold is over: the list has the touch
    XCTAssertEqual(list.cell(0)?.isHighlighted, true)
    list.contentOffset = pt(0, 500)  // items 10 to 13 show; item 0 keeps its cell, touched
    XCTAssertEqual(list.cellPool.indexPaths.map(\.item), [0, 10, 11, 12, 13])
    XCTAssertEqual(list.cellPool.cellsCreated, 5, "three cells reused, one made")
    XCTAssertTrue(list.cell(0)?.superview === list)
    scene.up(centre(0), at: 0.3)  // over item 10 now: no selection
    XCTAssertEqual(list.told.last, "didUnhighlight 0")
    XCTAssertEqual(list.cellSelection.selected, [])
    list.tileCells()
    XCTAssertEqual(list.cellPool.indexPaths.map(\.item), [10, 11, 12, 13])
    XCTAssertEqual(list.cellPool.cellsCreated, 5)
  }

  func testReload_ForgetsASelectionTheDataNoLongerHas() {
    let (scene, list) = makeList()
    scene.tap(at: centre(1), at: 0)
    list.cellSelection.selected = [IndexPath(item: 30, section: 0)]
    list.recycleCells()
    XCTAssertEqual(list.cellSelection.selected, [])
    XCTAssertEqual(list.cellPool.indexPaths, [])
    list.tileCells()
    XCTAssertEqual(list.cellPool.cellsCreated, 4, "the four cells came back from the queue")
  }

  // MARK: allowsMultipleSelection (docs/BEHAVIOUR.md §19)

  func testMultipleSelection_ATapSelectsWithoutDeselectingTheOthers() {
    let (scene, list) = makeList()
    list.allowsMultipleSelection = true
    scene.tap(at: centre(1), at: 0)
    list.told = []
    scene.tap(at: centre(3), at: 1)
    XCTAssertEqual(
      list.told, ["shouldHighlight 3", "didHighlight 3", "didUnhighlight 3", "willSelect 3", "didSelect 3"])
    XCTAssertEqual(list.cellSelection.selected, [IndexPath(item: 1, section: 0), IndexPath(item: 3, section: 0)])
    XCTAssertEqual(list.cell(1)?.isSelected, true)
    XCTAssertEqual(list.cell(3)?.isSelected, true)
    XCTAssertEqual(list.selectionChanges, ["- > 1", "- > 3"])
  }

  func testMultipleSelection_ASelectedCellTappedAgainIsAskedToDeselect_TableOrder() {
    let (scene, list) = makeList()
    list.allowsMultipleSelection = true
    scene.tap(at: centre(1), at: 0)
    scene.tap(at: centre(2), at: 1)
    list.told = []
    scene.tap(at: centre(1), at: 2)
    XCTAssertEqual(
      list.told, ["shouldHighlight 1", "didHighlight 1", "didUnhighlight 1", "willDeselect 1", "didDeselect 1"])
    XCTAssertEqual(list.cellSelection.selected, [IndexPath(item: 2, section: 0)])
    XCTAssertEqual(list.cell(1)?.isSelected, false)
    XCTAssertEqual(list.selectionChanges, ["- > 1", "- > 2", "1 > -"])
  }

  func testMultipleSelection_CollectionOrder_DeselectsThenUnhighlights() {
    let (scene, list) = makeList()
    list.allowsMultipleSelection = true
    list.selectsBeforeUnhighlighting = true
    scene.tap(at: centre(1), at: 0)
    list.told = []
    scene.tap(at: centre(1), at: 1)
    XCTAssertEqual(
      list.told, ["shouldHighlight 1", "didHighlight 1", "willDeselect 1", "didDeselect 1", "didUnhighlight 1"])
    XCTAssertEqual(list.cellSelection.selected, [])
  }

  func testMultipleSelection_ARefusedDeselectionKeepsTheCellSelected() {
    let (scene, list) = makeList()
    list.allowsMultipleSelection = true
    scene.tap(at: centre(1), at: 0)
    list.refused = [.willDeselect]
    list.told = []
    scene.tap(at: centre(1), at: 1)
    XCTAssertEqual(
      list.told, ["shouldHighlight 1", "didHighlight 1", "didUnhighlight 1", "willDeselect 1"])
    XCTAssertEqual(list.cellSelection.selected, [IndexPath(item: 1, section: 0)])
    XCTAssertEqual(list.cell(1)?.isSelected, true)
  }

  func testSingleSelection_ASelectedCellTappedAgainIsSelectedAgain() {
    let (scene, list) = makeList()
    scene.tap(at: centre(1), at: 0)
    list.told = []
    scene.tap(at: centre(1), at: 1)
    XCTAssertEqual(
      list.told, ["shouldHighlight 1", "didHighlight 1", "didUnhighlight 1", "willSelect 1", "didSelect 1"])
    XCTAssertEqual(list.cellSelection.selected, [IndexPath(item: 1, section: 0)])
  }

  func testMultipleSelection_SelectNilClearsEverySelection() {
    let (_, list) = makeList()
    list.allowsMultipleSelection = true
    list.selectCell(at: IndexPath(item: 1, section: 0))
    list.selectCell(at: IndexPath(item: 2, section: 0))
    list.selectCell(at: nil)
    XCTAssertEqual(list.cellSelection.selected, [])
    XCTAssertEqual(list.selectionChanges, ["- > 1", "- > 2", "1 > -", "2 > -"])
  }
}
