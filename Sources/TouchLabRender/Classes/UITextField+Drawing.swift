import Foundation
import TouchLabCanvas
import TouchLabEngine

extension ClassDrawing {
  /// UITextField: a rounded-rect field with its text or placeholder (its own background).
  static var uiTextField: ClassDrawing {
    ClassDrawing(
      UITextField.self, drawsBackground: false, draw: { $0.drawTextField($1, in: $2, on: $3) })
  }
}

extension ViewPainter {
  /// UITextField with the rounded-rect border style: white, a thin grey border, the text
  /// (or the placeholder in grey) at the left; while editing, a blue caret after the text.
  fileprivate func drawTextField(_ field: UITextField, in rect: CanvasRect, on canvas: Canvas) {
    let fill = field.backgroundColor.map { CanvasColor($0) } ?? .white
    canvas.fillRoundedRect(rect, cornerRadius: 5, color: fill)
    canvas.strokeRoundedRect(
      rect.insetBy(dx: 0.25, dy: 0.25), cornerRadius: 5, color: UIKitControlLook.divider,
      style: CanvasStrokeStyle(width: 0.5))
    let textRect = rect.insetBy(dx: 8, dy: 0)
    let hasText = !(field.text ?? "").isEmpty
    var style = TextStyle(
      fontFamily: theme.metrics.fontFamily, fontSize: 17, color: .black, alignment: .leading,
      verticalAlignment: .center, truncation: .tail)
    if hasText {
      canvas.draw(field.text!, in: textRect, style: style)
    } else if let placeholder = field.placeholder {
      style.color = CanvasColor(red8: 196, green8: 196, blue8: 198)
      canvas.draw(placeholder, in: textRect, style: style)
    }
    guard field.isEditing else { return }
    let x = textRect.minX + (hasText ? min(textRect.width, canvas.measure(field.text!, style: style).width) + 1 : 0)
    canvas.fill(
      CanvasRect(x: x, y: rect.midY - 11, width: 2, height: 22), color: CanvasColor(UIColor.systemBlue))
  }
}
