import Foundation
import TouchLabCanvas
import TouchLabEngine

extension ClassDrawing {
  /// UISwitch: a capsule track and a knob.
  static var uiSwitch: ClassDrawing {
    ClassDrawing(UISwitch.self, draw: { $0.drawSwitch($1, in: $2, on: $3) })
  }
}

extension ViewPainter {
  /// UISwitch as iOS draws it: a capsule track, grey when off and green when on, and a
  /// white knob with a soft shadow. `knobPosition` (0…1) places the knob and blends the
  /// track while a finger drags it; while highlighted the knob stretches, as on iOS.
  fileprivate func drawSwitch(_ toggle: UISwitch, in rect: CanvasRect, on canvas: Canvas) {
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
}
