import CCairo
import Foundation
import TouchLabEngine

extension SVGCanvas {
  /// The `<text>` elements of a laid-out text: one per run of each line (a run is one font),
  /// at its baseline's start as Pango set it, in the text's colour and the run's font
  /// family, the style's size and weight; an ellipsis Pango put in is written "…". In
  /// document units when the transform is an upright scale (and a region's offset), else
  /// in user units under the transform; `offset` (document pixels) is added after the
  /// transform (an `SVGCanvas` region's corner). The transform is `context`'s, the one the
  /// text was laid out for.
  static func textElements(
    _ placed: PlacedText, under context: OpaquePointer, offset: (x: Double, y: Double)
  ) -> String {
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
