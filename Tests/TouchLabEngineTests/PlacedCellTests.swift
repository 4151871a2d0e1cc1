import Foundation
import XCTest

@testable import TouchLabEngine

/// Cells placed among a table's or collection view's views (an imported dump's printed
/// cells) are its rows or items, at their own frames, numbered from the top.
final class PlacedCellTests: XCTestCase {
  private final class Delegate: UITableViewDelegate {
    var lines: [String] = []
    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
      lines.append("select \(indexPath.row)")
    }
    func tableView(_ tableView: UITableView, didHighlightRowAt indexPath: IndexPath) {
      lines.append("highlight \(indexPath.row)")
    }
  }

  /// A table at (0, 100) scrolled by 50 through its wrapper's bounds (as iOS 7–10 print it),
  /// with cells of 44, 120 and 60 pt given out of order.
  private func tableScene() -> (Scene, UITableView, [UITableViewCell], Delegate) {
    let scene = Scene(size: CGSize(width: 390, height: 844))
    let table = scene.add(UITableView(frame: rect(0, 100, 390, 400)), "UITableView", base: "UITableView")
    table.contentSize = CGSize(width: 390, height: 1000)
    let wrapper = UIView(frame: rect(0, 0, 390, 400))
    wrapper.bounds = rect(0, 50, 390, 400)
    table.addSubview(wrapper)
    let tall = UITableViewCell.placed(frame: rect(0, 94, 390, 120))
    let short = UITableViewCell.placed(frame: rect(0, 50, 390, 44))
    let last = UITableViewCell.placed(frame: rect(0, 214, 390, 60))
    for cell in [tall, short, last] { wrapper.addSubview(cell) }
    // A view inside a cell is the cell's, not a row of its own.
    tall.addSubview(UITableViewCell.placed(frame: rect(0, 0, 10, 10)))
    let delegate = Delegate()
    table.delegate = delegate
    return (scene, table, [short, tall, last], delegate)
  }

  func testPlacedCellsAreRows_NumberedFromTheTop() {
    let (_, table, cells, _) = tableScene()
    XCTAssertTrue(table.placedRows.elementsEqual(cells, by: ===))
    XCTAssertEqual(table.numberOfSections, 1)
    XCTAssertEqual(table.numberOfRows(inSection: 0), 3)
    // The wrapper's bounds origin (0, 50) moves its cells up by 50 in the table.
    XCTAssertEqual(table.rectForRow(at: IndexPath(row: 1, section: 0)), rect(0, 44, 390, 120))
    XCTAssertEqual(table.indexPathForRow(at: pt(10, 100)), IndexPath(row: 1, section: 0))
    XCTAssertEqual(table.indexPathForRow(at: pt(10, 230)), nil)
    XCTAssertEqual(table.indexPath(for: cells[2]), IndexPath(row: 2, section: 0))
    XCTAssertTrue(table.cellForRow(at: IndexPath(row: 0, section: 0)) === cells[0])
    XCTAssertEqual(table.contentSize.height, 1000)
  }

  func testATouchOnAPlacedCell_HighlightsAndSelectsItsRow() {
    let (scene, table, cells, delegate) = tableScene()
    // Window y 200 is table y 100: the tall cell (44…164).
    scene.down(pt(100, 200), at: 0)
    scene.up(pt(100, 200), at: 0.05)
    XCTAssertEqual(delegate.lines, ["highlight 1", "select 1"])
    XCTAssertEqual(table.indexPathForSelectedRow, IndexPath(row: 1, section: 0))
    XCTAssertEqual(cells.map(\.isSelected), [false, true, false])
    scene.tap(at: pt(100, 300), at: 1)
    XCTAssertEqual(cells.map(\.isSelected), [false, false, true])
  }

  func testATableWithSections_HasNoPlacedRows() {
    let (_, table, _, _) = tableScene()
    table.sections = [UITableView.Section(generatedRowCount: 5, generatedRowText: "Row %d")]
    XCTAssertTrue(table.placedRows.isEmpty)
    XCTAssertEqual(table.numberOfRows(inSection: 0), 5)
    XCTAssertEqual(table.indexPathForRow(at: pt(10, 100)), IndexPath(row: 2, section: 0))
  }

  func testPlacedCollectionCellsAreItems_LeftToRightOnALine() {
    let scene = Scene(size: CGSize(width: 390, height: 844))
    let collection = scene.add(
      UICollectionView(frame: rect(0, 0, 390, 400)), "UICollectionView", base: "UICollectionView")
    let right = UICollectionViewCell.placed(frame: rect(200, 10, 180, 180))
    let left = UICollectionViewCell.placed(frame: rect(10, 10, 180, 180))
    collection.addSubview(right)
    collection.addSubview(left)
    XCTAssertTrue(collection.placedItems.elementsEqual([left, right], by: ===))
    XCTAssertEqual(collection.indexPathForItem(at: pt(300, 100)), IndexPath(item: 1, section: 0))
    XCTAssertEqual(collection.indexPathForItem(at: pt(195, 100)), nil)
    scene.tap(at: pt(300, 100), at: 0)
    XCTAssertTrue(right.isSelected)
    XCTAssertFalse(left.isSelected)
  }
}
