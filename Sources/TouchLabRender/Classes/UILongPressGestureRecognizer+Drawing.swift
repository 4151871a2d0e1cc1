import Foundation
import TouchLabEngine
import TouchLabRecords

extension ClassDrawing {
  /// UILongPressGestureRecognizer: how long and how still a press must be.
  static var uiLongPressGestureRecognizer: ClassDrawing {
    ClassDrawing(
      UILongPressGestureRecognizer.self,
      inspectorRows: { press, make in
        InspectorRows(trailing: [
          make.text("minimumPressDuration", SceneInspection.number(press.minimumPressDuration)),
          make.text("allowableMovement", SceneInspection.number(Double(press.allowableMovement))),
        ])
      })
  }
}
