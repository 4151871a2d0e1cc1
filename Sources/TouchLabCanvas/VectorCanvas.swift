import CCairo
import Foundation
import TouchLabEngine

/// A vector format a Cairo canvas can draw into instead of pixels. SVG is not one of them:
/// `SVGCanvas` writes SVG itself (its text as `<text>` elements), whatever Cairo's version.
public enum CanvasVectorFormat: Sendable {
  /// PDF 1.5, one page. Text stays text: fonts are embedded and it can be searched and copied.
  case pdf
}

/// Collects the bytes a Cairo vector surface streams out.
final class VectorOutput {
  var bytes = Data()
}

extension CairoCanvas {
  /// A canvas that records the same drawing calls as vector graphics: an SVG of `size` scene
  /// points times `scale` pixels, or a PDF page of `size` points whatever `scale` (a PDF's
  /// page is measured in points; its detail is vectors at any zoom, so a scale would only
  /// print it larger: issue 48 §7). Take it with `vectorData()`.
  public convenience init(vector format: CanvasVectorFormat, size sceneSize: CanvasSize, scale requested: Double = 1)
    throws
  {
    guard requested > 0, requested.isFinite else { throw CanvasError.invalidScale(requested) }
    let scale = format == .pdf ? 1 : requested
    let size = CanvasSize(width: sceneSize.width * scale, height: sceneSize.height * scale)
    guard size.width > 0, size.height > 0, size.width < 1e6, size.height < 1e6 else {
      throw CanvasError.invalidSize(
        width: Int(clamping: size.width.rounded(.up), within: 0...Int.max),
        height: Int(clamping: size.height.rounded(.up), within: 0...Int.max))
    }
    let output = VectorOutput()
    let write: cairo_write_func_t = { closure, data, length in
      guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
      Unmanaged<VectorOutput>.fromOpaque(closure).takeUnretainedValue().bytes.append(data, count: Int(length))
      return CAIRO_STATUS_SUCCESS
    }
    // The canvas keeps `output` alive for as long as the surface, which it destroys first.
    let closure = Unmanaged.passUnretained(output).toOpaque()
    let surface: OpaquePointer?
    switch format {
    case .pdf:
      surface = cairo_pdf_surface_create_for_stream(write, closure, size.width, size.height)
      if let surface {
        // No creation date, so the same drawing always gives the same bytes.
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATE_DATE, nil)
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "TouchLab")
      }
    }
    try self.init(
      surface: checkedSurface(surface), pixelWidth: Int(size.width.rounded(.up)),
      pixelHeight: Int(size.height.rounded(.up)), scale: scale, vectorOutput: output)
  }

  /// Ends a vector canvas's document and returns its bytes; nothing can be drawn after.
  /// The same drawing always gives the same bytes.
  public func vectorData() throws -> Data {
    guard let vectorOutput else {
      throw CanvasError.cairoFailure("an image canvas has no vector document; use pngData()")
    }
    cairo_surface_finish(surface)
    let status = cairo_surface_status(surface)
    guard status == CAIRO_STATUS_SUCCESS else {
      throw CanvasError.cairoFailure(String(cString: cairo_status_to_string(status)))
    }
    return vectorOutput.bytes
  }
}

extension VectorOutput {
  /// A coordinate as the `<text>` elements write it: two decimals at most, no trailing zeros.
  static func number(_ value: Double) -> String {
    var text = String(format: "%.2f", value)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text == "-0" ? "0" : text
  }

  /// Text made safe for XML, as the diagrams' (`SVGDocument.escape`), without the
  /// zero-width spaces `breakable` puts between words.
  static func escaped(_ text: String) -> String {
    SVGDocument.escape(text.replacingOccurrences(of: "\u{200B}", with: ""))
  }
}
