import Foundation
import TouchLabCanvas
import TouchLabEngine

extension ClassDrawing {
  /// UILabel: its text (so its superview shows no caption).
  static var uiLabel: ClassDrawing {
    ClassDrawing(UILabel.self, draw: { $0.drawLabel($1, in: $2, on: $3) }, showsText: true)
  }
}

extension ViewPainter {
  /// UILabel: one line, vertically centred, truncated at the tail.
  fileprivate func drawLabel(_ label: UILabel, in rect: CanvasRect, on canvas: Canvas) {
    guard let text = label.text, !text.isEmpty else { return }
    let alignment: TextAlignment
    switch label.textAlignment {
    case .left: alignment = .leading
    case .center: alignment = .center
    case .right: alignment = .trailing
    }
    let style = TextStyle(
      fontFamily: theme.metrics.fontFamily, fontSize: Double(label.fontSize), color: CanvasColor(label.textColor),
      alignment: alignment, verticalAlignment: .center, truncation: .tail)
    canvas.draw(text, in: rect, style: style)
  }
}
