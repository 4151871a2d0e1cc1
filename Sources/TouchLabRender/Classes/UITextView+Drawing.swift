import Foundation
import TouchLabCanvas
import TouchLabEngine

extension ClassDrawing {
  /// UITextView: its text, scrolled with its content; the scroll view's inspector rows and
  /// its own flags.
  static var uiTextView: ClassDrawing {
    ClassDrawing(
      UITextView.self, draw: { $0.drawTextView($1, in: $2, on: $3) },
      inspectorRows: { textView, make in
        InspectorRows(trailing: [
          make.flag("isEditable", textView.isEditable), make.flag("isSelectable", textView.isSelectable),
        ])
      })
  }
}

extension ViewPainter {
  /// A text view's text as UIKit lays it out by default: 17 pt, from the top left, inset by
  /// the text container's 8 pt top inset and 5 pt line padding, wrapped to the width and
  /// moved with the content offset; while editing, a blue caret at the text's start.
  fileprivate func drawTextView(_ textView: UITextView, in rect: CanvasRect, on canvas: Canvas) {
    let offset = textView.contentOffset
    let textRect = CanvasRect(
      x: rect.minX + 5 - Double(offset.x), y: rect.minY + 8 - Double(offset.y), width: max(0, rect.width - 10),
      height: max(rect.height, Double(textView.contentSize.height)) - 8)
    canvas.save()
    canvas.clip(to: rect)
    if let text = textView.text, !text.isEmpty {
      let style = TextStyle(
        fontFamily: theme.metrics.fontFamily, fontSize: Double(UIKitConstants.labelFontSize), color: .black,
        alignment: .leading, verticalAlignment: .top, truncation: .clip, maximumLines: 0)
      canvas.draw(text, in: textRect, style: style)
    }
    if textView.isEditing {
      canvas.fill(
        CanvasRect(x: textRect.minX, y: textRect.minY, width: 2, height: 21), color: CanvasColor(UIColor.systemBlue))
    }
    canvas.restore()
  }
}
