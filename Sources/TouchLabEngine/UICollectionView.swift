import Foundation

/// A scrolling grid of items in one section, laid out by a `UICollectionViewFlowLayout`.
///
/// As a table does, it gives cells only to the items on screen and reuses the cells of items
/// that scrolled away. Touches reach it from its cells along the responder chain: the item
/// under a finger is highlighted at `touchesBegan` (after the scroll view's 0.15 s hold),
/// selected at `touchesEnded` (the previous selection deselected first), unhighlighted at
/// `touchesCancelled` — so a parent's tap recognizer takes its taps as it takes a table's.
/// The reuse, the touch handling and the selection are a table's (`ReusableCellPool`,
/// `CellSelectionController`); this class adds the items, the grid and UIKit's names.
open class UICollectionView: UIScrollView, CellSelectionController {
  /// One item's content: its text and views of its own placed in its cell's content view
  /// (as a table's row).
  public typealias Item = CellContent

  public let collectionViewLayout: UICollectionViewFlowLayout
  /// Items given one by one, then `generatedItemCount` more whose text is
  /// `generatedItemText` with `%d` standing for the item number.
  public var items: [Item] = [] {
    didSet { reloadData() }
  }
  public var generatedItemCount = 0 {
    didSet { reloadData() }
  }
  public var generatedItemText: String? = "Item %d"
  public var allowsSelection = true
  /// A tap selects an item without deselecting the others, and a tap on a selected item asks
  /// `shouldDeselectItemAt` and deselects it (UICollectionView.h; docs/BEHAVIOUR.md §19).
  public var allowsMultipleSelection = false
  public weak var delegate: UICollectionViewDelegate?

  /// The selected items in the order they were selected.
  public var indexPathsForSelectedItems: [IndexPath] { cellSelection.selected }
  /// The item under a finger now (set at `touchesBegan`, cleared at its end).
  public var indexPathForHighlightedItem: IndexPath? { cellSelection.highlighted }
  var cellSelection = CellSelection()

  /// Cells on screen, by item, and the ones waiting for reuse.
  var cellPool = ReusableCellPool<UICollectionViewCell>()
  private var grid: UICollectionViewFlowLayout.Grid?
  /// How many cells were ever made (for tests of reuse).
  public var cellsCreated: Int { cellPool.cellsCreated }
  /// How many times the cells on screen were tiled afresh (a scroll within the same items
  /// tiles nothing).
  public var cellTilings: Int { cellPool.tilings }
  /// The most items a collection view gives cells at once (a layout asking for more is an error).
  public static let maximumItemsOnScreen = 10_000

  public init(frame: CGRect, collectionViewLayout layout: UICollectionViewFlowLayout) {
    collectionViewLayout = layout
    super.init(frame: frame)
    alwaysBounceVertical = true
  }

  public convenience override init(frame: CGRect) {
    self.init(frame: frame, collectionViewLayout: UICollectionViewFlowLayout())
  }

  // MARK: Data

  public func numberOfItems(inSection section: Int) -> Int { section == 0 ? items.count + generatedItemCount : 0 }

  public var numberOfSections: Int { 1 }

  func text(ofItem item: Int) -> String? {
    if item < items.count { return items[item].text }
    return generatedItemText.map { $0.replacingOccurrences(of: "%d", with: String(item)) }
  }

  var hasDataCells: Bool { numberOfItems(inSection: 0) > 0 }

  /// The cells placed among the collection view's views (an imported dump's), its items when
  /// it has none of its data (`CellSelectionController.placedCells`).
  public var placedItems: [UICollectionViewCell] { placedCells }

  func isValidCellIndexPath(_ indexPath: IndexPath) -> Bool {
    if !hasDataCells { return placedCell(at: indexPath) != nil }
    return indexPath.section == 0 && indexPath.item >= 0 && indexPath.item < numberOfItems(inSection: 0)
  }

  /// Lays the items out again (after a change of items or of the layout's figures).
  public func reloadData() {
    let g = collectionViewLayout.grid(count: numberOfItems(inSection: 0), width: bounds.width)
    grid = g
    recycleCells()
    // Placed cells (an imported dump's) lie in the content the layout gave: kept.
    if hasDataCells || placedCells.isEmpty { contentSize = CGSize(width: bounds.width, height: g.contentHeight) }
    tileCells()
  }

  // MARK: Geometry

  /// An item's frame in the collection view's content coordinates.
  public func frameForItem(at indexPath: IndexPath) -> CGRect {
    if let rect = placedRect(at: indexPath) { return rect }
    guard isValidCellIndexPath(indexPath), let g = grid else { return .zero }
    let line = indexPath.item / g.columns
    let column = indexPath.item % g.columns
    let size = collectionViewLayout.itemSize
    return CGRect(x: g.columnXs[column], y: g.top + CGFloat(line) * g.rowPitch, width: size.width, height: size.height)
  }

  /// The item at a point of the content (arithmetic; nil in the spacing between items).
  public func indexPathForItem(at point: CGPoint) -> IndexPath? {
    if !hasDataCells { return placedIndexPath(at: point) }
    guard let g = grid, g.rowPitch > 0 else { return nil }
    let lineValue = ((point.y - g.top) / g.rowPitch).rounded(.down)
    guard point.y >= g.top, lineValue >= 0, lineValue < Double(numberOfItems(inSection: 0)) else { return nil }
    let line = Int(lineValue)
    for (column, x) in g.columnXs.enumerated() {
      let indexPath = IndexPath(item: line * g.columns + column, section: 0)
      guard isValidCellIndexPath(indexPath) else { return nil }
      if point.x >= x && frameForItem(at: indexPath).containsPoint(point) { return indexPath }
    }
    return nil
  }

  public func cellForItem(at indexPath: IndexPath) -> UICollectionViewCell? { shownCell(at: indexPath) }

  public var indexPathsForVisibleItems: [IndexPath] { cellPool.indexPaths }

  public var visibleCells: [UICollectionViewCell] { indexPathsForVisibleItems.compactMap { cellPool.visible[$0] } }

  func cellIndexPath(at point: CGPoint) -> IndexPath? { indexPathForItem(at: point) }

  // MARK: Cells on screen

  override func contentGeometryDidChange() {
    if grid != nil, bounds.width != contentSize.width {
      reloadData()  // a new width: new lines
      return
    }
    tileCells()
  }

  /// The items whose lines show between the content's `top` and `bottom`.
  private func itemsOnScreen() -> Range<Int> {
    guard let g = grid, g.rowPitch > 0 else { return 0..<0 }
    let count = numberOfItems(inSection: 0)
    let top = max(contentOffset.y, 0) - g.top
    let bottom = contentOffset.y + bounds.height - g.top
    guard bottom > 0, count > 0 else { return 0..<0 }
    // A line shows when its items reach below `top` (not when only the spacing after it does).
    // Lines are counted in Double and cut to the item count before they become Ints: a
    // flick of any speed may carry the offset far past anything an Int holds.
    let lineCount = Double(count)
    let firstLine = Int(
      min(lineCount, max(0, ((top - collectionViewLayout.itemSize.height) / g.rowPitch).rounded(.down) + 1)))
    let lastLine = Int(min(lineCount, max(0, (bottom / g.rowPitch).rounded(.up))))
    func firstItem(ofLine line: Int) -> Int {
      let (item, overflow) = line.multipliedReportingOverflow(by: g.columns)
      return overflow ? count : min(count, item)
    }
    let first = firstItem(ofLine: firstLine)
    let end = min(count, max(first, firstItem(ofLine: lastLine)), first + Self.maximumItemsOnScreen)
    return first..<end
  }

  /// What a tiling shows: the items on screen at a width (the grid's lines depend on it).
  private struct Tiling: Hashable {
    var items: Range<Int>
    var width: CGFloat
  }

  func tileCells() {
    guard grid != nil else { return }
    let wanted = itemsOnScreen()
    // A scroll within the same lines of items changes nothing (ReusableCellPool.isTiled).
    if cellPool.isTiled(as: Tiling(items: wanted, width: bounds.width), count: wanted.count) { return }
    cellPool.tile(
      wanted.lazy.map { IndexPath(item: $0, section: 0) }, isWanted: { wanted.contains($0.item) }, in: self,
      isTouched: isTouched, place: { _, _ in }, make: { UICollectionViewCell(frame: .zero) },
      configure: { cell, indexPath in
        configure(
          cell, at: indexPath, frame: frameForItem(at: indexPath), text: text(ofItem: indexPath.item),
          subviews: indexPath.item < items.count ? items[indexPath.item].subviews : [])
      })
  }

  // MARK: Selection

  public func selectItem(at indexPath: IndexPath?) { selectCell(at: indexPath) }

  public func deselectItem(at indexPath: IndexPath) { deselectCell(at: indexPath) }

  /// A collection view records no selection of its own (its delegate's calls say it).
  /// A collection view selects at the lift, then unhighlights (UICollectionView.h; docs/BEHAVIOUR.md §19).
  var selectsBeforeUnhighlighting: Bool { true }

  func selectionDidChange(from old: IndexPath?, to new: IndexPath?) {}

  func callDelegate(_ call: CellDelegateCall, at indexPath: IndexPath) -> IndexPath? {
    guard let delegate else { return indexPath }
    switch call {
    case .shouldHighlight: return delegate.collectionView(self, shouldHighlightItemAt: indexPath) ? indexPath : nil
    case .willSelect: return delegate.collectionView(self, shouldSelectItemAt: indexPath) ? indexPath : nil
    case .willDeselect: return delegate.collectionView(self, shouldDeselectItemAt: indexPath) ? indexPath : nil
    case .didHighlight: delegate.collectionView(self, didHighlightItemAt: indexPath)
    case .didUnhighlight: delegate.collectionView(self, didUnhighlightItemAt: indexPath)
    case .didSelect: delegate.collectionView(self, didSelectItemAt: indexPath)
    case .didDeselect: delegate.collectionView(self, didDeselectItemAt: indexPath)
    }
    return indexPath
  }

  // MARK: Touches from the cells (docs/BEHAVIOUR.md §7, §19)

  open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { cellTouchesBegan(touches) }

  open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { cellTouchesEnded(touches) }

  open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
    cellTouchesCancelled(touches)
  }
}
