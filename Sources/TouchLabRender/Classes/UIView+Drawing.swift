import Foundation
import TouchLabEngine

extension ClassDrawing {
  /// UIView: its background colour, nothing more.
  static var uiView: ClassDrawing { ClassDrawing(UIView.self) }
}
