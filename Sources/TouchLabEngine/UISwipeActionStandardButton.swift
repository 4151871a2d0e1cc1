import Foundation

/// One revealed action's button (UIKit's private `UISwipeActionStandardButton`, a
/// `UIButton`): its action's title on its action's colour. A tap on it (a touch up inside)
/// runs the action's handler through the table's `UISwipeHandler` (docs/BEHAVIOUR.md §23).
public final class UISwipeActionStandardButton: UIButton {
  public let action: UIContextualAction

  init(action: UIContextualAction) {
    self.action = action
    super.init(frame: .zero)
    title = action.title
    backgroundColor = action.backgroundColor
  }

  override func didTouchUpInside(_ touch: UITouch, with event: UIEvent?) {
    var view: UIView? = superview
    while let current = view, !(current is UITableView) { view = current.superview }
    (view as? UITableView)?.swipeHandler?.perform(action, from: self)
  }
}
