import CCairo

/// Drawings made once and laid over a canvas as pixels from then on (`Canvas.drawStamp`): a
/// finger's mark, drawn again at every motion of a drag, is two wide circle strokes and five
/// circle fills — at scale 3 a fifth of a drag's frame — where laying its pixels over the
/// frame costs a copy. A whole drawing and a damage drawing lay the same stamp, so their
/// pixels stay the same; the stamp's own pixels are the drawing's on a transparent surface,
/// laid over what is below as the drawing's calls are (Cairo's OVER), equal to drawing it
/// there to within a level of rounding.
///
/// One cache per renderer (the canvases a window draws on are made anew): at most
/// `capacity` stamps, the least recently laid dropped first.
public final class StampCache {
  /// What decides a stamp's pixels: the drawing, the transform's scale, where `bounds`'
  /// origin falls from the stamp's first pixel, and the stamp's size.
  struct Key: Hashable {
    var drawing: Int
    var scaleX: Double
    var scaleY: Double
    var offsetX: Double
    var offsetY: Double
    var width: Int
    var height: Int
  }

  /// The most stamps kept.
  static let capacity = 32
  /// The most pixels a stamp may have (a bigger drawing is drawn, not kept).
  static let maximumPixels = 256 * 256

  private var stamps: [Key: (canvas: CairoCanvas, used: Int)] = [:]
  private var uses = 0
  /// Stamps drawn since the cache was made: a test's way to see one drawn once and used again.
  private(set) var drawnCount = 0

  public init() {}

  var count: Int { stamps.count }

  /// The stamp for `key`, drawn with `draw` onto a transparent canvas of its size when not kept.
  func stamp(for key: Key, draw: (CairoCanvas) -> Void) -> CairoCanvas? {
    uses += 1
    if let kept = stamps[key] {
      stamps[key]?.used = uses
      return kept.canvas
    }
    guard let canvas = try? CairoCanvas(pixelWidth: key.width, pixelHeight: key.height) else { return nil }
    draw(canvas)
    cairo_surface_flush(canvas.surface)
    drawnCount += 1
    if stamps.count >= Self.capacity, let oldest = stamps.min(by: { $0.value.used < $1.value.used })?.key {
      stamps[oldest] = nil
    }
    stamps[key] = (canvas, uses)
    return canvas
  }
}

extension CairoCanvas {
  /// Where a stamp of `bounds` goes on this canvas (`DeviceSpace.stampPlacement`); nil when it
  /// is drawn, not laid (on a vector canvas, too).
  func stampPlacement(of drawing: Int, bounds: CanvasRect) -> (rect: DamageRect, key: StampCache.Key)? {
    isVector ? nil : deviceSpace.stampPlacement(of: drawing, bounds: bounds)
  }

  public func drawStamp(_ key: Int, bounds: CanvasRect, stamps: StampCache, _ body: (Canvas) -> Void) {
    guard let (rect, stampKey) = stampPlacement(of: key, bounds: bounds) else { return body(self) }
    if let damageClip, !damageClip.contains(where: { !$0.intersection(rect).isEmpty }) { return }
    var matrix = cairo_matrix_t()
    cairo_get_matrix(context, &matrix)
    let made = stamps.stamp(for: stampKey) { stamp in
      // The stamp's pixel (0, 0) is this canvas's pixel (rect.x, rect.y), and `bounds`'
      // origin falls at the key's offset from it: the stamp's pixels are the key's alone.
      var placed = matrix
      placed.x0 = stampKey.offsetX - matrix.xx * bounds.minX
      placed.y0 = stampKey.offsetY - matrix.yy * bounds.minY
      cairo_set_matrix(stamp.context, &placed)
      body(stamp)
    }
    guard let stamp = made else { return body(self) }
    cairo_save(context)
    cairo_identity_matrix(context)
    cairo_set_source_surface(context, stamp.surface, Double(rect.x), Double(rect.y))
    cairo_rectangle(context, Double(rect.x), Double(rect.y), Double(rect.width), Double(rect.height))
    cairo_fill(context)
    cairo_restore(context)
  }
}
