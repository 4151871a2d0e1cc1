import Foundation

/// What a table tells its delegate and asks it (UIKit's `UITableViewDelegate`, the highlight
/// and selection part), in UIKit's order (docs/BEHAVIOUR.md §19): at `touchesBegan`
/// `shouldHighlightRowAt`, then `didHighlightRowAt`; at the lift `didUnhighlightRowAt`,
/// `willSelectRowAt` (which may pick another row, or none), `willDeselectRowAt` and
/// `didDeselectRowAt` for the row selected before, `didSelectRowAt`; when the touch is
/// cancelled, `didUnhighlightRowAt`.
public protocol UITableViewDelegate: AnyObject {
  func tableView(_ tableView: UITableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool
  func tableView(_ tableView: UITableView, didHighlightRowAt indexPath: IndexPath)
  func tableView(_ tableView: UITableView, didUnhighlightRowAt indexPath: IndexPath)
  func tableView(_ tableView: UITableView, willSelectRowAt indexPath: IndexPath) -> IndexPath?
  func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath)
  func tableView(_ tableView: UITableView, willDeselectRowAt indexPath: IndexPath) -> IndexPath?
  func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath)
  /// The actions a swipe to the right uncovers at the row's leading edge (iOS 11); nil: none.
  func tableView(_ tableView: UITableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath)
    -> UISwipeActionsConfiguration?
  /// The actions a swipe to the left uncovers at the row's trailing edge (iOS 11); nil: none.
  func tableView(_ tableView: UITableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath)
    -> UISwipeActionsConfiguration?
  /// A swipe began uncovering the row's actions (docs/BEHAVIOUR.md §23).
  func tableView(_ tableView: UITableView, willBeginEditingRowAt indexPath: IndexPath)
  /// The row's actions closed again.
  func tableView(_ tableView: UITableView, didEndEditingRowAt indexPath: IndexPath?)
  /// The editing style of a row (a swipe uncovers a Delete button only for `.delete`).
  /// UIKit's default for an editable row: `.delete`.
  func tableView(_ tableView: UITableView, editingStyleForRowAt indexPath: IndexPath) -> UITableViewCell.EditingStyle
  /// The title of the row's Delete button; nil: UIKit's "Delete".
  func tableView(_ tableView: UITableView, titleForDeleteConfirmationButtonForRowAt indexPath: IndexPath) -> String?
  /// Whether this delegate gives swipe actions: UIKit asks `respondsToSelector:` for the two
  /// configuration methods before it sets up the table's swipe recognizers; a Swift
  /// protocol's default cannot be told from an implementation, so the delegate says so.
  var providesSwipeActions: Bool { get }
}

extension UITableViewDelegate {
  public func tableView(_ tableView: UITableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool { true }
  public func tableView(_ tableView: UITableView, didHighlightRowAt indexPath: IndexPath) {}
  public func tableView(_ tableView: UITableView, didUnhighlightRowAt indexPath: IndexPath) {}
  public func tableView(_ tableView: UITableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? { indexPath }
  public func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {}
  public func tableView(_ tableView: UITableView, willDeselectRowAt indexPath: IndexPath) -> IndexPath? { indexPath }
  public func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) {}
  public func tableView(_ tableView: UITableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath)
    -> UISwipeActionsConfiguration?
  { nil }
  public func tableView(_ tableView: UITableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath)
    -> UISwipeActionsConfiguration?
  { nil }
  public func tableView(_ tableView: UITableView, willBeginEditingRowAt indexPath: IndexPath) {}
  public func tableView(_ tableView: UITableView, didEndEditingRowAt indexPath: IndexPath?) {}
  public func tableView(_ tableView: UITableView, editingStyleForRowAt indexPath: IndexPath)
    -> UITableViewCell.EditingStyle
  { .delete }
  public func tableView(_ tableView: UITableView, titleForDeleteConfirmationButtonForRowAt indexPath: IndexPath)
    -> String?
  { nil }
  public var providesSwipeActions: Bool { false }
}
