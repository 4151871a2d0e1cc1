import Foundation
import TouchLabEngine

extension ClassDrawing {
  /// UIScrollView: its background colour (its indicators are drawn over its content, by
  /// `ScrollViewDrawingTraits`); the inspector lists the flags that decide its content's touches.
  static var uiScrollView: ClassDrawing { ClassDrawing(UIScrollView.self, inspectorRows: scrollViewRows) }
}
