import Foundation
import TouchLabCanvas
import TouchLabRecords

/// The panel to the right of the scene: the title, a legend of the overlay's marks and
/// colours, the transcript (newest at the bottom; older lines scroll off the top), and the
/// key help at the foot.
///
/// It keeps what makes the next frame's panel cheap, and only that: the heights of the lines
/// it wrapped, the panel last drawn as pixels (copied when a frame shows the same) and as
/// noted items (noted again when a damage drawing's frame shows the same), and how the
/// transcript last fitted (the window's scrolling reads it).
final class TranscriptPanelRenderer {
  let theme: Theme
  private static let panelPadding = 16.0

  /// Heights of wrapped transcript lines by width and text: a live window draws the same
  /// lines frame after frame. Emptied when it grows past `measuredLineLimit`.
  private var measuredLines: [MeasuredLineKey: Double] = [:]
  static let measuredLineLimit = 2048

  struct MeasuredLineKey: Hashable {
    var text: String
    var width: Double
  }

  /// How the transcript last drawn fitted its panel (nil: none drawn yet).
  private(set) var transcriptFit: SceneRenderer.TranscriptFit?

  /// The panel's items as last noted, and what it showed.
  private var recordedPanel: (key: PanelKey, clipKey: Int, items: [DrawingItem])?

  /// The panel as last drawn, and what it showed: a frame whose panel shows the same is
  /// copied from it instead of drawn (a held finger's countdown, a timer, a drag that logs
  /// nothing redraw only the scene).
  private(set) var keptPanel: (key: PanelKey, canvas: CairoCanvas)?

  struct PanelKey: Equatable {
    var transcript: [TranscriptEntry]
    var newerLineCount: Int
    var timesFromFirstTouch: Bool
    var title: String?
    var subtitle: String?
    var keyHelp: [String]
    var rect: CanvasRect
    var scale: Double
    var pixelSize: [Int]
  }

  init(theme: Theme) { self.theme = theme }

  /// Forgets the panel kept as pixels: the window keeps the panel's pixels itself.
  func dropKeptPanel() { keptPanel = nil }

  func drawPanel(_ content: FrameContent, in rect: CanvasRect, on canvas: Canvas) {
    let text = theme.overlay.panelText
    let dim = text.withAlpha(0.55)
    let family = theme.metrics.fontFamily
    canvas.withSavedState {
      canvas.clip(to: rect)
      canvas.fill(rect, color: theme.colors.background)
      canvas.fill(CanvasRect(x: rect.minX, y: rect.minY, width: 1, height: rect.height), color: text.withAlpha(0.16))
      let x = rect.minX + Self.panelPadding
      let width = rect.width - 2 * Self.panelPadding
      var y = rect.minY + 14

      // Header.
      let titleStyle = TextStyle(
        fontFamily: family, fontSize: 16, weight: .bold, color: text, alignment: .leading, verticalAlignment: .top,
        truncation: .tail, maximumLines: 2)
      let title = content.title ?? "TouchLab"
      let titleHeight = TextFonts.measure(title, style: titleStyle, maximumWidth: width).height
      canvas.draw(title, in: CanvasRect(x: x, y: y, width: width, height: titleHeight), style: titleStyle)
      y += titleHeight + 2
      if let subtitle = content.subtitle, !subtitle.isEmpty {
        let style = TextStyle(
          fontFamily: family, fontSize: 12, color: dim, alignment: .leading, verticalAlignment: .top)
        canvas.draw(subtitle, in: CanvasRect(x: x, y: y, width: width, height: 16), style: style)
        y += 16
      }
      y += 10
      y = drawLegend(x: x, y: y, width: width, on: canvas) + 12

      // Foot: the key help, bottom-up.
      let helpStyle = TextStyle(
        fontFamily: family, fontSize: 11, color: dim, alignment: .leading, verticalAlignment: .top,
        truncation: .tail, maximumLines: 2)
      var foot = rect.maxY - 12
      for line in content.keyHelp.reversed() {
        let height = TextFonts.measure(line, style: helpStyle, maximumWidth: width).height
        guard foot - height > y + 60 else { break }
        foot -= height
        canvas.draw(line, in: CanvasRect(x: x, y: foot, width: width, height: height), style: helpStyle)
      }
      if !content.keyHelp.isEmpty {
        foot -= 8
        canvas.fill(CanvasRect(x: x, y: foot, width: width, height: 1), color: text.withAlpha(0.16))
        foot -= 8
      }

      // The transcript, between header and foot.
      let sectionStyle = TextStyle(
        fontFamily: family, fontSize: 10.5, weight: .bold, color: dim, alignment: .leading, verticalAlignment: .top)
      canvas.draw(
        content.timesFromFirstTouch ? "TRANSCRIPT · TIMES FROM THE FIRST TOUCH" : "TRANSCRIPT",
        in: CanvasRect(x: x, y: y, width: width, height: 14), style: sectionStyle)
      var countStyle = sectionStyle
      countStyle.weight = .regular
      countStyle.alignment = .trailing
      let count =
        content.transcript.count { if case .line = $0 { true } else { false } } + content.newerLineCount
        + content.olderLineCount
      canvas.draw(
        count == 1 ? "1 line" : "\(count) lines", in: CanvasRect(x: x, y: y, width: width, height: 14),
        style: countStyle)
      y += 20
      if content.newerLineCount > 0 {
        // Scrolled back: the newer lines are below, out of sight.
        let newer = content.newerLineCount
        var style = sectionStyle
        style.weight = .regular
        style.color = theme.overlay.gestureBegan
        foot -= 16
        canvas.draw(
          "↓ \(newer) newer line\(newer == 1 ? "" : "s") (wheel down)",
          in: CanvasRect(x: x, y: foot + 2, width: width, height: 14), style: style)
      }
      drawTranscript(content.transcript, in: CanvasRect(x: x, y: y, width: width, height: foot - y), on: canvas)
    }
  }

  /// The overlay's vocabulary: shapes for kinds of receiver, colours for outcomes.
  private func drawLegend(x: Double, y: Double, width: Double, on canvas: Canvas) -> Double {
    let text = theme.overlay.panelText.withAlpha(0.8)
    let style = TextStyle(fontFamily: theme.metrics.fontFamily, fontSize: 11, color: text, alignment: .leading)
    enum Mark {
      case shape(OverlayReceiver.Kind)
      case color(OverlayReceiver.Step)
    }
    let rows: [[(Mark, String)]] = [
      [
        (.shape(.recognizer), "gesture recognizer"), (.shape(.responder), "view / responder"),
        (.shape(.action), "action"),
      ],
      [
        (.color(.recognized), "recognized · ended"), (.color(.began), "began"),
        (.color(.moved), "moved · released"), (.color(.held), "held back"), (.color(.cancelled), "cancelled"),
        (.color(.failed), "failed · dropped"), (.color(.possible), "possible"),
      ],
    ]
    let lineHeight = 17.0
    var cursorY = y
    for row in rows {
      var cursorX = x
      for (mark, label) in row {
        let textWidth = TextFonts.measure(label, style: style).width
        if cursorX > x, cursorX + 14 + textWidth > x + width {
          cursorX = x
          cursorY += lineHeight
        }
        let center = CanvasPoint(x: cursorX + 4.5, y: cursorY + lineHeight / 2)
        switch mark {
        case .shape(let kind): OverlayCardPainter.drawGlyph(kind, color: text, at: center, on: canvas)
        case .color(let step): canvas.fillCircle(center: center, radius: 4.5, color: theme.overlay.color(of: step))
        }
        canvas.draw(
          label, in: CanvasRect(x: cursorX + 14, y: cursorY, width: textWidth + 1, height: lineHeight), style: style)
        cursorX += 14 + textWidth + 14
      }
      cursorY += lineHeight
    }
    return cursorY
  }

  /// The height of a section header in the transcript: a rule, then the header's text.
  static let sectionHeaderHeight = 22.0

  /// Entries from the bottom up, so the newest is always in sight. The time prefix is dimmed
  /// and long lines wrap under their text; the lines of the latest moment are brightest. A
  /// section header is a rule and the header's text in bold.
  private func drawTranscript(_ entries: [TranscriptEntry], in rect: CanvasRect, on canvas: Canvas) {
    let text = theme.overlay.panelText
    var lineStyle = TextStyle(
      fontFamily: SceneRenderer.monospacedFamily, fontSize: 11.5, color: text, alignment: .leading,
      verticalAlignment: .top, truncation: .tail, maximumLines: 3)
    lineStyle.keepsIdentifiersWhole = true
    var headerStyle = TextStyle(
      fontFamily: theme.metrics.fontFamily, fontSize: 11.5, weight: .bold, color: text, alignment: .leading,
      verticalAlignment: .top, truncation: .tail)
    headerStyle.maximumLines = 1
    guard entries.contains(where: { if case .line = $0 { true } else { false } }) || entries.count > 1 else {
      var y = rect.minY
      if case .header(let title)? = entries.first {
        drawSectionHeader(title, at: y, in: rect, style: headerStyle, on: canvas)
        y += Self.sectionHeaderHeight
      }
      var style = lineStyle
      style.fontFamily = theme.metrics.fontFamily
      style.color = text.withAlpha(0.45)
      canvas.draw(
        "No transcript lines yet.", in: CanvasRect(x: rect.minX, y: y, width: rect.width, height: rect.maxY - y),
        style: style)
      return
    }
    let latest = entries.last { if case .line = $0 { true } else { false } }.flatMap { entry -> String? in
      guard case .line(let time, _) = entry else { return nil }
      return time.stamp
    }
    // Measure from the newest back until the space is full; those entries are shown, from
    // the top when they all fit (as a terminal fills), else ending at the bottom.
    struct Placed {
      var header: String?
      var time: String?
      var body: String
      var prefixWidth: Double
      var height: Double
    }
    var placed: [Placed] = []
    var used = 0.0
    var prefixWidths: [String: Double] = [:]
    measuring: for entry in entries.reversed() {
      let time: String?
      let body: String
      switch entry {
      case .header(let title):
        let height = (Self.sectionHeaderHeight * canvas.scale).rounded(.up) / canvas.scale
        guard used + height <= rect.height else { break measuring }
        used += height
        placed.append(Placed(header: title, time: nil, body: "", prefixWidth: 0, height: height - 3))
        continue
      case .line(let lineTime, let text):
        time = lineTime.stamp
        body = text
      }
      var prefixWidth = 0.0
      if let time {
        prefixWidth = prefixWidths[time] ?? TextFonts.measure(time + " ", style: lineStyle).width
        prefixWidths[time] = prefixWidth
      }
      guard rect.width - prefixWidth > 40 else { break }
      let key = MeasuredLineKey(text: body, width: rect.width - prefixWidth)
      var height: Double
      if let known = measuredLines[key] {
        height = known
      } else {
        height = TextFonts.measure(body.isEmpty ? " " : body, style: lineStyle, maximumWidth: key.width).height
        if measuredLines.count >= Self.measuredLineLimit { measuredLines.removeAll(keepingCapacity: true) }
        measuredLines[key] = height
      }
      // Each line and its gap take whole pixels, so that the lines a new one pushes up move
      // by whole pixels (the live window moves their pixels instead of drawing them again).
      height = ((height + 3) * canvas.scale).rounded(.up) / canvas.scale - 3
      guard used + height <= rect.height else { break }
      used += height + 3
      placed.append(Placed(header: nil, time: time, body: body, prefixWidth: prefixWidth, height: height))
    }
    var y = rect.minY
    transcriptFit = placed.count < entries.count ? .overflowed(shown: max(1, placed.count - 1)) : .allFit
    if placed.count < entries.count {
      // Say how many scrolled away, in the first entry's place.
      if let first = placed.popLast() { used -= first.height + 3 }
      var style = lineStyle
      style.fontFamily = theme.metrics.fontFamily
      style.color = text.withAlpha(0.45)
      let hidden = entries.count - placed.count
      canvas.draw(
        "↑ \(hidden) earlier line\(hidden == 1 ? "" : "s") (wheel up)",
        in: CanvasRect(x: rect.minX, y: y, width: rect.width, height: 16),
        style: style)
      y = rect.maxY - used + 3
    }
    for line in placed.reversed() {
      if let header = line.header {
        drawSectionHeader(header, at: y, in: rect, style: headerStyle, on: canvas)
        y += line.height + 3
        continue
      }
      let isLatest = line.time != nil && line.time == latest
      if let time = line.time {
        var timeStyle = lineStyle
        timeStyle.color = isLatest ? theme.overlay.gestureHeld : text.withAlpha(0.4)
        canvas.draw(
          time, in: CanvasRect(x: rect.minX, y: y, width: line.prefixWidth, height: line.height), style: timeStyle)
      }
      var bodyStyle = lineStyle
      bodyStyle.color = isLatest ? text : text.withAlpha(0.72)
      canvas.draw(
        line.body,
        in: CanvasRect(
          x: rect.minX + line.prefixWidth, y: y, width: rect.width - line.prefixWidth, height: line.height),
        style: bodyStyle)
      y += line.height + 3
    }
  }

  /// A section's header: a rule across the panel, the title under it.
  private func drawSectionHeader(
    _ title: String, at y: Double, in rect: CanvasRect, style: TextStyle, on canvas: Canvas
  ) {
    canvas.fill(
      CanvasRect(x: rect.minX, y: y + 2, width: rect.width, height: 1), color: theme.overlay.panelText.withAlpha(0.3))
    canvas.draw(title, in: CanvasRect(x: rect.minX, y: y + 5, width: rect.width, height: 15), style: style)
  }

}

extension TranscriptPanelRenderer {
  /// Draws the panel, or copies it from the one kept when it would show the same. Kept only
  /// when the panel starts on a whole pixel (so its pixels are the same either way).
  func drawKeptPanel(_ content: FrameContent, in rect: CanvasRect, on canvas: CairoCanvas) {
    let pixelX = rect.minX * canvas.scale
    let pixelWidth = min(canvas.pixelWidth - Int(pixelX), Int((rect.width * canvas.scale).rounded(.up)))
    // A vector canvas (`shot`/`compare` to .svg or .pdf) gets the panel drawn, never a kept
    // bitmap of it: pixels copied in would turn the page into one embedded image.
    guard !canvas.isVector, rect.minY == 0, pixelX == pixelX.rounded(), pixelWidth > 0 else {
      drawPanel(content, in: rect, on: canvas)
      return
    }
    let key = panelKey(content, in: rect, on: canvas)
    if let keptPanel, keptPanel.key == key {
      canvas.copyPixels(of: keptPanel.canvas, toPixelX: Int(pixelX), y: 0)
      return
    }
    let reusable = keptPanel.flatMap { kept in
      kept.key.pixelSize == key.pixelSize && kept.key.scale == key.scale ? kept.canvas : nil
    }
    let made = { try? CairoCanvas(pixelWidth: pixelWidth, pixelHeight: canvas.pixelHeight, scale: canvas.scale) }
    guard let panel = reusable ?? made() else {
      drawPanel(content, in: rect, on: canvas)
      return
    }
    keptPanel = nil
    panel.withSavedState {
      panel.translate(x: -rect.minX, y: 0)
      drawPanel(content, in: rect, on: panel)
    }
    keptPanel = (key, panel)
    canvas.copyPixels(of: panel, toPixelX: Int(pixelX), y: 0)
  }

  /// What the panel shows, to know when it shows the same.
  func panelKey(_ content: FrameContent, in rect: CanvasRect, on canvas: Canvas) -> PanelKey {
    let pixelX = rect.minX * canvas.scale
    let pixelWidth = min(canvas.pixelWidth - Int(pixelX), Int((rect.width * canvas.scale).rounded(.up)))
    return PanelKey(
      transcript: content.transcript, newerLineCount: content.newerLineCount,
      timesFromFirstTouch: content.timesFromFirstTouch, title: content.title, subtitle: content.subtitle,
      keyHelp: content.keyHelp,
      rect: rect, scale: canvas.scale, pixelSize: [pixelWidth, canvas.pixelHeight])
  }

  /// Notes the panel's drawing, or, when it would show what it showed when last noted, the
  /// same items again without running its drawing code (500 lines are many to lay out).
  func recordPanel(_ content: FrameContent, in rect: CanvasRect, on recorder: DamageRecordingCanvas) {
    let key = panelKey(content, in: rect, on: recorder)
    if let recordedPanel, recordedPanel.key == key, recordedPanel.clipKey == recorder.clipKey {
      recorder.append(recordedPanel.items)
      return
    }
    let start = recorder.items.count
    drawPanel(content, in: rect, on: recorder)
    recordedPanel = (key, recorder.clipKey, Array(recorder.items[start...]))
  }
}
