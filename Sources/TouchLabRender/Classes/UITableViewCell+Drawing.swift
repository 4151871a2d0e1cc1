import Foundation
import TouchLabEngine

extension ClassDrawing {
  /// UITableViewCell: grey while highlighted or selected (its separator is drawn after its
  /// subviews, by `TableViewCellDrawingTraits`).
  static var uiTableViewCell: ClassDrawing {
    ClassDrawing(
      UITableViewCell.self,
      draw: { _, cell, rect, canvas in
        if cell.isHighlighted || cell.isSelected { canvas.fill(rect, color: UIKitLook.cellSelection) }
      })
  }
}
