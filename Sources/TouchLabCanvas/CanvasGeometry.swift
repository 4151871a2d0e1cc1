// Small value types for the drawing layer. They carry a `Canvas` prefix so
// they never collide with the engine's own geometry when both are imported.

/// A point in scene points (not pixels).
public struct CanvasPoint: Equatable, Hashable, Sendable {
  public var x: Double
  public var y: Double

  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  public static let zero = CanvasPoint(x: 0, y: 0)
}

/// A width and height in scene points.
public struct CanvasSize: Equatable, Hashable, Sendable {
  public var width: Double
  public var height: Double

  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }

  public static let zero = CanvasSize(width: 0, height: 0)
}

/// An axis-aligned rectangle in scene points.
public struct CanvasRect: Equatable, Hashable, Sendable {
  public var origin: CanvasPoint
  public var size: CanvasSize

  public init(origin: CanvasPoint, size: CanvasSize) {
    self.origin = origin
    self.size = size
  }

  public init(x: Double, y: Double, width: Double, height: Double) {
    self.init(origin: CanvasPoint(x: x, y: y), size: CanvasSize(width: width, height: height))
  }

  public var minX: Double { origin.x }
  public var minY: Double { origin.y }
  public var maxX: Double { origin.x + size.width }
  public var maxY: Double { origin.y + size.height }
  public var midX: Double { origin.x + size.width / 2 }
  public var midY: Double { origin.y + size.height / 2 }
  public var width: Double { size.width }
  public var height: Double { size.height }

  /// The rectangle moved inwards by `dx` on the left and right and `dy` on
  /// the top and bottom (outwards for negative values).
  public func insetBy(dx: Double, dy: Double) -> CanvasRect {
    CanvasRect(x: minX + dx, y: minY + dy, width: width - 2 * dx, height: height - 2 * dy)
  }
}

/// An affine transform with the same six numbers as CGAffineTransform and
/// cairo_matrix_t: x' = a·x + c·y + tx, y' = b·x + d·y + ty.
public struct CanvasTransform: Equatable, Hashable, Sendable {
  public var a: Double
  public var b: Double
  public var c: Double
  public var d: Double
  public var tx: Double
  public var ty: Double

  public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
    self.a = a
    self.b = b
    self.c = c
    self.d = d
    self.tx = tx
    self.ty = ty
  }

  public static let identity = CanvasTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

  /// Where this transform takes `point`.
  public func apply(to point: CanvasPoint) -> CanvasPoint {
    CanvasPoint(x: a * point.x + c * point.y + tx, y: b * point.x + d * point.y + ty)
  }
}
