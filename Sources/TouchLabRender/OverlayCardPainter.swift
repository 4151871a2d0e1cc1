import Foundation
import TouchLabCanvas
import TouchLabEngine
import TouchLabRecords

/// Draws the cards `OverlayCardLayout` laid out: the card, opaque, edged in the touch's
/// colour, with its header, countdowns and receivers in the outcome colours, and the thin
/// leader from the finger to it. It measures nothing it need not: every size comes with
/// the card.
struct OverlayCardPainter {
  private typealias Layout = OverlayCardLayout
  let theme: Theme
  private let styles: OverlayCardLayout.Styles

  init(theme: Theme) {
    self.theme = theme
    styles = OverlayCardLayout.Styles(theme: theme)
  }

  /// A thin line from the finger to its card, drawn under the finger marks.
  func drawLeader(of card: OverlayCardLayout.Card, on canvas: Canvas) {
    guard let location = card.touch.location else { return }
    let center = CanvasPoint(location)
    let frame = card.frame
    // The nearest point of the card's edge; none when the card covers the finger.
    let target = CanvasPoint(
      x: min(max(center.x, frame.minX), frame.maxX), y: min(max(center.y, frame.minY), frame.maxY))
    let dx = target.x - center.x
    let dy = target.y - center.y
    let distance = (dx * dx + dy * dy).squareRoot()
    let radius = theme.overlay.touchRadius + 2
    guard distance > radius + 4 else { return }
    let start = CanvasPoint(x: center.x + dx / distance * radius, y: center.y + dy / distance * radius)
    canvas.strokeLine(
      from: start, to: target, color: theme.overlay.touchColor(of: card.touch).withAlpha(0.9), style: .rounded(1.5))
  }

  func drawCard(_ card: OverlayCardLayout.Card, now: TimeInterval, timeOrigin: TimeInterval?, on canvas: Canvas) {
    let touch = card.touch
    let frame = card.frame
    let accent = theme.overlay.touchColor(of: touch)
    let inner = frame.width - 2 * Layout.cardPadding
    let lineHeight = Layout.lineHeight
    // Opaque: the scene must not show through the text (the panel colour over the window's background).
    let background = theme.overlay.panelBackground.over(theme.colors.background.withAlpha(1))
    canvas.fillRoundedRect(frame, cornerRadius: 9, color: background)
    canvas.strokeRoundedRect(frame, cornerRadius: 9, color: accent, style: .solid(1.5))

    // Header: which touch, how it stands, and what hit-testing chose.
    var y = frame.minY + Layout.cardPadding
    let x = frame.minX + Layout.cardPadding
    canvas.fillCircle(center: CanvasPoint(x: x + 5, y: y + lineHeight / 2), radius: 5, color: accent)
    canvas.draw(
      "Touch \(touch.identifier)", in: CanvasRect(x: x + 14, y: y, width: inner - 14, height: lineHeight),
      style: styles.title)
    var state = styles.dim
    state.alignment = .trailing
    let phase: String
    switch (touch.isOnScreen, touch.phase) {
    case (true, _): phase = "down at " + Self.shownSeconds(touch.startTime, from: timeOrigin) + " s"
    case (false, .cancelled): phase = "cancelled at " + Self.shownSeconds(touch.endTime ?? now, from: timeOrigin) + " s"
    default: phase = "lifted at " + Self.shownSeconds(touch.endTime ?? now, from: timeOrigin) + " s"
    }
    let header = card.isPinned ? "pinned · " + phase : phase
    canvas.draw(header, in: CanvasRect(x: x, y: y, width: inner, height: lineHeight), style: state)
    y += lineHeight
    let hitLabelWidth = TextFonts.measure(Layout.hitLabel, style: styles.dim).width
    canvas.draw(Layout.hitLabel, in: CanvasRect(x: x, y: y, width: inner, height: lineHeight), style: styles.dim)
    var hitStyle = styles.name
    hitStyle.weight = .semibold
    hitStyle.verticalAlignment = .center
    canvas.draw(
      touch.hitView.map { Layout.breakable(Layout.nameText($0)) } ?? "nothing",
      in: CanvasRect(x: x + hitLabelWidth, y: y, width: inner - hitLabelWidth, height: card.hitHeight), style: hitStyle)
    y += card.hitHeight - lineHeight
    y += lineHeight
    for countdown in card.countdowns {
      drawCountdownLine(countdown, now: now, in: CanvasRect(x: x, y: y, width: inner, height: lineHeight), on: canvas)
      y += Layout.countdownLineHeight
    }
    y += 3
    canvas.fill(CanvasRect(x: x, y: y, width: inner, height: 1), color: theme.overlay.panelText.withAlpha(0.18))
    y += 4

    if card.rows.isEmpty && card.hiddenRows == 0 {
      canvas.draw("no receivers", in: CanvasRect(x: x, y: y, width: inner, height: lineHeight), style: styles.dim)
    }
    let nameX = x + Layout.glyphWidth
    for row in card.rows {
      let receiver = row.receiver
      // A row a damage drawing does not reach is left out, its names and steps unmade.
      if canvas.skips(CanvasRect(x: frame.minX, y: y - 3, width: frame.width, height: row.height + 6)) {
        y += row.height
        continue
      }
      Self.drawGlyph(
        receiver.kind, color: receiver.outcome.map { theme.overlay.color(of: $0) } ?? theme.overlay.gesturePossible,
        at: CanvasPoint(x: x + 4.5, y: y + lineHeight / 2), on: canvas)
      let nameRoom = row.wraps ? inner - Layout.glyphWidth : inner - Layout.glyphWidth - row.stepsWidth - 12
      var nameStyle = styles.name
      nameStyle.verticalAlignment = .center
      canvas.draw(
        Layout.breakable(Layout.nameText(receiver.name)),
        in: CanvasRect(x: nameX, y: y, width: nameRoom, height: row.wraps ? row.nameHeight : lineHeight),
        style: nameStyle)
      var stepY = row.wraps ? y + row.nameHeight : y
      let stepX = row.wraps ? nameX : x + inner - row.stepsWidth
      for line in row.stepLines {
        for part in line {
          var style = styles.step
          style.color = part.color
          canvas.draw(
            part.text, in: CanvasRect(x: stepX + part.x, y: stepY, width: part.width + 1, height: lineHeight),
            style: style)
        }
        stepY += lineHeight
      }
      y += row.wraps ? row.nameHeight + Double(row.stepLines.count) * lineHeight : lineHeight
      for reason in row.reasons {
        var style = styles.note
        style.color = reason.color
        canvas.draw(
          reason.text, in: CanvasRect(x: nameX, y: y, width: inner - Layout.glyphWidth, height: reason.width),
          style: style)
        y += reason.width
      }
      if row.noteHeight > 0 {
        canvas.draw(
          Layout.passedOnText(row.passedOn),
          in: CanvasRect(x: nameX, y: y, width: inner - Layout.glyphWidth, height: row.noteHeight), style: styles.note)
        y += row.noteHeight
      }
      y += 3
    }
    if card.hiddenRows > 0 {
      canvas.draw(
        "+\(card.hiddenRows) more", in: CanvasRect(x: nameX, y: y, width: inner, height: lineHeight), style: styles.dim)
    }
  }

  /// A running deadline: what it is for, whose it is, a bar filling as it runs out, and the
  /// time (`tap maximum · tap  0.32 / 0.75 s`).
  private func drawCountdownLine(
    _ countdown: OverlayCountdown, now: TimeInterval, in rect: CanvasRect, on canvas: Canvas
  ) {
    let color = theme.overlay.countdownColor(countdown)
    let time = Layout.seconds(countdown.elapsed(at: now)) + " / " + Layout.seconds(countdown.duration) + " s"
    var timeStyle = styles.step
    timeStyle.color = color
    timeStyle.alignment = .trailing
    let timeWidth = TextFonts.measure(time, style: timeStyle).width
    canvas.strokeCircle(
      center: CanvasPoint(x: rect.minX + 4.5, y: rect.midY), radius: 3.6, color: color, style: .solid(1.5))
    canvas.strokeLine(
      from: CanvasPoint(x: rect.minX + 4.5, y: rect.midY), to: CanvasPoint(x: rect.minX + 4.5, y: rect.midY - 2.5),
      color: color, style: .rounded(1.2))
    var titleStyle = styles.step
    titleStyle.color = color
    titleStyle.weight = .regular
    // Whose it is, when the layout named it (a built-in class name would not fit).
    let owner = countdown.owner?.identifier.map { " · " + $0 } ?? ""
    canvas.draw(
      countdown.title + owner,
      in: CanvasRect(
        x: rect.minX + Layout.glyphWidth, y: rect.minY, width: rect.width - Layout.glyphWidth - timeWidth - 6,
        height: rect.height), style: titleStyle)
    canvas.draw(time, in: rect, style: timeStyle)
    let bar = CanvasRect(
      x: rect.minX + Layout.glyphWidth, y: rect.maxY + 1, width: rect.width - Layout.glyphWidth, height: 2.5)
    canvas.fillRoundedRect(bar, cornerRadius: 1.25, color: theme.overlay.panelText.withAlpha(0.15))
    var filled = bar
    filled.size.width = bar.width * countdown.progress(at: now)
    if filled.width > 0 { canvas.fillRoundedRect(filled, cornerRadius: 1.25, color: color) }
  }

  /// A time of the frame in its time base: from the scene's start (`2.96`), or from the first
  /// touch (`+0.15`) when the frame's times count from there.
  static func shownSeconds(_ time: TimeInterval, from timeOrigin: TimeInterval?) -> String {
    guard let origin = timeOrigin else { return Layout.seconds(time) }
    let interval = ((time - origin) * 100).rounded() / 100
    return (interval < 0 ? "-" : "+") + Layout.seconds(abs(interval))
  }

  /// Recognizers are rings, responders squares, actions arrowheads.
  static func drawGlyph(_ kind: OverlayReceiver.Kind, color: CanvasColor, at center: CanvasPoint, on canvas: Canvas) {
    switch kind {
    case .recognizer:
      canvas.strokeCircle(center: center, radius: 3.6, color: color, style: .solid(2))
    case .responder:
      canvas.fillRoundedRect(
        CanvasRect(x: center.x - 4, y: center.y - 4, width: 8, height: 8), cornerRadius: 1.5, color: color)
    case .action:
      canvas.fillPolygon(
        [
          CanvasPoint(x: center.x - 3.5, y: center.y - 4.5), CanvasPoint(x: center.x + 4.5, y: center.y),
          CanvasPoint(x: center.x - 3.5, y: center.y + 4.5),
        ], color: color)
    }
  }
}
