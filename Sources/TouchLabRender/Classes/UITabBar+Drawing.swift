import Foundation
import TouchLabCanvas
import TouchLabEngine

extension ClassDrawing {
  /// UITabBar: its bar background and top hairline (its tabs are its buttons, drawn as subviews).
  static var uiTabBar: ClassDrawing {
    ClassDrawing(UITabBar.self, drawsBackground: false, draw: { $0.drawTabBar($1, in: $2, on: $3) })
  }
}

extension ViewPainter {
  /// UITabBar's default look: the bar's colour (UIKit's light bar, `systemBackground` at
  /// 94 %, when the layout gives none) and a hairline along its top edge.
  fileprivate func drawTabBar(_ bar: UITabBar, in rect: CanvasRect, on canvas: Canvas) {
    let fill = bar.backgroundColor.map { CanvasColor($0) } ?? CanvasColor(red8: 249, green8: 249, blue8: 249)
    canvas.fill(rect, color: fill)
    canvas.fill(
      CanvasRect(x: rect.minX, y: rect.minY, width: rect.width, height: 0.5),
      color: CanvasColor(red: 0, green: 0, blue: 0, alpha: 0.3))
  }
}
