import Foundation
import TouchLabEngine

extension ClassDrawing {
  /// UIRotationGestureRecognizer: nothing of its own.
  static var uiRotationGestureRecognizer: ClassDrawing { ClassDrawing(UIRotationGestureRecognizer.self) }
}
