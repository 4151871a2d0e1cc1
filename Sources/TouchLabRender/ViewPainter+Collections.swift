import Foundation
import TouchLabCanvas
import TouchLabEngine

extension ViewPainter {
  /// A collection view's cell: a rounded tile (`secondarySystemBackground`) unless the cell
  /// has a colour of its own, greyed while highlighted or selected as UIKit's default
  /// background configuration does; its text is drawn by its label.
  func drawCollectionCell(_ cell: UICollectionViewCell, in rect: CanvasRect, on canvas: Canvas) {
    let radius = min(10, rect.width / 4, rect.height / 4)
    let fill = cell.backgroundColor.map { CanvasColor($0) } ?? CanvasColor(red8: 242, green8: 242, blue8: 247)
    canvas.fillRoundedRect(rect, cornerRadius: radius, color: fill)
    if cell.isHighlighted || cell.isSelected {
      canvas.fillRoundedRect(rect, cornerRadius: radius, color: UIKitLook.cellSelection)
    }
  }
}
