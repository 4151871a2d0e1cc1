import Foundation
import XCTest

@testable import TouchLabEngine
@testable import TouchLabScripting

/// The table's and the collection view's layout delegates share `ActionCellDelegate`: UIKit's
/// selectors derived from the moments, and answers limited to the rows or items a rule names.
final class ActionCellDelegateTests: XCTestCase {
  func testEveryMomentSendsUIKitsSelector() {
    XCTAssertEqual(
      ActionTableViewDelegate.Moment.allCases.map(\.selector),
      [
        "tableView:shouldHighlightRowAtIndexPath:", "tableView:didHighlightRowAtIndexPath:",
        "tableView:didUnhighlightRowAtIndexPath:", "tableView:willSelectRowAtIndexPath:",
        "tableView:didSelectRowAtIndexPath:", "tableView:willDeselectRowAtIndexPath:",
        "tableView:didDeselectRowAtIndexPath:", "tableView:willBeginEditingRowAtIndexPath:",
        "tableView:didEndEditingRowAtIndexPath:", "tableView:canEditRowAtIndexPath:",
        "tableView:editingStyleForRowAtIndexPath:", "tableView:titleForDeleteConfirmationButtonForRowAtIndexPath:",
        "tableView:commitEditingStyle:forRowAtIndexPath:",
      ])
    XCTAssertEqual(
      ActionCollectionViewDelegate.Moment.allCases.map(\.selector),
      [
        "collectionView:shouldHighlightItemAtIndexPath:", "collectionView:didHighlightItemAtIndexPath:",
        "collectionView:didUnhighlightItemAtIndexPath:", "collectionView:shouldSelectItemAtIndexPath:",
        "collectionView:didSelectItemAtIndexPath:", "collectionView:shouldDeselectItemAtIndexPath:",
        "collectionView:didDeselectItemAtIndexPath:",
      ])
    XCTAssertEqual(ActionTableViewDelegate.didSelectSelector, "tableView:didSelectRowAtIndexPath:")
    XCTAssertEqual(ActionCollectionViewDelegate.didSelectSelector, "collectionView:didSelectItemAtIndexPath:")
  }

  func testTableAnswers_OnlyForTheRowsTheRuleNames() {
    let table = UITableView(frame: rect(0, 0, 100, 100))
    let delegate = ActionTableViewDelegate(target: nil)
    var highlight = ActionTableViewDelegate.Rule(message: nil, answer: .flag(false))
    highlight.rows = [2]
    delegate.rules[.shouldHighlightRow] = highlight
    delegate.rules[.willSelectRow] = ActionTableViewDelegate.Rule(message: nil, answer: .row(5))
    var deselect = ActionTableViewDelegate.Rule(message: nil, answer: .row(nil))
    deselect.rows = [1]
    delegate.rules[.willDeselectRow] = deselect
    XCTAssertFalse(delegate.tableView(table, shouldHighlightRowAt: IndexPath(row: 2, section: 1)))
    XCTAssertTrue(delegate.tableView(table, shouldHighlightRowAt: IndexPath(row: 3, section: 1)))
    XCTAssertEqual(
      delegate.tableView(table, willSelectRowAt: IndexPath(row: 0, section: 1)), IndexPath(row: 5, section: 1))
    XCTAssertNil(delegate.tableView(table, willDeselectRowAt: IndexPath(row: 1, section: 0)))
    XCTAssertEqual(
      delegate.tableView(table, willDeselectRowAt: IndexPath(row: 4, section: 0)), IndexPath(row: 4, section: 0))
  }

  func testCollectionAnswers_OnlyForTheItemsTheRuleNames() {
    let grid = UICollectionView(frame: rect(0, 0, 100, 100))
    let delegate = ActionCollectionViewDelegate(target: nil)
    var rule = ActionCollectionViewDelegate.Rule(message: nil, answer: false)
    rule.items = [3]
    delegate.rules[.shouldSelectItem] = rule
    XCTAssertFalse(delegate.collectionView(grid, shouldSelectItemAt: IndexPath(item: 3, section: 0)))
    XCTAssertTrue(delegate.collectionView(grid, shouldSelectItemAt: IndexPath(item: 4, section: 0)))
    XCTAssertTrue(delegate.collectionView(grid, shouldHighlightItemAt: IndexPath(item: 3, section: 0)))
  }
}
