import Foundation
import TouchLabEngine

extension ClassDrawing {
  /// UIPinchGestureRecognizer: nothing of its own.
  static var uiPinchGestureRecognizer: ClassDrawing { ClassDrawing(UIPinchGestureRecognizer.self) }
}
