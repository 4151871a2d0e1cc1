import Foundation
import TouchLabEngine

/// A table delegate described by a layout's keys (`shouldHighlightRow:`, `didHighlightRow:`,
/// `didUnhighlightRow:`, `willSelectRow:`, `didSelectRow:`, `willDeselectRow:`,
/// `didDeselectRow:`), printed as `-[ControllerClass tableView:didSelectRowAtIndexPath:]`
/// when a moment sends its selector. The rules, lines and selectors are a collection
/// delegate's (`ActionCellDelegate`); `shouldHighlightRow` answers YES or NO,
/// `willSelectRow` and `willDeselectRow` nil or another row (docs/BEHAVIOUR.md §19).
public final class ActionTableViewDelegate: ActionCellDelegate<ActionTableViewMoment, ActionTableViewAnswer>,
  UITableViewDelegate, UITableViewDataSource
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

  // MARK: Swipe-to-delete (docs/BEHAVIOUR.md §23.4)

  /// Whether the layout gives `commitEditingStyle:`; the delegate is then also the table's
  /// data source.
  public var commitsEditingStyle: Bool { rules[.commitEditingStyle] != nil }

  public func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool {
    var result = true
    if case .flag(let flag)? = answer(.canEditRow, at: indexPath.row) { result = flag }
    return tell(.canEditRow, tableView, indexPath, answer: result)
  }

  public func tableView(_ tableView: UITableView, editingStyleForRowAt indexPath: IndexPath)
    -> UITableViewCell.EditingStyle
  {
    var result = UITableViewCell.EditingStyle.delete
    if case .editingStyle(let style)? = answer(.editingStyleForRow, at: indexPath.row) { result = style }
    send(.editingStyleForRow, tableView, indexPath, result: Self.name(of: result))
    return result
  }

  public func tableView(_ tableView: UITableView, titleForDeleteConfirmationButtonForRowAt indexPath: IndexPath)
    -> String?
  {
    var result: String?
    if case .text(let title)? = answer(.titleForDeleteConfirmationButtonForRow, at: indexPath.row) { result = title }
    send(.titleForDeleteConfirmationButtonForRow, tableView, indexPath, result: result ?? "nil")
    return result
  }

  public func tableView(
    _ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath
  ) {
    send(.commitEditingStyle, tableView, indexPath, result: Self.name(of: editingStyle))
  }

  /// An editing style as a layout writes it (and `%result` prints it).
  public static func name(of style: UITableViewCell.EditingStyle) -> String {
    switch style {
    case .none: return "none"
    case .delete: return "delete"
    case .insert: return "insert"
    }
  }

  // MARK: Swipe actions (docs/BEHAVIOUR.md §23)

  /// The actions a swipe to the right uncovers (`leadingSwipeActions:`), nil: none.
  public var leadingSwipeActions: SwipeActionsRule?
  /// The actions a swipe to the left uncovers (`trailingSwipeActions:`), nil: none.
  public var trailingSwipeActions: SwipeActionsRule?

  public var providesSwipeActions: Bool { leadingSwipeActions != nil || trailingSwipeActions != nil }

  public func tableView(_ tableView: UITableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath)
    -> UISwipeActionsConfiguration?
  {
    configuration(leadingSwipeActions, tableView, indexPath)
  }

  public func tableView(_ tableView: UITableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath)
    -> UISwipeActionsConfiguration?
  {
    configuration(trailingSwipeActions, tableView, indexPath)
  }

  public func tableView(_ tableView: UITableView, willBeginEditingRowAt indexPath: IndexPath) {
    send(.willBeginEditingRow, tableView, indexPath)
  }

  public func tableView(_ tableView: UITableView, didEndEditingRowAt indexPath: IndexPath?) {
    guard let indexPath else { return }
    send(.didEndEditingRow, tableView, indexPath)
  }

  /// A rule's configuration for a row (nil for rows it does not name): each action's handler
  /// prints its line (`%row`, `%section`: the row) or sends its selector to the target, then
  /// calls its completion with the rule's answer (true unless the layout says false; never
  /// when it says so), which closes the row.
  private func configuration(_ rule: SwipeActionsRule?, _ tableView: UITableView, _ indexPath: IndexPath)
    -> UISwipeActionsConfiguration?
  {
    guard let rule, rule.rows?.contains(indexPath.row) ?? true else { return nil }
    let actions = rule.actions.map { spec in
      // Weak: the table keeps its swiped row's configuration, and its buttons their actions.
      UIContextualAction(style: spec.style, title: spec.title) {
        [weak self, weak tableView] _, sourceView, completion in
        if let tableView { self?.perform(spec.message, tableView, indexPath, from: sourceView) }
        if let performed = spec.completion { completion(performed) }
      }
    }
    let configuration = UISwipeActionsConfiguration(actions: actions)
    configuration.performsFirstActionWithFullSwipe = rule.performsFirstActionWithFullSwipe
    return configuration
  }

  private func perform(_ message: ActionMessage, _ tableView: UITableView, _ indexPath: IndexPath, from view: UIView) {
    if let format = message.printedText {
      tableView.application?.printLine(
        format, LineContext(subject: tableView, result: nil, indexPath: indexPath), from: view)
    } else {
      _ = tableView.application?.sendAction(message, to: target, from: view, for: nil)
    }
  }
}

/// A layout's swipe actions for one edge of a table's rows (`trailingSwipeActions:`,
/// `leadingSwipeActions:`): the buttons, in order from the row's edge, and the
/// configuration's `performsFirstActionWithFullSwipe`, for the rows it names (nil: every row).
public struct SwipeActionsRule: Sendable {
  /// One button: its title, its style, and what its handler does.
  public struct Action: Sendable {
    public var title: String
    public var style: UIContextualAction.Style
    public var message: ActionMessage
    /// What the handler passes its completion: true (performed, the default), false (not
    /// performed), nil: it never calls it, and the row stays where it is.
    public var completion: Bool?

    public init(
      title: String, style: UIContextualAction.Style = .normal, message: ActionMessage, completion: Bool? = true
    ) {
      self.title = title
      self.style = style
      self.message = message
      self.completion = completion
    }
  }

  public var actions: [Action]
  public var performsFirstActionWithFullSwipe: Bool
  public var rows: [Int]?

  public init(actions: [Action], performsFirstActionWithFullSwipe: Bool = true, rows: [Int]? = nil) {
    self.actions = actions
    self.performsFirstActionWithFullSwipe = performsFirstActionWithFullSwipe
    self.rows = rows
  }
}

/// A table delegate's moments, named as its layout keys (`canEditRow` and
/// `commitEditingStyle` are its data source's).
public enum ActionTableViewMoment: String, ActionCellMoment {
  case shouldHighlightRow, didHighlightRow, didUnhighlightRow, willSelectRow, didSelectRow, willDeselectRow,
    didDeselectRow
  case willBeginEditingRow, didEndEditingRow
  case canEditRow, editingStyleForRow, titleForDeleteConfirmationButtonForRow, commitEditingStyle

  public static let viewSelectorPart = "tableView"
  public static let didSelect = Self.didSelectRow

  /// UIKit's selector: `tableView:didSelectRowAtIndexPath:` for `didSelectRow`, and the
  /// data source's `tableView:commitEditingStyle:forRowAtIndexPath:`.
  public var selector: String {
    self == .commitEditingStyle
      ? "tableView:commitEditingStyle:forRowAtIndexPath:" : "\(Self.viewSelectorPart):\(rawValue)AtIndexPath:"
  }

  /// The moments UIKit sends to the data source, which the layout's delegate then also is.
  public var isDataSourceMoment: Bool { self == .canEditRow || self == .commitEditingStyle }
}

/// What a table delegate's question answers instead of UIKit's default, for the rows it names.
public enum ActionTableViewAnswer: Equatable, Sendable {
  /// `shouldHighlightRow`: YES or NO.
  case flag(Bool)
  /// `willSelectRow`, `willDeselectRow`: nil (refuse) or another row of the same section.
  case row(Int?)
  /// `editingStyleForRow`: the row's editing style.
  case editingStyle(UITableViewCell.EditingStyle)
  /// `titleForDeleteConfirmationButtonForRow`: the Delete button's title.
  case text(String)
}

extension ActionCellRule where Answer == ActionTableViewAnswer {
  /// The rows (any section) the answer applies to; nil: every row.
  public var rows: [Int]? {
    get { indices }
    set { indices = newValue }
  }
}
