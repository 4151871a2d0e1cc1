import CCairo
import Foundation
import TouchLabEngine

/// A canvas that writes an SVG 1.1 document itself, element by element, from the drawing
/// calls: shapes as `<path>` elements under the transform they were drawn with, clips as
/// `<clipPath>` elements with groups that use them, transparency layers as groups with an
/// opacity, copied pixels as embedded PNG `<image>` elements, and text as `<text>` elements
/// in its colour, font family, size and weight, on the baselines where Pango sets its glyphs
/// for the PNG (`textElements`). No Cairo surface writes any of it, so the same drawing
/// gives the same bytes whatever Cairo's version.
///
/// Text is laid out on a one-pixel image canvas that follows this canvas's transform (the
/// fonts and positions the PNG gets); a viewer draws it with its own copy of the fonts.
public final class SVGCanvas: Canvas {
  public let pixelWidth: Int
  public let pixelHeight: Int
  public let scale: Double
  public var isVector: Bool { true }

  /// The document being written, shared by a canvas and its regions.
  final class Document {
    var body = ""
    var nextID = 0
    /// The groups open in `body`, outermost first: each a clip or a layer, by its id.
    var open: [Int] = []
    /// Text laid out here, its transform set to the drawing's before each text.
    let measuring: CairoCanvas

    init(scale: Double) throws { measuring = try CairoCanvas(pixelWidth: 1, pixelHeight: 1, scale: scale) }

    func makeID() -> Int {
      nextID += 1
      return nextID
    }
  }

  /// A group an element is drawn inside: a clip or a transparency layer.
  struct Group: Equatable {
    var id: Int
    var start: String
  }

  struct State {
    /// User space to document pixels.
    var matrix: CanvasTransform
    var groups: [Group]
  }

  let document: Document
  private var state: State
  private var saved: [State] = []
  /// Where this canvas's pixel (0, 0) is on the document's: a region's corner.
  private let origin: (x: Double, y: Double)
  /// The groups everything is drawn in: a region's clip (and what its canvas had).
  private let baseGroups: [Group]
  /// Open transparency layers' positions in `state.groups`, innermost last.
  private var layers: [Int] = []

  /// A document of `size` scene points times `scale` (SVG pixels).
  public init(size sceneSize: CanvasSize, scale: Double = 1) throws {
    guard scale > 0, scale.isFinite else { throw CanvasError.invalidScale(scale) }
    let width = sceneSize.width * scale
    let height = sceneSize.height * scale
    guard width > 0, height > 0, width < 1e6, height < 1e6 else {
      throw CanvasError.invalidSize(
        width: Int(clamping: width.rounded(.up), within: 0...Int.max),
        height: Int(clamping: height.rounded(.up), within: 0...Int.max))
    }
    pixelWidth = Int(width.rounded(.up))
    pixelHeight = Int(height.rounded(.up))
    self.scale = scale
    document = try Document(scale: scale)
    origin = (0, 0)
    baseGroups = []
    state = State(matrix: CanvasTransform(a: scale, b: 0, c: 0, d: scale, tx: 0, ty: 0), groups: [])
  }

  private init(
    document: Document, pixelWidth: Int, pixelHeight: Int, scale: Double, origin: (x: Double, y: Double),
    groups: [Group]
  ) {
    self.document = document
    self.pixelWidth = pixelWidth
    self.pixelHeight = pixelHeight
    self.scale = scale
    self.origin = origin
    baseGroups = groups
    state = State(matrix: CanvasTransform(a: scale, b: 0, c: 0, d: scale, tx: origin.x, ty: origin.y), groups: groups)
  }

  /// Pixels (this canvas's) to the document's.
  private var pixelMatrix: CanvasTransform { CanvasTransform(a: 1, b: 0, c: 0, d: 1, tx: origin.x, ty: origin.y) }

  /// A canvas drawing into `rect` (in this canvas's points) of the same document, as
  /// `CairoCanvas.region(_:)` does for pixels: its origin is the rectangle's corner, and it
  /// draws nothing outside it. Draw into it before `data()`.
  public func region(_ rect: CanvasRect) throws -> SVGCanvas {
    // The same pixels as CairoCanvas's region, and the same clamped error (a NaN size is no trap).
    let (x, y, width, height) = try regionPixels(rect, scale: scale, pixelWidth: pixelWidth, pixelHeight: pixelHeight)
    let corner = (origin.x + x, origin.y + y)
    let clip = clipGroup(
      CanvasRect(x: 0, y: 0, width: width, height: height),
      under: CanvasTransform(a: 1, b: 0, c: 0, d: 1, tx: corner.0, ty: corner.1))
    return SVGCanvas(
      document: document, pixelWidth: Int(width), pixelHeight: Int(height), scale: scale, origin: corner,
      groups: state.groups + [clip])
  }

  /// The finished document's bytes; the same drawing always gives the same bytes.
  public func data() -> Data {
    var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    text +=
      "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" "
      + "width=\"\(pixelWidth)px\" height=\"\(pixelHeight)px\" viewBox=\"0 0 \(pixelWidth) \(pixelHeight)\" "
      + "version=\"1.1\">\n"
    text += document.body
    text += String(repeating: "</g>\n", count: document.open.count)
    text += "</svg>\n"
    return Data(text.utf8)
  }

  // MARK: - State

  public func save() { saved.append(state) }

  public func restore() {
    guard let last = saved.popLast() else { return }
    state = last
  }

  public func translate(x: Double, y: Double) {
    state.matrix = CanvasTransform(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y).concatenating(state.matrix)
  }

  public func scale(x: Double, y: Double) {
    state.matrix = CanvasTransform(a: x, b: 0, c: 0, d: y, tx: 0, ty: 0).concatenating(state.matrix)
  }

  public func rotate(radians: Double) {
    let (sine, cosine) = (sin(radians), cos(radians))
    state.matrix = CanvasTransform(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0).concatenating(state.matrix)
  }

  public func concatenate(_ transform: CanvasTransform) {
    state.matrix = transform.concatenating(state.matrix)
  }

  /// The transform past the region's corner, without the pixel scale.
  public var currentTransform: CanvasTransform {
    let user = state.matrix
    return CanvasTransform(
      a: user.a / scale, b: user.b / scale, c: user.c / scale, d: user.d / scale, tx: (user.tx - origin.x) / scale,
      ty: (user.ty - origin.y) / scale)
  }

  public func resetTransform() {
    state.matrix = CanvasTransform(a: scale, b: 0, c: 0, d: scale, tx: origin.x, ty: origin.y)
  }

  public func clip(to rect: CanvasRect) {
    state.groups.append(clipGroup(rect, under: state.matrix))
  }

  public func clip(toRoundedRect rect: CanvasRect, cornerRadius: Double) {
    state.groups.append(clipGroup(path: Self.roundedRectPath(rect, cornerRadius: cornerRadius), under: state.matrix))
  }

  private func clipGroup(_ rect: CanvasRect, under matrix: CanvasTransform) -> Group {
    clipGroup(path: Self.rectPath(rect), under: matrix)
  }

  /// A `<clipPath>` of `path` under `matrix`, written now, and the group that uses it.
  private func clipGroup(path: String, under matrix: CanvasTransform) -> Group {
    let id = document.makeID()
    document.body +=
      "<clipPath id=\"clip\(id)\"><path transform=\"\(Self.matrix(matrix))\" d=\"\(path)\"/></clipPath>\n"
    return Group(id: id, start: "<g clip-path=\"url(#clip\(id))\">")
  }

  // MARK: - Drawing

  /// Writes `element` inside `groups`: closes the open groups it is not in, opens the ones
  /// it is in that are not open.
  private func write(_ element: String, in groups: [Group]? = nil) {
    let groups = groups ?? state.groups
    var common = 0
    while common < document.open.count, common < groups.count, document.open[common] == groups[common].id {
      common += 1
    }
    document.body += String(repeating: "</g>\n", count: document.open.count - common)
    document.open.removeLast(document.open.count - common)
    for group in groups[common...] {
      document.body += group.start + "\n"
      document.open.append(group.id)
    }
    document.body += element
  }

  private func shape(_ path: String, _ paint: String) {
    write("<path transform=\"\(Self.matrix(state.matrix))\" \(paint) d=\"\(path)\"/>\n")
  }

  public func clear(to color: CanvasColor) {
    // Every pixel, whatever the transform, clip and layers: the base's clip (a region's) only.
    let rect = CanvasRect(x: 0, y: 0, width: Double(pixelWidth), height: Double(pixelHeight))
    write(
      "<path transform=\"\(Self.matrix(pixelMatrix))\" \(Self.fill(color)) d=\"\(Self.rectPath(rect))\"/>\n",
      in: baseGroups)
  }

  public func fill(_ rect: CanvasRect, color: CanvasColor) { shape(Self.rectPath(rect), Self.fill(color)) }

  public func stroke(_ rect: CanvasRect, color: CanvasColor, style: CanvasStrokeStyle) {
    shape(Self.rectPath(rect), Self.stroke(color, style))
  }

  public func fillRoundedRect(_ rect: CanvasRect, cornerRadius: Double, color: CanvasColor) {
    shape(Self.roundedRectPath(rect, cornerRadius: cornerRadius), Self.fill(color))
  }

  public func strokeRoundedRect(_ rect: CanvasRect, cornerRadius: Double, color: CanvasColor, style: CanvasStrokeStyle)
  {
    shape(Self.roundedRectPath(rect, cornerRadius: cornerRadius), Self.stroke(color, style))
  }

  public func fillCircle(center: CanvasPoint, radius: Double, color: CanvasColor) {
    shape(Self.circlePath(center, radius), Self.fill(color))
  }

  public func strokeCircle(center: CanvasPoint, radius: Double, color: CanvasColor, style: CanvasStrokeStyle) {
    shape(Self.circlePath(center, radius), Self.stroke(color, style))
  }

  public func strokeArc(
    center: CanvasPoint, radius: Double, startAngle: Double, endAngle: Double, color: CanvasColor,
    style: CanvasStrokeStyle
  ) {
    guard endAngle > startAngle else { return }
    let sweep = endAngle - startAngle
    let point = { (angle: Double) in
      Self.number(center.x + radius * cos(angle)) + " " + Self.number(center.y + radius * sin(angle))
    }
    let r = Self.number(radius)
    var path = "M " + point(startAngle)
    if sweep >= 2 * Double.pi {
      path += " A \(r) \(r) 0 1 1 " + point(startAngle + Double.pi) + " A \(r) \(r) 0 1 1 " + point(startAngle)
    } else {
      path += " A \(r) \(r) 0 \(sweep > Double.pi ? 1 : 0) 1 " + point(endAngle)
    }
    shape(path, Self.stroke(color, style))
  }

  public func strokeLine(from start: CanvasPoint, to end: CanvasPoint, color: CanvasColor, style: CanvasStrokeStyle) {
    shape("M \(Self.point(start)) L \(Self.point(end))", Self.stroke(color, style))
  }

  public func strokePolyline(_ points: [CanvasPoint], color: CanvasColor, style: CanvasStrokeStyle) {
    guard let first = points.first, points.count > 1 else { return }
    shape(
      "M \(Self.point(first))" + points.dropFirst().map { " L " + Self.point($0) }.joined(),
      Self.stroke(color, style))
  }

  public func fillPolygon(_ points: [CanvasPoint], color: CanvasColor) {
    guard let first = points.first, points.count > 2 else { return }
    shape(
      "M \(Self.point(first))" + points.dropFirst().map { " L " + Self.point($0) }.joined() + " Z",
      Self.fill(color) + " fill-rule=\"nonzero\"")
  }

  public func draw(_ text: String, in rect: CanvasRect, style: TextStyle) {
    let measuring = document.measuring
    // Laid out for the same device scale and transform as on this canvas; the region's
    // corner is added to the elements' places.
    measuring.resetTransform()
    measuring.concatenate(currentTransform)
    TextFonts.placing(text, in: rect, style: style, following: measuring.context) { placed in
      let elements = Self.textElements(placed, under: measuring.context, offset: origin)
      guard !elements.isEmpty else { return }
      var groups = state.groups
      if style.truncation == .clip { groups.append(clipGroup(rect, under: state.matrix)) }
      write(elements, in: groups)
    }
  }

  public func beginTransparencyLayer(alpha: Double) {
    let id = document.makeID()
    layers.append(state.groups.count)
    state.groups.append(Group(id: id, start: "<g opacity=\"\(Self.number(min(max(alpha, 0), 1)))\">"))
  }

  public func endTransparencyLayer() {
    guard let position = layers.popLast() else {
      preconditionFailure("endTransparencyLayer() without beginTransparencyLayer(alpha:)")
    }
    state.groups.removeLast(state.groups.count - position)
  }

  /// Embeds `other`'s pixels as a PNG `<image>`, its top-left corner at pixel (`x`, `y`):
  /// no transform, no clip but a region's.
  public func copyPixels(of other: CairoCanvas, toPixelX x: Int, y: Int) {
    guard let png = try? other.pngData() else { return }
    write(
      "<image transform=\"\(Self.matrix(pixelMatrix))\" x=\"\(x)\" y=\"\(y)\" width=\"\(other.pixelWidth)\" "
        + "height=\"\(other.pixelHeight)\" xlink:href=\"data:image/png;base64,\(png.base64EncodedString())\"/>\n",
      in: baseGroups)
  }

  /// A vector document draws a stamp's drawing each time (no pixels are laid).
  public func drawStamp(_ key: Int, bounds: CanvasRect, stamps: StampCache, _ body: (Canvas) -> Void) {
    body(self)
  }

  public func skips(_ rect: CanvasRect) -> Bool { false }

  // MARK: - Attributes

  static func number(_ value: Double) -> String {
    guard value.isFinite else { return "0" }
    var text = String(format: "%.3f", value)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text == "-0" ? "0" : text
  }

  static func point(_ point: CanvasPoint) -> String { number(point.x) + " " + number(point.y) }

  static func matrix(_ m: CanvasTransform) -> String {
    "matrix("
      + [m.a, m.b, m.c, m.d, m.tx, m.ty].map { String(format: "%.6g", $0 == 0 ? 0 : $0) }.joined(separator: " ")
      + ")"
  }

  static func color(_ color: CanvasColor) -> String {
    // A NaN component passes min/max untouched: clamped as a Double, it is 0, never a trap.
    let channel = { (value: Double) in Int(clamping: (value * 255).rounded(), within: 0...255) }
    return "rgb(\(channel(color.red)),\(channel(color.green)),\(channel(color.blue)))"
  }

  static func fill(_ color: CanvasColor) -> String {
    "fill=\"\(Self.color(color))\"" + (color.alpha < 1 ? " fill-opacity=\"\(number(max(0, color.alpha)))\"" : "")
  }

  static func stroke(_ color: CanvasColor, _ style: CanvasStrokeStyle) -> String {
    var text = "fill=\"none\" stroke=\"\(Self.color(color))\""
    if color.alpha < 1 { text += " stroke-opacity=\"\(number(max(0, color.alpha)))\"" }
    text += " stroke-width=\"\(number(style.width))\""
    switch style.cap {
    case .butt: break
    case .round: text += " stroke-linecap=\"round\""
    case .square: text += " stroke-linecap=\"square\""
    }
    switch style.join {
    case .miter: text += " stroke-miterlimit=\"10\""  // Cairo's, not SVG's 4
    case .round: text += " stroke-linejoin=\"round\""
    case .bevel: text += " stroke-linejoin=\"bevel\""
    }
    if !style.dash.isEmpty {
      text += " stroke-dasharray=\"\(style.dash.map(number).joined(separator: " "))\""
      if style.dashPhase != 0 { text += " stroke-dashoffset=\"\(number(style.dashPhase))\"" }
    }
    return text
  }

  static func rectPath(_ rect: CanvasRect) -> String {
    "M \(number(rect.minX)) \(number(rect.minY)) H \(number(rect.maxX)) V \(number(rect.maxY)) "
      + "H \(number(rect.minX)) Z"
  }

  /// As `CairoCanvas.addRoundedRectPath` makes it (a radius past half the short side is
  /// clamped), from the same point and the same way round, so that dashes fall where the
  /// PNG has them: the top-right corner's start, clockwise.
  static func roundedRectPath(_ rect: CanvasRect, cornerRadius: Double) -> String {
    let radius = max(0, min(cornerRadius, rect.width / 2, rect.height / 2))
    guard radius > 0 else { return rectPath(rect) }
    let r = number(radius)
    let arc = "A \(r) \(r) 0 0 1"
    return "M \(number(rect.maxX - radius)) \(number(rect.minY)) "
      + "\(arc) \(number(rect.maxX)) \(number(rect.minY + radius)) V \(number(rect.maxY - radius)) "
      + "\(arc) \(number(rect.maxX - radius)) \(number(rect.maxY)) H \(number(rect.minX + radius)) "
      + "\(arc) \(number(rect.minX)) \(number(rect.maxY - radius)) V \(number(rect.minY + radius)) "
      + "\(arc) \(number(rect.minX + radius)) \(number(rect.minY)) Z"
  }

  static func circlePath(_ center: CanvasPoint, _ radius: Double) -> String {
    let r = number(radius)
    return "M \(number(center.x + radius)) \(number(center.y)) A \(r) \(r) 0 1 1 \(number(center.x - radius)) "
      + "\(number(center.y)) A \(r) \(r) 0 1 1 \(number(center.x + radius)) \(number(center.y)) Z"
  }
}

extension CanvasTransform {
  /// This transform followed by `other` (points go through this one first).
  func concatenating(_ other: CanvasTransform) -> CanvasTransform {
    CanvasTransform(
      a: a * other.a + b * other.c, b: a * other.b + b * other.d, c: c * other.a + d * other.c,
      d: c * other.b + d * other.d, tx: tx * other.a + ty * other.c + other.tx,
      ty: tx * other.b + ty * other.d + other.ty)
  }
}
