import Foundation
import TouchLabEngine

extension ClassDrawing {
  /// UISwipeGestureRecognizer: its directions.
  static var uiSwipeGestureRecognizer: ClassDrawing {
    ClassDrawing(
      UISwipeGestureRecognizer.self,
      inspectorRows: { swipe, make in
        let names: [(String, UISwipeGestureRecognizer.Direction)] = [
          ("right", .right), ("left", .left), ("up", .up), ("down", .down),
        ]
        let directions = names.filter { swipe.direction.contains($0.1) }.map(\.0).joined(separator: ", ")
        return InspectorRows(trailing: [make.text("direction", directions)])
      })
  }
}
