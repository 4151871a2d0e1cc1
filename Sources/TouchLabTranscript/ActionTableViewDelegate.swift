import Foundation
import TouchLabEngine

/// A table delegate described by a layout's keys (`shouldHighlightRow:`, `didHighlightRow:`,
/// `didUnhighlightRow:`, `willSelectRow:`, `didSelectRow:`, `willDeselectRow:`,
/// `didDeselectRow:`): each moment prints a line (`{print: TEXT}`, where `%row` and
/// `%section` stand for the row asked about, `%highlighted`/`%selected` for its cell's state
/// and `%result` for the answer) or sends UIKit's selector to a target (the controller),
/// printed as `-[ControllerClass tableView:didSelectRowAtIndexPath:]`. The two questions
/// can answer otherwise than UIKit's default (docs/BEHAVIOUR.md §19).
public final class ActionTableViewDelegate: UITableViewDelegate {
  public enum Moment: String, CaseIterable, Sendable {
    case shouldHighlightRow, didHighlightRow, didUnhighlightRow, willSelectRow, didSelectRow, willDeselectRow,
      didDeselectRow

    /// UIKit's selector: `tableView:didSelectRowAtIndexPath:` for `didSelectRow`.
    public var selector: String { "tableView:\(rawValue)AtIndexPath:" }
  }

  /// What a question answers instead of UIKit's default, for the rows it names.
  public enum Answer: Equatable, Sendable {
    /// `shouldHighlightRow`: YES or NO.
    case flag(Bool)
    /// `willSelectRow`, `willDeselectRow`: nil (refuse) or another row of the same section.
    case row(Int?)
  }

  /// A moment's line or selector, and its answer for some rows (`rows`).
  public typealias Rule = ActionCellRule<Answer>

  public static let didSelectSelector = Moment.didSelectRow.selector
  public weak var target: AnyObject?
  public var rules: [Moment: Rule] = [:]

  public init(target: AnyObject?) { self.target = target }

  /// The delegate of `didSelectRow:` alone (as before the other moments existed).
  public convenience init(target: AnyObject?, message: ActionMessage) {
    self.init(target: target)
    rules[.didSelectRow] = Rule(message: message)
  }

  private func send(_ moment: Moment, _ tableView: UITableView, _ indexPath: IndexPath, result: String? = nil) {
    rules[moment]?.tell(moment.selector, to: target, from: tableView, at: indexPath, result: result)
  }

  /// `willSelectRow` and `willDeselectRow`: the row the rule proposes (nil: none), told.
  private func propose(_ moment: Moment, _ tableView: UITableView, _ indexPath: IndexPath) -> IndexPath? {
    var result: IndexPath? = indexPath
    if case .row(let row)? = rules[moment]?.answer(at: indexPath.row) {
      result = row.map { IndexPath(row: $0, section: indexPath.section) }
    }
    send(moment, tableView, indexPath, result: result.map { "\($0.row)" } ?? "nil")
    return result
  }

  public func tableView(_ tableView: UITableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool {
    var result = true
    if case .flag(let flag)? = rules[.shouldHighlightRow]?.answer(at: indexPath.row) { result = flag }
    send(.shouldHighlightRow, tableView, indexPath, result: Rule.describe(result))
    return result
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

extension ActionCellRule where Answer == ActionTableViewDelegate.Answer {
  /// The rows (any section) the answer applies to; nil: every row.
  public var rows: [Int]? {
    get { indices }
    set { indices = newValue }
  }
}
