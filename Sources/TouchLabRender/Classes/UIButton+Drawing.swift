import Foundation
import TouchLabCanvas
import TouchLabEngine

extension ClassDrawing {
  /// UIButton: a filled rounded button with its title (its own background); an untitled one
  /// shows its name as a caption.
  static var uiButton: ClassDrawing {
    ClassDrawing(
      UIButton.self, drawsBackground: false, draw: { $0.drawButton($1, in: $2, on: $3) },
      takesCaption: { ($0.title ?? "").isEmpty })
  }
}

extension ViewPainter {
  /// A button: with a background colour of its own, that colour (darkened while
  /// highlighted); without one, a filled rounded button in the theme's control colours.
  /// Its title is centred, truncated in the middle as UIKit does.
  fileprivate func drawButton(_ button: UIButton, in rect: CanvasRect, on canvas: Canvas) {
    let colors = theme.colors
    let titleColor: CanvasColor
    // Rounded as an iOS button is (the filled configuration's corners), whatever its colour.
    let radius = min(theme.metrics.cornerRadius, rect.height / 2, rect.width / 2)
    if let background = button.backgroundColor, background.alpha > 0 {
      let fill = CanvasColor(background)
      canvas.fillRoundedRect(rect, cornerRadius: radius, color: fill)
      if button.isHighlighted && button.isEnabled {
        canvas.fillRoundedRect(rect, cornerRadius: radius, color: UIKitLook.highlightDarkening)
      }
      // The tint (system blue) as UIKit draws it, unless it would vanish into the fill.
      let opaqueFill = fill.over(.white)
      let tint = CanvasColor(UIColor.systemBlue)
      // Readable means a contrast of 3 (WCAG's figure for large text); white before black.
      if tint.contrast(with: opaqueFill) >= 3 {
        titleColor = tint
      } else if CanvasColor.white.contrast(with: opaqueFill) >= 3 {
        titleColor = .white
      } else {
        titleColor = .black
      }
    } else {
      let fill =
        !button.isEnabled
        ? colors.controlDisabled : button.isHighlighted ? colors.controlHighlighted : colors.controlFill
      canvas.fillRoundedRect(rect, cornerRadius: radius, color: fill)
      titleColor = button.isEnabled ? colors.controlText : colors.secondaryText
    }
    guard let title = button.title, !title.isEmpty else { return }
    var style = TextStyle(
      fontFamily: theme.metrics.fontFamily, fontSize: min(theme.metrics.fontSize, max(9, rect.height * 0.5)),
      weight: .medium, color: titleColor, alignment: .center, verticalAlignment: .center, truncation: .middle)
    if !button.isEnabled && button.backgroundColor != nil {
      style.color = titleColor.withAlpha(UIKitLook.disabledAlpha)
    }
    // A title too wide for the button shrinks (to 9 points at least) before it is truncated,
    // so a short word is never cut to "U… er".
    let box = rect.insetBy(dx: min(8, rect.width / 12), dy: 0)
    style.fontSize = Self.fittingFontSize(title, style: style, width: box.width)
    canvas.draw(title, in: box, style: style)
  }

  /// The font size at which `text` fits `width` (UIKit's `adjustsFontSizeToFitWidth`): the
  /// style's own when it fits, else smaller, but never under 9 points (then it truncates).
  static func fittingFontSize(_ text: String, style: TextStyle, width: Double) -> Double {
    let natural = TextFonts.measure(text, style: style).width
    guard natural > width, width > 0 else { return style.fontSize }
    return max(9, (style.fontSize * width / natural * 20).rounded(.down) / 20)
  }
}
