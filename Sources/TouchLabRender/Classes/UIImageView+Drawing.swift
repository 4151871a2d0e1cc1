import Foundation
import TouchLabEngine

extension ClassDrawing {
  /// UIImageView: its image (ViewPainter+ImageView.swift).
  static var uiImageView: ClassDrawing {
    ClassDrawing(UIImageView.self, draw: { $0.drawImageView($1, in: $2, on: $3) })
  }
}
