import Foundation
import TouchLabEngine

/// iOS's look for what the theme does not cover: switch, table and scroll indicator colours
/// (iOS 17, light appearance).
enum UIKitLook {
  /// A switch's track when off (`systemFill` over white).
  static let switchOffTrack = CanvasColor(red8: 233, green8: 233, blue8: 235)
  static let switchKnob = CanvasColor.white
  /// A selected or highlighted cell (`systemGray4`).
  static let cellSelection = CanvasColor(red8: 209, green8: 209, blue8: 214)
  /// A table's default separator (`separator` over white).
  static let separator = CanvasColor(red8: 198, green8: 198, blue8: 200)
  /// A cell separator's inset from the cell's left edge.
  static let separatorInset = Double(UIKitConstants.tableSeparatorInset)
  static let scrollIndicator = CanvasColor(red: 0, green: 0, blue: 0, alpha: 0.45)
  /// How a button with its own background colour shows it is highlighted.
  static let highlightDarkening = CanvasColor(red: 0, green: 0, blue: 0, alpha: 0.22)
  /// A disabled control's opacity.
  static let disabledAlpha = 0.45
}

extension SceneRenderer {
  /// Draws `window` and everything in it, in window (scene) points.
  public func drawViewTree(_ window: UIWindow, on canvas: Canvas) {
    drawView(window, isRoot: true, on: canvas)
  }

  /// Draws one view and its subtree. The canvas enters the view's own coordinate space:
  /// its centre and transform place it in the superview, then the bounds origin (a scroll
  /// view's content offset) moves its subviews.
  private func drawView(_ view: UIView, isRoot: Bool, on canvas: Canvas) {
    // A hidden view, or one too transparent to see (UIKit's own cut-off), hides its subtree.
    guard !view.isHidden, view.alpha >= 0.01 else { return }
    // A timer fell due: the drawing stops here (`viewStop`) and is drawn again later.
    if let viewStop, stoppedInViewTree || viewStop() {
      stoppedInViewTree = true
      return
    }
    let size = CanvasSize(width: Double(view.bounds.width), height: Double(view.bounds.height))
    let rect = CanvasRect(origin: .zero, size: size)
    canvas.save()
    defer { canvas.restore() }
    if !isRoot {
      // The window's coordinates are the screen's; any other view sits at its centre.
      canvas.translate(x: Double(view.center.x), y: Double(view.center.y))
      if !view.transform.isIdentity {
        let t = view.transform
        canvas.concatenate(
          CanvasTransform(
            a: Double(t.a), b: Double(t.b), c: Double(t.c), d: Double(t.d), tx: Double(t.tx), ty: Double(t.ty)))
      }
      canvas.translate(x: -size.width / 2, y: -size.height / 2)
    }
    canvas.withAlpha(Double(view.alpha)) {
      drawContent(of: view, in: rect, on: canvas)
      drawCaption(of: view, in: rect, on: canvas)
      let scrolls = view is ScrollViewDrawingTraits
      if view.clipsToBounds || scrolls { canvas.clip(to: rect) }
      canvas.withSavedState {
        canvas.translate(x: -Double(view.bounds.minX), y: -Double(view.bounds.minY))
        for subview in view.subviews { drawView(subview, isRoot: false, on: canvas) }
        if let scrollView = view as? ScrollViewDrawingTraits { drawScrollIndicators(of: scrollView, on: canvas) }
      }
      if let cell = view as? TableViewCellDrawingTraits { drawSeparator(below: cell, in: rect, on: canvas) }
    }
  }

  /// What a view draws itself, under its subviews.
  private func drawContent(of view: UIView, in rect: CanvasRect, on canvas: Canvas) {
    switch view {
    case let toggle as UISwitch:
      drawBackground(of: view, in: rect, on: canvas)
      drawSwitch(toggle, in: rect, on: canvas)
    case let slider as UISlider:
      drawBackground(of: view, in: rect, on: canvas)
      drawSlider(slider, in: rect, on: canvas)
    case let control as UISegmentedControl:
      drawBackground(of: view, in: rect, on: canvas)
      drawSegmentedControl(control, in: rect, on: canvas)
    case let stepper as UIStepper:
      drawBackground(of: view, in: rect, on: canvas)
      drawStepper(stepper, in: rect, on: canvas)
    case let pages as UIPageControl:
      drawBackground(of: view, in: rect, on: canvas)
      drawPageControl(pages, in: rect, on: canvas)
    case let cell as UICollectionViewCell:
      drawCollectionCell(cell, in: rect, on: canvas)
    case let field as UITextField:
      drawTextField(field, in: rect, on: canvas)
    case let keyboard as UIKeyboard:
      drawKeyboard(keyboard, in: rect, on: canvas)
    case let button as UIButton:
      drawButton(button, in: rect, on: canvas)
    case let label as UILabel:
      drawBackground(of: view, in: rect, on: canvas)
      drawLabel(label, in: rect, on: canvas)
    case let imageView as UIImageView:
      drawBackground(of: view, in: rect, on: canvas)
      drawImageView(imageView, in: rect, on: canvas)
    case let cell as TableViewCellDrawingTraits:
      drawBackground(of: view, in: rect, on: canvas)
      if cell.isHighlighted || cell.isSelected { canvas.fill(rect, color: UIKitLook.cellSelection) }
    default:
      drawBackground(of: view, in: rect, on: canvas)
    }
  }

  /// A view's background colour; a view without one draws nothing of its own.
  private func drawBackground(of view: UIView, in rect: CanvasRect, on canvas: Canvas) {
    guard let color = view.backgroundColor, color.alpha > 0 else { return }
    canvas.fill(rect, color: CanvasColor(color))
  }

  // MARK: Controls

  /// A button: with a background colour of its own, that colour (darkened while
  /// highlighted); without one, a filled rounded button in the theme's control colours.
  /// Its title is centred, truncated in the middle as UIKit does.
  private func drawButton(_ button: UIButton, in rect: CanvasRect, on canvas: Canvas) {
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

  /// UISwitch as iOS draws it: a capsule track, grey when off and green when on, and a
  /// white knob with a soft shadow. `knobPosition` (0…1) places the knob and blends the
  /// track while a finger drags it; while highlighted the knob stretches, as on iOS.
  private func drawSwitch(_ toggle: UISwitch, in rect: CanvasRect, on canvas: Canvas) {
    let position = Double(min(1, max(0, toggle.knobPosition)))
    canvas.withAlpha(toggle.isEnabled ? 1 : UIKitLook.disabledAlpha) {
      let off = UIKitLook.switchOffTrack
      let on = CanvasColor(UIColor.systemGreen)
      let track = CanvasColor(
        red: off.red + (on.red - off.red) * position, green: off.green + (on.green - off.green) * position,
        blue: off.blue + (on.blue - off.blue) * position)
      canvas.fillRoundedRect(rect, cornerRadius: rect.height / 2, color: track)
      let inset = max(1, rect.height * 2 / 31)
      let diameter = rect.height - 2 * inset
      let stretch = toggle.isHighlighted && toggle.isEnabled ? diameter * 0.26 : 0
      let knobWidth = diameter + stretch
      let travel = max(0, rect.width - 2 * inset - knobWidth)
      let knob = CanvasRect(
        x: rect.minX + inset + travel * position, y: rect.minY + inset, width: knobWidth, height: diameter)
      let shadowFar = CanvasRect(x: knob.minX - 0.5, y: knob.minY + 1.5, width: knob.width + 1, height: knob.height + 1)
      canvas.fillRoundedRect(
        shadowFar, cornerRadius: diameter / 2, color: CanvasColor(red: 0, green: 0, blue: 0, alpha: 0.07))
      let shadowNear = CanvasRect(x: knob.minX, y: knob.minY + 0.75, width: knob.width, height: knob.height)
      canvas.fillRoundedRect(
        shadowNear, cornerRadius: diameter / 2, color: CanvasColor(red: 0, green: 0, blue: 0, alpha: 0.12))
      canvas.fillRoundedRect(knob, cornerRadius: diameter / 2, color: UIKitLook.switchKnob)
    }
  }

  /// UILabel: one line, vertically centred, truncated at the tail.
  private func drawLabel(_ label: UILabel, in rect: CanvasRect, on canvas: Canvas) {
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

  // MARK: Scrolling views

  /// Thin rounded dark-grey bars, in the scroll view's bounds coordinates (over the content).
  private func drawScrollIndicators(of scrollView: ScrollViewDrawingTraits, on canvas: Canvas) {
    for frame in [scrollView.verticalScrollIndicatorFrame, scrollView.horizontalScrollIndicatorFrame] {
      guard let frame, frame.width > 0, frame.height > 0 else { continue }
      let bar = CanvasRect(frame)
      canvas.fillRoundedRect(bar, cornerRadius: min(bar.width, bar.height) / 2, color: UIKitLook.scrollIndicator)
    }
  }

  /// A hairline at the foot of a cell, inset from the left as UIKit's separators are, in the
  /// table's separator colour.
  private func drawSeparator(below cell: UIView, in rect: CanvasRect, on canvas: Canvas) {
    var ancestor = cell.superview
    while let view = ancestor, !(view is TableViewDrawingTraits) { ancestor = view.superview }
    let color = (ancestor as? TableViewDrawingTraits).map { CanvasColor($0.separatorColor) } ?? UIKitLook.separator
    let hairline = 1 / canvas.scale
    let inset = min(UIKitLook.separatorInset, rect.width)
    canvas.fill(
      CanvasRect(x: rect.minX + inset, y: rect.maxY - hairline, width: rect.width - inset, height: hairline),
      color: color)
  }
}
