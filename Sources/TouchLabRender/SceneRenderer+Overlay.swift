import Foundation
import TouchLabEngine

/// The overlay's picture of a touch: over the scene, for the latest gesture, each touch's
/// hit-tested view outlined in the touch's colour, its trail, a numbered circle (hollow and
/// dashed once lifted), the scroll view's 0.15 s as a sweeping arc, and a card beside the
/// finger listing everything that received the touch, in delivery order, each with what
/// became of it in the outcome colours. Touches of earlier gestures stay as faded marks.
extension SceneRenderer {
  func drawOverlay(_ overlay: TouchOverlay, now: TimeInterval, sceneSize: CanvasSize, on canvas: Canvas) {
    let current = overlay.currentTouches
    let latestSequence = current.first?.sequence
    let earlier = overlay.touches.filter { $0.sequence != latestSequence }
    if !earlier.isEmpty {
      canvas.withAlpha(0.35) {
        for touch in earlier {
          drawTrail(of: touch, on: canvas)
          drawMarker(of: touch, on: canvas)
        }
      }
    }
    let outlines = current.map(hitOutline)
    // Cards are placed first, away from fingers and hit views.
    var cards: [CardLayout] = []
    let hitBoxes = outlines.compactMap { $0.map(Self.boundingBox) }
    for touch in current {
      let card = layoutCard(for: touch, now: now, sceneSize: sceneSize, hitBoxes: hitBoxes, cards: cards.map(\.frame))
      if let card { cards.append(card) }
    }
    for (touch, outline) in zip(current, outlines) {
      if let outline { drawHitOutline(outline, of: touch, on: canvas) }
    }
    for touch in current { drawTrail(of: touch, on: canvas) }
    for card in cards { drawLeader(of: card, on: canvas) }
    for card in cards { drawCard(card, now: now, on: canvas) }
    // The fingers on top: where a card had to cover one, the finger still shows.
    for touch in current {
      drawCountdown(of: touch, now: now, on: canvas)
      drawMarker(of: touch, on: canvas)
    }
  }

  // MARK: Colours

  func touchColor(_ touch: OverlayTouch) -> CanvasColor {
    theme.overlay.touchColor(at: touch.colorIndex).withAlpha(1)
  }

  /// The colour of an outcome: green done, blue under way, yellow held back, red failed or
  /// dropped, orange cancelled, grey still deciding.
  func color(of step: OverlayReceiver.Step) -> CanvasColor {
    let overlay = theme.overlay
    switch step {
    case .possible: return overlay.gesturePossible
    case .began: return overlay.gestureBegan
    case .changed, .moved, .released: return overlay.gestureChanged
    case .recognized, .ended, .sent: return overlay.gestureRecognized
    case .failed, .dropped, .refused, .blocked, .unanswered: return overlay.gestureFailed
    case .cancelled: return overlay.gestureCancelled
    case .held, .delayed, .endHeld: return overlay.gestureHeld
    }
  }

  /// How an outcome reads in the card.
  func label(
    of step: OverlayReceiver.Step, name: OverlayReceiverName, countdown: OverlayCountdown?, now: TimeInterval
  ) -> String {
    switch step {
    case .possible: return "possible"
    case .began: return "began"
    case .changed: return "changed"
    case .recognized: return "recognized"
    case .ended: return "ended"
    case .failed: return "failed"
    case .cancelled: return "cancelled"
    case .moved: return "moved"
    case .held: return "held"
    case .delayed:
      // While it runs, how far it got; after, how long the began was really held.
      guard let countdown else { return "delayed" }
      let held = countdown.progress(at: now) * countdown.duration
      if countdown.isRunning {
        return "delayed " + Self.seconds(held) + " / " + Self.seconds(countdown.duration) + " s"
      }
      return "delayed " + Self.seconds(held) + " s"
    case .endHeld: return "end held"
    case .released: return "released"
    case .dropped: return "dropped"
    case .refused: return "refused"
    case .blocked: return "blocked"
    case .sent: return name.isPrint ? "printed" : "sent"
    case .unanswered: return "no target"
    }
  }

  static func seconds(_ value: TimeInterval) -> String {
    String(format: "%.2f", value)
  }

  // MARK: Marks on the scene

  /// The hit view's bounds in window points (a closed polygon, as transforms may turn it).
  private func hitOutline(of touch: OverlayTouch) -> [CanvasPoint]? {
    guard let view = touch.hitViewObject, view.window != nil else { return nil }
    let b = view.bounds
    return [
      CGPoint(x: b.minX, y: b.minY), CGPoint(x: b.maxX, y: b.minY), CGPoint(x: b.maxX, y: b.maxY),
      CGPoint(x: b.minX, y: b.maxY), CGPoint(x: b.minX, y: b.minY),
    ].map { CanvasPoint(view.convert($0, to: nil)) }
  }

  static func boundingBox(_ points: [CanvasPoint]) -> CanvasRect {
    let xs = points.map(\.x)
    let ys = points.map(\.y)
    let minX = xs.min() ?? 0
    let minY = ys.min() ?? 0
    return CanvasRect(x: minX, y: minY, width: (xs.max() ?? 0) - minX, height: (ys.max() ?? 0) - minY)
  }

  private func drawHitOutline(_ corners: [CanvasPoint], of touch: OverlayTouch, on canvas: Canvas) {
    let color = touchColor(touch)
    let width = theme.overlay.outlineWidth
    canvas.strokePolyline(corners, color: CanvasColor.white.withAlpha(0.8), style: .solid(width + 2))
    canvas.strokePolyline(corners, color: color, style: .solid(width))
    // A tag with the class name at the outline's top-left corner, above it when there is room.
    let name = touch.hitView.map(nameText) ?? ""
    let style = TextStyle(
      fontFamily: theme.metrics.fontFamily, fontSize: 10.5, weight: .semibold, color: .white,
      alignment: .leading, verticalAlignment: .center)
    let textSize = TextFonts.measure(name, style: style)
    let left = corners.map(\.x).min() ?? 0
    let top = corners.map(\.y).min() ?? 0
    let tagHeight = 16.0
    let tag = CanvasRect(
      x: left - width / 2, y: top >= tagHeight + 1 ? top - tagHeight - width / 2 : top + width / 2,
      width: textSize.width + 10, height: tagHeight)
    canvas.fillRoundedRect(tag, cornerRadius: 4, color: color)
    canvas.draw(name, in: tag.insetBy(dx: 5, dy: 0), style: style)
  }

  private func drawTrail(of touch: OverlayTouch, on canvas: Canvas) {
    let points = touch.trail.suffix(max(2, theme.overlay.trailLength)).map(CanvasPoint.init)
    guard points.count > 1 else { return }
    let width = theme.overlay.trailWidth
    canvas.strokePolyline(points, color: CanvasColor.white.withAlpha(0.7), style: .rounded(width + 2))
    canvas.strokePolyline(points, color: touchColor(touch).withAlpha(0.85), style: .rounded(width))
  }

  /// A ring round the finger, see-through so the view under it shows, a dot at the exact
  /// point, and the touch's number in a badge at the ring's upper right. Lifted: dashed.
  private func drawMarker(of touch: OverlayTouch, on canvas: Canvas) {
    guard let location = touch.location else { return }
    let center = CanvasPoint(location)
    let radius = theme.overlay.touchRadius
    let color = touchColor(touch)
    let halo = CanvasColor.white.withAlpha(0.85)
    let badge = CanvasPoint(x: center.x + radius * 0.7071, y: center.y - radius * 0.7071)
    if touch.isOnScreen {
      canvas.fillCircle(center: center, radius: radius, color: color.withAlpha(0.22))
      canvas.strokeCircle(center: center, radius: radius, color: halo, style: .solid(5.5))
      canvas.strokeCircle(center: center, radius: radius, color: color, style: .solid(2.5))
      canvas.fillCircle(center: center, radius: 4, color: halo)
      canvas.fillCircle(center: center, radius: 2.5, color: color)
      canvas.fillCircle(center: badge, radius: 9.5, color: halo)
      canvas.fillCircle(center: badge, radius: 8, color: color)
      drawCentered(String(touch.identifier), at: badge, size: 10.5, weight: .bold, color: .white, on: canvas)
    } else {
      // Lifted (or cancelled): where the finger left.
      canvas.strokeCircle(center: center, radius: radius, color: halo, style: .solid(5))
      canvas.strokeCircle(
        center: center, radius: radius, color: color, style: CanvasStrokeStyle(width: 2.5, dash: [5, 3.5], cap: .butt))
      canvas.fillCircle(center: badge, radius: 9.5, color: color)
      canvas.fillCircle(center: badge, radius: 8, color: .white)
      drawCentered(String(touch.identifier), at: badge, size: 10.5, weight: .bold, color: color, on: canvas)
    }
  }

  /// The scroll view's 0.15 s: an arc that sweeps round the finger while the began is held,
  /// with the time in a tag below.
  private func drawCountdown(of touch: OverlayTouch, now: TimeInterval, on canvas: Canvas) {
    guard let countdown = touch.countdown, countdown.isRunning, let location = touch.location else { return }
    let center = CanvasPoint(location)
    let radius = theme.overlay.touchRadius + 7
    let progress = countdown.progress(at: now)
    canvas.strokeCircle(
      center: center, radius: radius, color: CanvasColor.black.withAlpha(0.35), style: .solid(6))
    let start = -Double.pi / 2
    canvas.strokeArc(
      center: center, radius: radius, startAngle: start, endAngle: start + 2 * Double.pi * progress,
      color: theme.overlay.gestureHeld, style: .rounded(4))
    let elapsed = min(countdown.duration, max(0, now - countdown.start))
    let text = Self.seconds(elapsed) + " / " + Self.seconds(countdown.duration) + " s"
    let style = TextStyle(
      fontFamily: theme.metrics.fontFamily, fontSize: 11, weight: .semibold, color: .black, alignment: .leading)
    let size = TextFonts.measure(text, style: style)
    let tag = CanvasRect(
      x: center.x - size.width / 2 - 6, y: center.y + radius + 6, width: size.width + 12, height: 17)
    canvas.fillRoundedRect(tag, cornerRadius: 8.5, color: theme.overlay.gestureHeld)
    canvas.draw(text, in: tag.insetBy(dx: 6, dy: 0), style: style)
  }

  private func drawCentered(
    _ text: String, at center: CanvasPoint, size: Double, weight: TextWeight, color: CanvasColor, on canvas: Canvas
  ) {
    let style = TextStyle(
      fontFamily: theme.metrics.fontFamily, fontSize: size, weight: weight, color: color, alignment: .center,
      verticalAlignment: .center, truncation: .clip)
    canvas.draw(text, in: CanvasRect(x: center.x - 20, y: center.y - 10, width: 40, height: 20), style: style)
  }
}
