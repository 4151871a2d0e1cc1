import Foundation

/// A table's swipe actions (UIKit's private `UISwipeHandler`, the target and delegate of
/// the table's `_UISwipeActionPanGestureRecognizer` and `UISwipeDismissalGestureRecognizer`):
/// which row is swiped or open, how far its content slid, and what the table's delegate is
/// asked and told (docs/BEHAVIOUR.md §23).
///
/// A mostly horizontal drag on a row whose delegate gives actions for that edge slides the
/// row's content and uncovers a `UISwipeActionPullView` of buttons. Released with more than
/// half the buttons uncovered the row stays open; less, it closes; past
/// `swipeActionsFullSwipeFraction` of the row's width with `performsFirstActionWithFullSwipe`,
/// the first action runs. While a row is open, a tap on a button runs its action and a touch
/// anywhere else on the table closes the row and is kept from it.
public final class UISwipeHandler {
  /// The edge of a row whose actions a swipe uncovers: leading (a drag to the right) or
  /// trailing (a drag to the left).
  public enum Edge: Sendable {
    case leading, trailing
  }

  /// Where the swiped row is in its life: following the finger, resting open, or sliding.
  public enum Phase: Sendable {
    case swiping, open, animating
  }

  /// The row being swiped, resting open, or sliding closed.
  struct SwipedRow {
    var indexPath: IndexPath
    var edge: Edge
    var configuration: UISwipeActionsConfiguration
    /// How far the row's content is slid sideways (negative: to the left, trailing).
    var offset: CGFloat = 0
    var phase = Phase.swiping
  }

  /// Its table (which owns it).
  unowned(unsafe) let table: UITableView
  public let panGestureRecognizer = _UISwipeActionPanGestureRecognizer()
  public let dismissalGestureRecognizer = UISwipeDismissalGestureRecognizer()
  private(set) var row: SwipedRow?
  /// The row the last check said the pan may begin on; it becomes `row` when the pan begins.
  private var candidate: SwipedRow?
  private var animationTimer: EngineClock.Token?
  /// The name causes give for its refusals (it is the recognizers' delegate in UIKit).
  static let causeName = "UISwipeHandler"

  init(table: UITableView) {
    self.table = table
    panGestureRecognizer.maximumNumberOfTouches = 1
    panGestureRecognizer.builtInHandler = { [weak self] state in self?.handlePan(state) }
    dismissalGestureRecognizer.builtInHandler = { [weak self] state in
      if state == .ended { self?.close() }
    }
  }

  /// The row whose actions are uncovered (swiped, open or sliding), if any.
  public var swipedIndexPath: IndexPath? { row?.indexPath }
  public var swipedEdge: Edge? { row?.edge }
  public var phase: Phase? { row?.phase }
  /// How far the swiped row's content is slid (negative: to the left).
  public var offset: CGFloat { row?.offset ?? 0 }

  /// The actions for a row's edge; nil when there are none. A data source that implements
  /// `canEditRowAt` is asked first (NO: none at all); then the delegate's configuration for
  /// that edge; when it gives none (nil) for the trailing edge and the data source commits
  /// editing, UIKit's classic swipe-to-delete: the delegate's `editingStyleForRowAt` (only
  /// `.delete` gets a button) and `titleForDeleteConfirmationButtonForRowAt` (nil: "Delete"),
  /// one destructive action whose handler commits the deletion (docs/BEHAVIOUR.md §23.4).
  func configuration(_ edge: Edge, at indexPath: IndexPath) -> UISwipeActionsConfiguration? {
    if let dataSource = table.dataSource, !dataSource.tableView(table, canEditRowAt: indexPath) { return nil }
    let delegate = table.delegate
    let given =
      edge == .trailing
      ? delegate?.tableView(table, trailingSwipeActionsConfigurationForRowAt: indexPath)
      : delegate?.tableView(table, leadingSwipeActionsConfigurationForRowAt: indexPath)
    if let given { return given.actions.isEmpty ? nil : given }
    guard edge == .trailing, let dataSource = table.dataSource, dataSource.commitsEditingStyle else { return nil }
    return deleteConfiguration(dataSource, at: indexPath)
  }

  /// The classic swipe-to-delete: one Delete button that commits `.delete` for the row.
  private func deleteConfiguration(_ dataSource: UITableViewDataSource, at indexPath: IndexPath)
    -> UISwipeActionsConfiguration?
  {
    let style = table.delegate?.tableView(table, editingStyleForRowAt: indexPath) ?? .delete
    guard style == .delete else { return nil }
    let title =
      table.delegate?.tableView(table, titleForDeleteConfirmationButtonForRowAt: indexPath)
      ?? UIKitConstants.deleteConfirmationButtonTitle
    let action = UIContextualAction(style: .destructive, title: title) {
      [weak table, weak dataSource] _, _, completion in
      if let table { dataSource?.tableView(table, commit: .delete, forRowAt: indexPath) }
      completion(true)
    }
    return UISwipeActionsConfiguration(actions: [action])
  }

  /// Why the swipe may not begin (nil: it may): a row is already swiped or open, the drag is
  /// not mostly horizontal, or the row under its start has no actions for that edge.
  func swipeRefusal(_ pan: UIPanGestureRecognizer) -> DeliveryCause? {
    let refusal = DeliveryCause(.shouldBegin, by: Self.causeName)
    candidate = nil
    guard row == nil, !table.isDragging else { return refusal }
    let translation = pan.translation(in: table)
    guard abs(translation.x) > abs(translation.y) else { return refusal }
    let now = pan.location(in: table)
    let start = CGPoint(x: now.x - translation.x, y: now.y - translation.y)
    guard let indexPath = table.indexPathForRow(at: start) else { return refusal }
    let edge: Edge = translation.x < 0 ? .trailing : .leading
    guard let configuration = configuration(edge, at: indexPath) else { return refusal }
    candidate = SwipedRow(indexPath: indexPath, edge: edge, configuration: configuration)
    return nil
  }

  // MARK: Following the finger

  private func handlePan(_ state: UIGestureRecognizer.State) {
    if state == .began, row == nil { row = candidate }
    candidate = nil
    guard var swiped = row, swiped.phase == .swiping else { return }
    let pan = panGestureRecognizer
    switch state {
    case .began:
      // The slide starts where the finger is now, without the hysteresis jump.
      pan.setTranslation(.zero, in: table)
      table.delegate?.tableView(table, willBeginEditingRowAt: swiped.indexPath)
      table.showSwipeActions(swiped)
    case .changed:
      swiped.offset = draggedOffset(pan.translation(in: table).x, swiped)
      row = swiped
      table.layoutSwipedCell(swiped)
    case .ended:
      settle(swiped)
    case .cancelled:
      animate(to: 0, then: { [weak self] in self?.finishClosing() })
    default:
      break
    }
  }

  /// The total width of a configuration's buttons.
  func actionsWidth(_ swiped: SwipedRow) -> CGFloat {
    CGFloat(swiped.configuration.actions.count) * UIKitConstants.swipeActionButtonWidth
  }

  /// Where the finger's sideways travel puts the content: only towards the swiped edge;
  /// past the buttons it follows the finger up to the row's width when a full swipe is
  /// allowed, else it stretches as a scroll view's rubber band does.
  private func draggedOffset(_ travel: CGFloat, _ swiped: SwipedRow) -> CGFloat {
    let sign: CGFloat = swiped.edge == .trailing ? -1 : 1
    let distance = max(0, travel * sign)
    let width = actionsWidth(swiped)
    let limit = table.bounds.width
    let slid: CGFloat
    if distance <= width || swiped.configuration.performsFirstActionWithFullSwipe {
      slid = min(distance, limit)
    } else {
      slid = width + UIScrollView.rubberBand(distance - width, limit)
    }
    return sign * slid
  }

  /// The finger lifted: a full swipe runs the first action; past the open fraction the row
  /// rests open; else it closes.
  private func settle(_ swiped: SwipedRow) {
    let distance = abs(swiped.offset)
    let width = actionsWidth(swiped)
    let sign: CGFloat = swiped.edge == .trailing ? -1 : 1
    if swiped.configuration.performsFirstActionWithFullSwipe,
      distance > UIKitConstants.swipeActionsFullSwipeFraction * table.bounds.width,
      let first = swiped.configuration.actions.first
    {
      animate(to: sign * table.bounds.width) { [weak self] in
        guard let self else { return }
        run(first, from: table.cellForRow(at: swiped.indexPath)?.swipePullView?.buttons.first ?? table)
      }
    } else if distance > UIKitConstants.swipeActionsOpenFraction * width {
      animate(to: sign * width) { [weak self] in
        guard let self else { return }
        row?.phase = .open
        dismissalGestureRecognizer.isEnabled = true
      }
    } else {
      animate(to: 0, then: { [weak self] in self?.finishClosing() })
    }
  }

  // MARK: Actions and closing

  /// A tap on an open row's button (or a full swipe): the action's handler, whose completion
  /// closes the row.
  func perform(_ action: UIContextualAction, from button: UIView) {
    guard row?.phase == .open else { return }
    run(action, from: button)
  }

  private func run(_ action: UIContextualAction, from view: UIView) {
    var completed = false
    action.handler(action, view) { [weak self] _ in
      guard !completed else { return }
      completed = true
      self?.close()
    }
  }

  /// Slides the swiped row closed (the dismissal, a completed action).
  public func close() {
    guard let swiped = row, swiped.offset != 0 || swiped.phase != .swiping else { return }
    animate(to: 0, then: { [weak self] in self?.finishClosing() })
  }

  /// The row is closed: its buttons go, the delegate is told, the dismissal is off.
  private func finishClosing() {
    guard let swiped = row else { return }
    row = nil
    table.hideSwipeActions(at: swiped.indexPath)
    dismissalGestureRecognizer.isEnabled = false
    table.delegate?.tableView(table, didEndEditingRowAt: swiped.indexPath)
  }

  /// Closes at once, without the delegate's notice (the table reloaded its rows).
  func reset() {
    table.application?.clock.cancel(animationTimer)
    animationTimer = nil
    slide = nil
    guard let swiped = row else { return }
    row = nil
    table.hideSwipeActions(at: swiped.indexPath)
    dismissalGestureRecognizer.isEnabled = false
  }

  // MARK: Sliding

  /// A slide under way: from where to where, how many frames of it are done, and what runs
  /// when it ends.
  private struct Slide {
    var start: CGFloat
    var target: CGFloat
    var frames: Int
    var frame = 0
    var completion: () -> Void
  }
  private var slide: Slide?

  /// Slides the content to `target` over `swipeActionsAnimationDuration`, a frame at a
  /// time on the engine's clock, then runs `completion`. The timers and completions hold
  /// the handler weakly: a table dropped mid-slide takes it along.
  private func animate(to target: CGFloat, then completion: @escaping () -> Void) {
    guard var swiped = row else { return }
    table.application?.clock.cancel(animationTimer)
    animationTimer = nil
    swiped.phase = .animating
    row = swiped
    let frames = max(1, Int((UIKitConstants.swipeActionsAnimationDuration / UIKitConstants.frameInterval).rounded()))
    slide = Slide(start: swiped.offset, target: target, frames: frames, completion: completion)
    scheduleSlideFrame()
  }

  private func scheduleSlideFrame() {
    guard let clock = table.application?.clock else {
      // Not on screen: straight to the end.
      guard let done = slide else { return }
      slide = nil
      step(to: done.target)
      done.completion()
      return
    }
    animationTimer = clock.schedule(after: UIKitConstants.frameInterval) { [weak self] in self?.slideFrame() }
  }

  private func slideFrame() {
    animationTimer = nil
    guard var current = slide else { return }
    current.frame += 1
    let progress = CGFloat(current.frame) / CGFloat(current.frames)
    step(to: current.start + (current.target - current.start) * progress)
    if current.frame < current.frames {
      slide = current
      scheduleSlideFrame()
    } else {
      slide = nil
      current.completion()
    }
  }

  private func step(to offset: CGFloat) {
    guard var swiped = row else { return }
    swiped.offset = offset
    row = swiped
    table.layoutSwipedCell(swiped)
  }
}
