import Foundation
import TouchLabEngine

extension ClassDrawing {
  /// UIView: its background colour, nothing more; a plain view (a layout's declared class
  /// based on it) shows its name as a caption.
  static var uiView: ClassDrawing { ClassDrawing(UIView.self, takesCaption: { _ in true }) }
}
