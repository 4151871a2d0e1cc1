import Foundation
import TouchLabEngine

/// iOS's look for the value controls (iOS 17, light appearance).
enum UIKitControlLook {
  /// A slider's track right of the thumb (`systemFill` over white).
  static let sliderMaximumTrack = CanvasColor(red8: 229, green8: 229, blue8: 234)
  static let thumb = CanvasColor.white
  /// A segmented control's or stepper's background (`tertiarySystemFill` over white).
  static let controlBackground = CanvasColor(red8: 238, green8: 238, blue8: 239)
  /// ...pressed (a segment or a stepper button under the finger).
  static let controlPressed = CanvasColor(red8: 218, green8: 218, blue8: 222)
  /// The hairline between segments and between a stepper's buttons (`separator`).
  static let divider = CanvasColor(red8: 198, green8: 198, blue8: 200)
  /// A page indicator that is not the current page (`tertiaryLabel`), and the current one.
  static let pageIndicator = CanvasColor(red8: 199, green8: 199, blue8: 204)
  static let currentPageIndicator = CanvasColor(red8: 60, green8: 60, blue8: 67)
  /// A disabled stepper button's glyph.
  static let disabledGlyph = CanvasColor(red8: 196, green8: 196, blue8: 198)
}

extension SceneRenderer {
  /// UISlider as iOS draws it: a thin capsule track, the tint (system blue) left of the thumb
  /// and light grey right of it, and a white round thumb with a soft shadow. The geometry is
  /// the engine's own (`trackRect`, `thumbRect`), so what is drawn is what a touch must hit.
  func drawSlider(_ slider: UISlider, in rect: CanvasRect, on canvas: Canvas) {
    canvas.withAlpha(slider.isEnabled ? 1 : UIKitLook.disabledAlpha) {
      let track = CanvasRect(slider.trackRect(forBounds: slider.bounds))
      let thumb = CanvasRect(slider.currentThumbRect)
      let radius = track.height / 2
      canvas.fillRoundedRect(track, cornerRadius: radius, color: UIKitControlLook.sliderMaximumTrack)
      let filled = CanvasRect(
        x: track.minX, y: track.minY, width: max(0, thumb.midX - track.minX), height: track.height)
      if filled.width > 0 {
        let tint = CanvasColor(UIColor.systemBlue)
        canvas.fillRoundedRect(filled, cornerRadius: min(radius, filled.width / 2), color: tint)
      }
      drawThumb(thumb, on: canvas)
    }
  }

  /// A white round knob with iOS's two-layer shadow (a switch's knob, a slider's thumb).
  func drawThumb(_ knob: CanvasRect, on canvas: Canvas) {
    let radius = min(knob.width, knob.height) / 2
    let far = CanvasRect(x: knob.minX - 0.5, y: knob.minY + 1.5, width: knob.width + 1, height: knob.height + 1)
    canvas.fillRoundedRect(far, cornerRadius: radius, color: CanvasColor(red: 0, green: 0, blue: 0, alpha: 0.07))
    let near = CanvasRect(x: knob.minX, y: knob.minY + 0.75, width: knob.width, height: knob.height)
    canvas.fillRoundedRect(near, cornerRadius: radius, color: CanvasColor(red: 0, green: 0, blue: 0, alpha: 0.12))
    canvas.fillRoundedRect(knob, cornerRadius: radius, color: UIKitControlLook.thumb)
  }

  /// UISegmentedControl as iOS 13 and later draw it: a grey rounded rectangle, the selected
  /// segment a white rounded "thumb" with a soft shadow, hairlines between the others, the
  /// titles centred (the selected one semibold); the segment under a finger darkens.
  func drawSegmentedControl(_ control: UISegmentedControl, in rect: CanvasRect, on canvas: Canvas) {
    canvas.withAlpha(control.isEnabled ? 1 : UIKitLook.disabledAlpha) {
      let radius = min(9, rect.height / 2)
      canvas.fillRoundedRect(rect, cornerRadius: radius, color: UIKitControlLook.controlBackground)
      let count = control.numberOfSegments
      guard count > 0 else { return }
      let selected = control.selectedSegmentIndex
      for index in 0..<count {
        let segment = CanvasRect(control.rectForSegment(at: index))
        if index == control.highlightedSegmentIndex && index != selected {
          canvas.fillRoundedRect(
            segment.insetBy(dx: 2, dy: 2), cornerRadius: radius - 2, color: UIKitControlLook.controlPressed)
        }
        if index == selected {
          let thumb = segment.insetBy(dx: 2, dy: 2)
          let shadow = CanvasRect(x: thumb.minX, y: thumb.minY + 1, width: thumb.width, height: thumb.height)
          canvas.fillRoundedRect(
            shadow, cornerRadius: radius - 2, color: CanvasColor(red: 0, green: 0, blue: 0, alpha: 0.1))
          canvas.fillRoundedRect(thumb, cornerRadius: radius - 2, color: .white)
        }
        // A hairline before this segment, unless it or its neighbour is selected.
        if index > 0 && index != selected && index - 1 != selected {
          canvas.fill(
            CanvasRect(x: segment.minX - 0.5, y: segment.minY + 8, width: 1, height: max(0, segment.height - 16)),
            color: UIKitControlLook.divider)
        }
        guard let title = control.titleForSegment(at: index), !title.isEmpty else { continue }
        let style = TextStyle(
          fontFamily: theme.metrics.fontFamily, fontSize: 13, weight: index == selected ? .semibold : .regular,
          color: .black, alignment: .center, verticalAlignment: .center, truncation: .tail)
        canvas.draw(title, in: segment.insetBy(dx: 6, dy: 0), style: style)
      }
    }
  }

  /// UIStepper as iOS 13 and later draw it: a grey rounded rectangle cut in two by a
  /// hairline, a − and a + glyph; the pressed half darkens, a half that cannot step greys
  /// its glyph.
  func drawStepper(_ stepper: UIStepper, in rect: CanvasRect, on canvas: Canvas) {
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

  /// UIPageControl: a centred row of dots, the current page's dark, the others light grey.
  func drawPageControl(_ pages: UIPageControl, in rect: CanvasRect, on canvas: Canvas) {
    guard !pages.showsNoIndicators else { return }
    canvas.withAlpha(pages.isEnabled ? 1 : UIKitLook.disabledAlpha) {
      for page in 0..<pages.numberOfPages {
        let dot = CanvasRect(pages.indicatorRect(forPage: page))
        let color =
          page == pages.currentPage ? UIKitControlLook.currentPageIndicator : UIKitControlLook.pageIndicator
        canvas.fillCircle(center: CanvasPoint(x: dot.midX, y: dot.midY), radius: dot.width / 2, color: color)
      }
    }
  }

  /// UITextField with the rounded-rect border style: white, a thin grey border, the text
  /// (or the placeholder in grey) at the left; while editing, a blue caret after the text.
  func drawTextField(_ field: UITextField, in rect: CanvasRect, on canvas: Canvas) {
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

  /// The keyboard, plainly: iOS's grey tray with three rows of white keys and a space bar.
  func drawKeyboard(_ keyboard: UIKeyboard, in rect: CanvasRect, on canvas: Canvas) {
    canvas.fill(rect, color: CanvasColor(keyboard.backgroundColor ?? .white))
    let rows = [10, 9, 7]
    let keyHeight = 42.0
    let gap = 6.0
    let keyWidth = (rect.width - 6 - 9 * gap) / 10
    for (index, count) in rows.enumerated() {
      let y = rect.minY + 8 + Double(index) * (keyHeight + 12)
      let rowWidth = Double(count) * keyWidth + Double(count - 1) * gap
      var x = rect.midX - rowWidth / 2
      for _ in 0..<count {
        canvas.fillRoundedRect(
          CanvasRect(x: x, y: y + 1, width: keyWidth, height: keyHeight), cornerRadius: 5,
          color: CanvasColor(red8: 137, green8: 138, blue8: 141))
        canvas.fillRoundedRect(
          CanvasRect(x: x, y: y, width: keyWidth, height: keyHeight), cornerRadius: 5, color: .white)
        x += keyWidth + gap
      }
    }
    let spaceY = rect.minY + 8 + 3 * (keyHeight + 12)
    let space = CanvasRect(x: rect.midX - rect.width * 0.25, y: spaceY, width: rect.width * 0.5, height: keyHeight)
    canvas.fillRoundedRect(space, cornerRadius: 5, color: .white)
  }
}
