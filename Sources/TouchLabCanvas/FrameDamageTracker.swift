/// What a damage drawing remembers of the frame last drawn (`SceneRenderer.damage(for:…)`):
/// one per place frames are drawn to.
public final class FrameDamageTracker {
  /// The canvas `draw(_:on:tracking:)` drew on; another one is drawn whole.
  public weak var canvas: CairoCanvas?
  /// The frame drawn, as noted; `holdsFrame` when it is whole on screen.
  public var items: [DrawingItem] = []
  /// The frame being drawn, as noted.
  public var noted: [DrawingItem] = []
  /// The panel's items among `items` and among `noted`.
  var panel: Range<Int>?
  public var notedPanel: Range<Int>?
  /// The pixels the last `damage` moves before its rectangles are drawn (the panel's lines
  /// scrolled up), nil when it moves none: they are moved first
  /// (`CairoCanvas.movePixels`, `X11Window.copyArea`), then the rectangles drawn. Kept after
  /// `commit()`, until the next `damage`.
  public var scroll: PixelMove?
  /// Rectangles a stopped drawing left part-drawn.
  public var pending: [DamageRect] = []
  /// The scene's views kept drawn alone, copied where the frame's damage meets them
  /// (`KeptViews`); nil until a frame with views is noted.
  public var keptViews: KeptViews?
  /// The views' items among `noted`, when their pixels are copied from `keptViews`: no
  /// damage rectangle needs to hold one whole, and a pass may end across one.
  public var notedViews: Range<Int>?
  /// What of the kept views must be drawn again before this frame copies them: part of its
  /// damage.
  public var keptViewsNeeded: [DamageRect] { notedViews == nil ? [] : keptViews?.needed ?? [] }
  /// A whole frame of the recording canvas's size has been drawn since the last `reset()`.
  public private(set) var holdsFrame = false
  private var recordingBase: CairoCanvas?
  /// The most rectangles a damage drawing clips to (more are merged). A pass draws all of
  /// its rectangles at once (`passes(of:maximumRows:)`), so a few more cost little, where
  /// merging them into bigger ones draws, and cuts, more.
  public static let maximumRects = 16

  public init() {}

  /// The next drawing is whole (the pixels drawn are gone: a new buffer, an Expose).
  /// A canvas of `canvas`'s size and scale for damage drawings, made again when that changes.
  public func scratchCanvas(like canvas: CairoCanvas) -> CairoCanvas? {
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
    // Which rows an item a clip does not cut exactly crosses (has rows above and below).
    var crossed = [Bool](repeating: false, count: bottom - top + 1)
    for (index, item) in noted.enumerated()
    where !item.cutsExactly && item.rect.maxY > top && item.rect.y < bottom && notedViews?.contains(index) != true {
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

  /// The kept views for a scene of `pixelWidth`×`pixelHeight` pixels at `scale`, made again
  /// (all of it to draw) for another size or scale; nil when it cannot be made.
  public func keptViews(pixelWidth: Int, pixelHeight: Int, scale: Double) -> KeptViews? {
    if let keptViews, keptViews.canvas.pixelWidth == pixelWidth, keptViews.canvas.pixelHeight == pixelHeight,
      keptViews.canvas.scale == scale
    {
      return keptViews
    }
    keptViews = (try? CairoCanvas(pixelWidth: pixelWidth, pixelHeight: pixelHeight, scale: scale))
      .map(KeptViews.init)
    return keptViews
  }

  /// The canvas frames are noted on (`DamageRecordingCanvas.makeBase`), made again for
  /// another size or scale (which makes the next frame whole).
  public func recordingBase(pixelWidth: Int, pixelHeight: Int, scale: Double) -> CairoCanvas? {
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
