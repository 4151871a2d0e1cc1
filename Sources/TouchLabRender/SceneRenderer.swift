import Foundation
import TouchLabEngine

/// One entry of the panel's transcript.
public enum TranscriptEntry: Equatable, Hashable, Sendable {
  /// A transcript line with its `[time] ` prefix.
  case line(String)
  /// The start of a section: what its lines come from (a layout, a scenario).
  case header(String)
}

/// What one frame of the sandbox shows: the scene, the overlay (when on), the transcript
/// panel, and a message (a layout error kept on screen after a failed reload).
public struct FrameContent {
  public var window: UIWindow
  /// The touch overlay's state (the fold of the records up to `now`), or nil when it is off.
  public var overlay: OverlayState?
  /// Touches (by identifier) whose cards the user pinned: they stay, whole, until unpinned,
  /// even after a later gesture.
  public var pinnedCards: Set<Int> = []
  /// Transcript lines with their `[time] ` prefixes and section headers, oldest first (the
  /// panel shows the newest).
  public var transcript: [TranscriptEntry]
  /// Lines newer than `transcript`'s last, out of sight below it (the panel was scrolled
  /// back); the panel says how many.
  public var newerLineCount = 0
  /// Lines older than `transcript`'s first, no longer kept (a picture of a long scenario
  /// keeps the newest only); the panel's count includes them.
  public var olderLineCount = 0
  /// The transcript's times count from the first touch (the panel says so).
  public var timesFromFirstTouch = false
  /// With `timesFromFirstTouch`, the first touch's time: every time the frame shows (the
  /// cards' "down at", the strip's label and ticks) counts from it, written `+0.15`, as the
  /// transcript's `[+0.150]` do — one time base everywhere. Nil: from the scene's start.
  public var timeOrigin: TimeInterval?
  /// A title for the panel's header (the layout's `title:` or file name).
  public var title: String?
  /// An error to show over the scene (the previous scene stays drawn).
  public var message: String?
  /// Keyboard help shown at the foot of the panel.
  public var keyHelp: [String]
  /// The engine's clock now, for countdowns.
  public var now: TimeInterval
  /// A second header line under the title (the file, the scenario and its time…).
  public var subtitle: String?
  /// The timeline strip under the scene, while a scenario plays (`frameSize(…showsTimeline:)`).
  public var timeline: TimelineStrip?
  /// The inspector beside the panel (`frameSize(…showsInspector:)`), when shown; its
  /// `hitTest` path is drawn over the scene too.
  public var inspection: SceneInspection?
  /// The inspector's first row shown (the wheel scrolls it).
  public var inspectorFirstRow = 0

  public init(
    window: UIWindow, overlay: OverlayState? = nil, transcript: [String] = [], title: String? = nil,
    message: String? = nil, keyHelp: [String] = [], now: TimeInterval = 0, subtitle: String? = nil
  ) {
    self.window = window
    self.overlay = overlay
    self.transcript = transcript.map(TranscriptEntry.line)
    self.title = title
    self.message = message
    self.keyHelp = keyHelp
    self.now = now
    self.subtitle = subtitle
  }
}

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

  /// Heights of wrapped transcript lines by width and text: a live window draws the same
  /// lines frame after frame. Emptied when it grows past `measuredLineLimit`.
  var measuredLines: [MeasuredLineKey: Double] = [:]
  static let measuredLineLimit = 2048

  struct MeasuredLineKey: Hashable {
    var text: String
    var width: Double
  }

  /// Where each part of the frame last noted by `damage(for:…)` draws, in pixels (nil: not
  /// known, every part is drawn).
  var partBounds: [FramePart: DamageRect]?
  /// While a frame is drawn, the drawing's `shouldStop`: asked before each view, so that a
  /// timer falling due in the middle of a big view tree waits for one view, not for the tree
  /// (`drawView`). Once it answers true, `stoppedInViewTree` is set and the rest is skipped.
  var viewStop: (() -> Bool)?
  /// How the transcript last drawn fitted its panel (nil: none drawn yet): the window does
  /// not scroll back a panel whose lines all fit, nor further back than a panel's worth.
  public internal(set) var transcriptFit: TranscriptFit?

  public enum TranscriptFit: Equatable, Sendable {
    /// Every entry given was shown.
    case allFit
    /// Only the newest `shown` entries were.
    case overflowed(shown: Int)
  }

  /// The frame being drawn's `timeOrigin`.
  var shownTimeOrigin: TimeInterval?
  var stoppedInViewTree = false
  /// The overlay's layout as `damage(for:…)` last noted it, for the damage drawing of the
  /// same frame (`overlayLayout(of:window:now:sceneSize:pinned:on:)`).
  var notedOverlayLayout: OverlayLayout?

  struct OverlayLayout {
    /// What the layout was made for: used again only for the same.
    struct Key: Equatable {
      var window: ObjectIdentifier
      var overlay: OverlayState
      var now: TimeInterval
      var sceneSize: CanvasSize
      var pinned: Set<Int>
    }
    var key: Key
    var outlines: [HitOutline?]
    var cards: [CardLayout]
  }

  /// The panel's items as last noted, and what it showed.
  var recordedPanel: (key: PanelKey, clipKey: Int, items: [DrawingItem])?

  /// The panel as last drawn, and what it showed: a frame whose panel shows the same is
  /// copied from it instead of drawn (a held finger's countdown, a timer, a drag that logs
  /// nothing redraw only the scene).
  var keptPanel: (key: PanelKey, canvas: CairoCanvas)?

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

  public init(theme: Theme) { self.theme = theme }

  /// The frame's size in points: the window's, plus the panel, the inspector and the
  /// timeline strip when shown.
  public func frameSize(
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
    drawParts(content, on: canvas, shouldStop: shouldStop, keepsPanel: true)
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
    let rects = damage(
      for: content, pixelWidth: canvas.pixelWidth, pixelHeight: canvas.pixelHeight, scale: canvas.scale,
      tracking: tracker)
    if let scroll = tracker.scroll { canvas.movePixels(scroll) }
    // Drawn as the window draws (one pass, `draw(_:on:within:shouldStop:)`) on a canvas of
    // the tracker's, then only the rectangles copied: this canvas keeps its pixels outside them.
    if !rects.isEmpty {
      guard let scratch = tracker.scratchCanvas(like: canvas) else { return .stopped }
      guard draw(content, on: scratch, within: rects, shouldStop: shouldStop) else {
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
  /// added. The whole frame when the tracker holds none of that size. Then draw each
  /// rectangle (`draw(_:on:within:shouldStop:)`) and `commit()`, or `abandon` them.
  public func damage(
    for content: FrameContent, pixelWidth: Int, pixelHeight: Int, scale: Double, tracking tracker: FrameDamageTracker
  ) -> [DamageRect] {
    keptPanel = nil  // the window keeps the panel's pixels itself
    let bounds = DamageRect(x: 0, y: 0, width: pixelWidth, height: pixelHeight)
    guard let base = tracker.recordingBase(pixelWidth: pixelWidth, pixelHeight: pixelHeight, scale: scale)
    else { return [bounds] }
    let recorder = DamageRecordingCanvas(wrapping: base)
    notedOverlayLayout = nil
    _ = drawParts(content, on: recorder, shouldStop: { false }, keepsPanel: false)
    tracker.noted = recorder.items
    tracker.notedPanel = recorder.partRanges[.panel]
    tracker.scroll = nil
    partBounds = recorder.partBounds
    guard tracker.holdsFrame else { return [bounds] }
    if let scrolled = tracker.scrolledDamage(panelBounds: recorder.partBounds[.panel], frame: bounds) {
      return scrolled.map { $0.intersection(bounds) }.filter { !$0.isEmpty }
    }
    let rects = DrawingItem.closed(
      DrawingItem.changedRects(from: tracker.items, to: tracker.noted) + tracker.pending,
      over: tracker.noted, maximumRects: FrameDamageTracker.maximumRects)
    return rects.map { $0.intersection(bounds) }.filter { !$0.isEmpty }
  }

  /// Draws the part of the frame inside `rect` (pixels): the background and everything that
  /// reaches into it, clipped to it — exactly the pixels a whole drawing has there.
  /// After `damage(for:…)` of the same content, a part of the frame (the scene, the panel…)
  /// none of whose drawing reaches into `rect` is not run at all.
  public func draw(
    _ content: FrameContent, on canvas: CairoCanvas, within rect: DamageRect, shouldStop: () -> Bool = { false }
  ) -> Bool {
    draw(content, on: canvas, within: [rect], shouldStop: shouldStop)
  }

  /// As `draw(_:on:within:shouldStop:)` for several rectangles at once (a pass of
  /// `FrameDamageTracker.passes`): one drawing, whose pixels inside the rectangles are a
  /// whole drawing's; between them, inside the rectangle that holds them all, they may not be
  /// (`CairoCanvas.withDamageClip`): only for a canvas whose pixels are sent rectangle by rectangle.
  public func draw(
    _ content: FrameContent, on canvas: CairoCanvas, within rects: [DamageRect], shouldStop: () -> Bool = { false }
  ) -> Bool {
    let bounds = partBounds
    return canvas.withDamageClip(rects) {
      drawParts(content, on: canvas, shouldStop: shouldStop, keepsPanel: false) { part in
        guard let reach = bounds?[part] else { return bounds == nil }
        return rects.contains { !reach.intersection($0).isEmpty }
      }
    }
  }

  private func drawParts(
    _ content: FrameContent, on canvas: Canvas, shouldStop: () -> Bool, keepsPanel: Bool,
    drawsPart: (FramePart) -> Bool = { _ in true }
  ) -> Bool {
    withoutActuallyEscaping(shouldStop) { shouldStop in
      viewStop = canvas is DamageRecordingCanvas ? nil : shouldStop
      stoppedInViewTree = false
      defer { viewStop = nil }
      return drawPartsChecked(content, on: canvas, shouldStop: shouldStop, keepsPanel: keepsPanel, drawsPart: drawsPart)
    }
  }

  private func drawPartsChecked(
    _ content: FrameContent, on canvas: Canvas, shouldStop: () -> Bool, keepsPanel: Bool,
    drawsPart: (FramePart) -> Bool
  ) -> Bool {
    canvas.clear(to: theme.colors.background)
    shownTimeOrigin = content.timeOrigin
    let recorder = canvas as? DamageRecordingCanvas
    let sceneSize = CanvasSize(width: Double(content.window.bounds.width), height: Double(content.window.bounds.height))
    let sceneRect = CanvasRect(origin: .zero, size: sceneSize)
    recorder?.part = .scene
    let finishedScene: Bool =
      !drawsPart(.scene)
      || canvas.withSavedState {
        canvas.clip(to: sceneRect)
        drawViewTree(content.window, on: canvas)
        // The application's other visible windows over the main one, lowest level first
        // (docs/BEHAVIOUR.md §15): a status-bar banner, an alert's dimming view.
        for other in (content.window.application?.windowsFrontToBack ?? []).reversed()
        where other !== content.window && !other.isHidden {
          drawViewTree(other, on: canvas)
        }
        if stoppedInViewTree { return false }
        if let overlay = content.overlay {
          if shouldStop() { return false }
          drawOverlay(
            overlay, window: content.window, now: content.now, sceneSize: sceneSize, pinned: content.pinnedCards,
            on: canvas)
        }
        if let trace = content.inspection?.hitTest { drawHitTestPath(trace, sceneSize: sceneSize, on: canvas) }
        return true
      }
    if !finishedScene || shouldStop() { return false }
    var panelRect = CanvasRect(
      x: sceneSize.width, y: 0, width: canvas.size.width - sceneSize.width, height: canvas.size.height)
    if let inspection = content.inspection {
      panelRect.size.width = Self.panelWidth
      let inspectorRect = Self.inspectorRect(frame: canvas.size, sceneSize: sceneSize)
      recorder?.part = .inspector
      if inspectorRect.width >= 100, drawsPart(.inspector) {
        drawInspector(inspection, in: inspectorRect, firstRow: content.inspectorFirstRow, on: canvas)
      }
    }
    recorder?.part = .panel
    if panelRect.width >= Self.panelWidth - 0.5, drawsPart(.panel) {
      if keepsPanel {
        drawKeptPanel(content, in: panelRect, on: canvas)
      } else if let recorder {
        recordPanel(content, in: panelRect, on: recorder)
      } else {
        drawPanel(content, in: panelRect, on: canvas)
      }
    }
    recorder?.part = .timeline
    if let timeline = content.timeline, drawsPart(.timeline) {
      let stripRect = CanvasRect(x: 0, y: sceneSize.height, width: sceneSize.width, height: TimelineStrip.height)
      drawTimeline(timeline, in: stripRect, on: canvas)
    }
    recorder?.part = .message
    if let message = content.message, drawsPart(.message) {
      drawMessage(message, sceneSize: sceneSize, on: canvas)
    }
    recorder?.part = nil
    return true
  }

  /// Notes the panel's drawing, or, when it would show what it showed when last noted, the
  /// same items again without running its drawing code (500 lines are many to lay out).
  private func recordPanel(_ content: FrameContent, in rect: CanvasRect, on recorder: DamageRecordingCanvas) {
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

/// What a damage drawing remembers of the frame last drawn (`SceneRenderer.damage(for:…)`):
/// one per place frames are drawn to.
public final class FrameDamageTracker {
  /// The canvas `draw(_:on:tracking:)` drew on; another one is drawn whole.
  weak var canvas: CairoCanvas?
  /// The frame drawn, as noted; `holdsFrame` when it is whole on screen.
  var items: [DrawingItem] = []
  /// The frame being drawn, as noted.
  var noted: [DrawingItem] = []
  /// The panel's items among `items` and among `noted`.
  var panel: Range<Int>?
  var notedPanel: Range<Int>?
  /// The pixels the last `damage` moves before its rectangles are drawn (the panel's lines
  /// scrolled up), nil when it moves none: they are moved first
  /// (`CairoCanvas.movePixels`, `X11Window.copyArea`), then the rectangles drawn. Kept after
  /// `commit()`, until the next `damage`.
  public internal(set) var scroll: PixelMove?
  /// Rectangles a stopped drawing left part-drawn.
  var pending: [DamageRect] = []
  /// A whole frame of the recording canvas's size has been drawn since the last `reset()`.
  private(set) var holdsFrame = false
  private var recordingBase: CairoCanvas?
  /// The most rectangles a damage drawing clips to (more are merged). A pass draws all of
  /// its rectangles at once (`passes(of:maximumRows:)`), so a few more cost little, where
  /// merging them into bigger ones draws, and cuts, more.
  static let maximumRects = 16

  public init() {}

  /// The next drawing is whole (the pixels drawn are gone: a new buffer, an Expose).
  /// A canvas of `canvas`'s size and scale for damage drawings, made again when that changes.
  func scratchCanvas(like canvas: CairoCanvas) -> CairoCanvas? {
    if let scratch, scratch.pixelWidth == canvas.pixelWidth, scratch.pixelHeight == canvas.pixelHeight,
      scratch.scale == canvas.scale
    {
      return scratch
    }
    scratch = try? CairoCanvas(pixelWidth: canvas.pixelWidth, pixelHeight: canvas.pixelHeight, scale: canvas.scale)
    return scratch
  }
  private var scratch: CairoCanvas?

  public func reset() {
    canvas = nil
    items = []
    panel = nil
    pending = []
    scroll = nil
    holdsFrame = false
  }

  /// Every rectangle of the last `damage` was drawn: the frame noted is the one shown.
  public func commit() {
    items = noted
    panel = notedPanel
    pending = []
    holdsFrame = true
  }

  /// The drawing of `rects` stopped part-way: they are drawn again next time, whatever the
  /// frame then shows.
  public func abandon(_ rects: [DamageRect]) {
    // The moved pixels were moved: they show the frame being drawn, not the one drawn.
    pending = DamageRect.merged(
      pending + rects + (scroll.map { [$0.destination] } ?? []), maximumRects: Self.maximumRects)
    scroll = nil
  }

  /// `rects` in passes of at most `maximumRows` rows, top to bottom, for a strip of that
  /// many rows (`X11Window.drawAndSend(passes:…)`): each pass is the part of `rects` in its
  /// rows, drawn in one go (`SceneRenderer.draw(_:on:within:shouldStop:)`). A pass ends, where
  /// it can, at a row that only rectangle fills cross, across the whole frame: every other
  /// item that reaches a pass then lies inside its rows, and no clip cuts it.
  public func passes(of rects: [DamageRect], maximumRows: Int) -> [[DamageRect]] {
    let rows = max(1, maximumRows)
    let rects = rects.filter { !$0.isEmpty }
    guard let top = rects.map(\.y).min(), let bottom = rects.map(\.maxY).max() else { return [] }
    if bottom - top <= rows { return [rects] }
    // Which rows an item other than a rectangle fill crosses (has rows above and below).
    var crossed = [Bool](repeating: false, count: bottom - top + 1)
    for item in noted where !item.isBox && item.rect.maxY > top && item.rect.y < bottom {
      for row in max(top, item.rect.y + 1)..<min(bottom, item.rect.maxY) { crossed[row - top] = true }
    }
    var passes: [[DamageRect]] = []
    var start = top
    while start < bottom {
      // The next row a rectangle has.
      guard let first = rects.filter({ $0.maxY > start }).map({ max($0.y, start) }).min() else { break }
      start = first
      var end = min(bottom, start + rows)
      if end < bottom {
        end = stride(from: end, to: start + max(1, rows / 2), by: -1).first { !crossed[$0 - top] } ?? end
      }
      let band = DamageRect(x: Int.min / 4, y: start, width: Int.max / 2, height: end - start)
      passes.append(rects.map { $0.intersection(band) }.filter { !$0.isEmpty })
      start = end
    }
    return passes
  }

  /// The canvas frames are noted on (`DamageRecordingCanvas.makeBase`), made again for
  /// another size or scale (which makes the next frame whole).
  func recordingBase(pixelWidth: Int, pixelHeight: Int, scale: Double) -> CairoCanvas? {
    if let recordingBase, recordingBase.pixelWidth == pixelWidth, recordingBase.pixelHeight == pixelHeight,
      recordingBase.scale == scale
    {
      return recordingBase
    }
    holdsFrame = false
    items = []
    panel = nil
    pending = []
    recordingBase = try? DamageRecordingCanvas.makeBase(pixelWidth: pixelWidth, pixelHeight: pixelHeight, scale: scale)
    return recordingBase
  }
}

/// How a damage drawing went.
public enum DamageDrawing: Equatable, Sendable {
  /// Drawn; these pixel rectangles changed (none: the frame is as it was).
  case drawn([DamageRect])
  /// Stopped part-way (`shouldStop`): draw again before showing the canvas.
  case stopped
}

extension SceneRenderer {
  /// Draws the panel, or copies it from the one kept when it would show the same. Kept only
  /// when the panel starts on a whole pixel (so its pixels are the same either way).
  func drawKeptPanel(_ content: FrameContent, in rect: CanvasRect, on canvas: Canvas) {
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
}

extension SceneRenderer {
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
}

/// The parts of a frame, each drawn on its own (a damage drawing skips those it does not need).
enum FramePart: Hashable {
  case scene
  case inspector
  case panel
  case timeline
  case message
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
