import Foundation
import XCTest

@testable import TouchLabEngine

/// A view's window follows the view wherever it moves (UIView remembers it between moves).
final class ViewHierarchyTests: XCTestCase {
  func testWindow_FollowsTheViewAndItsSubviewsWhenTheyMove() {
    // Precondition: a view with a subview in window A; both asked once (remembered).
    let windowA = UIWindow(frame: rect(0, 0, 300, 300))
    let windowB = UIWindow(frame: rect(0, 0, 300, 300))
    let parent = UIView(frame: rect(0, 0, 100, 100))
    let child = UIView(frame: rect(0, 0, 50, 50))
    parent.addSubview(child)
    XCTAssertNil(child.window)
    windowA.addSubview(parent)
    XCTAssertTrue(child.window === windowA)
    XCTAssertTrue(parent.window === windowA)
    // Action: the parent moves to window B.
    windowB.addSubview(parent)
    // Assertion: both answer B.
    XCTAssertTrue(parent.window === windowB)
    XCTAssertTrue(child.window === windowB)
    // Action: the child moves into a view outside any window, then that view into A.
    let loose = UIView(frame: rect(0, 0, 10, 10))
    loose.addSubview(child)
    XCTAssertNil(child.window)
    windowA.insertSubview(loose, at: 0)
    XCTAssertTrue(child.window === windowA)
    // Action: the loose view leaves its window.
    loose.removeFromSuperview()
    XCTAssertNil(loose.window)
    XCTAssertNil(child.window)
    // A window is its own window, wherever it is.
    XCTAssertTrue(windowA.window === windowA)
  }

  func testWindow_FollowsTableCellsAsTheyAreRecycledAndReused() {
    // Precondition: a 100-row table in a window; row 0's cell and its label know the window.
    let window = UIWindow(frame: rect(0, 0, 390, 844))
    let table = UITableView(frame: rect(0, 0, 390, 440))
    table.sections = [UITableView.Section(generatedRowCount: 100, generatedRowText: "Row %d")]
    window.addSubview(table)
    let first = table.cellForRow(at: IndexPath(row: 0, section: 0))
    XCTAssertTrue(first?.window === window)
    XCTAssertTrue(first?.textLabel.window === window)
    // Action: scroll far enough that row 0 leaves and its cell is reused for another row.
    table.contentOffset = CGPoint(x: 0, y: 44 * 50)
    // Assertion: every cell on screen, and everything in it, is in the window again.
    XCTAssertNil(table.cellForRow(at: IndexPath(row: 0, section: 0)))
    for cell in table.visibleCells {
      XCTAssertTrue(cell.window === window)
      XCTAssertTrue(cell.contentView.window === window)
      XCTAssertTrue(cell.textLabel.window === window)
    }
    // Action: the table is left with two rows: the other cells wait to be reused, off screen.
    let before = table.visibleCells
    table.sections = [UITableView.Section(generatedRowCount: 2, generatedRowText: "Row %d")]
    let waiting = before.filter { cell in !table.visibleCells.contains { $0 === cell } }
    XCTAssertFalse(waiting.isEmpty)
    XCTAssertTrue(waiting.allSatisfy { $0.window == nil && $0.textLabel.window == nil })
    XCTAssertTrue(table.visibleCells.allSatisfy { $0.window === window && $0.textLabel.window === window })
    // Action: the table leaves the window: its cells have none.
    table.removeFromSuperview()
    XCTAssertTrue(table.visibleCells.allSatisfy { $0.window == nil && $0.textLabel.window == nil })
  }
}
