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

    public var selector: String {
      switch self {
      case .shouldHighlightRow: "tableView:shouldHighlightRowAtIndexPath:"
      case .didHighlightRow: "tableView:didHighlightRowAtIndexPath:"
      case .didUnhighlightRow: "tableView:didUnhighlightRowAtIndexPath:"
      case .willSelectRow: "tableView:willSelectRowAtIndexPath:"
      case .didSelectRow: "tableView:didSelectRowAtIndexPath:"
      case .willDeselectRow: "tableView:willDeselectRowAtIndexPath:"
      case .didDeselectRow: "tableView:didDeselectRowAtIndexPath:"
      }
    }
  }

  /// What a question answers instead of UIKit's default, for the rows it names.
  public enum Answer: Equatable, Sendable {
    /// `shouldHighlightRow`: YES or NO.
    case flag(Bool)
    /// `willSelectRow`, `willDeselectRow`: nil (refuse) or another row of the same section.
    case row(Int?)
  }

  public struct Rule: Sendable {
    public var message: ActionMessage?
    public var answer: Answer?
    /// The rows (any section) the answer applies to; nil: every row.
    public var rows: [Int]?
    public init(message: ActionMessage?, answer: Answer? = nil, rows: [Int]? = nil) {
      self.message = message
      self.answer = answer
      self.rows = rows
    }
  }

  public static let didSelectSelector = Moment.didSelectRow.selector
  public weak var target: AnyObject?
  public var rules: [Moment: Rule] = [:]

  public init(target: AnyObject?) { self.target = target }

  /// The delegate of `didSelectRow:` alone (as before the other moments existed).
  public convenience init(target: AnyObject?, message: ActionMessage) {
    self.init(target: target)
    rules[.didSelectRow] = Rule(message: message)
  }

  private func answer(_ moment: Moment, _ indexPath: IndexPath) -> Answer? {
    guard let rule = rules[moment], let answer = rule.answer else { return nil }
    if let rows = rule.rows, !rows.contains(indexPath.row) { return nil }
    return answer
  }

  private func send(_ moment: Moment, _ tableView: UITableView, _ indexPath: IndexPath, result: String? = nil) {
    guard let message = rules[moment]?.message else { return }
    if let format = message.printedText {
      tableView.application?.printLine(
        format, LineContext(subject: tableView, result: result, indexPath: indexPath), from: tableView)
    } else {
      tableView.application?.sendAction(.selector(moment.selector), to: target, from: tableView, for: nil)
    }
  }

  private func proposedRow(_ moment: Moment, _ indexPath: IndexPath) -> IndexPath? {
    guard case .row(let row)? = answer(moment, indexPath) else { return indexPath }
    return row.map { IndexPath(row: $0, section: indexPath.section) }
  }

  private static func describe(_ indexPath: IndexPath?) -> String {
    indexPath.map { "\($0.row)" } ?? "nil"
  }

  public func tableView(_ tableView: UITableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool {
    var result = true
    if case .flag(let flag)? = answer(.shouldHighlightRow, indexPath) { result = flag }
    send(.shouldHighlightRow, tableView, indexPath, result: result ? "YES" : "NO")
    return result
  }

  public func tableView(_ tableView: UITableView, didHighlightRowAt indexPath: IndexPath) {
    send(.didHighlightRow, tableView, indexPath)
  }

  public func tableView(_ tableView: UITableView, didUnhighlightRowAt indexPath: IndexPath) {
    send(.didUnhighlightRow, tableView, indexPath)
  }

  public func tableView(_ tableView: UITableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? {
    let result = proposedRow(.willSelectRow, indexPath)
    send(.willSelectRow, tableView, indexPath, result: Self.describe(result))
    return result
  }

  public func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
    send(.didSelectRow, tableView, indexPath)
  }

  public func tableView(_ tableView: UITableView, willDeselectRowAt indexPath: IndexPath) -> IndexPath? {
    let result = proposedRow(.willDeselectRow, indexPath)
    send(.willDeselectRow, tableView, indexPath, result: Self.describe(result))
    return result
  }

  public func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) {
    send(.didDeselectRow, tableView, indexPath)
  }
}
