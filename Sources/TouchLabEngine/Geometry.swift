import Foundation

/// UIKit's 2-D affine transform: `[a b 0; c d 0; tx ty 1]`, applied to row vectors
/// (x', y') = (a·x + c·y + tx, b·x + d·y + ty), as Core Graphics does.
public struct CGAffineTransform: Equatable, Sendable {
  public var a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat

  public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
    (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
  }

  public static let identity = CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

  public init(translationX x: CGFloat, y: CGFloat) { self.init(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y) }
  public init(scaleX sx: CGFloat, y sy: CGFloat) { self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0) }
  public init(rotationAngle angle: CGFloat) {
    let (s, c) = (sin(angle), cos(angle))
    self.init(a: c, b: s, c: -s, d: c, tx: 0, ty: 0)
  }

  public var isIdentity: Bool { self == .identity }

  /// `self` then `other`.
  public func concatenating(_ t: CGAffineTransform) -> CGAffineTransform {
    CGAffineTransform(
      a: a * t.a + b * t.c, b: a * t.b + b * t.d,
      c: c * t.a + d * t.c, d: c * t.b + d * t.d,
      tx: tx * t.a + ty * t.c + t.tx, ty: tx * t.b + ty * t.d + t.ty)
  }

  /// The inverse, or the transform itself when it cannot be inverted (as Core Graphics does).
  public func inverted() -> CGAffineTransform {
    let det = a * d - b * c
    guard det != 0, det.isFinite else { return self }
    return CGAffineTransform(
      a: d / det, b: -b / det, c: -c / det, d: a / det,
      tx: (c * ty - d * tx) / det, ty: (b * tx - a * ty) / det)
  }
}

extension CGPoint {
  public func applying(_ t: CGAffineTransform) -> CGPoint {
    CGPoint(x: t.a * x + t.c * y + t.tx, y: t.b * x + t.d * y + t.ty)
  }

  func distance(to other: CGPoint) -> CGFloat {
    let dx = other.x - x
    let dy = other.y - y
    return (dx * dx + dy * dy).squareRoot()
  }
}

/// UIKit's edge insets (top, left, bottom, right).
public struct UIEdgeInsets: Equatable, Sendable {
  public var top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat
  public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
    (self.top, self.left, self.bottom, self.right) = (top, left, bottom, right)
  }
  public static let zero = UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
}

extension CGRect {
  /// `rect.inset(by:)` as UIKit defines it: positive insets shrink the rectangle.
  public func inset(by insets: UIEdgeInsets) -> CGRect {
    CGRect(
      x: origin.x + insets.left, y: origin.y + insets.top,
      width: size.width - insets.left - insets.right,
      height: size.height - insets.top - insets.bottom)
  }

  /// Containment that, like `CGRectContainsPoint`, includes the minimum edges and excludes the maximum ones.
  func containsPoint(_ p: CGPoint) -> Bool {
    let r = standardized
    return p.x >= r.minX && p.x < r.maxX && p.y >= r.minY && p.y < r.maxY
  }
}

/// An RGBA colour, components 0…1.
public struct UIColor: Equatable, Sendable {
  public var red: Double, green: Double, blue: Double, alpha: Double
  public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
    (self.red, self.green, self.blue, self.alpha) = (red, green, blue, alpha)
  }
  public init(white: Double, alpha: Double = 1) { self.init(red: white, green: white, blue: white, alpha: alpha) }

  public static let clear = UIColor(white: 0, alpha: 0)
  public static let white = UIColor(white: 1)
  public static let black = UIColor(white: 0)
  public static let gray = UIColor(white: 0.5)
  public static let lightGray = UIColor(white: 2.0 / 3.0)
  public static let darkGray = UIColor(white: 1.0 / 3.0)
  public static let red = UIColor(red: 1, green: 0, blue: 0)
  public static let green = UIColor(red: 0, green: 1, blue: 0)
  public static let blue = UIColor(red: 0, green: 0, blue: 1)
  public static let yellow = UIColor(red: 1, green: 1, blue: 0)
  public static let orange = UIColor(red: 1, green: 0.5, blue: 0)
  public static let purple = UIColor(red: 0.5, green: 0, blue: 0.5)
  public static let cyan = UIColor(red: 0, green: 1, blue: 1)
  public static let magenta = UIColor(red: 1, green: 0, blue: 1)
  public static let brown = UIColor(red: 0.6, green: 0.4, blue: 0.2)
  /// iOS's `systemBlue` (light appearance), the tint of buttons and switches.
  public static let systemBlue = UIColor(red: 0, green: 122.0 / 255, blue: 1)
  /// iOS's `systemGreen`, the "on" colour of a switch.
  public static let systemGreen = UIColor(red: 52.0 / 255, green: 199.0 / 255, blue: 89.0 / 255)

  /// UIKit's named colours, by the names of their class properties.
  public static let named: [String: UIColor] = [
    "clear": .clear, "white": .white, "black": .black, "gray": .gray, "grey": .gray,
    "lightGray": .lightGray, "darkGray": .darkGray, "red": .red, "green": .green,
    "blue": .blue, "yellow": .yellow, "orange": .orange, "purple": .purple, "cyan": .cyan,
    "magenta": .magenta, "brown": .brown, "systemBlue": .systemBlue, "systemGreen": .systemGreen,
  ]
}
