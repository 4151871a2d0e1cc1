import Foundation

/// What a table's and a collection view's cells have in common for reuse and selection
/// (UIKit gives `UITableViewCell` and `UICollectionViewCell` no common superclass, and
/// neither does TouchLab): the place they show, the views of that place, and how a touch's
/// highlight and a selection reach them.
protocol ReusableCell: UIView {
  associatedtype ContentView: UIView
  var contentView: ContentView { get }
  var textLabel: UILabel { get }
  var isSelected: Bool { get set }
  var isHighlighted: Bool { get set }
  /// What the pool put in it: the row or item it shows, and that one's own views.
  var slot: ReusableCellSlot { get set }
  func prepareForReuse()
  /// Shows a touch's highlight coming or going (a table cell through its overridable setter).
  func dispatchSetHighlighted(_ highlighted: Bool)
  /// Shows a selection coming or going (a table cell through its overridable setter).
  func dispatchSetSelected(_ selected: Bool)
}

/// A table row's or a collection item's content (`UITableView.Row`, `UICollectionView.Item`):
/// its text, and views of its own placed in its cell's content view (a button in a cell) —
/// they go wherever its cell is.
public struct CellContent {
  public var text: String?
  public var subviews: [UIView]
  public init(text: String? = nil, subviews: [UIView] = []) {
    self.text = text
    self.subviews = subviews
  }
}

/// The row or item a cell shows now (nil while in the reuse queue) and the views of its own
/// placed in the cell's content view.
struct ReusableCellSlot {
  var indexPath: IndexPath?
  var subviews: [UIView] = []
}

/// The cells on screen of a table or a collection view, by index path, and the cells that
/// scrolled away waiting in a reuse queue (UIKit's dequeue): one implementation for both, so
/// that a view of 10,000 rows or items costs what its visible ones cost.
struct ReusableCellPool<Cell: ReusableCell> {
  /// Cells on screen, by row or item.
  private(set) var visible: [IndexPath: Cell] = [:]
  private var reuseQueue: [Cell] = []
  /// How many cells were ever made (for tests and benchmarks of reuse).
  private(set) var cellsCreated = 0
  /// How many times the cells were tiled afresh (tests of the skip below).
  private(set) var tilings = 0
  /// What the last tiling showed (the view's own description of its rows or items on
  /// screen), so that a scroll within the same ones re-tiles nothing (`isTiled`).
  private var lastTiling: AnyHashable?

  /// Whether the cells on screen are already those of `tiling` — the same rows or items as
  /// the last tiling, and `count` cells (none kept for a finger, none missing) — so that a
  /// scroll within them (every scroll event asks) changes nothing: cells sit at fixed
  /// places in the content. When not, the tiling is noted as the next one's to compare.
  mutating func isTiled(as tiling: AnyHashable, count: Int) -> Bool {
    if tiling == lastTiling && visible.count == count { return true }
    lastTiling = tiling
    tilings += 1
    return false
  }

  /// Every cell the pool holds, on screen or waiting.
  var allCells: [Cell] { Array(visible.values) + reuseQueue }

  /// The index paths of the cells on screen, in order.
  var indexPaths: [IndexPath] { visible.keys.sorted() }

  /// A cell from the reuse queue (prepared for reuse), or a new one made by `make`.
  mutating func dequeue(make: () -> Cell) -> Cell {
    if let cell = reuseQueue.popLast() {
      cell.prepareForReuse()
      return cell
    }
    cellsCreated += 1
    return make()
  }

  /// Takes every cell off the screen into the reuse queue.
  mutating func recycleAll(from view: UIView) {
    let cells = indexPaths.map { visible[$0]! }
    visible.removeAll()
    recycle(cells, from: view)
  }

  /// Gives the cells of index paths no longer wanted back to the queue — unless `isTouched`
  /// (a finger is on a view in the cell: taking it out of the window mid-touch would send its
  /// last calls nowhere) — and puts a cell on every wanted index path without one, in order:
  /// `place` moves a cell that stays, `configure` fills a cell that arrives. The arriving cells
  /// go under the view's other subviews, the last lowest, as one insertion at 0 after another
  /// would put them.
  mutating func tile(
    _ wanted: some Sequence<IndexPath>, isWanted: (IndexPath) -> Bool, in view: UIView,
    isTouched: (Cell) -> Bool, place: (Cell, IndexPath) -> Void, make: () -> Cell,
    configure: (Cell, IndexPath) -> Void
  ) {
    let leaving = visible.filter { !isWanted($0.key) && !isTouched($0.value) }
    for indexPath in leaving.keys { visible[indexPath] = nil }
    recycle(leaving.keys.sorted().map { leaving[$0]! }, from: view)
    var arriving: [UIView] = []
    for indexPath in wanted {
      if let cell = visible[indexPath] {
        place(cell, indexPath)
        continue
      }
      let cell = dequeue(make: make)
      configure(cell, indexPath)
      visible[indexPath] = cell
      arriving.append(cell)
    }
    view.insertSubviews(arriving.reversed(), at: 0)
  }

  private mutating func recycle(_ cells: [Cell], from view: UIView) {
    view.removeSubviews(cells)
    for cell in cells {
      for subview in cell.slot.subviews { subview.removeFromSuperview() }
      cell.slot = ReusableCellSlot()
      reuseQueue.append(cell)
    }
  }
}
