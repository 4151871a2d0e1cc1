import Foundation
import TouchLabCanvas
import TouchLabEngine
import TouchLabRecords

extension ClassDrawing {
  /// UIProgressView: its track and the filled part; the inspector lists `progress`.
  static var uiProgressView: ClassDrawing {
    ClassDrawing(
      UIProgressView.self, draw: { $0.drawProgressView($1, in: $2, on: $3) },
      inspectorRows: { progressView, make in
        InspectorRows(trailing: [make.text("progress", SceneInspection.number(Double(progressView.progress)))])
      })
  }
}

extension ViewPainter {
  /// UIProgressView as iOS 14 and later draw it: a capsule track (`trackTintColor`, else
  /// light grey) filled from the left to `progress` (`progressTintColor`, else the tint,
  /// system blue), the fill a capsule too.
  fileprivate func drawProgressView(_ progressView: UIProgressView, in rect: CanvasRect, on canvas: Canvas) {
    let radius = rect.height / 2
    let track = progressView.trackTintColor.map { CanvasColor($0) } ?? UIKitControlLook.sliderMaximumTrack
    canvas.fillRoundedRect(rect, cornerRadius: radius, color: track)
    let filled = CanvasRect(
      x: rect.minX, y: rect.minY, width: rect.width * Double(progressView.progress), height: rect.height)
    guard filled.width > 0 else { return }
    let tint = CanvasColor(progressView.progressTintColor ?? UIColor.systemBlue)
    canvas.fillRoundedRect(filled, cornerRadius: min(radius, filled.width / 2), color: tint)
  }
}
