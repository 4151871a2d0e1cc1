import Foundation

/// A scrolling list of rows in sections (docs/BEHAVIOUR.md §7–8).
///
/// Only the rows on screen exist as cells: scrolling moves cells that left the screen to a
/// reuse queue and takes them back for rows that arrive, as UIKit's dequeue does, so a
/// 10,000-row table costs what its visible rows cost. Touches reach the table from its
/// cells along the responder chain; the table highlights the row at `touchesBegan`,
/// selects it at `touchesEnded` (deselecting the previous one, then telling the delegate)
/// and unhighlights it at `touchesCancelled`. A subclass whose overrides do not call super
/// selects nothing ([A3] §3.2). The reuse, the touch handling and the selection are the ones a
/// collection view has (`ReusableCellPool`, `CellSelectionController`); this class adds the
/// sections, the rows' geometry, the headers and UIKit's names.
///
/// A table with no sections whose views hold cells placed as views of their own (an imported
/// dump's printed cells, `UITableViewCell.placed(frame:)`, maybe inside the table's wrapper
/// view) has those cells as its rows, at their own frames, whatever their heights: section
/// 0, numbered from the top (docs/import.md "Tables"). A touch on one highlights and selects
/// its row through the same selection as any row's.
open class UITableView: UIScrollView, CellSelectionController {
  /// One row's content: its text, and views of its own placed in its cell's content view
  /// (a button in a cell) — they go wherever the row's cell is. A collection view's item is
  /// the same.
  public typealias Row = CellContent

  /// A section: an optional header and its rows, given one by one or as a count with a
  /// text pattern (`%d` stands for the row number), which costs nothing per row.
  public struct Section {
    public var header: String?
    public var rows: [Row]
    public var generatedRowCount: Int
    public var generatedRowText: String?

    public init(header: String? = nil, rows: [Row] = [], generatedRowCount: Int = 0, generatedRowText: String? = nil) {
      self.header = header
      self.rows = rows
      self.generatedRowCount = generatedRowCount
      self.generatedRowText = generatedRowText
    }

    public var numberOfRows: Int { rows.count + generatedRowCount }

    func text(ofRow row: Int) -> String? {
      if row < rows.count { return rows[row].text }
      return generatedRowText.map { $0.replacingOccurrences(of: "%d", with: String(row)) }
    }

    func subviews(ofRow row: Int) -> [UIView] { row < rows.count ? rows[row].subviews : [] }
  }

  public var sections: [Section] = [] {
    didSet { reloadData() }
  }
  public var rowHeight: CGFloat = UIKitConstants.tableRowHeight {
    didSet { if rowHeight != oldValue { reloadData() } }
  }
  /// The height of a section's header, for sections that have one.
  public var sectionHeaderHeight: CGFloat = UIKitConstants.tableSectionHeaderHeight {
    didSet { if sectionHeaderHeight != oldValue { reloadData() } }
  }
  public var separatorColor = UIColor(red: 60.0 / 255, green: 60.0 / 255, blue: 67.0 / 255, alpha: 0.29)
  public var allowsSelection = true
  /// A tap selects a row without deselecting the others, and a tap on a selected row
  /// deselects it (`willDeselectRowAt`, `didDeselectRowAt`; docs/BEHAVIOUR.md §19).
  public var allowsMultipleSelection = false
  public weak var delegate: UITableViewDelegate? {
    didSet { updateSwipeActionsSupport() }
  }
  /// The editing part of the data source: `canEditRowAt` and the commit a swipe's Delete
  /// button sends (docs/BEHAVIOUR.md §23.4).
  public weak var dataSource: UITableViewDataSource? {
    didSet { updateSwipeActionsSupport() }
  }
  /// UIKit's swipe actions, with their two recognizers on the table: there once the delegate
  /// gives swipe actions (docs/BEHAVIOUR.md §23).
  public internal(set) var swipeHandler: UISwipeHandler?
  /// The hooks of the declared class its cells are made of (a layout's `cellClass:`): a
  /// cell's `setHighlighted:animated:` and `setSelected:animated:` can then be logged.
  public var cellOverrideHooks: (any OverrideHooks)? {
    didSet {
      for cell in cellPool.allCells { cell.overrideHooks = cellOverrideHooks }
    }
  }

  public var indexPathForSelectedRow: IndexPath? { cellSelection.selected.first }
  /// The selected rows in the order they were selected; nil when none is (as UIKit's).
  public var indexPathsForSelectedRows: [IndexPath]? { cellSelection.selected.isEmpty ? nil : cellSelection.selected }
  /// The row under a finger now (set at `touchesBegan`, cleared at its end).
  public var indexPathForHighlightedRow: IndexPath? { cellSelection.highlighted }
  var cellSelection = CellSelection()

  /// Cells on screen, by row, and the ones waiting for reuse.
  var cellPool = ReusableCellPool<UITableViewCell>()
  private var visibleHeaders: [Int: UITableViewHeaderFooterView] = [:]
  /// Each section's top, in content coordinates (one entry per section, plus the end).
  private var sectionTops: [CGFloat] = [0]
  /// How many cells were ever made (for tests and benchmarks of reuse).
  public var cellsCreated: Int { cellPool.cellsCreated }

  public override init(frame: CGRect) {
    super.init(frame: frame)
    alwaysBounceVertical = true
  }

  // MARK: Data

  /// The sections; a table of placed cells has one.
  public var numberOfSections: Int { hasDataCells ? sections.count : (placedCells.isEmpty ? 0 : 1) }

  public func numberOfRows(inSection section: Int) -> Int {
    if !hasDataCells { return section == 0 ? placedCells.count : 0 }
    return sections.indices.contains(section) ? sections[section].numberOfRows : 0
  }

  /// Rebuilds the geometry and the visible cells from `sections`.
  public func reloadData() {
    var tops: [CGFloat] = []
    var y: CGFloat = 0
    for section in sections {
      tops.append(y)
      y += headerHeight(section) + CGFloat(section.numberOfRows) * rowHeight
    }
    tops.append(y)
    sectionTops = tops
    swipeHandler?.reset()
    recycleCells()
    for (_, header) in visibleHeaders { header.removeFromSuperview() }
    visibleHeaders.removeAll()
    // Placed cells (an imported dump's) lie in the content the layout gave: kept.
    if hasDataCells || placedCells.isEmpty { contentSize = CGSize(width: bounds.width, height: y) }
    tileCells()
  }

  private func headerHeight(_ section: Section) -> CGFloat { section.header == nil ? 0 : sectionHeaderHeight }

  func isValidCellIndexPath(_ indexPath: IndexPath) -> Bool {
    if !hasDataCells { return placedCell(at: indexPath) != nil }
    return sections.indices.contains(indexPath.section) && indexPath.row >= 0
      && indexPath.row < sections[indexPath.section].numberOfRows
  }

  var hasDataCells: Bool { !sections.isEmpty }

  /// The cells placed among the table's views (an imported dump's), its rows when it has no
  /// sections (`CellSelectionController.placedCells`); empty when it has sections.
  public var placedRows: [UITableViewCell] { placedCells }

  // MARK: Geometry

  /// A row's rectangle in the table's content coordinates.
  public func rectForRow(at indexPath: IndexPath) -> CGRect {
    if let rect = placedRect(at: indexPath) { return rect }
    guard isValidCellIndexPath(indexPath) else { return .zero }
    let top = sectionTops[indexPath.section] + headerHeight(sections[indexPath.section])
    return CGRect(x: 0, y: top + CGFloat(indexPath.row) * rowHeight, width: bounds.width, height: rowHeight)
  }

  public func rectForHeader(inSection section: Int) -> CGRect {
    guard sections.indices.contains(section) else { return .zero }
    return CGRect(x: 0, y: sectionTops[section], width: bounds.width, height: headerHeight(sections[section]))
  }

  /// The row at a point of the table's content coordinates (arithmetic, not a walk of the rows).
  public func indexPathForRow(at point: CGPoint) -> IndexPath? {
    if !hasDataCells { return placedIndexPath(at: point) }
    guard point.x >= 0, point.x < bounds.width, rowHeight > 0, sections.count > 0 else { return nil }
    // The last section whose top is at or above the point (binary search over sections).
    var low = 0
    var high = sections.count - 1
    while low < high {
      let mid = (low + high + 1) / 2
      if sectionTops[mid] <= point.y { low = mid } else { high = mid - 1 }
    }
    let section = low
    let rowsTop = sectionTops[section] + headerHeight(sections[section])
    guard point.y >= rowsTop else { return nil }
    // Compared as a Double first: a point far down the content is past what an Int holds.
    let rowValue = ((point.y - rowsTop) / rowHeight).rounded(.down)
    guard rowValue < Double(sections[section].numberOfRows) else { return nil }
    return IndexPath(row: Int(rowValue), section: section)
  }

  /// The cell of a row on screen, nil for rows off screen.
  public func cellForRow(at indexPath: IndexPath) -> UITableViewCell? { shownCell(at: indexPath) }

  public var visibleCells: [UITableViewCell] { indexPathsForVisibleRows.compactMap { cellPool.visible[$0] } }

  public var indexPathsForVisibleRows: [IndexPath] { cellPool.indexPaths }

  func cellIndexPath(at point: CGPoint) -> IndexPath? { indexPathForRow(at: point) }

  public func indexPath(for cell: UITableViewCell) -> IndexPath? {
    if let indexPath = cell.indexPath { return indexPath }
    return placedRows.firstIndex { $0 === cell }.map { IndexPath(row: $0, section: 0) }
  }

  // MARK: Cells on screen

  override func contentGeometryDidChange() {
    if contentSize.width != bounds.width {
      contentSize.width = bounds.width  // comes back here through contentSize's didSet
      return
    }
    tileCells()
  }

  /// The most rows a table gives cells at once: a screenful is a few dozen. A table grown
  /// taller than this many rows (by code or a `set:` step; a layout saying so is an error)
  /// shows cells for the first ones only, rather than spend seconds on every scroll.
  public static let maximumRowsOnScreen = 10_000

  /// What the last tiling showed: per section with rows on screen, (section, first, last).
  /// The rows of one section on screen.
  private struct RowRange: Hashable {
    var section: Int
    var rows: ClosedRange<Int>
  }
  private struct Tiling: Hashable {
    var rows: [RowRange]
    var headers: [Int]
    var width: CGFloat
  }

  /// Puts a cell on every row that shows and takes cells off rows that left.
  func tileCells() {
    guard sectionTops.count == sections.count + 1 else { return }
    let top = max(contentOffset.y, 0)
    let bottom = min(contentOffset.y + bounds.height, sectionTops.last ?? 0)
    var rows: [RowRange] = []
    var wantedCount = 0
    var wantedHeaders: [Int] = []
    if bottom > top, rowHeight > 0 {
      for (index, section) in sections.enumerated() {
        let sectionTop = sectionTops[index]
        let sectionBottom = sectionTops[index + 1]
        guard sectionBottom > top, sectionTop < bottom else { continue }
        if section.header != nil && sectionTop + sectionHeaderHeight > top { wantedHeaders.append(index) }
        let rowsTop = sectionTop + headerHeight(section)
        // Cut to the row count as Doubles before they become Ints (an offset of any size).
        let rowCount = Double(section.numberOfRows)
        let first = Int(min(rowCount, max(0, ((top - rowsTop) / rowHeight).rounded(.down))))
        let last = Int(min(rowCount, max(0, ((bottom - rowsTop) / rowHeight).rounded(.up)))) - 1
        guard first <= last else { continue }
        rows.append(RowRange(section: index, rows: first...last))
        wantedCount += last - first + 1
      }
    }
    wantedCount = min(wantedCount, Self.maximumRowsOnScreen)
    // A scroll within the same rows changes nothing (ReusableCellPool.isTiled).
    let tiling = Tiling(rows: rows, headers: wantedHeaders, width: bounds.width)
    if cellPool.isTiled(as: tiling, count: wantedCount) && visibleHeaders.count == wantedHeaders.count { return }
    var wanted: [IndexPath] = []
    wanted.reserveCapacity(wantedCount)
    sections: for range in rows {
      for row in range.rows {
        guard wanted.count < Self.maximumRowsOnScreen else { break sections }
        wanted.append(IndexPath(row: row, section: range.section))
      }
    }
    // Rows that left the screen give their cells back (unless a finger is on them). A set
    // for lookups: a table may show thousands of rows at once.
    let wantedSet = Set(wanted)
    cellPool.tile(
      wanted, isWanted: { wantedSet.contains($0) }, in: self, isTouched: isTouched,
      place: { cell, indexPath in cell.frame = rectForRow(at: indexPath) }, make: makeCell,
      configure: { cell, indexPath in
        let section = sections[indexPath.section]
        configure(
          cell, at: indexPath, frame: rectForRow(at: indexPath), text: section.text(ofRow: indexPath.row),
          subviews: section.subviews(ofRow: indexPath.row))
        configureSwipeActions(cell, at: indexPath)
      })
    for (section, header) in visibleHeaders where !wantedHeaders.contains(section) {
      header.removeFromSuperview()
      visibleHeaders[section] = nil
    }
    for section in wantedHeaders where visibleHeaders[section] == nil {
      let header = UITableViewHeaderFooterView(frame: rectForHeader(inSection: section))
      header.textLabel.text = sections[section].header
      visibleHeaders[section] = header
      addSubview(header)
    }
  }

  private func makeCell() -> UITableViewCell {
    let cell = UITableViewCell(frame: .zero)
    cell.overrideHooks = cellOverrideHooks
    return cell
  }

  // MARK: Selection

  public func selectRow(at indexPath: IndexPath?) { selectCell(at: indexPath) }

  public func deselectRow(at indexPath: IndexPath) { deselectCell(at: indexPath) }

  func callDelegate(_ call: CellDelegateCall, at indexPath: IndexPath) -> IndexPath? {
    guard let delegate else { return indexPath }
    switch call {
    case .shouldHighlight: return delegate.tableView(self, shouldHighlightRowAt: indexPath) ? indexPath : nil
    case .willSelect: return delegate.tableView(self, willSelectRowAt: indexPath)
    case .willDeselect: return delegate.tableView(self, willDeselectRowAt: indexPath)
    case .didHighlight: delegate.tableView(self, didHighlightRowAt: indexPath)
    case .didUnhighlight: delegate.tableView(self, didUnhighlightRowAt: indexPath)
    case .didSelect: delegate.tableView(self, didSelectRowAt: indexPath)
    case .didDeselect: delegate.tableView(self, didDeselectRowAt: indexPath)
    }
    return indexPath
  }

  /// A selection that changed is recorded (the transcript's selection lines).
  /// A table unhighlights at the lift before it selects (docs/BEHAVIOUR.md §19).
  var selectsBeforeUnhighlighting: Bool { false }

  func selectionDidChange(from old: IndexPath?, to new: IndexPath?) {
    guard let recorder, recorder.isListening else { return }
    if let old {
      recorder.record(.selection(table: participant, section: old.section, row: old.row, selected: false))
    }
    if let new {
      recorder.record(.selection(table: participant, section: new.section, row: new.row, selected: true))
    }
  }

  // MARK: Touches from the cells (docs/BEHAVIOUR.md §7)

  open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { cellTouchesBegan(touches) }

  open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { cellTouchesEnded(touches) }

  open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
    cellTouchesCancelled(touches)
  }
}
