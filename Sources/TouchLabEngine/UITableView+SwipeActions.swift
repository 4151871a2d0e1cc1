import Foundation

/// The table's part of its rows' swipe actions (docs/BEHAVIOUR.md §23): it sets up UIKit's
/// `UISwipeHandler` and its two recognizers once its delegate gives swipe actions, and moves
/// the swiped row's content and buttons where the handler says.
extension UITableView {
  /// Sets up the swipe handler and adds its recognizers after the scroll view's, as UIKit
  /// lists them, when the delegate gives swipe actions or the data source commits editing
  /// (swipe-to-delete); takes them away when neither does. A delegate whose answer changes
  /// (a layout adding actions) calls this again.
  public func updateSwipeActionsSupport() {
    let wanted = (delegate?.providesSwipeActions ?? false) || (dataSource?.commitsEditingStyle ?? false)
    if wanted, swipeHandler == nil {
      let handler = UISwipeHandler(table: self)
      swipeHandler = handler
      addGestureRecognizer(handler.panGestureRecognizer)
      addGestureRecognizer(handler.dismissalGestureRecognizer)
    } else if !wanted, let handler = swipeHandler {
      handler.reset()
      removeGestureRecognizer(handler.panGestureRecognizer)
      removeGestureRecognizer(handler.dismissalGestureRecognizer)
      swipeHandler = nil
    }
  }

  /// The swipe began: the row's cell gets its strip of buttons at the swiped edge.
  func showSwipeActions(_ swiped: UISwipeHandler.SwipedRow) {
    guard let cell = cellForRow(at: swiped.indexPath) else { return }
    cell.swipePullView?.removeFromSuperview()
    let pullView = UISwipeActionPullView(
      actions: swiped.configuration.actions, isTrailing: swiped.edge == .trailing)
    cell.swipePullView = pullView
    cell.addSubview(pullView)
    layoutSwipedCell(swiped)
  }

  /// The swiped row's content slid to `swiped.offset`; its strip fills the uncovered part.
  func layoutSwipedCell(_ swiped: UISwipeHandler.SwipedRow) {
    guard let cell = cellForRow(at: swiped.indexPath) else { return }
    cell.swipeOffset = swiped.offset
    let width = cell.bounds.width
    let uncovered = min(abs(swiped.offset), width)
    let x = swiped.edge == .trailing ? width - uncovered : 0
    cell.swipePullView?.frame = CGRect(x: x, y: 0, width: uncovered, height: cell.bounds.height)
    cell.swipePullView?.expandsFirstButton =
      swiped.configuration.performsFirstActionWithFullSwipe
      && uncovered > UIKitConstants.swipeActionsFullSwipeFraction * width
  }

  /// The row closed: its cell's content is back in place and its strip is gone.
  func hideSwipeActions(at indexPath: IndexPath) {
    guard let cell = cellForRow(at: indexPath) else { return }
    clearSwipeActions(cell)
  }

  private func clearSwipeActions(_ cell: UITableViewCell) {
    cell.swipeOffset = 0
    cell.swipePullView?.removeFromSuperview()
    cell.swipePullView = nil
  }

  /// A cell given a row while tiling: the swiped row's cell shows its actions; any other
  /// (a reused one) has none.
  func configureSwipeActions(_ cell: UITableViewCell, at indexPath: IndexPath) {
    guard let handler = swipeHandler, let swiped = handler.row, swiped.indexPath == indexPath else {
      if cell.swipePullView != nil || cell.swipeOffset != 0 { clearSwipeActions(cell) }
      return
    }
    if cell.swipePullView == nil {
      let pullView = UISwipeActionPullView(
        actions: swiped.configuration.actions, isTrailing: swiped.edge == .trailing)
      cell.swipePullView = pullView
      cell.addSubview(pullView)
    }
    layoutSwipedCell(swiped)
  }
}
