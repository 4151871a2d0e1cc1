import Foundation
import TouchLabCanvas
import TouchLabEngine
import TouchLabRecords

/// The timeline strip under the scene while a scenario plays: the time axis with a tick at
/// every record time, a bar per deadline (green when it fired, orange when cancelled, the
/// held colour while it still runs at the cursor), the cursor, and the time, speed and
/// state as text.
struct TimelineStripRenderer {
  let theme: Theme

  func draw(_ strip: TimelineStrip, in rect: CanvasRect, on canvas: Canvas) {
    let text = theme.overlay.panelText
    let overlay = theme.overlay
    canvas.withSavedState {
      canvas.clip(to: rect)
      canvas.fill(rect, color: theme.colors.background)
      canvas.fill(CanvasRect(x: rect.minX, y: rect.minY, width: rect.width, height: 1), color: text.withAlpha(0.16))
      if let hint = strip.idleHint {
        let style = TextStyle(
          fontFamily: SceneRenderer.monospacedFamily, fontSize: 10.5, color: text.withAlpha(0.5), alignment: .leading,
          verticalAlignment: .top, truncation: .tail)
        var y = rect.minY + (rect.height - Double(hint.count) * 15) / 2
        for line in hint {
          canvas.draw(
            line,
            in: CanvasRect(
              x: rect.minX + TimelineStrip.axisInset, y: y, width: rect.width - 2 * TimelineStrip.axisInset,
              height: 15), style: style)
          y += 15
        }
        return
      }
      func x(_ time: TimeInterval) -> Double { rect.minX + strip.x(of: time, width: rect.width) }
      let axisLeft = x(0)
      let axisRight = x(strip.duration)

      // The label: time, length, speed, state — in the window's time base (T).
      let label =
        "\(strip.text(of: strip.time)) / \(strip.text(of: strip.duration)) s   "
        + "×\(Self.speedText(strip.speed))   \(strip.isPlaying ? "playing" : "paused")"
      let style = TextStyle(
        fontFamily: SceneRenderer.monospacedFamily, fontSize: 10.5, color: text.withAlpha(0.75), alignment: .leading,
        verticalAlignment: .top, truncation: .tail)
      canvas.draw(
        label, in: CanvasRect(x: axisLeft, y: rect.minY + 4, width: axisRight - axisLeft, height: 14), style: style)
      drawTimelineLegend(left: axisLeft, y: rect.minY + 18, on: canvas)

      // Deadlines: one lane each (up to three, then they share the last).
      let laneTop = rect.minY + 33
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

      // The axis, its labelled ticks under it, and a tick per record time above it.
      let axisY = rect.maxY - 13
      canvas.fill(
        CanvasRect(x: axisLeft, y: axisY, width: axisRight - axisLeft, height: 1), color: text.withAlpha(0.35))
      let tickStyle = TextStyle(
        fontFamily: SceneRenderer.monospacedFamily, fontSize: 8, color: text.withAlpha(0.55), alignment: .center,
        verticalAlignment: .top, truncation: .clip)
      for tick in strip.scaleTicks(width: rect.width) {
        let tickX = x(tick.time)
        canvas.fill(CanvasRect(x: tickX - 0.5, y: axisY + 1, width: 1, height: 3), color: text.withAlpha(0.5))
        // Kept inside the strip: a label at either end starts (or ends) at its tick.
        var style = tickStyle
        var labelX = tickX - 28
        if labelX < rect.minX {
          style.alignment = .leading
          labelX = max(rect.minX, tickX - 3)
        } else if labelX + 56 > rect.maxX {
          style.alignment = .trailing
          labelX = min(rect.maxX, tickX + 3) - 56
        }
        canvas.draw(tick.label, in: CanvasRect(x: labelX, y: axisY + 3, width: 56, height: 10), style: style)
      }
      for time in strip.markTimes {
        let tickX = x(time)
        let passed = time <= strip.time
        canvas.fill(
          CanvasRect(x: tickX - 0.5, y: axisY - 6, width: 1, height: 7), color: text.withAlpha(passed ? 0.9 : 0.35))
      }

      // The cursor.
      let cursorX = x(strip.time)
      canvas.fill(
        CanvasRect(x: cursorX - 1, y: rect.minY + 31, width: 2, height: rect.maxY - rect.minY - 44),
        color: overlay.gestureBegan)
      canvas.fillCircle(center: CanvasPoint(x: cursorX, y: axisY), radius: 4, color: overlay.gestureBegan)
    }
  }

  /// The legend of the strip's bars and ticks, from `left`: a swatch and a word for each
  /// deadline's outcome, a tick for the records.
  private func drawTimelineLegend(left: Double, y: Double, on canvas: Canvas) {
    let overlay = theme.overlay
    let style = TextStyle(
      fontFamily: SceneRenderer.monospacedFamily, fontSize: 9, color: overlay.panelText.withAlpha(0.6),
      alignment: .leading, verticalAlignment: .top, truncation: .clip)
    let entries: [(String, CanvasColor?)] = [
      ("deadline fired", overlay.gestureRecognized), ("cancelled", overlay.gestureCancelled),
      ("running", overlay.gestureHeld), ("record", nil),
    ]
    let widths = entries.map { TextFonts.measure($0.0, style: style).width }
    var x = left
    for ((word, color), width) in zip(entries, widths) {
      if let color {
        canvas.fillRoundedRect(CanvasRect(x: x, y: y + 4, width: 9, height: 5), cornerRadius: 2, color: color)
      } else {
        canvas.fill(CanvasRect(x: x + 4, y: y + 1, width: 1, height: 9), color: overlay.panelText.withAlpha(0.9))
      }
      canvas.draw(word, in: CanvasRect(x: x + 11, y: y + 1, width: width + 1, height: 12), style: style)
      x += width + 14
    }
  }

  /// A speed as typed: 0.1, 0.25, 2.
  public static func speedText(_ speed: Double) -> String {
    var text = String(format: "%.4f", speed)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text
  }
}
