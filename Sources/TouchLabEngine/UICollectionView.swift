import Foundation

/// A scrolling grid of items in one section, laid out by a `UICollectionViewFlowLayout`.
///
/// As a table does, it gives cells only to the items on screen and reuses the cells of items
/// that scrolled away. Touches reach it from its cells along the responder chain: the item
/// under a finger is highlighted at `touchesBegan` (after the scroll view's 0.15 s hold),
/// selected at `touchesEnded` (the previous selection deselected first), unhighlighted at
/// `touchesCancelled` — so a parent's tap recognizer takes its taps as it takes a table's.
open class UICollectionView: UIScrollView {
  /// One item's content: its text and views of its own placed in its cell's content view.
  public struct Item {
    public var text: String?
    public var subviews: [UIView]
    public init(text: String? = nil, subviews: [UIView] = []) {
      self.text = text
      self.subviews = subviews
    }
  }

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
  public weak var delegate: UICollectionViewDelegate?

  public private(set) var indexPathsForSelectedItems: [IndexPath] = []
  /// The item under a finger now (set at `touchesBegan`, cleared at its end).
  public private(set) var indexPathForHighlightedItem: IndexPath?
  private var trackedTouch: UITouch?

  private var visible: [Int: UICollectionViewCell] = [:]
  private var reuseQueue: [UICollectionViewCell] = []
  private var grid: UICollectionViewFlowLayout.Grid?
  /// How many cells were ever made (for tests of reuse).
  public private(set) var cellsCreated = 0
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

  private func isValid(_ indexPath: IndexPath) -> Bool {
    indexPath.section == 0 && indexPath.item >= 0 && indexPath.item < numberOfItems(inSection: 0)
  }

  /// Lays the items out again (after a change of items or of the layout's figures).
  public func reloadData() {
    let g = collectionViewLayout.grid(count: numberOfItems(inSection: 0), width: bounds.width)
    grid = g
    recycle(visible.keys.sorted().map { visible[$0]! })
    visible.removeAll()
    indexPathsForSelectedItems.removeAll { !isValid($0) }
    contentSize = CGSize(width: bounds.width, height: g.contentHeight)
    tileCells()
  }

  // MARK: Geometry

  /// An item's frame in the collection view's content coordinates.
  public func frameForItem(at indexPath: IndexPath) -> CGRect {
    guard isValid(indexPath), let g = grid else { return .zero }
    let line = indexPath.item / g.columns
    let column = indexPath.item % g.columns
    let size = collectionViewLayout.itemSize
    return CGRect(x: g.columnXs[column], y: g.top + CGFloat(line) * g.rowPitch, width: size.width, height: size.height)
  }

  /// The item at a point of the content (arithmetic; nil in the spacing between items).
  public func indexPathForItem(at point: CGPoint) -> IndexPath? {
    guard let g = grid, g.rowPitch > 0 else { return nil }
    let lineValue = ((point.y - g.top) / g.rowPitch).rounded(.down)
    guard point.y >= g.top, lineValue >= 0, lineValue < Double(numberOfItems(inSection: 0)) else { return nil }
    let line = Int(lineValue)
    for (column, x) in g.columnXs.enumerated() {
      let indexPath = IndexPath(item: line * g.columns + column, section: 0)
      guard isValid(indexPath) else { return nil }
      if point.x >= x && frameForItem(at: indexPath).containsPoint(point) { return indexPath }
    }
    return nil
  }

  public func cellForItem(at indexPath: IndexPath) -> UICollectionViewCell? {
    indexPath.section == 0 ? visible[indexPath.item] : nil
  }

  public var indexPathsForVisibleItems: [IndexPath] { visible.keys.sorted().map { IndexPath(item: $0, section: 0) } }

  public var visibleCells: [UICollectionViewCell] { visible.keys.sorted().compactMap { visible[$0] } }

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

  private func tileCells() {
    guard grid != nil else { return }
    let wanted = itemsOnScreen()
    let leaving = visible.filter { !wanted.contains($0.key) && !isTouched($0.value) }
    for item in leaving.keys { visible[item] = nil }
    recycle(leaving.keys.sorted().map { leaving[$0]! })
    var arriving: [UICollectionViewCell] = []
    for item in wanted where visible[item] == nil {
      let cell = dequeueCell()
      configure(cell, for: IndexPath(item: item, section: 0))
      visible[item] = cell
      arriving.append(cell)
    }
    insertSubviews(arriving.reversed(), at: 0)
  }

  private func isTouched(_ cell: UICollectionViewCell) -> Bool {
    let touches =
      [trackedTouch].compactMap { $0 } + (application?.touchesOnScreen ?? [])
      + (application?.heldTouches ?? [])
    return touches.contains { $0.view?.isDescendant(of: cell) == true }
  }

  private func dequeueCell() -> UICollectionViewCell {
    if let cell = reuseQueue.popLast() {
      cell.prepareForReuse()
      return cell
    }
    cellsCreated += 1
    return UICollectionViewCell(frame: .zero)
  }

  private func recycle(_ cells: [UICollectionViewCell]) {
    removeSubviews(cells)
    for cell in cells {
      for view in cell.itemSubviews { view.removeFromSuperview() }
      cell.itemSubviews = []
      cell.indexPath = nil
      reuseQueue.append(cell)
    }
  }

  private func configure(_ cell: UICollectionViewCell, for indexPath: IndexPath) {
    cell.indexPath = indexPath
    cell.frame = frameForItem(at: indexPath)
    cell.textLabel.text = text(ofItem: indexPath.item)
    cell.isSelected = indexPathsForSelectedItems.contains(indexPath)
    cell.isHighlighted = indexPath == indexPathForHighlightedItem
    cell.itemSubviews = indexPath.item < items.count ? items[indexPath.item].subviews : []
    for view in cell.itemSubviews { cell.contentView.addSubview(view) }
  }

  // MARK: Selection

  public func selectItem(at indexPath: IndexPath?) {
    for old in indexPathsForSelectedItems { cellForItem(at: old)?.isSelected = false }
    indexPathsForSelectedItems = indexPath.flatMap { isValid($0) ? [$0] : nil } ?? []
    for new in indexPathsForSelectedItems { cellForItem(at: new)?.isSelected = true }
  }

  public func deselectItem(at indexPath: IndexPath) {
    guard indexPathsForSelectedItems.contains(indexPath) else { return }
    selectItem(at: nil)
  }

  private func setHighlightedItem(_ indexPath: IndexPath?) {
    if let old = indexPathForHighlightedItem { cellForItem(at: old)?.isHighlighted = false }
    indexPathForHighlightedItem = indexPath
    if let new = indexPath { cellForItem(at: new)?.isHighlighted = true }
  }

  // MARK: Touches from the cells

  open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
    guard trackedTouch == nil, allowsSelection, let touch = touches.inOrder.first,
      let indexPath = indexPathForItem(at: touch.location(in: self))
    else { return }
    trackedTouch = touch
    // "If you return false … the system bypasses the entire selection process" (Apple).
    guard delegate?.collectionView(self, shouldHighlightItemAt: indexPath) ?? true else { return }
    setHighlightedItem(indexPath)
    delegate?.collectionView(self, didHighlightItemAt: indexPath)
  }

  /// Takes the touch's highlight off its item, then `didUnhighlightItemAt`.
  private func unhighlightTouchedItem() -> IndexPath? {
    guard let highlighted = indexPathForHighlightedItem else { return nil }
    setHighlightedItem(nil)
    delegate?.collectionView(self, didUnhighlightItemAt: highlighted)
    return highlighted
  }

  open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
    guard let touch = trackedTouch, touches.contains(touch) else { return }
    trackedTouch = nil
    guard let indexPath = unhighlightTouchedItem(), indexPathForItem(at: touch.location(in: self)) == indexPath,
      delegate?.collectionView(self, shouldSelectItemAt: indexPath) ?? true
    else { return }
    for previous in indexPathsForSelectedItems where previous != indexPath {
      let deselects = delegate?.collectionView(self, shouldDeselectItemAt: previous) ?? true
      selectItem(at: nil)
      if deselects { delegate?.collectionView(self, didDeselectItemAt: previous) }
    }
    selectItem(at: indexPath)
    delegate?.collectionView(self, didSelectItemAt: indexPath)
  }

  open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
    guard let touch = trackedTouch, touches.contains(touch) else { return }
    trackedTouch = nil
    _ = unhighlightTouchedItem()
    tileCells()
  }
}
