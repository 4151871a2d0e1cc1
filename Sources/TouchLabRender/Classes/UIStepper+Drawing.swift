import Foundation
import TouchLabCanvas
import TouchLabEngine

extension ClassDrawing {
  /// UIStepper: its two halves and their glyphs.
  static var uiStepper: ClassDrawing {
    ClassDrawing(UIStepper.self, draw: { $0.drawStepper($1, in: $2, on: $3) })
  }
}

extension ViewPainter {
  /// UIStepper as iOS 13 and later draw it: a grey rounded rectangle cut in two by a
  /// hairline, a − and a + glyph; the pressed half darkens, a half that cannot step greys
  /// its glyph.
  fileprivate func drawStepper(_ stepper: UIStepper, in rect: CanvasRect, on canvas: Canvas) {
    canvas.withAlpha(stepper.isEnabled ? 1 : UIKitLook.disabledAlpha) {
      let radius = min(8, rect.height / 2)
      canvas.fillRoundedRect(rect, cornerRadius: radius, color: UIKitControlLook.controlBackground)
      for button in [UIStepper.Button.decrement, .increment] {
        let half = CanvasRect(stepper.rect(for: button))
        if stepper.pressedButton == button {
          canvas.withSavedState {
            canvas.clip(to: half)
            canvas.fillRoundedRect(rect, cornerRadius: radius, color: UIKitControlLook.controlPressed)
          }
        }
        let color = stepper.canStep(button) ? CanvasColor.black : UIKitControlLook.disabledGlyph
        let c = CanvasPoint(x: half.midX, y: half.midY)
        let arm = min(7, half.height / 4)
        let line = CanvasStrokeStyle(width: 2, cap: .round)
        canvas.strokeLine(
          from: CanvasPoint(x: c.x - arm, y: c.y), to: CanvasPoint(x: c.x + arm, y: c.y), color: color, style: line)
        if button == .increment {
          canvas.strokeLine(
            from: CanvasPoint(x: c.x, y: c.y - arm), to: CanvasPoint(x: c.x, y: c.y + arm), color: color, style: line)
        }
      }
      canvas.fill(
        CanvasRect(x: rect.midX - 0.5, y: rect.minY + 8, width: 1, height: max(0, rect.height - 16)),
        color: UIKitControlLook.divider)
    }
  }
}
