/// The scene's views drawn alone, on a canvas kept between frames, for a damage drawing
/// (`SceneRenderer.damage(for:…)`): where only what is over the views changed (a dragged
/// finger's mark, the line to its card, a card's countdown), their pixels are copied from
/// here instead of drawn again, and nothing of the views under them needs drawing whole.
///
/// The canvas has the frame's pixel grid from its top left corner to the scene's far
/// corner, and holds, outside `needed`, exactly the pixels a whole drawing of the
/// background and `items` has there (the views are drawn here as on the frame: the same
/// calls, transforms and clip). What the views change is drawn here first, one damage
/// rectangle at a time (`SceneRenderer.bringUpToDate`), then copied with the rest.
public final class KeptViews {
  public let canvas: CairoCanvas
  /// The views' items the pixels show, outside `needed` (none yet: all of it is needed).
  public var items: [DrawingItem] = []
  /// The views' items as last noted: what the pixels show once `needed` is drawn.
  public var noted: [DrawingItem] = []
  /// Rectangles to draw again before the pixels are used: where `items` and `noted`
  /// differ, and any a stopped drawing left, each grown until it holds whole every view's
  /// item it meets (`DrawingItem.grown`: each is drawn under a clip of its own).
  public var needed: [DamageRect]

  public init(canvas: CairoCanvas) {
    self.canvas = canvas
    needed = [canvas.pixelBounds]
  }

  /// Notes the views of the frame being noted (`views`) and what of the pixels they change.
  public func note(_ views: [DrawingItem], maximumRects: Int) {
    noted = views
    // Drawn one rectangle at a time (`SceneRenderer.bringUpToDate`): no rectangle may cut
    // what it redraws, even an item another rectangle holds whole (`grown`, not `closed`).
    needed = DrawingItem.grown(
      DrawingItem.changedRects(from: items, to: views) + needed, over: views, excluding: nil,
      maximumRects: maximumRects
    ).map { $0.intersection(canvas.pixelBounds) }.filter { !$0.isEmpty }
  }

  /// All of it to draw again, whatever it holds.
  public func forget() {
    items = []
    needed = [canvas.pixelBounds]
  }

  /// `needed` was drawn: the pixels show `noted`.
  public func commit() {
    items = noted
    needed = []
  }
}

extension CairoCanvas {
  /// Lays `kept`'s pixels (the frame's, from its top left corner) over the damage
  /// rectangles where it has them, replacing what is there.
  public func copyKeptViews(_ kept: CairoCanvas) {
    guard let damageClip else { return copyPixels(of: kept, toPixelX: 0, y: 0) }
    for rect in damageClip { copyPixels(of: kept, in: rect) }
  }

  /// `clear(to:)` of the damage rectangles but where they meet `kept` (pixels): what
  /// `copyKeptViews` then covers.
  public func clear(to color: CanvasColor, outside kept: DamageRect) {
    guard let damageClip else { return clear(to: color) }
    let rest = damageClip.flatMap { $0.subtracting(kept) }
    guard !rest.isEmpty else { return }
    self.damageClip = rest
    clear(to: color)
    self.damageClip = damageClip
  }
}
