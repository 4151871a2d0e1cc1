import Foundation
import TouchLabEngine

/// The timeline strip under the scene while a scenario plays: the time axis with a tick at
/// every record time, a bar per deadline (green when it fired, orange when cancelled, the
/// held colour while it still runs at the cursor), the cursor, and the time, speed and
/// state as text.
extension SceneRenderer {
  func drawTimeline(_ strip: TimelineStrip, in rect: CanvasRect, on canvas: Canvas) {
    let text = theme.overlay.panelText
    let overlay = theme.overlay
    canvas.withSavedState {
      canvas.clip(to: rect)
      canvas.fill(rect, color: theme.colors.background)
      canvas.fill(CanvasRect(x: rect.minX, y: rect.minY, width: rect.width, height: 1), color: text.withAlpha(0.16))
      func x(_ time: TimeInterval) -> Double { rect.minX + strip.x(of: time, width: rect.width) }
      let axisLeft = x(0)
      let axisRight = x(strip.duration)

      // The label: time, length, speed, state.
      let label =
        "\(Self.timelineSeconds(strip.time)) / \(Self.timelineSeconds(strip.duration)) s   "
        + "×\(Self.speedText(strip.speed))   \(strip.isPlaying ? "playing" : "paused")"
      let style = TextStyle(
        fontFamily: Self.monospacedFamily, fontSize: 10.5, color: text.withAlpha(0.75), alignment: .leading,
        verticalAlignment: .top, truncation: .tail)
      canvas.draw(
        label, in: CanvasRect(x: axisLeft, y: rect.minY + 5, width: axisRight - axisLeft, height: 14), style: style)

      // Deadlines: one lane each (up to three, then they share the last).
      let laneTop = rect.minY + 21
      let laneHeight = 5.0
      for (index, deadline) in strip.deadlines.enumerated() {
        let lane = Double(min(index, 2))
        let shownEnd = min(deadline.end, max(strip.time, deadline.start))
        let y = laneTop + lane * (laneHeight + 2)
        let whole = CanvasRect(
          x: x(deadline.start), y: y, width: max(2, x(deadline.end) - x(deadline.start)), height: laneHeight)
        let color: CanvasColor
        switch deadline.fired {
        case true?: color = overlay.gestureRecognized
        case false?: color = overlay.gestureCancelled
        case nil: color = overlay.gestureHeld
        }
        canvas.fillRoundedRect(whole, cornerRadius: 2, color: color.withAlpha(0.3))
        if strip.time >= deadline.start {
          let elapsed = CanvasRect(x: whole.minX, y: y, width: max(2, x(shownEnd) - whole.minX), height: laneHeight)
          canvas.fillRoundedRect(
            elapsed, cornerRadius: 2, color: strip.time >= deadline.end ? color : overlay.gestureHeld)
        }
      }

      // The axis and a tick per record time.
      let axisY = rect.maxY - 10
      canvas.fill(
        CanvasRect(x: axisLeft, y: axisY, width: axisRight - axisLeft, height: 1), color: text.withAlpha(0.35))
      for time in strip.markTimes {
        let tickX = x(time)
        let passed = time <= strip.time
        canvas.fill(
          CanvasRect(x: tickX - 0.5, y: axisY - 6, width: 1, height: 7), color: text.withAlpha(passed ? 0.9 : 0.35))
      }

      // The cursor.
      let cursorX = x(strip.time)
      canvas.fill(
        CanvasRect(x: cursorX - 1, y: rect.minY + 19, width: 2, height: rect.maxY - rect.minY - 23),
        color: overlay.gestureBegan)
      canvas.fillCircle(center: CanvasPoint(x: cursorX, y: axisY), radius: 4, color: overlay.gestureBegan)
    }
  }

  static func timelineSeconds(_ time: TimeInterval) -> String { String(format: "%.3f", time) }

  /// A speed as typed: 0.1, 0.25, 2.
  public static func speedText(_ speed: Double) -> String {
    var text = String(format: "%.4f", speed)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text
  }
}
