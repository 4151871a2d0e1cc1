import Foundation
import TouchLabEngine

extension ClassDrawing {
  /// UITapGestureRecognizer: the taps and touches it needs.
  static var uiTapGestureRecognizer: ClassDrawing {
    ClassDrawing(
      UITapGestureRecognizer.self,
      inspectorRows: { tap, make in
        InspectorRows(trailing: [
          make.text("numberOfTapsRequired", "\(tap.numberOfTapsRequired)"),
          make.text("numberOfTouchesRequired", "\(tap.numberOfTouchesRequired)"),
        ])
      })
  }
}
