import Foundation
import TouchLabEngine

extension ClassDrawing {
  /// UICollectionViewCell: its own background, grey while highlighted or selected
  /// (ViewPainter+Collections.swift).
  static var uiCollectionViewCell: ClassDrawing {
    ClassDrawing(UICollectionViewCell.self, drawsBackground: false, draw: { $0.drawCollectionCell($1, in: $2, on: $3) })
  }
}
