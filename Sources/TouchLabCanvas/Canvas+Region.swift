import CCairo
import TouchLabEngine

/// `rect` (points) in whole pixels at `scale`, within a canvas of `pixelWidth` × `pixelHeight`
/// pixels — what `region(_:)` of every canvas draws into — or the error it throws (sizes
/// clamped, never a NaN or an infinity given to `Int`).
func regionPixels(_ rect: CanvasRect, scale: Double, pixelWidth: Int, pixelHeight: Int) throws -> (
  x: Double, y: Double, width: Double, height: Double
) {
  let x = (rect.minX * scale).rounded()
  let y = (rect.minY * scale).rounded()
  let width = (rect.width * scale).rounded()
  let height = (rect.height * scale).rounded()
  guard width >= 1, height >= 1, x >= 0, y >= 0, x + width <= Double(pixelWidth) + 0.5,
    y + height <= Double(pixelHeight) + 0.5
  else {
    throw CanvasError.invalidSize(
      width: Int(clamping: width, within: 0...Int.max), height: Int(clamping: height, within: 0...Int.max))
  }
  return (x, y, width, height)
}

extension CairoCanvas {
  /// A canvas drawing into `rect` (in this canvas's points) of the same surface, with the
  /// same scale, for side-by-side pictures. It sees only its rectangle: its origin is the
  /// rectangle's corner, its size the rectangle's, and `clear(to:)` clears only inside it.
  /// Draw into it while this canvas is alive, and before a vector canvas's `vectorData()`.
  public func region(_ rect: CanvasRect) throws -> CairoCanvas {
    let (x, y, width, height) = try regionPixels(rect, scale: scale, pixelWidth: pixelWidth, pixelHeight: pixelHeight)
    cairo_surface_flush(surface)
    let region = try checkedSurface(cairo_surface_create_for_rectangle(surface, x, y, width, height))
    let canvas = try CairoCanvas(
      surface: region, pixelWidth: Int(width), pixelHeight: Int(height), scale: scale, vectorOutput: nil)
    canvas.isVector = isVector
    return canvas
  }
}
