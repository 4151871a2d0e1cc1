import Foundation
import TouchLabEngine

extension ClassDrawing {
  /// UIScreenEdgePanGestureRecognizer: its edges (not a pan's touches).
  static var uiScreenEdgePanGestureRecognizer: ClassDrawing {
    ClassDrawing(
      UIScreenEdgePanGestureRecognizer.self,
      inspectorRows: { edge, make in
        let names: [(String, UIRectEdge)] = [("top", .top), ("left", .left), ("bottom", .bottom), ("right", .right)]
        let edges = names.filter { edge.edges.contains($0.1) }.map(\.0).joined(separator: ", ")
        return InspectorRows(trailing: [make.text("edges", edges)])
      }, hidingInheritedRows: ["touches"])
  }
}
