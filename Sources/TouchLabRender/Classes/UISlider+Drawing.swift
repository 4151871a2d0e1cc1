import Foundation
import TouchLabCanvas
import TouchLabEngine

extension ClassDrawing {
  /// UISlider: its track and thumb.
  static var uiSlider: ClassDrawing {
    ClassDrawing(UISlider.self, draw: { $0.drawSlider($1, in: $2, on: $3) })
  }
}

extension ViewPainter {
  /// UISlider as iOS draws it: a thin capsule track, the tint (system blue) left of the thumb
  /// and light grey right of it, and a white round thumb with a soft shadow. The geometry is
  /// the engine's own (`trackRect`, `thumbRect`), so what is drawn is what a touch must hit.
  fileprivate func drawSlider(_ slider: UISlider, in rect: CanvasRect, on canvas: Canvas) {
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
  fileprivate func drawThumb(_ knob: CanvasRect, on canvas: Canvas) {
    let radius = min(knob.width, knob.height) / 2
    let far = CanvasRect(x: knob.minX - 0.5, y: knob.minY + 1.5, width: knob.width + 1, height: knob.height + 1)
    canvas.fillRoundedRect(far, cornerRadius: radius, color: CanvasColor(red: 0, green: 0, blue: 0, alpha: 0.07))
    let near = CanvasRect(x: knob.minX, y: knob.minY + 0.75, width: knob.width, height: knob.height)
    canvas.fillRoundedRect(near, cornerRadius: radius, color: CanvasColor(red: 0, green: 0, blue: 0, alpha: 0.12))
    canvas.fillRoundedRect(knob, cornerRadius: radius, color: UIKitControlLook.thumb)
  }
}
