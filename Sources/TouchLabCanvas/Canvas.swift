/// Why a canvas could not be made.
public enum CanvasError: Error, Equatable, CustomStringConvertible {
  case invalidSize(width: Int, height: Int)
  case invalidScale(Double)
  case cairoFailure(String)

  public var description: String {
    switch self {
    case .invalidSize(let width, let height):
      return "A canvas needs a positive pixel size, not \(width)×\(height)."
    case .invalidScale(let scale):
      return "A canvas needs a positive, finite scale factor, not \(scale)."
    case .cairoFailure(let message):
      return "Cairo could not make the canvas: \(message)."
    }
  }
}

/// How the ends and corners of stroked lines look.
public enum CanvasLineCap: Sendable {
  case butt, round, square
}

public enum CanvasLineJoin: Sendable {
  case miter, round, bevel
}

/// Everything about a stroke but its colour.
public struct CanvasStrokeStyle: Equatable, Hashable, Sendable {
  /// Line width in scene points.
  public var width: Double
  /// Alternating on/off lengths in scene points; empty for a solid line.
  public var dash: [Double]
  public var dashPhase: Double
  public var cap: CanvasLineCap
  public var join: CanvasLineJoin

  public init(
    width: Double = 1, dash: [Double] = [], dashPhase: Double = 0,
    cap: CanvasLineCap = .butt, join: CanvasLineJoin = .miter
  ) {
    self.width = width
    self.dash = dash
    self.dashPhase = dashPhase
    self.cap = cap
    self.join = join
  }

  /// A solid line of the given width.
  public static func solid(_ width: Double) -> CanvasStrokeStyle {
    CanvasStrokeStyle(width: width)
  }

  /// A dashed line: `on` points drawn, then `off` points skipped.
  public static func dashed(_ width: Double, on: Double, off: Double) -> CanvasStrokeStyle {
    CanvasStrokeStyle(width: width, dash: [on, off])
  }

  /// Round caps and joins, for finger trails that should look smooth.
  public static func rounded(_ width: Double) -> CanvasStrokeStyle {
    CanvasStrokeStyle(width: width, cap: .round, join: .round)
  }
}

/// What drawing code draws on: the state (transform, clips, group opacity) and the drawing
/// calls, in scene points. Drawing code takes a `Canvas` and never asks which one it has:
///
/// - `CairoCanvas` draws: pixels in memory (PNG, the window's strip), or an SVG or PDF
///   document;
/// - `DamageRecordingCanvas` wraps a `CairoCanvas` and notes each call instead of drawing
///   it (its key and the pixels it may touch), for the damage drawing
///   (`SceneRenderer.damage(for:…)`); the state calls go on to the canvas it wraps, which
///   keeps the transform and lays text out as it would be drawn.
public protocol Canvas: AnyObject {
  /// Width of the picture in pixels.
  var pixelWidth: Int { get }
  /// Height of the picture in pixels.
  var pixelHeight: Int { get }
  /// Pixels per scene point.
  var scale: Double { get }
  /// Whether it draws vector graphics (an SVG or PDF document, or a region of one): pixels
  /// must never be copied onto it (a bitmap would be embedded, or the page rasterised).
  var isVector: Bool { get }

  /// Pushes the transform, clip and stroke state; pair with `restore()`.
  func save()
  /// Pops the state pushed by the matching `save()`.
  func restore()
  func translate(x: Double, y: Double)
  func scale(x: Double, y: Double)
  func rotate(radians: Double)
  /// Applies `transform` before the current one, as CGContextConcatCTM does.
  func concatenate(_ transform: CanvasTransform)
  /// The transform from the current user space to scene points (the pixel scale factor is
  /// left out).
  var currentTransform: CanvasTransform { get }
  /// Drops every transform but the pixel scale factor.
  func resetTransform()

  /// Narrows the clip to `rect` in the current user space.
  func clip(to rect: CanvasRect)
  /// Narrows the clip to a rounded rectangle, as a view with `clipsToBounds` and a corner
  /// radius does.
  func clip(toRoundedRect rect: CanvasRect, cornerRadius: Double)

  /// Sets every pixel to `color`, ignoring transform, clip and layers' alpha.
  func clear(to color: CanvasColor)
  func fill(_ rect: CanvasRect, color: CanvasColor)
  func stroke(_ rect: CanvasRect, color: CanvasColor, style: CanvasStrokeStyle)
  func fillRoundedRect(_ rect: CanvasRect, cornerRadius: Double, color: CanvasColor)
  func strokeRoundedRect(_ rect: CanvasRect, cornerRadius: Double, color: CanvasColor, style: CanvasStrokeStyle)
  func fillCircle(center: CanvasPoint, radius: Double, color: CanvasColor)
  func strokeCircle(center: CanvasPoint, radius: Double, color: CanvasColor, style: CanvasStrokeStyle)
  /// Strokes part of a circle, from `startAngle` clockwise (on screen, y down) to
  /// `endAngle`, in radians; 0 points right, −π/2 up. A countdown's sweep.
  func strokeArc(
    center: CanvasPoint, radius: Double, startAngle: Double, endAngle: Double, color: CanvasColor,
    style: CanvasStrokeStyle)
  func strokeLine(from start: CanvasPoint, to end: CanvasPoint, color: CanvasColor, style: CanvasStrokeStyle)
  /// Strokes connected segments through `points` (a touch trail); fewer than two points
  /// draw nothing.
  func strokePolyline(_ points: [CanvasPoint], color: CanvasColor, style: CanvasStrokeStyle)
  /// Fills the closed polygon through `points` (non-zero winding).
  func fillPolygon(_ points: [CanvasPoint], color: CanvasColor)
  /// Draws `text` inside `rect` (scene points, current transform applied), laid out and
  /// truncated per `style`. Any Unicode text works; characters DejaVu Sans lacks, such as
  /// Chinese, come from Noto Sans CJK.
  func draw(_ text: String, in rect: CanvasRect, style: TextStyle)

  /// Starts drawing into an offscreen layer that `endTransparencyLayer()` composites with
  /// `alpha`, so overlapping children fade as one, like a view's `alpha` does (not like
  /// lowering each child's colour alpha).
  func beginTransparencyLayer(alpha: Double)
  /// Composites the innermost open layer onto what lies below it.
  func endTransparencyLayer()

  /// Copies `other`'s pixels onto this canvas, their top-left corner at pixel (`x`, `y`),
  /// replacing what is there: no transform, no clip, no blending.
  func copyPixels(of other: CairoCanvas, toPixelX x: Int, y: Int)

  /// Draws what `body` draws, all of it inside `bounds`, as a stamp kept in `stamps`
  /// (Canvas+Stamps.swift): `key` stands for everything that decides the drawing but where
  /// `bounds` is (the same key, the same drawing about `bounds`' origin). An image canvas
  /// draws it once onto a surface of its own, for each scale and place within a pixel, and
  /// from then on lays that surface over the canvas; a vector or turned canvas draws it.
  func drawStamp(_ key: Int, bounds: CanvasRect, stamps: StampCache, _ body: (Canvas) -> Void)

  /// Whether nothing drawn inside `rect` (user space) would be kept: a damage drawing's
  /// rectangles miss it. Drawing code may leave out what it would draw there (and the work of
  /// making it); a recording canvas skips nothing, it notes every call.
  func skips(_ rect: CanvasRect) -> Bool
}

extension Canvas {
  /// The canvas size in scene points.
  public var size: CanvasSize {
    CanvasSize(width: Double(pixelWidth) / scale, height: Double(pixelHeight) / scale)
  }

  /// The whole canvas in scene points.
  public var bounds: CanvasRect {
    CanvasRect(origin: .zero, size: size)
  }

  /// Runs `body` between `save()` and `restore()`, even when it throws.
  public func withSavedState<Result>(_ body: () throws -> Result) rethrows -> Result {
    save()
    defer { restore() }
    return try body()
  }

  /// Draws `body` with group opacity `alpha`; skips the layer when opaque.
  public func withAlpha<Result>(_ alpha: Double, _ body: () throws -> Result) rethrows -> Result {
    if alpha >= 1 { return try body() }
    beginTransparencyLayer(alpha: alpha)
    defer { endTransparencyLayer() }
    return try body()
  }

  /// The size `text` takes in `style`; see `TextFonts.measure`.
  public func measure(_ text: String, style: TextStyle, maximumWidth: Double? = nil) -> CanvasSize {
    TextFonts.measure(text, style: style, maximumWidth: maximumWidth)
  }
}

extension CanvasRect {
  /// The square around a circle.
  static func square(around center: CanvasPoint, radius: Double) -> CanvasRect {
    CanvasRect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius)
  }

  /// The smallest rectangle holding `points`.
  public static func bounds(of points: [CanvasPoint]) -> CanvasRect {
    let xs = points.map(\.x)
    let ys = points.map(\.y)
    let minX = xs.min() ?? 0
    let minY = ys.min() ?? 0
    return CanvasRect(x: minX, y: minY, width: (xs.max() ?? 0) - minX, height: (ys.max() ?? 0) - minY)
  }
}
