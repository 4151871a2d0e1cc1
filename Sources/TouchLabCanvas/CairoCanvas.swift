import CCairo
import TouchLabEncoding

/// A canvas that draws: a Cairo context on a 32-bit ARGB image in memory, or on a PDF
/// document (VectorCanvas.swift). SVG is written by `SVGCanvas`.
///
/// Drawing calls take scene points; the canvas multiplies them by `scale` to
/// get pixels, so a 390×844-point scene at scale 2 is a 780×1688-pixel image.
public final class CairoCanvas: Canvas {
  /// Width of the image in pixels.
  public let pixelWidth: Int
  /// Height of the image in pixels.
  public let pixelHeight: Int
  /// Pixels per scene point.
  public let scale: Double

  let surface: OpaquePointer
  let context: OpaquePointer
  // Each open transparency layer's alpha, innermost last.
  private var layerAlphas: [Double] = []
  /// Where a vector surface streams its bytes (nil for an image canvas); see VectorCanvas.swift.
  let vectorOutput: VectorOutput?
  /// Draws vector graphics: a vector canvas, or a region of one (`region(_:)`). Pixels must
  /// never be copied onto it (a bitmap would be embedded, or the page rasterised).
  public internal(set) var isVector = false
  /// The pixel rectangles a damage drawing is confined to: `clear(to:)` and `copyPixels`,
  /// which ignore the clip, stay inside them too. Nil: the whole canvas.
  public var damageClip: [DamageRect]?

  /// A canvas on a surface made for it: takes ownership of `surface`.
  init(surface: OpaquePointer, pixelWidth: Int, pixelHeight: Int, scale: Double, vectorOutput: VectorOutput?) throws {
    guard let context = cairo_create(surface) else {
      cairo_surface_destroy(surface)
      throw CanvasError.cairoFailure("no context")
    }
    self.pixelWidth = pixelWidth
    self.pixelHeight = pixelHeight
    self.scale = scale
    self.surface = surface
    self.context = context
    self.vectorOutput = vectorOutput
    isVector = vectorOutput != nil
    // Fixed rendering options: the default antialiasing is already the same
    // on every machine, but naming it keeps a cairo default change from
    // silently altering every snapshot.
    cairo_set_antialias(context, CAIRO_ANTIALIAS_GRAY)
    cairo_scale(context, scale, scale)
  }

  /// A canvas of an exact pixel size; drawing is in points of `1 / scale` pixels.
  public convenience init(pixelWidth: Int, pixelHeight: Int, scale: Double = 1) throws {
    guard pixelWidth > 0, pixelHeight > 0 else {
      throw CanvasError.invalidSize(width: pixelWidth, height: pixelHeight)
    }
    guard scale > 0, scale.isFinite else { throw CanvasError.invalidScale(scale) }
    let surface = try checkedSurface(
      cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(clamping: pixelWidth), Int32(clamping: pixelHeight)))
    try self.init(
      surface: surface, pixelWidth: pixelWidth, pixelHeight: pixelHeight, scale: scale, vectorOutput: nil)
  }

  /// A canvas large enough for `size` points at `scale`, rounding pixels up.
  public convenience init(size: CanvasSize, scale: Double = 1) throws {
    guard scale > 0, scale.isFinite else { throw CanvasError.invalidScale(scale) }
    let width = (size.width * scale).rounded(.up)
    let height = (size.height * scale).rounded(.up)
    guard width.isFinite, height.isFinite, width < 1e6, height < 1e6 else {
      throw CanvasError.invalidSize(width: 0, height: 0)
    }
    try self.init(pixelWidth: Int(width), pixelHeight: Int(height), scale: scale)
  }

  deinit {
    cairo_destroy(context)
    cairo_surface_destroy(surface)
  }

  // MARK: - State

  /// Pushes the transform, clip and stroke state; pair with `restore()`.
  public func save() {
    cairo_save(context)
  }

  /// Pops the state pushed by the matching `save()`.
  public func restore() {
    cairo_restore(context)
  }

  // MARK: - Transform

  public func translate(x: Double, y: Double) {
    cairo_translate(context, x, y)
  }

  public func scale(x: Double, y: Double) {
    cairo_scale(context, x, y)
  }

  public func rotate(radians: Double) {
    cairo_rotate(context, radians)
  }

  /// Applies `transform` before the current one, as CGContextConcatCTM does.
  public func concatenate(_ transform: CanvasTransform) {
    var matrix = cairo_matrix_t(
      xx: transform.a, yx: transform.b, xy: transform.c, yy: transform.d,
      x0: transform.tx, y0: transform.ty)
    cairo_transform(context, &matrix)
  }

  /// The transform from the current user space to scene points (the pixel
  /// scale factor is left out).
  public var currentTransform: CanvasTransform {
    var matrix = cairo_matrix_t()
    cairo_get_matrix(context, &matrix)
    return CanvasTransform(
      a: matrix.xx / scale, b: matrix.yx / scale, c: matrix.xy / scale, d: matrix.yy / scale,
      tx: matrix.x0 / scale, ty: matrix.y0 / scale)
  }

  /// Drops every transform but the pixel scale factor.
  public func resetTransform() {
    cairo_identity_matrix(context)
    cairo_scale(context, scale, scale)
  }

  // MARK: - Clipping

  /// Narrows the clip to `rect` in the current user space.
  public func clip(to rect: CanvasRect) {
    cairo_new_path(context)
    cairo_rectangle(context, rect.minX, rect.minY, rect.width, rect.height)
    cairo_clip(context)
  }

  /// Narrows the clip to a rounded rectangle, as a view with
  /// `clipsToBounds` and a corner radius does.
  public func clip(toRoundedRect rect: CanvasRect, cornerRadius: Double) {
    cairo_new_path(context)
    addRoundedRectPath(rect, cornerRadius: cornerRadius)
    cairo_clip(context)
  }

  // MARK: - Filling and stroking

  /// Sets every pixel to `color`, ignoring transform, clip and layers' alpha.
  public func clear(to color: CanvasColor) {
    cairo_save(context)
    cairo_reset_clip(context)
    applyDamageClip()
    // On a vector canvas an opaque colour is painted over (the same picture): a SOURCE paint
    // on a region of an SVG page would have Cairo rasterise the whole page.
    cairo_set_operator(context, isVector && color.alpha >= 1 ? CAIRO_OPERATOR_OVER : CAIRO_OPERATOR_SOURCE)
    setSource(color)
    cairo_paint(context)
    cairo_restore(context)
  }

  public func fill(_ rect: CanvasRect, color: CanvasColor) {
    if missesDamage(rect) { return }
    withBoxFillConfinedToDamage(deviceSpace.pixels(of: rect, outset: 0, margin: 0)) {
      cairo_new_path(context)
      cairo_rectangle(context, rect.minX, rect.minY, rect.width, rect.height)
      fillPath(color)
    }
  }

  public func stroke(_ rect: CanvasRect, color: CanvasColor, style: CanvasStrokeStyle) {
    if missesDamage(rect, outset: style.width) { return }
    cairo_new_path(context)
    cairo_rectangle(context, rect.minX, rect.minY, rect.width, rect.height)
    strokePath(color, style: style)
  }

  public func fillRoundedRect(_ rect: CanvasRect, cornerRadius: Double, color: CanvasColor) {
    let pieces = shapePieces?.roundedRect(rect, cornerRadius: cornerRadius, strokeWidth: nil)
    guard let pieces else {
      if missesDamage(rect) { return }
      cairo_new_path(context)
      addRoundedRectPath(rect, cornerRadius: cornerRadius)
      fillPath(color)
      return
    }
    for corner in pieces.corners {
      drawPiece(clippedTo: corner) {
        cairo_new_path(context)
        addRoundedRectPath(rect, cornerRadius: cornerRadius)
        fillPath(color)
      }
    }
    for box in pieces.boxes { fillDeviceBox(box, color: color) }
  }

  public func strokeRoundedRect(
    _ rect: CanvasRect, cornerRadius: Double, color: CanvasColor, style: CanvasStrokeStyle
  ) {
    let pieces =
      style.dash.isEmpty ? shapePieces?.roundedRect(rect, cornerRadius: cornerRadius, strokeWidth: style.width) : nil
    guard let pieces else {
      if missesDamage(rect, outset: style.width) { return }
      cairo_new_path(context)
      addRoundedRectPath(rect, cornerRadius: cornerRadius)
      strokePath(color, style: style)
      return
    }
    for corner in pieces.corners {
      drawPiece(clippedTo: corner) {
        cairo_new_path(context)
        addRoundedRectPath(rect, cornerRadius: cornerRadius)
        strokePath(color, style: style)
      }
    }
    for box in pieces.boxes { fillDeviceBox(box, color: color) }
  }

  public func fillCircle(center: CanvasPoint, radius: Double, color: CanvasColor) {
    if missesDamage(.square(around: center, radius: radius)) { return }
    cairo_new_path(context)
    cairo_arc(context, center.x, center.y, radius, 0, 2 * Double.pi)
    fillPath(color)
  }

  public func strokeCircle(
    center: CanvasPoint, radius: Double, color: CanvasColor, style: CanvasStrokeStyle
  ) {
    if missesDamage(.square(around: center, radius: radius), outset: style.width) { return }
    cairo_new_path(context)
    cairo_arc(context, center.x, center.y, radius, 0, 2 * Double.pi)
    cairo_close_path(context)
    strokePath(color, style: style)
  }

  /// Strokes part of a circle, from `startAngle` clockwise (on screen, y down) to
  /// `endAngle`, in radians; 0 points right, −π/2 up. A countdown's sweep.
  public func strokeArc(
    center: CanvasPoint, radius: Double, startAngle: Double, endAngle: Double, color: CanvasColor,
    style: CanvasStrokeStyle
  ) {
    guard endAngle > startAngle else { return }
    if missesDamage(.square(around: center, radius: radius), outset: style.width) { return }
    cairo_new_path(context)
    cairo_arc(context, center.x, center.y, radius, startAngle, endAngle)
    strokePath(color, style: style)
  }

  public func strokeLine(
    from start: CanvasPoint, to end: CanvasPoint, color: CanvasColor, style: CanvasStrokeStyle
  ) {
    let pieces = shapePieces?.line(from: start, to: end, width: style.width)
    let draw = {
      cairo_new_path(self.context)
      cairo_move_to(self.context, start.x, start.y)
      cairo_line_to(self.context, end.x, end.y)
      self.strokePath(color, style: style)
    }
    guard let pieces else {
      if missesDamage(CanvasRect.bounds(of: [start, end]), outset: style.width) { return }
      return draw()
    }
    for piece in pieces { drawPiece(clippedTo: piece, draw) }
  }

  /// Strokes connected segments through `points` (a touch trail); fewer than
  /// two points draw nothing.
  public func strokePolyline(
    _ points: [CanvasPoint], color: CanvasColor, style: CanvasStrokeStyle
  ) {
    guard let first = points.first, points.count > 1 else { return }
    // A mitred corner reaches up to the miter limit (10) half-widths out.
    let outset = style.join == .miter ? style.width * 5 : style.width
    if missesDamage(CanvasRect.bounds(of: points), outset: outset) { return }
    cairo_new_path(context)
    cairo_move_to(context, first.x, first.y)
    for point in points.dropFirst() {
      cairo_line_to(context, point.x, point.y)
    }
    strokePath(color, style: style)
  }

  /// Fills the closed polygon through `points` (non-zero winding).
  public func fillPolygon(_ points: [CanvasPoint], color: CanvasColor) {
    guard let first = points.first, points.count > 2 else { return }
    if missesDamage(CanvasRect.bounds(of: points)) { return }
    cairo_new_path(context)
    cairo_move_to(context, first.x, first.y)
    for point in points.dropFirst() {
      cairo_line_to(context, point.x, point.y)
    }
    cairo_close_path(context)
    fillPath(color)
  }

  // MARK: - Group opacity

  /// Starts drawing into an offscreen layer that `endTransparencyLayer()`
  /// composites with `alpha`, so overlapping children fade as one, like a
  /// view's `alpha` does (not like lowering each child's colour alpha).
  public func beginTransparencyLayer(alpha: Double) {
    layerAlphas.append(min(max(alpha, 0), 1))
    cairo_push_group(context)
  }

  /// Composites the innermost open layer onto what lies below it.
  public func endTransparencyLayer() {
    guard let alpha = layerAlphas.popLast() else {
      preconditionFailure("endTransparencyLayer() without beginTransparencyLayer(alpha:)")
    }
    cairo_pop_group_to_source(context)
    cairo_paint_with_alpha(context, alpha)
    // Drop the group pattern so the next fill does not reuse it by accident.
    cairo_set_source_rgba(context, 0, 0, 0, 1)
  }

  // MARK: - Pixels

  /// Copies `other`'s pixels onto this canvas, their top-left corner at pixel (`x`, `y`),
  /// replacing what is there: no transform, no clip, no blending.
  public func copyPixels(of other: CairoCanvas, toPixelX x: Int, y: Int) {
    cairo_surface_flush(other.surface)
    cairo_save(context)
    cairo_identity_matrix(context)
    cairo_reset_clip(context)
    applyDamageClip()
    cairo_set_operator(context, CAIRO_OPERATOR_SOURCE)
    cairo_set_source_surface(context, other.surface, Double(x), Double(y))
    cairo_rectangle(context, Double(x), Double(y), Double(other.pixelWidth), Double(other.pixelHeight))
    cairo_fill(context)
    cairo_restore(context)
  }

  /// Bytes from the start of one pixel row to the next (at least 4 × width).
  public var bytesPerRow: Int {
    Int(cairo_image_surface_get_stride(surface))
  }

  /// Lends the raw pixels: premultiplied ARGB in native-endian 32-bit words
  /// (bytes B, G, R, A on little-endian machines), `bytesPerRow` apart.
  /// This is the layout a 24-bit TrueColor XImage expects.
  public func withUnsafePixelBytes<Result>(
    _ body: (UnsafeRawBufferPointer) throws -> Result
  ) rethrows -> Result {
    cairo_surface_flush(surface)
    let base = cairo_image_surface_get_data(surface)
    let buffer = UnsafeRawBufferPointer(start: base, count: bytesPerRow * pixelHeight)
    return try body(buffer)
  }

  /// The straight-alpha colour of one pixel, in pixel coordinates.
  public func pixel(x: Int, y: Int) -> PNGPixel {
    precondition(x >= 0 && x < pixelWidth && y >= 0 && y < pixelHeight, "pixel out of range")
    return withUnsafePixelBytes { bytes in
      let word = bytes.load(fromByteOffset: y * bytesPerRow + x * 4, as: UInt32.self)
      return PNGPixel(premultipliedARGB: word)
    }
  }

  /// A copy of the canvas as straight-alpha RGBA, for comparisons.
  public func makeImage() -> PNGImage {
    withUnsafePixelBytes { bytes in
      PNGImage(
        premultipliedARGB: bytes, width: pixelWidth, height: pixelHeight,
        bytesPerRow: bytesPerRow)
    }
  }

  // MARK: - Helpers

  func setSource(_ color: CanvasColor) {
    cairo_set_source_rgba(context, color.red, color.green, color.blue, color.alpha)
  }

  func fillPath(_ color: CanvasColor) {
    setSource(color)
    cairo_fill(context)
  }

  func strokePath(_ color: CanvasColor, style: CanvasStrokeStyle) {
    setSource(color)
    cairo_set_line_width(context, style.width)
    switch style.cap {
    case .butt: cairo_set_line_cap(context, CAIRO_LINE_CAP_BUTT)
    case .round: cairo_set_line_cap(context, CAIRO_LINE_CAP_ROUND)
    case .square: cairo_set_line_cap(context, CAIRO_LINE_CAP_SQUARE)
    }
    switch style.join {
    case .miter: cairo_set_line_join(context, CAIRO_LINE_JOIN_MITER)
    case .round: cairo_set_line_join(context, CAIRO_LINE_JOIN_ROUND)
    case .bevel: cairo_set_line_join(context, CAIRO_LINE_JOIN_BEVEL)
    }
    style.dash.withUnsafeBufferPointer { dashes in
      cairo_set_dash(context, dashes.baseAddress, Int32(dashes.count), style.dashPhase)
    }
    cairo_stroke(context)
  }

  func addRoundedRectPath(_ rect: CanvasRect, cornerRadius: Double) {
    // Like UIKit, a radius larger than half the short side is clamped, which
    // turns a square into a circle and a bar into a capsule.
    let radius = max(0, min(cornerRadius, rect.width / 2, rect.height / 2))
    guard radius > 0 else {
      cairo_rectangle(context, rect.minX, rect.minY, rect.width, rect.height)
      return
    }
    let quarter = Double.pi / 2
    cairo_new_sub_path(context)
    cairo_arc(context, rect.maxX - radius, rect.minY + radius, radius, -quarter, 0)
    cairo_arc(context, rect.maxX - radius, rect.maxY - radius, radius, 0, quarter)
    cairo_arc(context, rect.minX + radius, rect.maxY - radius, radius, quarter, 2 * quarter)
    cairo_arc(context, rect.minX + radius, rect.minY + radius, radius, 2 * quarter, 3 * quarter)
    cairo_close_path(context)
  }
}
