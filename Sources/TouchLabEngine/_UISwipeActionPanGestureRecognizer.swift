import Foundation

/// UIKit's private pan that swipes a table row's actions into view (iOS 11 and later; its
/// target is the table's `UISwipeHandler`, `_swipeRecognizerDidRecognize:`). It counts only
/// sideways movement, begins only after 20 pt of it, and only for a drag that is mostly horizontal, on a row whose
/// delegate gives actions for that edge, while no row is open (docs/BEHAVIOUR.md §23).
public final class _UISwipeActionPanGestureRecognizer: UIPanGestureRecognizer {
  /// Only sideways movement counts, and it must reach `swipeActionsHysteresis` (more than a
  /// pan's 10 pt), so a parent's horizontal pan begins first (docs/BEHAVIOUR.md §23.3).
  override func countedMovement(_ movement: CGPoint) -> CGPoint {
    CGPoint(x: movement.x * UIKitConstants.panHysteresis / UIKitConstants.swipeActionsHysteresis, y: 0)
  }

  override func refusalToBegin() -> DeliveryCause? {
    guard let handler = (view as? UITableView)?.swipeHandler else {
      return DeliveryCause(.notEnabled, by: UISwipeHandler.causeName)
    }
    return handler.swipeRefusal(self)
  }
}
