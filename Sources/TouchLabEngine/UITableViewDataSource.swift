import Foundation

/// The editing part of UIKit's `UITableViewDataSource` (a TouchLab table keeps its rows
/// itself, `UITableView.sections`): whether a row may be edited, and the commit of a row's
/// editing, which is what a swipe's Delete button does when the table's delegate gives no
/// swipe actions of its own (docs/BEHAVIOUR.md §23.4).
public protocol UITableViewDataSource: AnyObject {
  /// NO: the row has no swipe actions at all (and no editing control). UIKit's default: YES.
  func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool
  /// The user tapped the row's Delete (or Insert) button: the data source deletes the row.
  func tableView(
    _ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath)
  /// Whether this data source implements `tableView(_:commit:forRowAt:)`: UIKit asks
  /// `respondsToSelector:` before it offers swipe-to-delete; a Swift protocol's default
  /// cannot be told from an implementation, so the data source says so.
  var commitsEditingStyle: Bool { get }
}

extension UITableViewDataSource {
  public func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool { true }
  public func tableView(
    _ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath
  ) {}
  public var commitsEditingStyle: Bool { false }
}
