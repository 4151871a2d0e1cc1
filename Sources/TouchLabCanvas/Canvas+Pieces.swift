import CCairo
import TouchLabEngine

/// Big shapes drawn in pieces on image canvases, so that a damage drawing redraws a piece of
/// one, not all of it.
///
/// Cairo draws a path cut by a clip a level differently here and there (the cut adds
/// vertices, and the scan converter's rounding follows them), so a damage drawing grows its
/// rectangles until no clip cuts a stroke or a curve (`DrawingItem.closed`). A view's
/// rounded outline, a card's background or the line from a finger to its card is as big as
/// the view, the card or the line: one small change beside it used to redraw all of it, and
/// that grew on through everything else it then cut. Drawn in pieces, what a clip may cut is
/// small:
/// - a rounded rectangle's straight parts are rectangles in device space (a clip cuts them
///   exactly: `DrawingItem.isBox`), its four corners the whole path under a clip of whole
///   pixels that holds the corner;
/// - a long line is the whole line under clips of bands of whole pixels along it.
/// Pieces meet on whole pixels, so no pixel is drawn twice. Vector canvases (SVG, PDF) and
/// turned or sheared transforms draw whole, as before.
///
/// `ShapePieces` finds the pieces under a context's transform; a `CairoCanvas` draws them, a
/// `DamageRecordingCanvas` notes them.
struct ShapePieces {
  /// How long a piece of a long line is, in pixels along its longer axis: at least this…
  static let linePieceLength = 32
  /// …and at most this, for a line near an axis.
  static let longestLinePiece = 128

  /// Where a rounded rectangle's pieces are, in device pixels.
  struct RoundedRect {
    /// The four corners: the whole path is drawn under a clip of each.
    var corners: [DamageRect]
    /// The straight parts (and a fill's middle): rectangles in device space, filled.
    var boxes: [(x0: Double, y0: Double, x1: Double, y1: Double)]
  }

  /// The Cairo context whose transform places the pieces.
  let context: OpaquePointer

  /// The pieces of `rect` with `cornerRadius`, filled (`strokeWidth` nil) or stroked; nil when
  /// it is drawn whole (no corner radius, a dashed stroke, corners that meet, a stroke wider
  /// than its corners).
  func roundedRect(_ rect: CanvasRect, cornerRadius: Double, strokeWidth: Double?) -> RoundedRect? {
    let radius = max(0, min(cornerRadius, rect.width / 2, rect.height / 2))
    guard radius > 0 else { return nil }
    let (matrix, ax, ay, bx, by) = device(
      CanvasPoint(x: rect.minX, y: rect.minY), CanvasPoint(x: rect.maxX, y: rect.maxY))
    let x0 = min(ax, bx)
    let x1 = max(ax, bx)
    let y0 = min(ay, by)
    let y1 = max(ay, by)
    let rx = radius * abs(matrix.xx)
    let ry = radius * abs(matrix.yy)
    let hx = (strokeWidth ?? 0) / 2 * abs(matrix.xx)
    let hy = (strokeWidth ?? 0) / 2 * abs(matrix.yy)
    guard [x0, x1, y0, y1].allSatisfy({ abs($0) < 1e7 }) else { return nil }
    // The corners end where the straight parts begin, on whole pixels.
    let innerLeft = (x0 + rx).rounded(.up)
    let innerRight = (x1 - rx).rounded(.down)
    let innerTop = (y0 + ry).rounded(.up)
    let innerBottom = (y1 - ry).rounded(.down)
    // A stroke wider than its corners would lap from one straight part into the next.
    guard innerLeft < innerRight, innerTop < innerBottom, x0 + hx <= innerLeft, x1 - hx >= innerRight,
      y0 + hy <= innerTop, y1 - hy >= innerBottom
    else { return nil }
    let outerLeft = (x0 - hx).rounded(.down)
    let outerRight = (x1 + hx).rounded(.up)
    let outerTop = (y0 - hy).rounded(.down)
    let outerBottom = (y1 + hy).rounded(.up)
    func box(_ left: Double, _ top: Double, _ right: Double, _ bottom: Double) -> DamageRect {
      DamageRect(x: pixel(left), y: pixel(top), width: pixel(right - left), height: pixel(bottom - top))
    }
    let corners = [
      box(outerLeft, outerTop, innerLeft, innerTop), box(innerRight, outerTop, outerRight, innerTop),
      box(outerLeft, innerBottom, innerLeft, outerBottom), box(innerRight, innerBottom, outerRight, outerBottom),
    ]
    if strokeWidth == nil {
      return RoundedRect(
        corners: corners,
        boxes: [
          (innerLeft, y0, innerRight, y1), (x0, innerTop, innerLeft, innerBottom),
          (innerRight, innerTop, x1, innerBottom),
        ])
    }
    return RoundedRect(
      corners: corners,
      boxes: [
        (innerLeft, y0 - hy, innerRight, y0 + hy), (innerLeft, y1 - hy, innerRight, y1 + hy),
        (x0 - hx, innerTop, x0 + hx, innerBottom), (x1 - hx, innerTop, x1 + hx, innerBottom),
      ])
  }

  /// The bands of whole pixels a line from `start` to `end` is drawn under, along its longer
  /// axis; nil when it is drawn whole (short, or not on an image canvas).
  func line(from start: CanvasPoint, to end: CanvasPoint, width: Double) -> [DamageRect]? {
    let (matrix, sx, sy, ex, ey) = device(start, end)
    guard [sx, sy, ex, ey].allSatisfy({ abs($0) < 1e7 }) else { return nil }
    let dx = ex - sx
    let dy = ey - sy
    let length = (dx * dx + dy * dy).squareRoot()
    guard length > 2 * Double(Self.linePieceLength) else { return nil }
    let deviceWidth = width * max(abs(matrix.xx), abs(matrix.yy))
    // Along the longer axis: the line and its caps, in bands; across it, what the line
    // crosses in each band, with room for its width at its slant, its caps and antialiasing.
    let vertical = abs(dy) >= abs(dx)
    let (a0, a1, b0, b1) = vertical ? (sy, ey, sx, ex) : (sx, ex, sy, ey)
    let along = abs(a1 - a0)
    // Near an axis, longer pieces (fewer clips and strokes) widen the bands little: each as
    // long as keeps its slant within what a 32-pixel piece of a 1-in-4 slope has, 8 pixels.
    let slope = abs(b1 - b0) / along
    let pieceLength = min(
      Double(Self.longestLinePiece), max(Double(Self.linePieceLength), (8 / max(slope, 1e-6)).rounded(.down)))
    let reach = deviceWidth * (length / along) + deviceWidth + 2
    let first = (min(a0, a1) - deviceWidth - 2).rounded(.down)
    let last = (max(a0, a1) + deviceWidth + 2).rounded(.up)
    var pieces: [DamageRect] = []
    var from = first
    while from < last {
      let to = min(last, from + pieceLength)
      let t0 = min(1, max(0, (from - a0) / (a1 - a0)))
      let t1 = min(1, max(0, (to - a0) / (a1 - a0)))
      let c0 = b0 + (b1 - b0) * t0
      let c1 = b0 + (b1 - b0) * t1
      let low = (min(c0, c1) - reach).rounded(.down)
      let high = (max(c0, c1) + reach).rounded(.up)
      pieces.append(
        vertical
          ? DamageRect(x: pixel(low), y: pixel(from), width: pixel(high - low), height: pixel(to - from))
          : DamageRect(x: pixel(from), y: pixel(low), width: pixel(to - from), height: pixel(high - low)))
      from = to
    }
    return pieces
  }

  /// The transform, and `a` and `b` in device space.
  private func device(_ a: CanvasPoint, _ b: CanvasPoint) -> (
    matrix: cairo_matrix_t, ax: Double, ay: Double, bx: Double, by: Double
  ) {
    var matrix = cairo_matrix_t()
    cairo_get_matrix(context, &matrix)
    var ax = a.x
    var ay = a.y
    var bx = b.x
    var by = b.y
    cairo_user_to_device(context, &ax, &ay)
    cairo_user_to_device(context, &bx, &by)
    return (matrix, ax, ay, bx, by)
  }
}

extension CairoCanvas {
  /// Where big shapes are drawn in pieces: on image canvases, under an upright transform;
  /// nil: they are drawn whole.
  var shapePieces: ShapePieces? {
    vectorOutput == nil && deviceSpace.isRectilinear ? ShapePieces(context: context) : nil
  }

  /// Draws `draw` under a clip of `box` (device pixels), unless the damage clip leaves none of
  /// it to draw.
  func drawPiece(clippedTo box: DamageRect, _ draw: () -> Void) {
    if let damageClip, !damageClip.contains(where: { !$0.intersection(box).isEmpty }) { return }
    cairo_save(context)
    clip(toPixels: [box])
    draw()
    cairo_restore(context)
  }

  /// Fills a rectangle given in device space.
  func fillDeviceBox(_ box: (x0: Double, y0: Double, x1: Double, y1: Double), color: CanvasColor) {
    let covered = DeviceSpace.pixels(ofDeviceBox: box, margin: 0)
    if let damageClip, !damageClip.contains(where: { !$0.intersection(covered).isEmpty }) { return }
    withBoxFillConfinedToDamage(covered) {
      var matrix = cairo_matrix_t()
      cairo_get_matrix(context, &matrix)
      cairo_identity_matrix(context)
      cairo_new_path(context)
      cairo_rectangle(context, box.x0, box.y0, box.x1 - box.x0, box.y1 - box.y0)
      cairo_set_matrix(context, &matrix)
      setSource(color)
      cairo_fill(context)
    }
  }

  /// Draws `fill`, a fill of an upright rectangle covering the pixels `covered`, only where
  /// it meets the damage drawing's own rectangles, not over the whole rectangle holding
  /// them: a view's background under a thin change (the line from the finger to its card)
  /// fills the pixels sent, not everything around them. Each part is filled under a clip of
  /// one rectangle, which cuts a rectangle fill exactly (a clip of several has Cairo
  /// rasterise it as a path, its edges a level apart), and the parts do not overlap (a
  /// translucent fill is blended once). Outside a damage drawing, or when one of its
  /// rectangles holds the fill, as it is.
  func withBoxFillConfinedToDamage(_ covered: DamageRect, _ fill: () -> Void) {
    guard let damageClip, damageClip.count > 1, deviceSpace.isRectilinear else { return fill() }
    let meeting = damageClip.compactMap { rect -> DamageRect? in
      let part = rect.intersection(covered)
      return part.isEmpty ? nil : part
    }
    if meeting.isEmpty || meeting.contains(where: { $0 == covered }) { return fill() }
    var parts: [DamageRect] = []
    for rect in meeting {
      var pieces = [rect]
      for earlier in parts { pieces = pieces.flatMap { $0.subtracting(earlier) } }
      parts += pieces
    }
    // Many small parts cost more calls than the pixels they save.
    if parts.count > 8 { return fill() }
    for part in parts {
      cairo_save(context)
      clip(toPixels: [part])
      fill()
      cairo_restore(context)
    }
  }
}

/// A whole pixel coordinate from device space, clamped as a Double first: a stroke's width
/// under a transform of 1e30 is past what an Int holds. (Pieces are only made for shapes
/// within 10,000,000 pixels of the origin, so the clamp never cuts a real one.)
private func pixel(_ value: Double) -> Int {
  Int(clamping: value, within: -1_000_000_000...1_000_000_000)
}
