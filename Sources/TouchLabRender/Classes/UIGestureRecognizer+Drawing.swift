import Foundation
import TouchLabEngine

extension ClassDrawing {
  /// UIGestureRecognizer: what every recognizer has (listed by SceneInspection itself).
  static var uiGestureRecognizer: ClassDrawing { ClassDrawing(UIGestureRecognizer.self) }
}
