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
    return vectorOutput.bytes
  }
}

extension CairoCanvas {
  /// The `<text>` elements of a laid-out text: one per run of each line (a run is one font),
  /// at its baseline's start as Pango set it, in the text's colour and the run's font
  /// family, the style's size and weight; an ellipsis Pango put in is written "…". In
  /// document units when the transform is an upright scale (and a region's offset), else
  /// in user units under the transform; `offset` (document pixels) is added after the
  /// transform (an `SVGCanvas` region's corner).
  func svgTextElements(_ placed: PlacedText, offset: (x: Double, y: Double)) -> String {
    guard let iterator = pango_layout_get_iter(placed.layout) else { return "" }
    defer { pango_layout_iter_free(iterator) }
    var matrix = cairo_matrix_t()
    cairo_get_matrix(context, &matrix)
    matrix.x0 += offset.x
    matrix.y0 += offset.y
    let upright = matrix.xy == 0 && matrix.yx == 0 && matrix.xx == matrix.yy && matrix.xx > 0
    let factor = upright ? matrix.xx : 1
    let number = VectorOutput.number
    let color = placed.style.color
    var paint = "fill=\"rgb(\(Self.channel(color.red)),\(Self.channel(color.green)),\(Self.channel(color.blue)))\""
    if color.alpha < 1 { paint += " fill-opacity=\"\(number(max(0, color.alpha)))\"" }
    let weight: Int
    switch placed.style.weight {
    case .regular: weight = 400
    case .medium: weight = 500
    case .semibold: weight = 600
    case .bold: weight = 700
    }
    let size = number(placed.style.fontSize * factor)
    let bytes = pango_layout_get_text(placed.layout)
    let unit = Double(PANGO_SCALE)
    var elements = ""
    repeat {
      guard let run = pango_layout_iter_get_run_readonly(iterator), let bytes else { continue }
      let item = run.pointee.item.pointee
      let text: String
      if item.analysis.flags & UInt8(PANGO_ANALYSIS_FLAG_IS_ELLIPSIS) != 0 {
        text = "…"
      } else {
        let start = UnsafeRawPointer(bytes + Int(item.offset)).assumingMemoryBound(to: UInt8.self)
        text = VectorOutput.escaped(
          String(decoding: UnsafeBufferPointer(start: start, count: Int(item.length)), as: UTF8.self))
      }
      guard !text.trimmingCharacters(in: .whitespaces).isEmpty else { continue }
      var family = placed.style.fontFamily
      if let font = item.analysis.font, let description = pango_font_describe(font) {
        if let name = pango_font_description_get_family(description) { family = String(cString: name) }
        pango_font_description_free(description)
      }
      let generic = family.contains("Mono") ? "monospace" : "sans-serif"
      var extents = PangoRectangle()
      pango_layout_iter_get_run_extents(iterator, nil, &extents)
      var x = placed.x + Double(extents.x) / unit
      var y = placed.y + Double(pango_layout_iter_get_baseline(iterator)) / unit
      if upright {
        x = matrix.xx * x + matrix.x0
        y = matrix.yy * y + matrix.y0
      }
      elements +=
        "<text xml:space=\"preserve\" x=\"\(number(x))\" y=\"\(number(y))\" font-family=\"'"
        + VectorOutput.escaped(family) + "', \(generic)\" font-size=\"\(size)\""
        + (weight == 400 ? "" : " font-weight=\"\(weight)\"") + " \(paint)>" + text + "</text>\n"
    } while pango_layout_iter_next_run(iterator) != 0
    guard !elements.isEmpty, !upright else { return elements }
    let transform = [matrix.xx, matrix.yx, matrix.xy, matrix.yy, matrix.x0, matrix.y0].map(number)
    return "<g transform=\"matrix(\(transform.joined(separator: " ")))\">\n" + elements + "</g>\n"
  }

  /// A colour channel as SVG's `rgb()` takes it: 0 to 255.
  private static func channel(_ value: Double) -> Int {
    Int(clamping: (value * 255).rounded(), within: 0...255)
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
