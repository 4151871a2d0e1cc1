import Foundation
import TouchLabEngine

extension ClassDrawing {
  /// UIPanGestureRecognizer: the touches it takes.
  static var uiPanGestureRecognizer: ClassDrawing {
    ClassDrawing(
      UIPanGestureRecognizer.self,
      inspectorRows: { pan, make in
        let maximum = pan.maximumNumberOfTouches == Int.max ? "∞" : "\(pan.maximumNumberOfTouches)"
        return InspectorRows(trailing: [make.text("touches", "\(pan.minimumNumberOfTouches)…\(maximum)")])
      })
  }
}
