import Foundation
import TouchLabEngine

extension ClassDrawing {
  /// UIScrollView: its background colour (its indicators are drawn over its content, by
  /// `ScrollViewDrawingTraits`); the inspector lists the flags that decide its content's
  /// touches (and so for every scroll view).
  static var uiScrollView: ClassDrawing {
    ClassDrawing(
      UIScrollView.self,
      inspectorRows: { scroll, make in
        InspectorRows(trailing: [
          make.flag("delaysContentTouches", scroll.delaysContentTouches),
          make.flag("canCancelContentTouches", scroll.canCancelContentTouches),
          make.flag("isScrollEnabled", scroll.isScrollEnabled),
        ])
      })
  }
}
