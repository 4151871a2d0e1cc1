import CCairo
import Foundation
import TouchLabEngine

/// A vector format a canvas can draw into instead of pixels.
public enum CanvasVectorFormat: Sendable {
  /// SVG 1.1. Text is text: each run of a drawn text is a `<text>` element in its colour,
  /// font family, size and weight, on the baseline where Pango set its glyphs, in drawing
  /// order and under the same clip as the drawing (`VectorOutput.textMarks`); no glyph
  /// outlines. It can be searched, selected, copied and read by screen readers, and a viewer
  /// draws it with its own copy of the font (DejaVu Sans for TouchLab's text).
  case svg
  /// PDF 1.5, one page. Text stays text: fonts are embedded and it can be searched and copied.
  case pdf
}

/// Collects the bytes a Cairo vector surface streams out.
final class VectorOutput {
  var bytes = Data()
  /// SVG only: each text drawn, as the `<text>` elements that stand for it. Cairo cannot
  /// write text as text, so where the text goes the canvas fills a rectangle over the text's
  /// extent with the even-odd rule (which nothing else draws with) in a colour that numbers
  /// it (`markColor(_:)`): Cairo writes that mark in drawing order, inside the clip groups and
  /// transparency groups the text was drawn in, and `documentBytes()` puts the elements in
  /// its place.
  var textMarks: [String]?
}

extension CairoCanvas {
  /// A canvas that records the same drawing calls as vector graphics: a document of `size`
  /// scene points times `scale` (SVG pixels, PDF points). Take it with `vectorData()`.
  public convenience init(vector format: CanvasVectorFormat, size sceneSize: CanvasSize, scale: Double = 1) throws {
    guard scale > 0, scale.isFinite else { throw CanvasError.invalidScale(scale) }
    let size = CanvasSize(width: sceneSize.width * scale, height: sceneSize.height * scale)
    guard size.width > 0, size.height > 0, size.width < 1e6, size.height < 1e6 else {
      throw CanvasError.invalidSize(
        width: Int(clamping: size.width.rounded(.up), within: 0...Int.max),
        height: Int(clamping: size.height.rounded(.up), within: 0...Int.max))
    }
    let output = VectorOutput()
    if format == .svg { output.textMarks = [] }
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

extension CairoCanvas {
  /// SVG: notes `placed` as `<text>` elements (`svgTextElements`) and fills its mark where it
  /// goes, under the current clip (the caller saves and restores the state around it).
  func markText(_ placed: PlacedText, in sink: VectorOutput) {
    guard let count = sink.textMarks?.count, count < VectorOutput.markLimit else { return }
    let elements = svgTextElements(placed)
    guard !elements.isEmpty else { return }
    sink.textMarks?.append(elements)
    var ink = PangoRectangle()
    var logical = PangoRectangle()
    pango_layout_get_extents(placed.layout, &ink, &logical)
    let unit = Double(PANGO_SCALE)
    let minX = Double(min(ink.x, logical.x)) / unit
    let minY = Double(min(ink.y, logical.y)) / unit
    let maxX = Double(max(ink.x + ink.width, logical.x + logical.width)) / unit
    let maxY = Double(max(ink.y + ink.height, logical.y + logical.height)) / unit
    // A point more all round: the clip Cairo writes with the mark (only when it cuts it) then
    // also holds for glyphs reaching just past their boxes.
    cairo_new_path(context)
    cairo_rectangle(context, placed.x + minX - 1, placed.y + minY - 1, maxX - minX + 2, maxY - minY + 2)
    cairo_set_fill_rule(context, CAIRO_FILL_RULE_EVEN_ODD)
    setSource(VectorOutput.markColor(count))
    cairo_fill(context)
  }

  /// The `<text>` elements of a laid-out text: one per run of each line (a run is one font),
  /// at its baseline's start as Pango set it, in the text's colour and the run's font
  /// family, the style's size and weight; an ellipsis Pango put in is written "…". In
  /// document units when the transform is an upright scale (and a region's offset), else
  /// in user units under the transform.
  func svgTextElements(_ placed: PlacedText) -> String {
    guard let iterator = pango_layout_get_iter(placed.layout) else { return "" }
    defer { pango_layout_iter_free(iterator) }
    var matrix = cairo_matrix_t()
    cairo_get_matrix(context, &matrix)
    matrix.x0 += textOrigin.x
    matrix.y0 += textOrigin.y
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
  /// The colour of text mark `index` (24 bits of it, in its red, green and blue).
  static func markColor(_ index: Int) -> CanvasColor {
    CanvasColor(
      red: Double(index >> 16 & 0xFF) / 255, green: Double(index >> 8 & 0xFF) / 255, blue: Double(index & 0xFF) / 255,
      alpha: 1)
  }

  /// The most texts one SVG can mark.
  static let markLimit = 1 << 24

  /// How Cairo writes a text mark: an even-odd fill of an opaque colour, in percent.
  static let markPattern = try! NSRegularExpression(
    pattern: "<path style=\" stroke:none;fill-rule:evenodd;fill:rgb\\(([0-9.]+)%,([0-9.]+)%,([0-9.]+)%\\);"
      + "fill-opacity:1;\" d=\"[^\"]*\"/>")

  /// The bytes streamed, with each text mark replaced by its `<text>` elements (a mark Cairo
  /// left out, all of it clipped away, is a text that does not show).
  func documentBytes() -> Data {
    guard let textMarks, !textMarks.isEmpty else { return bytes }
    let document = String(decoding: bytes, as: UTF8.self)
    let whole = NSRange(document.startIndex..., in: document)
    var result = ""
    result.reserveCapacity(document.utf8.count)
    var copied = document.startIndex
    for match in Self.markPattern.matches(in: document, range: whole) {
      guard let range = Range(match.range, in: document) else { continue }
      var index = 0
      for group in 1...3 {
        let text = Range(match.range(at: group), in: document).map { document[$0] } ?? ""
        index = index << 8 | Int(((Double(text) ?? 0) * 2.55).rounded())
      }
      guard index < textMarks.count else { continue }
      result += document[copied..<range.lowerBound]
      result += textMarks[index]
      copied = range.upperBound
    }
    result += document[copied...]
    return Data(result.utf8)
  }

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
