import Foundation

/// A table's or a collection view's highlighted and selected index paths, and the touch that
/// highlights. The selected rows or items in the order they were selected: at most one unless
/// the view's `allowsMultipleSelection` is on.
struct CellSelection {
  var selected: [IndexPath] = []
  /// The row or item under a finger now (set at `touchesBegan`, cleared at its end).
  var highlighted: IndexPath?
  var trackedTouch: UITouch?
}

/// One call of UIKit's `UITableViewDelegate` or `UICollectionViewDelegate` in their common
/// shape (docs/BEHAVIOUR.md §19): each view answers it with its own protocol's method.
enum CellDelegateCall {
  case shouldHighlight, didHighlight, didUnhighlight, willSelect, didSelect, willDeselect, didDeselect
}

/// A table or a collection view as the shared touch handling and selection sees it: one code
/// path for both, so a selection fix lands once. UIKit's public names (`selectRow(at:)`,
/// `selectItem(at:)`, the two delegates) stay on the two classes and call into it.
protocol CellSelectionController: UIScrollView {
  associatedtype Cell: ReusableCell
  var cellPool: ReusableCellPool<Cell> { get set }
  var cellSelection: CellSelection { get set }
  var allowsSelection: Bool { get }
  /// UIKit's `allowsMultipleSelection`: a tap selects without deselecting the others, and a
  /// tap on a selected row or item deselects it (docs/BEHAVIOUR.md §19).
  var allowsMultipleSelection: Bool { get }
  /// The row or item at a point of the content.
  func cellIndexPath(at point: CGPoint) -> IndexPath?
  func isValidCellIndexPath(_ indexPath: IndexPath) -> Bool
  /// The cell showing a row or item now, nil when none does.
  func shownCell(at indexPath: IndexPath) -> Cell?
  /// Asks or tells the view's delegate. The answer is the index path to go on with, nil to
  /// refuse (a question answered NO, or `willSelectRowAt` returning nil); without a delegate,
  /// UIKit's default: the index path asked about.
  func callDelegate(_ call: CellDelegateCall, at indexPath: IndexPath) -> IndexPath?
  /// Whether the view has rows or items of its data (a table's sections, a collection view's
  /// items); without, the cells placed among its views are its rows or items.
  var hasDataCells: Bool { get }
  /// The selection changed from `old` to `new` (a table records it).
  func selectionDidChange(from old: IndexPath?, to new: IndexPath?)
  /// Brings the cells on screen up to date.
  func tileCells()
  /// The lift's order (docs/BEHAVIOUR.md §19): a table unhighlights before it selects and asks
  /// `willDeselectRowAt` for the row selected before; a collection view selects first and
  /// unhighlights last, and tells `didDeselectItemAt` of the item selected before without
  /// asking `shouldDeselectItemAt` (UICollectionView.h's sequence).
  var selectsBeforeUnhighlighting: Bool { get }
}

extension CellSelectionController {
  /// The cell on screen for a row or item: the one made for it, or a placed one.
  func shownCell(at indexPath: IndexPath) -> Cell? { cellPool.visible[indexPath] ?? placedCell(at: indexPath) }

  // MARK: Placed cells

  /// The cells placed among the view's views as views of their own (an imported dump's
  /// printed cells, at their printed frames, maybe inside a wrapper view) when the view has
  /// no rows or items of its data: section 0's rows or items, numbered from the top of the
  /// content (each cell's top in the view's coordinates, then the views' order, then left to
  /// right). Not searched: a cell's own views, another table or collection view.
  var placedCells: [Cell] {
    guard !hasDataCells else { return [] }
    let made = Set(cellPool.allCells.map(ObjectIdentifier.init))
    var found: [(top: CGFloat, left: CGFloat, order: Int, cell: Cell)] = []
    func search(_ view: UIView) {
      for subview in view.subviews {
        if let cell = subview as? Cell {
          guard !made.contains(ObjectIdentifier(cell)) else { continue }
          let origin = convert(CGPoint(x: cell.bounds.minX, y: cell.bounds.minY), from: cell)
          found.append((origin.y, origin.x, found.count, cell))
        } else if !(subview is UITableView) && !(subview is UICollectionView) {
          search(subview)
        }
      }
    }
    search(self)
    return found.sorted { ($0.top, $0.left, $0.order) < ($1.top, $1.left, $1.order) }.map(\.cell)
  }

  func placedCell(at indexPath: IndexPath) -> Cell? {
    guard !hasDataCells, indexPath.count == 2, indexPath[0] == 0, indexPath[1] >= 0 else { return nil }
    let cells = placedCells
    return indexPath[1] < cells.count ? cells[indexPath[1]] : nil
  }

  /// The placed row or item at a point of the content: the last placed cell holding it.
  func placedIndexPath(at point: CGPoint) -> IndexPath? {
    for (index, cell) in placedCells.enumerated().reversed()
    where cell.bounds.containsPoint(cell.convert(point, from: self)) {
      return IndexPath(indexes: [0, index])
    }
    return nil
  }

  /// A placed cell's rectangle in the view's content coordinates.
  func placedRect(at indexPath: IndexPath) -> CGRect? {
    guard let cell = placedCell(at: indexPath) else { return nil }
    return CGRect(
      origin: convert(CGPoint(x: cell.bounds.minX, y: cell.bounds.minY), from: cell), size: cell.bounds.size)
  }

  /// Fills a cell for a row or item: its place, its text, its state and its own views.
  func configure(_ cell: Cell, at indexPath: IndexPath, frame: CGRect, text: String?, subviews: [UIView]) {
    cell.slot = ReusableCellSlot(indexPath: indexPath, subviews: subviews)
    cell.frame = frame
    cell.textLabel.text = text
    cell.isSelected = cellSelection.selected.contains(indexPath)
    cell.isHighlighted = indexPath == cellSelection.highlighted
    for view in subviews { cell.contentView.addSubview(view) }
  }

  /// A finger is on a view in the cell: the view's own touch, or one it never hears of (on a
  /// row's button, or held back), until the event it ends in is over. Recycling the cell
  /// sooner would take that view out of the window mid-touch — even while the same event's
  /// deliveries are under way (the view retiles in its touchesCancelled) — and its last calls
  /// and control events would go nowhere.
  func isTouched(_ cell: Cell) -> Bool {
    let isOnCell = { (touch: UITouch) in touch.view?.isDescendant(of: cell) == true }
    if let touch = cellSelection.trackedTouch, isOnCell(touch) { return true }
    guard let application else { return false }
    return application.touchesOnScreen.contains(where: isOnCell) || application.heldTouches.contains(where: isOnCell)
  }

  /// Takes the cells off the screen and forgets a selection the data no longer has.
  func recycleCells() {
    cellPool.recycleAll(from: self)
    cellSelection.selected.removeAll { !isValidCellIndexPath($0) }
  }

  // MARK: Selection

  /// Selects a row or item; without `allowsMultipleSelection` the one selected before is
  /// deselected (nil: none stays selected); no delegate call.
  func selectCell(at indexPath: IndexPath?) {
    let newSelection = indexPath.flatMap { isValidCellIndexPath($0) ? $0 : nil }
    let dropped =
      allowsMultipleSelection && newSelection != nil
      ? [] : cellSelection.selected.filter { $0 != newSelection }
    let added = newSelection.flatMap { cellSelection.selected.contains($0) ? nil : $0 }
    for old in dropped { shownCell(at: old)?.dispatchSetSelected(false) }
    cellSelection.selected.removeAll { dropped.contains($0) }
    if let added {
      cellSelection.selected.append(added)
      shownCell(at: added)?.dispatchSetSelected(true)
    }
    if dropped.isEmpty, let added { selectionDidChange(from: nil, to: added) }
    for (index, old) in dropped.enumerated() {
      selectionDidChange(from: old, to: index == dropped.count - 1 ? added : nil)
    }
  }

  /// Deselects one row or item, leaving any others selected; no delegate call.
  func deselectCell(at indexPath: IndexPath) {
    guard cellSelection.selected.contains(indexPath) else { return }
    shownCell(at: indexPath)?.dispatchSetSelected(false)
    cellSelection.selected.removeAll { $0 == indexPath }
    selectionDidChange(from: indexPath, to: nil)
  }

  private func setHighlightedCell(_ indexPath: IndexPath?) {
    if let old = cellSelection.highlighted { shownCell(at: old)?.dispatchSetHighlighted(false) }
    cellSelection.highlighted = indexPath
    if let new = indexPath { shownCell(at: new)?.dispatchSetHighlighted(true) }
  }

  /// Takes the touch's highlight off its row or item: the cell, then the delegate's unhighlight.
  private func unhighlightTouchedCell() -> IndexPath? {
    guard let highlighted = cellSelection.highlighted else { return nil }
    setHighlightedCell(nil)
    _ = callDelegate(.didUnhighlight, at: highlighted)
    return highlighted
  }

  // MARK: Touches from the cells (docs/BEHAVIOUR.md §7, §19)

  /// The first touch on a row or item highlights it, unless the delegate refuses; a row the
  /// delegate will not highlight is not selected by this touch either ("If you return false …
  /// the system bypasses the entire selection process", Apple).
  func cellTouchesBegan(_ touches: Set<UITouch>) {
    guard cellSelection.trackedTouch == nil, allowsSelection, let touch = touches.inOrder.first,
      let indexPath = cellIndexPath(at: touch.location(in: self))
    else { return }
    cellSelection.trackedTouch = touch
    guard callDelegate(.shouldHighlight, at: indexPath) != nil else { return }
    setHighlightedCell(indexPath)
    _ = callDelegate(.didHighlight, at: indexPath)
  }

  /// The lift: a table's unhighlight, then (still over the same row or item) willSelect, the
  /// old selection's deselection, and the new selection; a collection view's unhighlight comes
  /// last (docs/BEHAVIOUR.md §19).
  func cellTouchesEnded(_ touches: Set<UITouch>) {
    guard let touch = cellSelection.trackedTouch, touches.contains(touch) else { return }
    cellSelection.trackedTouch = nil
    let collectionOrder = selectsBeforeUnhighlighting
    guard let highlighted = collectionOrder ? cellSelection.highlighted : unhighlightTouchedCell() else { return }
    defer { if collectionOrder { _ = unhighlightTouchedCell() } }
    guard cellIndexPath(at: touch.location(in: self)) == highlighted else { return }
    if allowsMultipleSelection, cellSelection.selected.contains(highlighted) {
      // A selected row or item tapped again: step 3's other branch of UICollectionView.h's
      // sequence, `shouldDeselectItemAt` (a table's `willDeselectRowAt`), then the deselection.
      guard let indexPath = callDelegate(.willDeselect, at: highlighted), isValidCellIndexPath(indexPath),
        cellSelection.selected.contains(indexPath)
      else { return }
      deselectCell(at: indexPath)
      _ = callDelegate(.didDeselect, at: indexPath)
      return
    }
    guard let indexPath = callDelegate(.willSelect, at: highlighted), isValidCellIndexPath(indexPath) else { return }
    if !allowsMultipleSelection, let previous = cellSelection.selected.first, previous != indexPath {
      let deselected = collectionOrder ? previous : callDelegate(.willDeselect, at: previous)
      selectCell(at: nil)
      if let deselected { _ = callDelegate(.didDeselect, at: deselected) }
    }
    selectCell(at: indexPath)
    _ = callDelegate(.didSelect, at: indexPath)
  }

  func cellTouchesCancelled(_ touches: Set<UITouch>) {
    guard let touch = cellSelection.trackedTouch, touches.contains(touch) else { return }
    cellSelection.trackedTouch = nil
    _ = unhighlightTouchedCell()
    tileCells()
  }
}
