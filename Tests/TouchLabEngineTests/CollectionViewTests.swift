import Foundation
import XCTest

@testable import TouchLabEngine
@testable import TouchLabScripting

/// A collection delegate that notes what it was told.
final class NotingCollectionDelegate: UICollectionViewDelegate {
  var told: [String] = []
  func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
    told.append("select \(indexPath.item)")
  }
  func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath) {
    told.append("deselect \(indexPath.item)")
  }
}

/// UICollectionView with a flow layout: geometry, cells for the items on screen, highlight
/// and selection, and the parent-tap conflict it shares with the table.
final class CollectionViewTests: XCTestCase {
  /// A 390 × 440 collection view at (0, 100): 110 pt items, 10 pt spacing and insets, so
  /// three columns at x 10, 140, 270 and lines 120 pt apart from y 10.
  private func makeGrid(items: Int = 60, in scene: Scene, parent: UIView? = nil) -> (
    UICollectionView, NotingCollectionDelegate
  ) {
    let grid = scene.add(
      UICollectionView(frame: rect(0, 100, 390, 440)), "Grid", base: "UICollectionView", in: parent)
    let layout = grid.collectionViewLayout
    layout.itemSize = CGSize(width: 110, height: 110)
    layout.sectionInset = UIEdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
    grid.generatedItemCount = items
    let delegate = NotingCollectionDelegate()
    grid.delegate = delegate
    return (grid, delegate)
  }

  private func centre(_ grid: UICollectionView, _ item: Int) -> CGPoint {
    let r = grid.frameForItem(at: IndexPath(item: item, section: 0))
    return grid.convert(pt(r.midX, r.midY), to: nil)
  }

  func testFlowLayout_JustifiedColumnsLinesAndContentSize() {
    let scene = Scene()
    let (grid, _) = makeGrid(in: scene)
    XCTAssertEqual(grid.frameForItem(at: IndexPath(item: 0, section: 0)), rect(10, 10, 110, 110))
    XCTAssertEqual(grid.frameForItem(at: IndexPath(item: 2, section: 0)), rect(270, 10, 110, 110))
    XCTAssertEqual(grid.frameForItem(at: IndexPath(item: 4, section: 0)), rect(140, 130, 110, 110))
    // 20 lines: 10 + 20 × 110 + 19 × 10 + 10.
    XCTAssertEqual(grid.contentSize, CGSize(width: 390, height: 2410))
  }

  func testFlowLayout_OneItemToALineIsCentred() {
    let scene = Scene()
    let (grid, _) = makeGrid(items: 3, in: scene)
    grid.collectionViewLayout.itemSize = CGSize(width: 300, height: 50)
    grid.reloadData()
    XCTAssertEqual(grid.frameForItem(at: IndexPath(item: 1, section: 0)), rect(45, 70, 300, 50))
  }

  func testIndexPathForItem_NilInTheSpacing() {
    let scene = Scene()
    let (grid, _) = makeGrid(in: scene)
    XCTAssertEqual(grid.indexPathForItem(at: pt(200, 200))?.item, 4)
    XCTAssertNil(grid.indexPathForItem(at: pt(130, 60)))  // between columns 0 and 1
    XCTAssertNil(grid.indexPathForItem(at: pt(60, 125)))  // between lines 0 and 1
  }

  func testOnlyItemsOnScreenHaveCells_AndScrollingReusesThem() {
    let scene = Scene()
    let (grid, _) = makeGrid(items: 3000, in: scene)
    // 440 pt show lines 0…3 (y 10…480): 12 items.
    XCTAssertEqual(grid.indexPathsForVisibleItems.map(\.item), Array(0..<12))
    let made = grid.cellsCreated
    grid.contentOffset = CGPoint(x: 0, y: 12_000)
    XCTAssertEqual(grid.indexPathsForVisibleItems.first?.item, 300)
    XCTAssertLessThanOrEqual(grid.cellsCreated, made + 3)
    XCTAssertEqual(grid.cellForItem(at: IndexPath(item: 300, section: 0))?.textLabel.text, "Item 300")
    XCTAssertNil(grid.cellForItem(at: IndexPath(item: 0, section: 0)))
  }

  /// Every scroll event asks for the cells on screen; one within the same lines of items
  /// tiles nothing (as a table's does), one that brings a line on screen tiles again.
  func testAScrollWithinTheSameItemsDoesNotTileAgain() {
    let scene = Scene()
    let (grid, _) = makeGrid(items: 3000, in: scene)
    let tilings = grid.cellTilings
    for y in stride(from: 1.0, through: 5, by: 1) { grid.contentOffset = CGPoint(x: 0, y: y) }
    XCTAssertEqual(grid.cellTilings, tilings, "lines 0…3 still: nothing tiled")
    XCTAssertEqual(grid.indexPathsForVisibleItems.map(\.item), Array(0..<12))
    grid.contentOffset = CGPoint(x: 0, y: 12_000)
    XCTAssertEqual(grid.cellTilings, tilings + 1)
    XCTAssertEqual(grid.indexPathsForVisibleItems.first?.item, 300)
  }

  func testTap_HighlightsAtBegan_SelectsAtEnded_DeselectsThePrevious() {
    let scene = Scene()
    let (grid, delegate) = makeGrid(in: scene)
    scene.down(centre(grid, 4), at: 0)
    scene.app.clock.advance(to: 0.2)  // past the scroll view's 0.15 s hold
    XCTAssertEqual(grid.indexPathForHighlightedItem?.item, 4)
    XCTAssertTrue(grid.cellForItem(at: IndexPath(item: 4, section: 0))!.isHighlighted)
    scene.up(centre(grid, 4), at: 0.25)
    XCTAssertNil(grid.indexPathForHighlightedItem)
    XCTAssertEqual(grid.indexPathsForSelectedItems.map(\.item), [4])
    XCTAssertTrue(grid.cellForItem(at: IndexPath(item: 4, section: 0))!.isSelected)
    scene.tap(at: centre(grid, 5), at: 1)
    XCTAssertEqual(delegate.told, ["select 4", "deselect 4", "select 5"])
    XCTAssertFalse(grid.cellForItem(at: IndexPath(item: 4, section: 0))!.isSelected)
  }

  func testDraggingScrollsAndCancels_NoSelection() {
    let scene = Scene()
    let (grid, delegate) = makeGrid(in: scene)
    scene.down(centre(grid, 4), at: 0)
    scene.app.clock.advance(to: 0.2)
    scene.move(pt(195, 260), at: 0.25)
    scene.move(pt(195, 230), at: 0.3)
    scene.move(pt(195, 200), at: 0.35)
    scene.up(pt(195, 200), at: 0.4)
    XCTAssertGreaterThan(grid.contentOffset.y, 0)
    XCTAssertEqual(delegate.told, [])
    XCTAssertNil(grid.indexPathForHighlightedItem)
  }

  func testConflict_ParentTapTakesAQuickTap_AndAShortPress() {
    let scene = Scene()
    let parent = scene.view("Back", rect(0, 0, 400, 800))
    scene.tap("BackTap", on: parent)
    let (grid, delegate) = makeGrid(in: scene, parent: parent)
    scene.tap(at: centre(grid, 4), at: 0)
    XCTAssertEqual(scene.actions, ["-[Target BackTap]"])
    scene.clear()
    scene.tap(at: centre(grid, 4), at: 1, duration: 0.3)
    XCTAssertEqual(scene.actions, ["-[Target BackTap]"])
    XCTAssertEqual(scene.calls("Grid"), ["touchesBegan[2]", "touchesCancelled[2]"])
    XCTAssertEqual(delegate.told, [])
  }

  func testConflict_LongPressSelects() {
    let scene = Scene()
    let parent = scene.view("Back", rect(0, 0, 400, 800))
    scene.tap("BackTap", on: parent)
    let (grid, delegate) = makeGrid(in: scene, parent: parent)
    scene.tap(at: centre(grid, 4), at: 0, duration: 1.0)
    XCTAssertEqual(scene.actions, [])
    XCTAssertEqual(delegate.told, ["select 4"])
  }

  func testConflict_FixCancelsTouchesInViewFalse_BothAct() {
    let scene = Scene()
    let parent = scene.view("Back", rect(0, 0, 400, 800))
    scene.tap("BackTap", on: parent).cancelsTouchesInView = false
    let (grid, delegate) = makeGrid(in: scene, parent: parent)
    scene.tap(at: centre(grid, 4), at: 0)
    XCTAssertEqual(scene.actions, ["-[Target BackTap]"])
    XCTAssertEqual(delegate.told, ["select 4"])
  }

  func testActionDelegate_SendsDidSelectToTheTarget() {
    let scene = Scene()
    let (grid, _) = makeGrid(in: scene)
    let delegate = ActionCollectionViewDelegate(target: scene.target, message: .selector("ignored"))
    grid.delegate = delegate
    scene.tap(at: centre(grid, 1), at: 0, duration: 0.3)
    XCTAssertEqual(scene.actions, ["-[Target collectionView:didSelectItemAtIndexPath:]"])
  }
}

/// A collection delegate that notes every highlight and selection call in order (issue 28,
/// docs/BEHAVIOUR.md §19).
final class OrderNotingCollectionDelegate: UICollectionViewDelegate {
  var told: [String] = []
  var selectable = true
  func collectionView(_ collectionView: UICollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool {
    told.append("shouldHighlight \(indexPath.item)")
    return true
  }
  func collectionView(_ collectionView: UICollectionView, didHighlightItemAt indexPath: IndexPath) {
    told.append("didHighlight \(indexPath.item)")
  }
  func collectionView(_ collectionView: UICollectionView, didUnhighlightItemAt indexPath: IndexPath) {
    told.append("didUnhighlight \(indexPath.item)")
  }
  func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool {
    told.append("shouldSelect \(indexPath.item)")
    return selectable
  }
  func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
    told.append("didSelect \(indexPath.item)")
  }
  func collectionView(_ collectionView: UICollectionView, shouldDeselectItemAt indexPath: IndexPath) -> Bool {
    told.append("shouldDeselect \(indexPath.item)")
    return true
  }
  func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath) {
    told.append("didDeselect \(indexPath.item)")
  }
}

final class CollectionDelegateOrderTests: XCTestCase {
  private func scene() -> (Scene, UICollectionView, OrderNotingCollectionDelegate) {
    let scene = Scene()
    let grid = scene.add(UICollectionView(frame: rect(0, 0, 300, 400)), "Grid", base: "UICollectionView")
    grid.generatedItemCount = 20
    let delegate = OrderNotingCollectionDelegate()
    grid.delegate = delegate
    return (scene, grid, delegate)
  }

  private func centre(_ grid: UICollectionView, _ item: Int) -> CGPoint {
    let f = grid.frameForItem(at: IndexPath(item: item, section: 0))
    return grid.convert(pt(f.midX, f.midY), to: nil)
  }

  func testSelectingAnotherItem_TheOrderOfEveryCall() {
    let (scene, grid, delegate) = scene()
    scene.tap(at: centre(grid, 1), at: 0)
    scene.tap(at: centre(grid, 4), at: 1)
    XCTAssertEqual(
      delegate.told,
      [
        "shouldHighlight 1", "didHighlight 1", "shouldSelect 1", "didSelect 1", "didUnhighlight 1",
        "shouldHighlight 4", "didHighlight 4", "shouldSelect 4", "didDeselect 1", "didSelect 4",
        "didUnhighlight 4",
      ],
      "UICollectionView.h's sequence: the unhighlight last; the old item is not asked shouldDeselect")
  }

  func testShouldSelectNo_NothingIsSelected() {
    let (scene, grid, delegate) = scene()
    delegate.selectable = false
    scene.tap(at: centre(grid, 2), at: 0)
    XCTAssertEqual(grid.indexPathsForSelectedItems, [])
    XCTAssertEqual(delegate.told.suffix(2), ["shouldSelect 2", "didUnhighlight 2"])
  }
}
