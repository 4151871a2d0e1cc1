import Foundation
import TouchLabEngine

extension ClassDrawing {
  /// UIControl: its background colour; the inspector lists `isEnabled`.
  static var uiControl: ClassDrawing { ClassDrawing(UIControl.self, inspectorRows: controlRows) }
}
