import Foundation
import TouchLabEngine

extension ClassDrawing {
  /// UIWindow: its background colour, as any view.
  static var uiWindow: ClassDrawing { ClassDrawing(UIWindow.self) }
}
