import CCairo
import Foundation
import TouchLabEncoding

extension CairoCanvas {
  /// The canvas as PNG bytes. The same drawing always gives the same bytes.
  public func pngData() throws -> Data {
    cairo_surface_flush(surface)
    return try encodePNG(surface: surface)
  }

  /// Writes the canvas as a PNG file atomically: a reader sees either the old
  /// file or the whole new one, never a partial image.
  public func writePNG(to url: URL) throws {
    try writeFileAtomically(pngData(), to: url)
  }
}
