import Foundation
import TouchLabEngine

// What the renderer needs of the engine's scrolling views, named exactly as the engine's
// UIScrollView, UITableView and UITableViewCell name it. The engine's classes adopt these
// in UIKit+ViewDrawingTraits.swift (an empty conformance each), so the drawing code below
// depends on nothing else of them.

/// A view that scrolls its content: drawn clipped to its bounds, with its indicators.
protocol ScrollViewDrawingTraits: UIView {
  /// The vertical indicator in the scroll view's own (bounds) coordinates; nil while hidden.
  var verticalScrollIndicatorFrame: CGRect? { get }
  /// The horizontal indicator in the scroll view's own (bounds) coordinates; nil while hidden.
  var horizontalScrollIndicatorFrame: CGRect? { get }
}

/// A table: its separators' colour.
protocol TableViewDrawingTraits: ScrollViewDrawingTraits {
  var separatorColor: UIColor { get }
}

/// A table's cell: a grey background while highlighted or selected, a separator below.
protocol TableViewCellDrawingTraits: UIView {
  var isHighlighted: Bool { get }
  var isSelected: Bool { get }
}
