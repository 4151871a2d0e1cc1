import CCairo
import TouchLabEngine

/// A canvas that notes a frame's drawing calls instead of drawing them: the frame as a list
/// of items, each with a key for everything that decides its pixels and the pixels it may
/// touch, compared with the last frame's to find what changed (`DrawingItem.damage(from:to:)`,
/// `SceneRenderer.damage(for:…)`).
///
/// It wraps a `CairoCanvas` of the frame's size and scale on a surface of one pixel
/// (`makeBase`): the state calls (save, restore, the transform, the clips) go on to it, so
/// its transform is the one the drawing would have, and text is laid out on it as on an
/// image canvas. The drawing calls are noted, never drawn; the clips and the open layers'
/// alphas join every item's key. One per frame noted: a frame's items are its own.
public final class DamageRecordingCanvas: Canvas {
  /// The drawing calls, for the items' keys.
  enum Kind: Int {
    case clear = 1
    case fill
    case stroke
    case fillRoundedRect
    case strokeRoundedRect
    case fillCircle
    case strokeCircle
    case strokeArc
    case strokeLine
    case strokePolyline
    case fillPolygon
    case text
    case stamp
    case unknown
  }

  /// The clips a canvas takes, for the clips' keys.
  enum ClipShape: Int {
    case rectangle = 1
    case roundedRectangle
  }

  /// The canvas the state calls go to (its surface is a single pixel: nothing is drawn on it).
  let base: CairoCanvas
  public private(set) var items: [DrawingItem] = []
  /// Calls whose pixels cannot be keyed noted so far: each gets a key of its own, with this
  /// canvas's identity (a frame's own).
  private var unknownCount = 0
  /// The part of the frame being noted, and where each part's items reach.
  /// Set before a part is noted, nil after the last: each part's items are noted together,
  /// and when it ends its range and bounds are taken from them (not item by item: two
  /// dictionary lookups an item cost more than the rest of noting it).
  public var part: FramePart? {
    didSet {
      guard part != oldValue else { return }
      if let oldValue { close(oldValue) }
      partStart = items.count
    }
  }
  public private(set) var partBounds: [FramePart: DamageRect] = [:]
  /// The items each part noted.
  public private(set) var partRanges: [FramePart: Range<Int>] = [:]
  /// Where the items of the part being noted begin.
  private var partStart = 0
  /// What the clips set since the last `save()` were; saved and restored with the rest of
  /// the state.
  public private(set) var clipKey = 0
  /// The clips' extents in pixels (nil: the whole canvas), saved and restored with the rest
  /// of the state: the base canvas's own surface is a single pixel.
  private var clipExtents: DamageRect?
  private var savedClips: [(key: Int, extents: DamageRect?)] = []
  /// Each open transparency layer's alpha, innermost last: they go into every item's key.
  private var layerAlphas: [Double] = []

  /// Notes a frame drawn on `base` (`makeBase`), whose state must be the initial one.
  public init(wrapping base: CairoCanvas) {
    self.base = base
  }

  /// A canvas for recording only: the size and scale of a frame of `pixelWidth`×`pixelHeight`
  /// pixels on a surface of one pixel, as an image canvas's text is laid out. Nothing is
  /// drawn on it.
  static func makeBase(pixelWidth: Int, pixelHeight: Int, scale: Double) throws -> CairoCanvas {
    guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1) else {
      throw CanvasError.cairoFailure("no surface")
    }
    return try CairoCanvas(
      surface: surface, pixelWidth: pixelWidth, pixelHeight: pixelHeight, scale: scale, vectorOutput: nil)
  }

  public var pixelWidth: Int { base.pixelWidth }
  public var pixelHeight: Int { base.pixelHeight }
  public var scale: Double { base.scale }
  public var isVector: Bool { false }

  // MARK: - State, forwarded

  public func save() {
    base.save()
    savedClips.append((clipKey, clipExtents))
  }

  public func restore() {
    base.restore()
    (clipKey, clipExtents) = savedClips.popLast() ?? (0, nil)
  }

  public func translate(x: Double, y: Double) { base.translate(x: x, y: y) }
  public func scale(x: Double, y: Double) { base.scale(x: x, y: y) }
  public func rotate(radians: Double) { base.rotate(radians: radians) }
  public func concatenate(_ transform: CanvasTransform) { base.concatenate(transform) }
  public var currentTransform: CanvasTransform { base.currentTransform }
  public func resetTransform() { base.resetTransform() }

  public func clip(to rect: CanvasRect) {
    noteClip(.rectangle, rect: rect, cornerRadius: 0)
    base.clip(to: rect)
  }

  public func clip(toRoundedRect rect: CanvasRect, cornerRadius: Double) {
    noteClip(.roundedRectangle, rect: rect, cornerRadius: cornerRadius)
    base.clip(toRoundedRect: rect, cornerRadius: cornerRadius)
  }

  public func beginTransparencyLayer(alpha: Double) {
    layerAlphas.append(min(max(alpha, 0), 1))
  }

  public func endTransparencyLayer() {
    guard layerAlphas.popLast() != nil else {
      preconditionFailure("endTransparencyLayer() without beginTransparencyLayer(alpha:)")
    }
  }

  // MARK: - Drawing calls, noted

  public func clear(to color: CanvasColor) {
    note(.clear, wholeCanvas: true) { $0.combine(color) }
  }

  public func fill(_ rect: CanvasRect, color: CanvasColor) {
    let shift: (inout Hasher) -> Void = {
      $0.combine(color)
      $0.combine(rect.minX)
      $0.combine(rect.size)
    }
    note(.fill, bounds: rect, shift: (rect.minY, shift)) { $0.combine(color) }
  }

  public func stroke(_ rect: CanvasRect, color: CanvasColor, style: CanvasStrokeStyle) {
    note(.stroke, bounds: rect, outset: style.width) {
      $0.combine(color)
      $0.combine(style)
    }
  }

  public func fillRoundedRect(_ rect: CanvasRect, cornerRadius: Double, color: CanvasColor) {
    let details: (inout Hasher) -> Void = {
      $0.combine(color)
      $0.combine(cornerRadius)
    }
    if let pieces = base.shapePieces?.roundedRect(rect, cornerRadius: cornerRadius, strokeWidth: nil) {
      notePieces(pieces, kind: .fillRoundedRect) {
        details(&$0)
        $0.combine(rect)
      }
    } else {
      note(.fillRoundedRect, bounds: rect, details: details)
    }
  }

  public func strokeRoundedRect(
    _ rect: CanvasRect, cornerRadius: Double, color: CanvasColor, style: CanvasStrokeStyle
  ) {
    let details: (inout Hasher) -> Void = {
      $0.combine(color)
      $0.combine(style)
      $0.combine(cornerRadius)
    }
    if style.dash.isEmpty,
      let pieces = base.shapePieces?.roundedRect(rect, cornerRadius: cornerRadius, strokeWidth: style.width)
    {
      notePieces(pieces, kind: .strokeRoundedRect) {
        details(&$0)
        $0.combine(rect)
      }
    } else {
      note(.strokeRoundedRect, bounds: rect, outset: style.width, details: details)
    }
  }

  public func fillCircle(center: CanvasPoint, radius: Double, color: CanvasColor) {
    note(.fillCircle, bounds: .square(around: center, radius: radius)) { $0.combine(color) }
  }

  public func strokeCircle(center: CanvasPoint, radius: Double, color: CanvasColor, style: CanvasStrokeStyle) {
    note(.strokeCircle, bounds: .square(around: center, radius: radius), outset: style.width) {
      $0.combine(color)
      $0.combine(style)
    }
  }

  public func strokeArc(
    center: CanvasPoint, radius: Double, startAngle: Double, endAngle: Double, color: CanvasColor,
    style: CanvasStrokeStyle
  ) {
    guard endAngle > startAngle else { return }
    note(.strokeArc, bounds: .square(around: center, radius: radius), outset: style.width) {
      $0.combine(color)
      $0.combine(style)
      $0.combine(startAngle)
      $0.combine(endAngle)
    }
  }

  public func strokeLine(from start: CanvasPoint, to end: CanvasPoint, color: CanvasColor, style: CanvasStrokeStyle) {
    let details: (inout Hasher) -> Void = {
      $0.combine(color)
      $0.combine(style)
      $0.combine(start)
      $0.combine(end)
    }
    guard let pieces = base.shapePieces?.line(from: start, to: end, width: style.width) else {
      note(.strokeLine, bounds: .bounds(of: [start, end]), outset: style.width, details: details)
      return
    }
    let clip = deviceClipExtents
    let shared = hasher(.strokeLine, clip: clip, details: details)
    for (index, piece) in pieces.enumerated() {
      notePiece(from: shared, index: index, rect: piece, clip: clip, isBox: false)
    }
  }

  public func strokePolyline(_ points: [CanvasPoint], color: CanvasColor, style: CanvasStrokeStyle) {
    guard points.count > 1 else { return }
    // A mitred corner reaches up to the miter limit (10) half-widths out.
    let outset = style.join == .miter ? style.width * 5 : style.width
    // Upright segments, mitred, undashed, without round caps: Cairo draws rectangles — cut
    // exactly only when their edges are whole pixels (at a scale such as 1.25 a clip moves
    // a fractional edge's pixels a level).
    let upright =
      style.join == .miter && style.cap != .round && style.dash.isEmpty
      && zip(points, points.dropFirst()).allSatisfy { $0.x == $1.x || $0.y == $1.y }
      && base.deviceSpace.hasWholePixelEdges(points, halfWidth: style.width / 2)
    note(.strokePolyline, bounds: .bounds(of: points), outset: outset, cutsExactly: upright) {
      $0.combine(color)
      $0.combine(style)
      $0.combine(points)
    }
  }

  public func fillPolygon(_ points: [CanvasPoint], color: CanvasColor) {
    guard points.count > 2 else { return }
    note(.fillPolygon, bounds: .bounds(of: points)) {
      $0.combine(color)
      $0.combine(points)
    }
  }

  public func draw(_ text: String, in rect: CanvasRect, style: TextStyle) {
    TextFonts.placing(text, in: rect, style: style, following: base.context) { placed in
      // The text and its style hashed once for both keys (a text's characters were hashed
      // three times a call: here twice, and by the layout cache).
      var content = Hasher()
      content.combine(text)
      content.combine(style)
      let contentKey = content.finalize()
      let shift: (inout Hasher) -> Void = {
        $0.combine(contentKey)
        $0.combine(rect.minX)
        $0.combine(rect.size)
      }
      note(.text, bounds: placed.inkBounds, isUprightText: true, shift: (rect.minY, shift)) {
        $0.combine(contentKey)
        $0.combine(rect)
      }
    }
  }

  /// Copied pixels cannot be keyed: they count as changed every frame.
  public func copyPixels(of other: CairoCanvas, toPixelX x: Int, y: Int) {
    noteUnknown(DamageRect(x: x, y: y, width: other.pixelWidth, height: other.pixelHeight))
  }

  /// A stamp laid over the canvas is an image at whole pixels: a clip cuts it exactly. Where
  /// the canvas would draw it instead, its drawing is noted.
  public func drawStamp(_ key: Int, bounds: CanvasRect, stamps: StampCache, _ body: (Canvas) -> Void) {
    guard base.stampPlacement(of: key, bounds: bounds) != nil else { return body(self) }
    note(.stamp, bounds: bounds, cutsExactly: true) { $0.combine(key) }
  }

  public func skips(_ rect: CanvasRect) -> Bool { false }

  // MARK: - Items

  /// Notes items noted before (the panel, when it shows the same).
  public func append(_ noted: [DrawingItem]) {
    for item in noted { add(item) }
  }

  private func add(_ item: DrawingItem) {
    items.append(item)
  }

  /// Gives `part` the items noted since it was set: their range and where they reach.
  private func close(_ part: FramePart) {
    let noted = items[partStart...]
    guard let first = noted.first else { return }
    let reach = noted.dropFirst().reduce(first.rect) { $0.union($1.rect) }
    partBounds[part] = partBounds[part]?.union(reach) ?? reach
    partRanges[part] = (partRanges[part]?.lowerBound ?? partStart)..<items.count
  }

  /// The clips' extents in pixels, within the canvas.
  private var deviceClipExtents: DamageRect { clipExtents ?? base.pixelBounds }

  /// Notes a call that touches `bounds` (user space) grown by `outset` (user units, a stroke's
  /// width), or the whole canvas; `details` hashes its arguments. `cutsExactly`: a clip cuts it
  /// as it cuts a rectangle fill, exactly (an upright outline of straight lines and mitred
  /// corners, which Cairo draws as rectangles). With `shift`, the call also
  /// gets a key without its place in y (`DrawingItem.shiftKey`): `origin` is the user-space y
  /// everything it draws is placed from, and `details` hashes the arguments but that y.
  private func note(
    _ kind: Kind, bounds: CanvasRect = CanvasRect(x: 0, y: 0, width: 0, height: 0),
    outset: Double = 0, wholeCanvas: Bool = false, cutsExactly: Bool = false, isUprightText: Bool = false,
    shift: (origin: Double, details: (inout Hasher) -> Void)? = nil, details: (inout Hasher) -> Void
  ) {
    let clip = deviceClipExtents
    var rect = clip
    var unclipped = clip
    if !wholeCanvas {
      unclipped = base.deviceSpace.pixels(of: bounds, outset: outset)
      rect = unclipped.intersection(clip)
    }
    guard !rect.isEmpty else { return }
    let hasher = self.hasher(kind, clip: clip, details: details)
    let isRectilinear = base.deviceSpace.isRectilinear
    let isBox = (kind == .fill || kind == .clear || cutsExactly) && layerAlphas.isEmpty && isRectilinear
    var item = DrawingItem(key: hasher.finalize(), rect: rect, isBox: isBox)
    item.cutsExactly = isBox || (isUprightText && layerAlphas.isEmpty && isRectilinear)
    // Only a call no clip cuts draws the same pixels wherever it is.
    if let shift, !wholeCanvas, isRectilinear, rect == unclipped {
      var shifted = Hasher()
      shifted.combine(kind.rawValue)
      combineState(into: &shifted, withVerticalOffset: false)
      shift.details(&shifted)
      // Whole rows apart only when the origin falls as far into its pixel row.
      var x = 0.0
      var y = shift.origin
      cairo_user_to_device(base.context, &x, &y)
      shifted.combine(Int(clamping: ((y - y.rounded(.down)) * 4096).rounded(), within: 0...4096))
      item.shiftKey = shifted.finalize() | 1
    }
    add(item)
  }

  /// An item's key so far: the call, the canvas's state and clip, the call's arguments.
  private func hasher(_ kind: Kind, clip: DamageRect, details: (inout Hasher) -> Void) -> Hasher {
    var hasher = Hasher()
    hasher.combine(kind.rawValue)
    combineState(into: &hasher)
    hasher.combine(clip)
    details(&hasher)
    return hasher
  }

  /// A piece of a shape drawn in pieces (Canvas+Pieces.swift): `rect` (device pixels) holds
  /// every pixel it may touch; `isBox` when it is a rectangle fill, which a clip cuts exactly.
  /// `shared`: the key so far (`hasher(_:clip:details:)` of the shape's call, under `clip`).
  private func notePiece(from shared: Hasher, index: Int, rect: DamageRect, clip: DamageRect, isBox: Bool) {
    let clipped = rect.intersection(clip)
    guard !clipped.isEmpty else { return }
    var hasher = shared
    hasher.combine(index)
    hasher.combine(rect)
    let isBox = isBox && layerAlphas.isEmpty
    add(DrawingItem(key: hasher.finalize(), rect: clipped, isBox: isBox, cutsExactly: isBox))
  }

  /// Notes the pieces of a rounded rectangle drawn in pieces: each corner (what its clip
  /// holds) and each straight part (a rectangle fill, which a clip cuts exactly).
  /// The call, the canvas's state and clip and the call's arguments are hashed once for all
  /// the pieces (each piece's key goes on from a copy of that hasher: the same keys as hashing
  /// each piece from the start, for a seventh of the work — a motion frame's rounded
  /// rectangles were a tenth of its instructions).
  private func notePieces(
    _ pieces: ShapePieces.RoundedRect, kind: Kind, details: (inout Hasher) -> Void
  ) {
    let clip = deviceClipExtents
    let shared = hasher(kind, clip: clip, details: details)
    for (index, corner) in pieces.corners.enumerated() {
      notePiece(from: shared, index: index, rect: corner, clip: clip, isBox: false)
    }
    for (index, box) in pieces.boxes.enumerated() {
      let covered = DeviceSpace.pixels(ofDeviceBox: box, margin: 1)
      var boxHasher = shared
      boxHasher.combine(box.x0)
      boxHasher.combine(box.y0)
      boxHasher.combine(box.x1)
      boxHasher.combine(box.y1)
      notePiece(from: boxHasher, index: 4 + index, rect: covered, clip: clip, isBox: true)
    }
  }

  /// A call whose pixels cannot be keyed (copied pixels): it counts as changed every frame.
  private func noteUnknown(_ rect: DamageRect) {
    let clipped = rect.intersection(deviceClipExtents)
    guard !clipped.isEmpty else { return }
    unknownCount += 1
    var hasher = Hasher()
    hasher.combine(Kind.unknown.rawValue)
    hasher.combine(ObjectIdentifier(self))
    hasher.combine(unknownCount)
    add(DrawingItem(key: hasher.finalize(), rect: clipped))
  }

  /// A clip joins the key of every item drawn under it (its extents alone miss a rounded
  /// corner's radius).
  private func noteClip(_ shape: ClipShape, rect: CanvasRect, cornerRadius: Double) {
    clipExtents = base.deviceSpace.pixels(of: rect, outset: 0, margin: 0).intersection(deviceClipExtents)
    var hasher = Hasher()
    hasher.combine(clipKey)
    hasher.combine(shape.rawValue)
    hasher.combine(rect)
    hasher.combine(cornerRadius)
    base.deviceSpace.combineTransform(into: &hasher, withVerticalOffset: true)
    clipKey = hasher.finalize()
  }

  /// The transform (without its y offset, for a `shiftKey`), the open layers' alphas and the
  /// clips, for an item's key.
  private func combineState(into hasher: inout Hasher, withVerticalOffset: Bool = true) {
    base.deviceSpace.combineTransform(into: &hasher, withVerticalOffset: withVerticalOffset)
    hasher.combine(layerAlphas)
    hasher.combine(clipKey)
  }
}
