import Foundation
import TouchLabCanvas
import TouchLabEngine
import TouchLabRecords

/// Draws a scene, its overlay and the transcript panel onto a canvas. Scene point (x, y) is
/// canvas point (x, y) (the canvas's scale makes it pixel (x·N, y·N)); the panel sits to
/// the right of the scene, when the canvas is wide enough for it (`frameSize(for:showsPanel:)`).
///
/// Drawing reads the view tree and the overlay state and changes neither, so the same frame
/// drawn twice gives the same pixels.
public final class SceneRenderer {
  public let theme: Theme
  /// The transcript panel's width, in points.
  public static let panelWidth: Double = 380
  /// The family fonts.conf pins for fixed-width text (transcripts, errors).
  public static let monospacedFamily = "DejaVu Sans Mono"

  /// While a frame is drawn, the drawing's `shouldStop`: asked before each view, so that a
  /// timer falling due in the middle of a big view tree waits for one view, not for the tree
  /// (`drawView`). Once it answers true, `stoppedInViewTree` is set and the rest is skipped.
  var viewStop: (() -> Bool)?
  /// How a transcript fitted its panel (`FrameTargets.transcriptFit`).
  public enum TranscriptFit: Equatable, Sendable {
    /// Every entry given was shown.
    case allFit
    /// Only the newest `shown` entries were.
    case overflowed(shown: Int)
  }

  var stoppedInViewTree = false

  /// The transcript panel, and what it keeps between frames.
  let panel: TranscriptPanelRenderer
  /// The timeline strip.
  let timeline: TimelineStripRenderer
  /// The touch overlay, and the layout it keeps for the damage drawing of a frame noted.
  let touchOverlay: TouchOverlayRenderer
  /// Paints each view's own content as its class looks.
  let painter: ViewPainter

  public init(theme: Theme) {
    self.theme = theme
    painter = ViewPainter(theme: theme)
    panel = TranscriptPanelRenderer(theme: theme)
    timeline = TimelineStripRenderer(theme: theme)
    touchOverlay = TouchOverlayRenderer(theme: theme)
  }

  /// The frame's size in points: the window's, plus the panel, the inspector and the
  /// timeline strip when shown.
  public static func frameSize(
    for window: UIWindow, showsPanel: Bool, showsTimeline: Bool = false, showsInspector: Bool = false
  ) -> CanvasSize {
    CanvasSize(
      width: Double(window.bounds.width) + (showsPanel ? Self.panelWidth : 0)
        + (showsInspector ? Self.inspectorWidth : 0),
      height: Double(window.bounds.height) + (showsTimeline ? TimelineStrip.height : 0))
  }

  /// Where the inspector goes in a frame of `size` points for a scene of `sceneSize`: right
  /// of the panel, to the frame's right edge.
  public static func inspectorRect(frame size: CanvasSize, sceneSize: CanvasSize) -> CanvasRect {
    let x = sceneSize.width + panelWidth
    return CanvasRect(x: x, y: 0, width: max(0, size.width - x), height: size.height)
  }

  /// Draws the whole frame: the view tree, the overlay over it, the panel beside it and the
  /// message over the scene. Between those parts it asks `shouldStop` (the live window:
  /// "is an engine timer due?") and, when told to, stops and returns false: the canvas then
  /// holds part of a frame, to be drawn again rather than shown.
  @discardableResult
  public func draw(_ content: FrameContent, on canvas: Canvas, shouldStop: () -> Bool = { false }) -> Bool {
    var targets = FrameTargets()
    return drawParts(content, on: canvas, shouldStop: shouldStop, keepsPanel: true, targets: &targets)
  }

  /// What the pointer can act on in `content`'s frame of `size` points, laid out as a drawing
  /// of it lays it out (a noting at scale 1 on a tracker of its own). The window takes them
  /// from the `FrameDamage` of each frame it draws instead.
  public func targets(of content: FrameContent, size: CanvasSize) -> FrameTargets {
    damage(
      for: content, pixelWidth: max(1, Int(size.width.rounded(.up))),
      pixelHeight: max(1, Int(size.height.rounded(.up))),
      scale: 1, tracking: FrameDamageTracker()
    ).targets
  }

  /// Draws only what differs from the frame `tracker` saw drawn last on `canvas`
  /// (`damage(for:pixelWidth:pixelHeight:scale:tracking:)`, then `draw(_:on:within:shouldStop:)`
  /// of all the rectangles at once on a canvas of its own, whose rectangles are copied). The pixels are those of a whole drawing (`DamageDrawingTests`). A
  /// new canvas, or another one, is drawn whole.
  ///
  /// `shouldStop` as for `draw(_:on:shouldStop:)`: a drawing stopped part-way leaves its
  /// rectangles to be drawn again by the next one.
  public func draw(
    _ content: FrameContent, on canvas: CairoCanvas, tracking tracker: FrameDamageTracker,
    shouldStop: () -> Bool = { false }
  ) -> DamageDrawing {
    if tracker.canvas !== canvas {
      tracker.reset()
      tracker.canvas = canvas
    }
    let damage = damage(
      for: content, pixelWidth: canvas.pixelWidth, pixelHeight: canvas.pixelHeight, scale: canvas.scale,
      tracking: tracker)
    let rects = damage.rects
    if let scroll = tracker.scroll { canvas.movePixels(scroll) }
    // Drawn as the window draws (one pass, `draw(_:on:within:shouldStop:)`) on a canvas of
    // the tracker's, then only the rectangles copied: this canvas keeps its pixels outside them.
    if !rects.isEmpty {
      guard let scratch = tracker.scratchCanvas(like: canvas) else { return .stopped }
      guard draw(content, on: scratch, within: rects, of: damage, shouldStop: shouldStop) else {
        tracker.abandon(rects)
        return .stopped
      }
      for rect in rects { canvas.copyPixels(of: scratch, in: rect) }
    }
    tracker.commit()
    return .drawn(rects)
  }

  /// Where a frame of `content` differs from the one `tracker` holds as drawn, in pixels of a
  /// frame `pixelWidth`×`pixelHeight` at `scale`: the frame is noted (every drawing call, its
  /// key and the pixels it may touch, nothing drawn), compared with the last one
  /// (`DrawingItem.damage`), and the rectangles left part-drawn by a stopped drawing are
  /// added. The whole frame when the tracker holds none of that size. Then draw its
  /// rectangles with it (`draw(_:on:within:of:shouldStop:)`) and `commit()`, or `abandon`
  /// them. The renderer keeps nothing of it: what the drawing needs is in the value returned.
  public func damage(
    for content: FrameContent, pixelWidth: Int, pixelHeight: Int, scale: Double, tracking tracker: FrameDamageTracker
  ) -> FrameDamage {
    panel.dropKeptPanel()  // the window keeps the panel's pixels itself
    let bounds = DamageRect(x: 0, y: 0, width: pixelWidth, height: pixelHeight)
    guard let base = tracker.recordingBase(pixelWidth: pixelWidth, pixelHeight: pixelHeight, scale: scale)
    else { return FrameDamage(rects: [bounds], partBounds: nil, keptViews: nil, targets: FrameTargets()) }
    let recorder = DamageRecordingCanvas(wrapping: base)
    touchOverlay.forgetNotedLayout()
    var targets = FrameTargets()
    _ = drawParts(content, on: recorder, shouldStop: { false }, keepsPanel: false, targets: &targets)
    recorder.part = nil  // the last part closed, however the noting ended
    tracker.noted = recorder.items
    tracker.notedPanel = recorder.partRanges[.panel]
    tracker.scroll = nil
    let keptViews = noteKeptViews(
      of: recorder, sceneSize: content.window.bounds.size, scale: scale, tracking: tracker)
    func damage(_ rects: [DamageRect]) -> FrameDamage {
      FrameDamage(
        rects: rects.map { $0.intersection(bounds) }.filter { !$0.isEmpty }, partBounds: recorder.partBounds,
        keptViews: keptViews, targets: targets)
    }
    guard tracker.holdsFrame else { return damage([bounds]) }
    if let scrolled = tracker.scrolledDamage(panelBounds: recorder.partBounds[.panel], frame: bounds) {
      return damage(scrolled)
    }
    return damage(
      DrawingItem.closed(
        DrawingItem.changedRects(from: tracker.items, to: tracker.noted) + tracker.pending + tracker.keptViewsNeeded,
        over: tracker.noted, excluding: tracker.notedViews, maximumRects: FrameDamageTracker.maximumRects))
  }

  /// Notes the views of the frame `recorder` noted on the tracker's kept views, which the
  /// damage drawing of the frame then copies (`FrameDamage.keptViews`,
  /// `FrameDamageTracker.notedViews`); nil when the views are drawn.
  private func noteKeptViews(
    of recorder: DamageRecordingCanvas, sceneSize: CGSize, scale: Double, tracking tracker: FrameDamageTracker
  ) -> KeptViews? {
    tracker.notedViews = nil
    guard let views = recorder.partRanges[.scene],
      let kept = tracker.keptViews(
        pixelWidth: min(recorder.pixelWidth, Int((Double(sceneSize.width) * scale).rounded(.up))),
        pixelHeight: min(recorder.pixelHeight, Int((Double(sceneSize.height) * scale).rounded(.up))), scale: scale)
    else { return nil }
    // A whole frame (a new canvas, an Expose, a new size) draws the views whole on them too:
    // whatever they hold, the frame is a whole drawing's.
    if !tracker.holdsFrame { kept.forget() }
    kept.note(Array(recorder.items[views]), maximumRects: FrameDamageTracker.maximumRects)
    tracker.notedViews = views
    return kept
  }

  /// Draws what of `kept` is needed, one rectangle at a time (a canvas that keeps its pixels:
  /// `CairoCanvas.withDamageClip`); false when `shouldStop` stopped it (all of it is then
  /// drawn again next time).
  private func bringUpToDate(_ kept: KeptViews, content: FrameContent, shouldStop: () -> Bool) -> Bool {
    let sceneRect = CanvasRect(
      x: 0, y: 0, width: Double(content.window.bounds.width), height: Double(content.window.bounds.height))
    for rect in kept.needed {
      let finished = withoutActuallyEscaping(shouldStop) { shouldStop in
        viewStop = shouldStop
        stoppedInViewTree = false
        defer { viewStop = nil }
        return kept.canvas.withDamageClip([rect]) {
          kept.canvas.clear(to: theme.colors.background)
          drawViews(of: content, in: sceneRect, on: kept.canvas)
          return !stoppedInViewTree
        }
      }
      guard finished else { return false }
    }
    kept.commit()
    return true
  }

  /// The scene's views, clipped to the scene: the window's tree and the application's other
  /// visible windows over the main one, lowest level first (docs/BEHAVIOUR.md §15): a
  /// status-bar banner, an alert's dimming view.
  private func drawViews(of content: FrameContent, in sceneRect: CanvasRect, on canvas: Canvas) {
    canvas.withSavedState {
      canvas.clip(to: sceneRect)
      drawViewTree(content.window, on: canvas)
      for other in (content.window.application?.windowsFrontToBack ?? []).reversed()
      where other !== content.window && !other.isHidden {
        drawViewTree(other, on: canvas)
      }
    }
  }

  /// Draws the part of the frame inside `rect` (pixels): the background and everything that
  /// reaches into it, clipped to it — exactly the pixels a whole drawing has there.
  /// Given the `damage(for:…)` of the same content, a part of the frame (the scene, the
  /// panel…) none of whose drawing reaches into `rect` is not run at all, and the views are
  /// copied from those it kept.
  public func draw(
    _ content: FrameContent, on canvas: CairoCanvas, within rect: DamageRect, of damage: FrameDamage? = nil,
    shouldStop: () -> Bool = { false }
  ) -> Bool {
    draw(content, on: canvas, within: [rect], of: damage, shouldStop: shouldStop)
  }

  /// As `draw(_:on:within:of:shouldStop:)` for several rectangles at once (a pass of
  /// `FrameDamageTracker.passes`): one drawing, whose pixels inside the rectangles are a
  /// whole drawing's; between them, inside the rectangle that holds them all, they may not be
  /// (`CairoCanvas.withDamageClip`): only for a canvas whose pixels are sent rectangle by rectangle.
  public func draw(
    _ content: FrameContent, on canvas: CairoCanvas, within rects: [DamageRect], of damage: FrameDamage? = nil,
    shouldStop: () -> Bool = { false }
  ) -> Bool {
    let bounds = damage?.partBounds
    let keptViews = damage?.keptViews
    if let keptViews, !keptViews.needed.isEmpty,
      !bringUpToDate(keptViews, content: content, shouldStop: shouldStop)
    {
      return false
    }
    var targets = FrameTargets()  // the noting's are in `damage`
    return canvas.withDamageClip(rects) {
      drawParts(
        content, on: canvas, shouldStop: shouldStop, keepsPanel: false, targets: &targets, keptViews: keptViews?.canvas
      ) { part in
        guard let reach = bounds?[part] else { return bounds == nil }
        return rects.contains { !reach.intersection($0).isEmpty }
      }
    }
  }

  /// `keptViews`: the views are not drawn but copied from it (`KeptViews`). `targets` gets
  /// what the pointer can act on in the parts drawn.
  private func drawParts(
    _ content: FrameContent, on canvas: Canvas, shouldStop: () -> Bool, keepsPanel: Bool,
    targets: inout FrameTargets, keptViews: CairoCanvas? = nil, drawsPart: (FramePart) -> Bool = { _ in true }
  ) -> Bool {
    withoutActuallyEscaping(shouldStop) { shouldStop in
      viewStop = canvas is DamageRecordingCanvas ? nil : shouldStop
      stoppedInViewTree = false
      defer { viewStop = nil }
      return drawPartsChecked(
        content, on: canvas, shouldStop: shouldStop, keepsPanel: keepsPanel, keptViews: keptViews,
        targets: &targets, drawsPart: drawsPart)
    }
  }

  private func drawPartsChecked(
    _ content: FrameContent, on canvas: Canvas, shouldStop: () -> Bool, keepsPanel: Bool, keptViews: CairoCanvas?,
    targets: inout FrameTargets, drawsPart: (FramePart) -> Bool
  ) -> Bool {
    // The views copied from those kept: the background only where they are not.
    let copied = drawsPart(.scene) ? keptViews.flatMap { kept in (canvas as? CairoCanvas).map { (kept, $0) } } : nil
    if let (kept, canvas) = copied {
      canvas.clear(to: theme.colors.background, outside: kept.pixelBounds)
    } else {
      canvas.clear(to: theme.colors.background)
    }
    touchOverlay.timeOrigin = content.timeOrigin
    let recorder = canvas as? DamageRecordingCanvas
    let sceneSize = CanvasSize(width: Double(content.window.bounds.width), height: Double(content.window.bounds.height))
    let sceneRect = CanvasRect(origin: .zero, size: sceneSize)
    recorder?.part = .scene
    if drawsPart(.scene) {
      if let (kept, canvas) = copied {
        canvas.copyKeptViews(kept)
      } else {
        drawViews(of: content, in: sceneRect, on: canvas)
        if stoppedInViewTree { return false }
      }
    }
    recorder?.part = .overlay
    var cards: [OverlayCardLayout.Card] = []
    let finishedScene: Bool =
      !drawsPart(.overlay)
      || canvas.withSavedState {
        canvas.clip(to: sceneRect)
        if let overlay = content.overlay {
          if shouldStop() { return false }
          cards = touchOverlay.draw(
            overlay, window: content.window, now: content.now, sceneSize: sceneSize, pinned: content.pinnedCards,
            expanded: content.expandedCards,
            on: canvas)
        }
        if let trace = content.inspection?.hitTest { drawHitTestPath(trace, sceneSize: sceneSize, on: canvas) }
        return true
      }
    if !finishedScene || shouldStop() { return false }
    targets.cards = cards.map { FrameTargets.Card(hit: Self.hit($0), frame: $0.frame) }
    var panelRect = CanvasRect(
      x: sceneSize.width, y: 0, width: canvas.size.width - sceneSize.width, height: canvas.size.height)
    if let inspection = content.inspection {
      panelRect.size.width = Self.panelWidth
      let inspectorRect = Self.inspectorRect(frame: canvas.size, sceneSize: sceneSize)
      recorder?.part = .inspector
      if inspectorRect.width >= 100, drawsPart(.inspector) {
        targets.inspectorRows = drawInspector(
          inspection, in: inspectorRect, firstRow: content.inspectorFirstRow, on: canvas)
      }
    }
    recorder?.part = .panel
    if panelRect.width >= Self.panelWidth - 0.5, drawsPart(.panel) {
      if keepsPanel, let canvas = canvas as? CairoCanvas {
        panel.drawKeptPanel(content, in: panelRect, on: canvas)
      } else if let recorder {
        panel.recordPanel(content, in: panelRect, on: recorder)
      } else {
        panel.drawPanel(content, in: panelRect, on: canvas)
      }
      targets.transcriptFit = panel.transcriptFit
    }
    recorder?.part = .timeline
    if let timeline = content.timeline, drawsPart(.timeline) {
      let stripRect = CanvasRect(x: 0, y: sceneSize.height, width: sceneSize.width, height: TimelineStrip.height)
      self.timeline.draw(timeline, in: stripRect, on: canvas)
    }
    recorder?.part = .message
    if let message = content.message, drawsPart(.message) {
      drawMessage(message, sceneSize: sceneSize, on: canvas)
    }
    recorder?.part = nil
    return true
  }

}

extension SceneRenderer {
  /// A layout error over the top of the scene, in a red box that cannot be missed.
  func drawMessage(_ message: String, sceneSize: CanvasSize, on canvas: Canvas) {
    let margin = 10.0
    let padding = 12.0
    let width = max(40, sceneSize.width - 2 * margin)
    let inner = width - 2 * padding
    let headerStyle = TextStyle(
      fontFamily: theme.metrics.fontFamily, fontSize: 14, weight: .bold, color: .white, alignment: .leading,
      verticalAlignment: .top)
    let bodyStyle = TextStyle(
      fontFamily: Self.monospacedFamily, fontSize: 12, color: .white, alignment: .leading, verticalAlignment: .top,
      truncation: .tail, maximumLines: 16)
    let bodyHeight = TextFonts.measure(message, style: bodyStyle, maximumWidth: inner).height
    let box = CanvasRect(x: margin, y: margin, width: width, height: padding * 2 + 20 + bodyHeight)
    canvas.fillRoundedRect(
      CanvasRect(x: box.minX, y: box.minY + 2, width: box.width, height: box.height), cornerRadius: 10,
      color: CanvasColor.black.withAlpha(0.25))
    canvas.fillRoundedRect(box, cornerRadius: 10, color: CanvasColor(red8: 215, green8: 0, blue8: 21))
    // The window shows layout errors here, and other problems (a screenshot not written).
    let header = message.contains(": error: ") ? "⚠ Layout error" : "⚠ Problem"
    canvas.draw(
      header,
      in: CanvasRect(x: box.minX + padding, y: box.minY + padding, width: inner, height: 20), style: headerStyle)
    canvas.draw(
      message, in: CanvasRect(x: box.minX + padding, y: box.minY + padding + 20, width: inner, height: bodyHeight),
      style: bodyStyle)
  }
}

extension CanvasColor {
  /// A UIKit colour as the canvas takes it.
  init(_ color: UIColor) {
    self.init(red: color.red, green: color.green, blue: color.blue, alpha: color.alpha)
  }

  /// This colour laid over `base` (both straight alpha; the result is opaque when `base` is).
  func over(_ base: CanvasColor) -> CanvasColor {
    let alpha = self.alpha + base.alpha * (1 - self.alpha)
    guard alpha > 0 else { return .clear }
    func mix(_ top: Double, _ bottom: Double) -> Double {
      (top * self.alpha + bottom * base.alpha * (1 - self.alpha)) / alpha
    }
    return CanvasColor(
      red: mix(red, base.red), green: mix(green, base.green), blue: mix(blue, base.blue), alpha: alpha)
  }

  /// Relative luminance (WCAG 2), for picking readable text.
  var luminance: Double {
    func linear(_ c: Double) -> Double { c <= 0.03928 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
    return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
  }

  /// WCAG contrast ratio between two opaque colours (1…21).
  func contrast(with other: CanvasColor) -> Double {
    let (a, b) = (luminance, other.luminance)
    return (max(a, b) + 0.05) / (min(a, b) + 0.05)
  }
}

extension CanvasPoint {
  init(_ point: CGPoint) { self.init(x: Double(point.x), y: Double(point.y)) }
}

extension CanvasRect {
  init(_ rect: CGRect) {
    self.init(x: Double(rect.minX), y: Double(rect.minY), width: Double(rect.width), height: Double(rect.height))
  }
}

extension SceneRenderer {
  static func hit(_ card: OverlayCardLayout.Card) -> CardHit {
    CardHit(
      touch: card.touch.identifier, isCollapsed: card.isCollapsed, isExpanded: card.isExpanded, isPinned: card.isPinned)
  }

  /// The smallest rectangle holding `points` (a hit view's outline).
  static func boundingBox(_ points: [CanvasPoint]) -> CanvasRect {
    .bounds(of: points)
  }

  /// A tag's left edge: at `x`, or, when it would run past the scene's right edge, moved left
  /// as little as keeps it whole (no further than the scene's left edge).
  static func tagX(_ x: Double, width: Double, sceneWidth: Double) -> Double {
    x + width > sceneWidth ? max(0, sceneWidth - width) : x
  }
}
