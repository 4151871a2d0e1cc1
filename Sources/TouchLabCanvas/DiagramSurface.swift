import CCairo
import Foundation

/// What a delivery diagram is drawn on: a `CairoCanvas` (PNG, and PDF through Cairo's PDF
/// surface) or an `SVGDocument` (SVG written element by element, so text stays text and
/// every lane, row and span is a group with its own `<title>`). The diagram is only
/// rectangles, lines, circles, polygons and single lines of text, all this has.
public protocol DiagramSurface: AnyObject {
  func fill(_ rect: CanvasRect, cornerRadius: Double, color: CanvasColor)
  func stroke(_ rect: CanvasRect, cornerRadius: Double, color: CanvasColor, width: Double)
  func line(from start: CanvasPoint, to end: CanvasPoint, color: CanvasColor, width: Double, dash: [Double])
  func polyline(_ points: [CanvasPoint], color: CanvasColor, width: Double)
  func polygon(_ points: [CanvasPoint], color: CanvasColor)
  func fillCircle(center: CanvasPoint, radius: Double, color: CanvasColor)
  func strokeCircle(center: CanvasPoint, radius: Double, color: CanvasColor, width: Double)
  /// One line of text, its logical box's top-left corner at `origin`.
  func text(_ text: String, at origin: CanvasPoint, style: TextStyle)
  /// Starts a group of drawing that belongs to one thing (a lane, a row, a span): its name
  /// for screen readers and search, and what it means in words.
  func beginGroup(kind: String, title: String, description: String?)
  func endGroup()
}

extension CairoCanvas: DiagramSurface {
  public func fill(_ rect: CanvasRect, cornerRadius: Double, color: CanvasColor) {
    fillRoundedRect(rect, cornerRadius: cornerRadius, color: color)
  }

  public func stroke(_ rect: CanvasRect, cornerRadius: Double, color: CanvasColor, width: Double) {
    strokeRoundedRect(rect, cornerRadius: cornerRadius, color: color, style: .solid(width))
  }

  public func line(from start: CanvasPoint, to end: CanvasPoint, color: CanvasColor, width: Double, dash: [Double]) {
    strokeLine(from: start, to: end, color: color, style: CanvasStrokeStyle(width: width, dash: dash))
  }

  public func polyline(_ points: [CanvasPoint], color: CanvasColor, width: Double) {
    strokePolyline(points, color: color, style: .rounded(width))
  }

  public func polygon(_ points: [CanvasPoint], color: CanvasColor) {
    fillPolygon(points, color: color)
  }

  public func strokeCircle(center: CanvasPoint, radius: Double, color: CanvasColor, width: Double) {
    strokeCircle(center: center, radius: radius, color: color, style: .solid(width))
  }

  public func text(_ text: String, at origin: CanvasPoint, style: TextStyle) {
    let size = measure(text, style: style)
    // A little room past the measured box, so clipping never shaves an antialiased edge.
    draw(text, in: CanvasRect(x: origin.x, y: origin.y, width: size.width + 4, height: size.height + 2), style: style)
  }

  public func beginGroup(kind: String, title: String, description: String?) {}
  public func endGroup() {}
}

extension TextFonts {
  /// The distance from the top of a line of text set in `style` to its baseline, in points
  /// (where an SVG `<text>`'s y goes).
  static func baseline(of style: TextStyle) -> Double {
    measuringLayouts.withLayout("Ag", style: style, width: nil) { layout in
      Double(pango_layout_get_baseline(layout)) / Double(touchlab_pango_scale())
    }
  }
}

/// A small SVG 1.1 writer for diagrams: shapes as `<rect>`, `<line>`, `<polyline>`,
/// `<polygon>`, `<circle>`, text as `<text>` (searchable, selectable, read aloud), and
/// groups as `<g>` with a `<title>` and `<desc>`. Numbers are written with at most three
/// decimals, so the same drawing always gives the same bytes.
public final class SVGDocument: DiagramSurface {
  private var body = ""
  private var depth = 1
  private let size: CanvasSize
  private let scale: Double
  private let title: String
  private let summary: String?
  private var baselines: [String: Double] = [:]

  /// A document `size` points large, shown `scale` times as large (its width and height;
  /// the view box stays in points).
  public init(size: CanvasSize, scale: Double, title: String, description: String?) {
    self.size = size
    self.scale = scale
    self.title = title
    self.summary = description
  }

  /// The finished document.
  public func data() -> Data {
    var document = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    document +=
      "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"\(Self.number(size.width * scale))px\""
      + " height=\"\(Self.number(size.height * scale))px\""
      + " viewBox=\"0 0 \(Self.number(size.width)) \(Self.number(size.height))\" role=\"img\">\n"
    document += "  <title>\(Self.escape(title))</title>\n"
    if let summary { document += "  <desc>\(Self.escape(summary))</desc>\n" }
    document += body
    document += "</svg>\n"
    return Data(document.utf8)
  }

  public func fill(_ rect: CanvasRect, cornerRadius: Double, color: CanvasColor) {
    emit("<rect \(box(rect, cornerRadius))\(paint("fill", color))/>")
  }

  public func stroke(_ rect: CanvasRect, cornerRadius: Double, color: CanvasColor, width: Double) {
    emit(
      "<rect \(box(rect, cornerRadius)) fill=\"none\"\(paint("stroke", color)) stroke-width=\"\(Self.number(width))\"/>"
    )
  }

  public func line(from start: CanvasPoint, to end: CanvasPoint, color: CanvasColor, width: Double, dash: [Double]) {
    var element =
      "<line x1=\"\(Self.number(start.x))\" y1=\"\(Self.number(start.y))\" x2=\"\(Self.number(end.x))\""
      + " y2=\"\(Self.number(end.y))\"\(paint("stroke", color)) stroke-width=\"\(Self.number(width))\""
    if !dash.isEmpty { element += " stroke-dasharray=\"\(dash.map(Self.number).joined(separator: " "))\"" }
    emit(element + "/>")
  }

  public func polyline(_ points: [CanvasPoint], color: CanvasColor, width: Double) {
    emit(
      "<polyline points=\"\(Self.points(points))\" fill=\"none\"\(paint("stroke", color))"
        + " stroke-width=\"\(Self.number(width))\" stroke-linecap=\"round\" stroke-linejoin=\"round\"/>")
  }

  public func polygon(_ points: [CanvasPoint], color: CanvasColor) {
    emit("<polygon points=\"\(Self.points(points))\"\(paint("fill", color))/>")
  }

  public func fillCircle(center: CanvasPoint, radius: Double, color: CanvasColor) {
    emit("<circle \(circle(center, radius))\(paint("fill", color))/>")
  }

  public func strokeCircle(center: CanvasPoint, radius: Double, color: CanvasColor, width: Double) {
    emit(
      "<circle \(circle(center, radius)) fill=\"none\"\(paint("stroke", color)) stroke-width=\"\(Self.number(width))\"/>"
    )
  }

  public func text(_ text: String, at origin: CanvasPoint, style: TextStyle) {
    let key = "\(style.fontFamily) \(style.fontSize) \(style.weight)"
    let baseline = baselines[key] ?? TextFonts.baseline(of: style)
    baselines[key] = baseline
    let weight = style.weight == .regular ? "" : " font-weight=\"\(Self.fontWeight(style.weight))\""
    emit(
      "<text x=\"\(Self.number(origin.x))\" y=\"\(Self.number(origin.y + baseline))\""
        + " font-family=\"\(Self.escape(style.fontFamily)), Verdana, sans-serif\""
        + " font-size=\"\(Self.number(style.fontSize))\"\(weight)\(paint("fill", style.color))>"
        + Self.escape(text) + "</text>")
  }

  public func beginGroup(kind: String, title: String, description: String?) {
    emit("<g class=\"\(Self.escape(kind))\">")
    depth += 1
    emit("<title>\(Self.escape(title))</title>")
    if let description { emit("<desc>\(Self.escape(description))</desc>") }
  }

  public func endGroup() {
    depth -= 1
    emit("</g>")
  }

  private func emit(_ element: String) {
    body += String(repeating: "  ", count: depth) + element + "\n"
  }

  private func box(_ rect: CanvasRect, _ radius: Double) -> String {
    var text =
      "x=\"\(Self.number(rect.minX))\" y=\"\(Self.number(rect.minY))\" width=\"\(Self.number(rect.width))\""
      + " height=\"\(Self.number(rect.height))\""
    if radius > 0 {
      let r = Self.number(min(radius, rect.width / 2, rect.height / 2))
      text += " rx=\"\(r)\" ry=\"\(r)\""
    }
    return text
  }

  private func circle(_ center: CanvasPoint, _ radius: Double) -> String {
    "cx=\"\(Self.number(center.x))\" cy=\"\(Self.number(center.y))\" r=\"\(Self.number(radius))\""
  }

  /// ` fill="#RRGGBB"` (or stroke), with its opacity when not opaque.
  private func paint(_ attribute: String, _ color: CanvasColor) -> String {
    let hex = String(color.hexString.prefix(7))
    let opacity = (min(max(color.alpha, 0), 1) * 1000).rounded() / 1000
    return " \(attribute)=\"\(hex)\"" + (opacity < 1 ? " \(attribute)-opacity=\"\(Self.number(opacity))\"" : "")
  }

  private static func points(_ points: [CanvasPoint]) -> String {
    points.map { "\(number($0.x)),\(number($0.y))" }.joined(separator: " ")
  }

  private static func fontWeight(_ weight: TextWeight) -> String {
    switch weight {
    case .regular: return "normal"
    case .medium: return "500"
    case .semibold: return "600"
    case .bold: return "bold"
    }
  }

  /// At most three decimals, no trailing zeros, never "-0".
  static func number(_ value: Double) -> String { TranscriptNumber.seconds(value) }

  /// Text safe in element content and in double-quoted attributes.
  static func escape(_ text: String) -> String {
    var escaped = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": escaped += "&amp;"
      case "<": escaped += "&lt;"
      case ">": escaped += "&gt;"
      case "\"": escaped += "&quot;"
      // Control characters other than tab, newline and return are not allowed in XML 1.0.
      case _ where scalar.value < 0x20 && scalar != "\t" && scalar != "\n" && scalar != "\r": escaped += " "
      // Nor are U+FFFE and U+FFFF (a label from a dump may hold them): the replacement character.
      case "\u{FFFE}", "\u{FFFF}": escaped += "\u{FFFD}"
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped
  }
}
