import Foundation
import TouchLabCanvas
import TouchLabEngine

extension ClassDrawing {
  /// UISwipeActionStandardButton (a swiped row's action): a square fill of its action's colour,
  /// the full height of the row, with its title in white, as UIKit draws it (docs/BEHAVIOUR.md §23).
  static var uiSwipeActionStandardButton: ClassDrawing {
    ClassDrawing(
      UISwipeActionStandardButton.self, drawsBackground: false,
      draw: { $0.drawSwipeActionButton($1, in: $2, on: $3) })
  }
}

extension ViewPainter {
  fileprivate func drawSwipeActionButton(_ button: UISwipeActionStandardButton, in rect: CanvasRect, on canvas: Canvas)
  {
    canvas.fill(rect, color: CanvasColor(button.action.backgroundColor))
    if button.isHighlighted { canvas.fill(rect, color: UIKitLook.highlightDarkening) }
    guard let title = button.title, !title.isEmpty, rect.width > 0 else { return }
    var style = TextStyle(
      fontFamily: theme.metrics.fontFamily, fontSize: theme.metrics.fontSize, weight: .medium, color: .white,
      alignment: .center, verticalAlignment: .center, truncation: .tail)
    let box = rect.insetBy(dx: min(8, rect.width / 12), dy: 0)
    style.fontSize = Self.fittingFontSize(title, style: style, width: box.width)
    canvas.draw(title, in: box, style: style)
  }
}
