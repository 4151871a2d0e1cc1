import CCairo

/// Where user-space geometry lands in a Cairo context's device pixels under its current
/// transform: what a damage drawing asks before drawing (the pixels a call may touch, whether
/// the transform keeps rectangles upright, whether a stroke's edges fall on whole pixels),
/// where a stamp goes, and the transform as part of a drawing's key. It only asks; it draws
/// nothing. A `CairoCanvas` asks it of its context (`deviceSpace`), as does the
/// `DamageRecordingCanvas` over it.
struct DeviceSpace {
  /// The context whose transform places what is asked about.
  let context: OpaquePointer
  /// The canvas's pixels: what a call that cannot be placed (an infinite transform) may touch.
  let pixelBounds: DamageRect

  /// The pixels `rect` (user space), grown by `outset` user units, may touch under the current
  /// transform, with a pixel more for antialiasing.
  func pixels(of rect: CanvasRect, outset: Double, margin: Int = 1) -> DamageRect {
    let grown = CanvasRect(
      x: rect.minX - outset, y: rect.minY - outset, width: rect.width + 2 * outset, height: rect.height + 2 * outset)
    var minX = Double.infinity
    var minY = Double.infinity
    var maxX = -Double.infinity
    var maxY = -Double.infinity
    for (cornerX, cornerY) in [
      (grown.minX, grown.minY), (grown.maxX, grown.minY), (grown.minX, grown.maxY), (grown.maxX, grown.maxY),
    ] {
      var x = cornerX
      var y = cornerY
      cairo_user_to_device(context, &x, &y)
      minX = min(minX, x)
      minY = min(minY, y)
      maxX = max(maxX, x)
      maxY = max(maxY, y)
    }
    guard minX.isFinite, minY.isFinite, maxX.isFinite, maxY.isFinite else { return pixelBounds }
    return Self.pixelRect(minX: minX, minY: minY, maxX: maxX, maxY: maxY, margin: margin)
  }

  /// The pixels a rectangle given in device space (`ShapePieces`' boxes) covers, grown by
  /// `margin` pixels.
  static func pixels(ofDeviceBox box: (x0: Double, y0: Double, x1: Double, y1: Double), margin: Int) -> DamageRect {
    pixelRect(minX: box.x0, minY: box.y0, maxX: box.x1, maxY: box.y1, margin: margin)
  }

  private static func pixelRect(minX: Double, minY: Double, maxX: Double, maxY: Double, margin: Int) -> DamageRect {
    let limit = 1e7
    let x0 = Int(max(-limit, min(limit, minX.rounded(.down)))) - margin
    let y0 = Int(max(-limit, min(limit, minY.rounded(.down)))) - margin
    let x1 = Int(max(-limit, min(limit, maxX.rounded(.up)))) + margin
    let y1 = Int(max(-limit, min(limit, maxY.rounded(.up)))) + margin
    return DamageRect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
  }

  /// Whether every edge of an upright stroke through `points`, `halfWidth` to each side,
  /// falls on a whole device pixel (as its corners, mitred, do).
  func hasWholePixelEdges(_ points: [CanvasPoint], halfWidth: Double) -> Bool {
    points.allSatisfy { point in
      [(-halfWidth, -halfWidth), (halfWidth, halfWidth)].allSatisfy { offset in
        var x = point.x + offset.0
        var y = point.y + offset.1
        cairo_user_to_device(context, &x, &y)
        return abs(x - x.rounded()) < 1e-6 && abs(y - y.rounded()) < 1e-6
      }
    }
  }

  /// Whether the transform keeps rectangles upright (no rotation or shear).
  var isRectilinear: Bool {
    var matrix = cairo_matrix_t()
    cairo_get_matrix(context, &matrix)
    return matrix.xy == 0 && matrix.yx == 0
  }

  /// The current transform, for a key (without its y offset for a `shiftKey`).
  func combineTransform(into hasher: inout Hasher, withVerticalOffset: Bool) {
    var matrix = cairo_matrix_t()
    cairo_get_matrix(context, &matrix)
    hasher.combine(matrix.xx)
    hasher.combine(matrix.yx)
    hasher.combine(matrix.xy)
    hasher.combine(matrix.yy)
    hasher.combine(matrix.x0)
    if withVerticalOffset { hasher.combine(matrix.y0) }
  }

  /// Where a stamp of `bounds` goes: the pixels it covers (with one more each side for
  /// antialiasing) and its key; nil when it is drawn, not laid (a turned, sheared or flipped
  /// transform, a drawing too big to keep).
  func stampPlacement(of drawing: Int, bounds: CanvasRect) -> (rect: DamageRect, key: StampCache.Key)? {
    var matrix = cairo_matrix_t()
    cairo_get_matrix(context, &matrix)
    guard matrix.xy == 0, matrix.yx == 0, matrix.xx > 0, matrix.yy > 0 else { return nil }
    let rect = pixels(of: bounds, outset: 0)
    guard !rect.isEmpty, rect.area <= StampCache.maximumPixels else { return nil }
    var x = bounds.minX
    var y = bounds.minY
    cairo_user_to_device(context, &x, &y)
    let key = StampCache.Key(
      drawing: drawing, scaleX: matrix.xx, scaleY: matrix.yy, offsetX: Self.stampOffset(x - Double(rect.x)),
      offsetY: Self.stampOffset(y - Double(rect.y)), width: rect.width, height: rect.height)
    return (rect, key)
  }

  /// Where a stamp's drawing starts within its first pixels, to a 64th of a pixel: a finger at
  /// pixel 304 seen at 101.333… points at scale 3 is drawn back at 303.99999999999994, and the
  /// stamp drawn for 304 is the one wanted. The stamp is drawn at the offset kept, so its
  /// pixels depend on its key alone, never on where it was first drawn.
  static func stampOffset(_ offset: Double) -> Double {
    (offset * 64).rounded() / 64
  }
}
