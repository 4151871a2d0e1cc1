import Foundation

/// The actions one edge of a table row reveals when swiped (iOS 11's
/// `UISwipeActionsConfiguration`), in order from the row's edge inwards; the delegate's
/// `tableView(_:trailingSwipeActionsConfigurationForRowAt:)` and `…leading…` give one per
/// row (docs/BEHAVIOUR.md §23).
public final class UISwipeActionsConfiguration {
  public let actions: [UIContextualAction]
  /// Whether a swipe across most of the row performs the first action without a tap
  /// (UIKit's default: true).
  public var performsFirstActionWithFullSwipe = true

  public init(actions: [UIContextualAction]) { self.actions = actions }
}
