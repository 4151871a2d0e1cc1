import Foundation
import TouchLabEngine

extension ClassDrawing {
  /// UIControl: its background colour; the inspector lists `isEnabled`, first (and so for
  /// every control).
  static var uiControl: ClassDrawing {
    ClassDrawing(
      UIControl.self,
      inspectorRows: { control, make in InspectorRows(leading: [make.flag("isEnabled", control.isEnabled)]) })
  }
}
