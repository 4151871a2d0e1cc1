import CCairo
import Foundation

/// A vector format a canvas can draw into instead of pixels.
public enum CanvasVectorFormat: Sendable {
  /// SVG 1.1. Cairo draws text as glyph outlines (`<symbol>`s), so it looks the same
  /// everywhere; every text drawn is also written as a `<text>` element, transparent, over
  /// its glyphs (`VectorOutput.texts`), so the picture's text can be searched, selected and
  /// copied, and read by screen readers.
  case svg
  /// PDF 1.5, one page. Text stays text: fonts are embedded and it can be searched and copied.
  case pdf
}

/// Collects the bytes a Cairo vector surface streams out.
final class VectorOutput {
  var bytes = Data()
  /// SVG only: each text drawn, in document units — its baseline's start, its font size —
  /// for the transparent `<text>` layer.
  var texts: [(x: Double, y: Double, size: Double, family: String, bold: Bool, text: String)]?
}

extension CairoCanvas {
  /// A canvas that records the same drawing calls as vector graphics: a document of `size`
  /// scene points times `scale` (SVG pixels, PDF points). Take it with `vectorData()`.
  public convenience init(vector format: CanvasVectorFormat, size sceneSize: CanvasSize, scale: Double = 1) throws {
    guard scale > 0, scale.isFinite else { throw CanvasError.invalidScale(scale) }
    let size = CanvasSize(width: sceneSize.width * scale, height: sceneSize.height * scale)
    guard size.width > 0, size.height > 0, size.width < 1e6, size.height < 1e6 else {
      throw CanvasError.invalidSize(width: Int(size.width.rounded(.up)), height: Int(size.height.rounded(.up)))
    }
    let output = VectorOutput()
    if format == .svg { output.texts = [] }
    let write: cairo_write_func_t = { closure, data, length in
      guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
      Unmanaged<VectorOutput>.fromOpaque(closure).takeUnretainedValue().bytes.append(data, count: Int(length))
      return CAIRO_STATUS_SUCCESS
    }
    // The canvas keeps `output` alive for as long as the surface, which it destroys first.
    let closure = Unmanaged.passUnretained(output).toOpaque()
    let surface: OpaquePointer?
    switch format {
    case .svg:
      surface = cairo_svg_surface_create_for_stream(write, closure, size.width, size.height)
      if let surface {
        cairo_svg_surface_restrict_to_version(surface, CAIRO_SVG_VERSION_1_1)
        cairo_svg_surface_set_document_unit(surface, CAIRO_SVG_UNIT_PX)
      }
    case .pdf:
      surface = cairo_pdf_surface_create_for_stream(write, closure, size.width, size.height)
      if let surface {
        // No creation date, so the same drawing always gives the same bytes.
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATE_DATE, nil)
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "TouchLab")
      }
    }
    guard let surface else { throw CanvasError.cairoFailure("no surface") }
    let status = cairo_surface_status(surface)
    guard status == CAIRO_STATUS_SUCCESS else {
      cairo_surface_destroy(surface)
      throw CanvasError.cairoFailure(String(cString: cairo_status_to_string(status)))
    }
    try self.init(
      surface: surface, pixelWidth: Int(size.width.rounded(.up)), pixelHeight: Int(size.height.rounded(.up)),
      scale: scale, vectorOutput: output)
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
    return vectorOutput.documentBytes()
  }
}

extension VectorOutput {
  /// The bytes streamed, with the SVG's text layer (`texts`) last, on top, transparent: the
  /// glyphs under it are what shows.
  func documentBytes() -> Data {
    guard let texts, !texts.isEmpty,
      let end = bytes.range(of: Data("</svg>".utf8), options: .backwards)
    else { return bytes }
    var layer = "<g id=\"text\" fill-opacity=\"0\" stroke=\"none\">\n"
    for text in texts {
      layer +=
        "<text x=\"\(Self.number(text.x))\" y=\"\(Self.number(text.y))\" font-size=\"\(Self.number(text.size))\" "
        + "font-family=\"\(Self.escaped(text.family))\"\(text.bold ? " font-weight=\"bold\"" : "")>"
        + Self.escaped(text.text) + "</text>\n"
    }
    layer += "</g>\n"
    var bytes = bytes
    bytes.replaceSubrange(end.lowerBound..<end.lowerBound, with: Data(layer.utf8))
    return bytes
  }

  /// A coordinate as the text layer writes it: two decimals at most, no trailing zeros.
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
