import Foundation
import TouchLabEngine

/// A table delegate described by a layout's keys (`shouldHighlightRow:`, `didHighlightRow:`,
/// `didUnhighlightRow:`, `willSelectRow:`, `didSelectRow:`, `willDeselectRow:`,
/// `didDeselectRow:`), printed as `-[ControllerClass tableView:didSelectRowAtIndexPath:]`
/// when a moment sends its selector. The rules, lines and selectors are a collection
/// delegate's (`ActionCellDelegate`); `shouldHighlightRow` answers YES or NO,
/// `willSelectRow` and `willDeselectRow` nil or another row (docs/BEHAVIOUR.md §19).
public final class ActionTableViewDelegate: ActionCellDelegate<ActionTableViewMoment, ActionTableViewAnswer>,
  UITableViewDelegate
{
  public typealias Moment = ActionTableViewMoment
  public typealias Answer = ActionTableViewAnswer

  /// `willSelectRow` and `willDeselectRow`: the row the rule proposes (nil: none), told.
  private func propose(_ moment: Moment, _ tableView: UITableView, _ indexPath: IndexPath) -> IndexPath? {
    var result: IndexPath? = indexPath
    if case .row(let row)? = answer(moment, at: indexPath.row) {
      result = row.map { IndexPath(row: $0, section: indexPath.section) }
    }
    send(moment, tableView, indexPath, result: result.map { "\($0.row)" } ?? "nil")
    return result
  }

  public func tableView(_ tableView: UITableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool {
    var result = true
    if case .flag(let flag)? = answer(.shouldHighlightRow, at: indexPath.row) { result = flag }
    return tell(.shouldHighlightRow, tableView, indexPath, answer: result)
  }

  public func tableView(_ tableView: UITableView, didHighlightRowAt indexPath: IndexPath) {
    send(.didHighlightRow, tableView, indexPath)
  }

  public func tableView(_ tableView: UITableView, didUnhighlightRowAt indexPath: IndexPath) {
    send(.didUnhighlightRow, tableView, indexPath)
  }

  public func tableView(_ tableView: UITableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? {
    propose(.willSelectRow, tableView, indexPath)
  }

  public func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
    send(.didSelectRow, tableView, indexPath)
  }

  public func tableView(_ tableView: UITableView, willDeselectRowAt indexPath: IndexPath) -> IndexPath? {
    propose(.willDeselectRow, tableView, indexPath)
  }

  public func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) {
    send(.didDeselectRow, tableView, indexPath)
  }
}

/// A table delegate's moments, named as its layout keys.
public enum ActionTableViewMoment: String, ActionCellMoment {
  case shouldHighlightRow, didHighlightRow, didUnhighlightRow, willSelectRow, didSelectRow, willDeselectRow,
    didDeselectRow

  public static let viewSelectorPart = "tableView"
  public static let didSelect = Self.didSelectRow
}

/// What a table delegate's question answers instead of UIKit's default, for the rows it names.
public enum ActionTableViewAnswer: Equatable, Sendable {
  /// `shouldHighlightRow`: YES or NO.
  case flag(Bool)
  /// `willSelectRow`, `willDeselectRow`: nil (refuse) or another row of the same section.
  case row(Int?)
}

extension ActionCellRule where Answer == ActionTableViewAnswer {
  /// The rows (any section) the answer applies to; nil: every row.
  public var rows: [Int]? {
    get { indices }
    set { indices = newValue }
  }
}
