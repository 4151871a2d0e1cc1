import Foundation
import TouchLabCanvas
import TouchLabEngine
import TouchLabRecords

/// The overlay's picture of a touch: over the scene, for the latest gesture, each touch's
/// hit-tested view outlined in the touch's colour, its trail, a numbered circle (hollow and
/// dashed once lifted), the scroll view's 0.15 s as a sweeping arc, and a card beside the
/// finger listing everything that received the touch, in delivery order, each with what
/// became of it in the outcome colours. Touches of earlier gestures stay as faded marks.
final class TouchOverlayRenderer {
  let theme: Theme
  /// The frame being drawn's `timeOrigin` (`FrameContent.timeOrigin`): the times the cards
  /// show count from it.
  var timeOrigin: TimeInterval?
  /// The overlay's layout as `SceneRenderer.damage(for:…)` last noted it, for the damage
  /// drawing of the same frame (`overlayLayout(of:window:now:sceneSize:pinned:on:)`).
  private var notedLayout: OverlayLayout?
  /// The hit view last found, held weakly: a drag's frames outline it again without walking
  /// the whole tree each frame (`hitView(of:in:)` only when the record names another object).
  private weak var lastHitView: UIView?
  /// Lays the cards out (`OverlayCardLayout`) and draws them (`OverlayCardPainter`).
  let cardLayout: OverlayCardLayout
  private let cardPainter: OverlayCardPainter
  /// The fingers' marks, drawn once and laid as pixels at each motion (`drawMarker`).
  private let stamps = StampCache()

  struct OverlayLayout {
    /// What the layout was made for: used again only for the same.
    struct Key: Equatable {
      var window: ObjectIdentifier
      var overlay: OverlayState
      var now: TimeInterval
      var sceneSize: CanvasSize
      var pinned: Set<Int>
      var expanded: [Int]
    }
    var key: Key
    var outlines: [HitOutline?]
    var cards: [OverlayCardLayout.Card]
  }

  init(theme: Theme) {
    self.theme = theme
    cardLayout = OverlayCardLayout(theme: theme)
    cardPainter = OverlayCardPainter(theme: theme)
  }

  /// Forgets the layout noted: a new frame is being noted.
  func forgetNotedLayout() { notedLayout = nil }

  /// Draws the overlay and returns its cards as laid out, in the order drawn.
  @discardableResult
  func draw(
    _ overlay: OverlayState, window: UIWindow, now: TimeInterval, sceneSize: CanvasSize, pinned: Set<Int> = [],
    expanded: [Int] = [], on canvas: Canvas
  ) -> [OverlayCardLayout.Card] {
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
    let (outlines, cards) = overlayLayout(
      of: overlay, window: window, now: now, sceneSize: sceneSize, pinned: pinned, expanded: expanded, on: canvas)
    for (touch, outline) in zip(current, outlines) {
      if let outline { drawHitOutline(outline, of: touch, sceneSize: sceneSize, on: canvas) }
    }
    for touch in current { drawTrail(of: touch, on: canvas) }
    for card in cards {
      canvas.withAlpha(card.opacity) { cardPainter.drawLeader(of: card, on: canvas) }
    }
    // The fingers under the cards: a card is laid out around them, and covers one only where
    // there is no other room; then its text is read whole, with no ring drawn across it.
    for touch in current {
      drawCountdowns(of: touch, now: now, on: canvas)
      drawMarker(of: touch, on: canvas)
    }
    // A pass of a damage drawing that misses a card leaves it (and its layer) out.
    for card in cards where !canvas.skips(card.frame.insetBy(dx: -2, dy: -2)) {
      canvas.withAlpha(card.opacity) {
        cardPainter.drawCard(card, now: now, timeOrigin: timeOrigin, on: canvas)
      }
    }
    return cards
  }

  /// The overlay's hit outlines and cards. Laying cards out measures their text (a fifth of a
  /// held finger's frame), so the layout made while `damage(for:…)` notes a frame is kept and
  /// used again by the damage drawing of that frame that follows (a cache: the key checks it).
  private func overlayLayout(
    of overlay: OverlayState, window: UIWindow, now: TimeInterval, sceneSize: CanvasSize, pinned: Set<Int>,
    expanded: [Int], on canvas: Canvas
  ) -> (outlines: [HitOutline?], cards: [OverlayCardLayout.Card]) {
    let key = OverlayLayout.Key(
      window: ObjectIdentifier(window), overlay: overlay, now: now, sceneSize: sceneSize, pinned: pinned,
      expanded: expanded)
    if (canvas as? CairoCanvas)?.damageClip != nil, let noted = notedLayout, noted.key == key {
      return (noted.outlines, noted.cards)
    }
    let outlines = overlay.currentTouches.map { hitOutline(of: $0, in: window) }
    let cards = layoutCards(
      of: overlay, outlines: outlines, window: window, now: now, sceneSize: sceneSize, pinned: pinned,
      expanded: expanded)
    if canvas is DamageRecordingCanvas {
      notedLayout = OverlayLayout(key: key, outlines: outlines, cards: cards)
    }
    return (outlines, cards)
  }
  /// The cards of the latest gesture's touches whose cards have not faded, and of pinned
  /// touches of any gesture, placed first, away from fingers, hit views and the scene's views.
  /// The `expanded` touches' cards, when collapsed (a pinned one among them is collapsed as
  /// if it were not pinned), are shown whole where they are, over the others, in that order
  /// (the last on top): the one the pointer is on, the ones a click pinned.
  func layoutCards(
    of overlay: OverlayState, outlines: [HitOutline?]? = nil, window: UIWindow, now: TimeInterval,
    sceneSize: CanvasSize, pinned: Set<Int> = [], expanded: [Int] = []
  ) -> [OverlayCardLayout.Card] {
    let latest = overlay.currentTouches
    let latestSequence = latest.first?.sequence
    // Pinned cards of earlier gestures are placed first: they keep their place, and the new
    // cards are laid out around them.
    let current = overlay.touches.filter { $0.sequence != latestSequence && pinned.contains($0.identifier) } + latest
    let outlines = outlines ?? current.map { hitOutline(of: $0, in: window) }
    let hitBoxes = outlines.compactMap { $0.map(\.visible) }
    let contentBoxes = Self.contentBoxes(of: window, sceneSize: sceneSize)
    let fingers = current.map(fingerBox)
    /// Each card in turn, around those placed before it; with `collapsing`, every card not
    /// pinned collapsed to its header.
    func layout(collapsing: Bool) -> [OverlayCardLayout.Card] {
      var cards: [OverlayCardLayout.Card] = []
      for touch in current {
        let isPinned = pinned.contains(touch.identifier)
        let keepsWhole = isPinned && !expanded.contains(touch.identifier)
        let opacity = isPinned ? 1 : touch.cardOpacity(at: now)
        guard opacity > 0 else { continue }
        let obstacles = OverlayCardLayout.Obstacles(
          hitBoxes: hitBoxes, contentBoxes: contentBoxes, fingers: fingers, cards: cards.map(\.frame))
        let card =
          collapsing && !keepsWhole
          ? cardLayout.card(for: touch, now: now, sceneSize: sceneSize, avoiding: obstacles, collapsed: true)
          : cardLayout.card(for: touch, now: now, sceneSize: sceneSize, avoiding: obstacles)
        if var card {
          card.isPinned = isPinned
          card.opacity = opacity
          cards.append(card)
        }
      }
      return cards
    }
    var cards = layout(collapsing: false)
    // Too little room for them whole: every card but the pinned ones collapsed, so that none
    // covers another.
    if Self.anyOverlap(cards) { cards = layout(collapsing: true) }
    for touch in expanded {
      guard let index = cards.firstIndex(where: { $0.touch.identifier == touch && $0.isCollapsed }),
        let whole = cardLayout.expanded(cards[index], now: now, sceneSize: sceneSize)
      else { continue }
      cards.remove(at: index)
      cards.append(whole)
    }
    return cards
  }

  /// Whether two of `cards` overlap.
  static func anyOverlap(_ cards: [OverlayCardLayout.Card]) -> Bool {
    for (index, card) in cards.enumerated() {
      for other in cards[(index + 1)...] {
        let width = min(card.frame.maxX, other.frame.maxX) - max(card.frame.minX, other.frame.minX)
        let height = min(card.frame.maxY, other.frame.maxY) - max(card.frame.minY, other.frame.minY)
        if width > 0 && height > 0 { return true }
      }
    }
    return false
  }

  /// The area round a finger that a card must not cover: its ring and countdown rings.
  func fingerBox(_ touch: OverlayTouch) -> CanvasRect {
    guard let location = touch.location else { return CanvasRect(x: -1000, y: -1000, width: 0, height: 0) }
    let rings = Double(touch.countdowns.count { $0.isRunning })
    let reach = theme.overlay.touchRadius + 6 + rings * Self.countdownSpacing
    return CanvasRect(x: location.x - reach, y: location.y - reach, width: 2 * reach, height: 2 * reach)
  }

  /// The window-space boxes of the views a card should not cover: every visible view but
  /// those as big as most of the scene (the window, the root view, a full-screen scroll view).
  static func contentBoxes(of window: UIWindow, sceneSize: CanvasSize) -> [CanvasRect] {
    var boxes: [CanvasRect] = []
    let sceneArea = max(1, sceneSize.width * sceneSize.height)
    func visit(_ view: UIView) {
      guard !view.isHidden, view.alpha >= 0.01, boxes.count < 200 else { return }
      let box = SceneRenderer.boundingBox(windowCorners(of: view))
      if box.width * box.height < 0.5 * sceneArea { boxes.append(box) }
      for subview in view.subviews { visit(subview) }
    }
    for subview in window.subviews { visit(subview) }
    return boxes
  }

  // MARK: Marks on the scene

  /// The hit view's outline: its bounds in window points (a closed polygon, as transforms
  /// may turn it), and the part of its bounding box left visible by the scroll views and
  /// clipping views above it (the outline is drawn clipped to that).
  struct HitOutline {
    var corners: [CanvasPoint]
    /// The clipping ancestors' boxes; the outline shows only inside all of them.
    var clips: [CanvasRect]
    /// The visible part of the outline's bounding box.
    var visible: CanvasRect
  }

  /// The view the hit-test record named: the object itself (its `ObjectSerial`). A record
  /// made by hand, without one, names it by layout id (else class), the one under where the
  /// touch went down when several match.
  static func hitView(of touch: OverlayTouch, in window: UIWindow) -> UIView? {
    guard let name = touch.hitView else { return nil }
    var matches: [UIView] = []
    func visit(_ view: UIView) {
      if let object = name.object {
        if view.serial == object { matches.append(view) }
      } else if view.className == name.className && view.identifier == name.identifier {
        matches.append(view)
      }
      for subview in view.subviews where matches.isEmpty || name.object == nil { visit(subview) }
    }
    visit(window)
    guard matches.count > 1, let start = touch.trail.first else { return matches.first }
    // The deepest match containing the point the touch went down at.
    return matches.last { view in
      let point = view.convert(start, from: nil)
      return view.bounds.contains(point)
    } ?? matches.first
  }

  /// A view's bounds' corners in window points.
  static func windowCorners(of view: UIView) -> [CanvasPoint] {
    let b = view.bounds
    return [
      CGPoint(x: b.minX, y: b.minY), CGPoint(x: b.maxX, y: b.minY), CGPoint(x: b.maxX, y: b.maxY),
      CGPoint(x: b.minX, y: b.maxY), CGPoint(x: b.minX, y: b.minY),
    ].map { CanvasPoint(view.convert($0, to: nil)) }
  }

  /// `hitView(of:in:)`, the last answer reused while the record names the same object and
  /// that object is still in `window`.
  private func foundHitView(of touch: OverlayTouch, in window: UIWindow) -> UIView? {
    if let object = touch.hitView?.object, let view = lastHitView, view.serial == object, view.window === window {
      return view
    }
    let view = Self.hitView(of: touch, in: window)
    lastHitView = view
    return view
  }

  func hitOutline(of touch: OverlayTouch, in window: UIWindow) -> HitOutline? {
    guard let view = foundHitView(of: touch, in: window) else { return nil }
    let corners = Self.windowCorners(of: view)
    var clips: [CanvasRect] = []
    var visible = SceneRenderer.boundingBox(corners)
    var ancestor = view.superview
    while let clipping = ancestor, !(clipping is UIWindow) {
      // Scroll views clip whatever their clipsToBounds says, as the scene drawing does.
      if clipping.clipsToBounds || clipping.scrollViewTraits != nil {
        let box = SceneRenderer.boundingBox(Self.windowCorners(of: clipping))
        clips.append(box)
        visible = Self.intersection(visible, box)
      }
      ancestor = clipping.superview
    }
    guard visible.width > 0, visible.height > 0 else { return nil }
    return HitOutline(corners: corners, clips: clips, visible: visible)
  }

  static func intersection(_ a: CanvasRect, _ b: CanvasRect) -> CanvasRect {
    let minX = max(a.minX, b.minX)
    let minY = max(a.minY, b.minY)
    return CanvasRect(
      x: minX, y: minY, width: max(0, min(a.maxX, b.maxX) - minX), height: max(0, min(a.maxY, b.maxY) - minY))
  }

  private func drawHitOutline(_ outline: HitOutline, of touch: OverlayTouch, sceneSize: CanvasSize, on canvas: Canvas) {
    let color = theme.overlay.touchColor(of: touch)
    let width = theme.overlay.outlineWidth
    canvas.withSavedState {
      // Clipped as the view itself is, with room for the stroke's outer half.
      for clip in outline.clips { canvas.clip(to: clip.insetBy(dx: -width - 1, dy: -width - 1)) }
      canvas.strokePolyline(outline.corners, color: CanvasColor.white.withAlpha(0.8), style: .solid(width + 2))
      canvas.strokePolyline(outline.corners, color: color, style: .solid(width))
    }
    // A tag with the class name at the visible part's top-left corner, above it when there is room.
    let name = touch.hitView.map(OverlayCardLayout.nameText) ?? ""
    let style = TextStyle(
      fontFamily: theme.metrics.fontFamily, fontSize: 10.5, weight: .semibold, color: .white,
      alignment: .leading, verticalAlignment: .center)
    let textSize = TextFonts.measure(name, style: style)
    let left = outline.visible.minX
    let top = outline.visible.minY
    let tagHeight = 16.0
    let tag = CanvasRect(
      x: SceneRenderer.tagX(left - width / 2, width: textSize.width + 10, sceneWidth: sceneSize.width),
      y: top >= tagHeight + 1 ? top - tagHeight - width / 2 : top + width / 2,
      width: textSize.width + 10, height: tagHeight)
    canvas.fillRoundedRect(tag, cornerRadius: 4, color: color)
    canvas.draw(name, in: tag.insetBy(dx: 5, dy: 0), style: style)
  }

  private func drawTrail(of touch: OverlayTouch, on canvas: Canvas) {
    let points = touch.trail.suffix(max(2, theme.overlay.trailLength)).map(CanvasPoint.init)
    guard points.count > 1 else { return }
    let width = theme.overlay.trailWidth
    canvas.strokePolyline(points, color: CanvasColor.white.withAlpha(0.7), style: .rounded(width + 2))
    canvas.strokePolyline(points, color: theme.overlay.touchColor(of: touch).withAlpha(0.85), style: .rounded(width))
  }

  /// A ring round the finger, see-through so the view under it shows, a dot at the exact
  /// point, and the touch's number in a badge at the ring's upper right. Lifted: dashed.
  /// Drawn as a stamp (`Canvas.drawStamp`): the same mark wherever the finger is.
  private func drawMarker(of touch: OverlayTouch, on canvas: Canvas) {
    guard let location = touch.location else { return }
    let center = CanvasPoint(location)
    let radius = theme.overlay.touchRadius
    let color = theme.overlay.touchColor(of: touch)
    let badge = CanvasPoint(x: center.x + radius * 0.7071, y: center.y - radius * 0.7071)
    // Everything it draws: the ring and its halo, and the badge's text box.
    let reach = radius + 3
    let bounds = CanvasRect.bounds(of: [
      CanvasPoint(x: center.x - reach, y: min(center.y - reach, badge.y - 10)),
      CanvasPoint(x: max(center.x + reach, badge.x + 20), y: center.y + reach),
    ])
    var key = Hasher()
    key.combine(touch.isOnScreen)
    key.combine(touch.identifier)
    key.combine(color)
    key.combine(radius)
    key.combine(bounds.minX - center.x)
    key.combine(bounds.minY - center.y)
    canvas.drawStamp(key.finalize(), bounds: bounds, stamps: stamps) { canvas in
      drawMarkerShapes(of: touch, center: center, badge: badge, color: color, on: canvas)
    }
  }

  private func drawMarkerShapes(
    of touch: OverlayTouch, center: CanvasPoint, badge: CanvasPoint, color: CanvasColor, on canvas: Canvas
  ) {
    let radius = theme.overlay.touchRadius
    let halo = CanvasColor.white.withAlpha(0.85)
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

  /// The gap between a finger's countdown rings.
  static let countdownSpacing = 7.0

  /// Every deadline still running for the touch (the scroll view's 0.15 s, the tap's
  /// 0.75 s, the long press's 0.5 s, the 0.35 s wait for a next tap…): a ring each round the
  /// finger, the oldest innermost, its arc sweeping as the time runs out. The card says
  /// which ring is which.
  private func drawCountdowns(of touch: OverlayTouch, now: TimeInterval, on canvas: Canvas) {
    guard let location = touch.location else { return }
    let center = CanvasPoint(location)
    for (ring, countdown) in touch.countdowns.filter(\.isRunning).enumerated() {
      let radius = theme.overlay.touchRadius + 7 + Double(ring) * Self.countdownSpacing
      canvas.strokeCircle(center: center, radius: radius, color: CanvasColor.black.withAlpha(0.35), style: .solid(6))
      let start = -Double.pi / 2
      canvas.strokeArc(
        center: center, radius: radius, startAngle: start,
        endAngle: start + 2 * Double.pi * countdown.progress(at: now), color: theme.overlay.countdownColor(countdown),
        style: .rounded(4))
    }
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

extension ThemeOverlay {
  /// The colour of an outcome: green done, blue under way, yellow held back, red failed or
  /// dropped, orange cancelled, grey still deciding (the cards and the panel's legend).
  func color(of step: OverlayReceiver.Step) -> CanvasColor {
    switch step {
    case .possible: return gesturePossible
    case .began: return gestureBegan
    case .changed, .moved, .released: return gestureChanged
    case .recognized, .ended, .sent: return gestureRecognized
    case .failed, .dropped, .refused, .blocked, .unanswered: return gestureFailed
    case .cancelled: return gestureCancelled
    case .held, .delayed, .endHeld: return gestureHeld
    }
  }

  /// A touch's colour, opaque: its outline, trail, ring and card edge.
  func touchColor(of touch: OverlayTouch) -> CanvasColor {
    touchColor(at: touch.colorIndex).withAlpha(1)
  }

  /// The scroll view's delay in the held colour (it holds the began back); the other
  /// deadlines in the colour of a recognizer still deciding.
  func countdownColor(_ countdown: OverlayCountdown) -> CanvasColor {
    countdown.purpose == .scrollDelay ? gestureHeld : CanvasColor.white
  }
}
