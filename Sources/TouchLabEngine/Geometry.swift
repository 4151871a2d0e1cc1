import Foundation

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

extension CGRect {
  /// `rect.inset(by:)` as UIKit defines it: positive insets shrink the rectangle.
  public func inset(by insets: UIEdgeInsets) -> CGRect {
    CGRect(
      x: origin.x + insets.left, y: origin.y + insets.top,
      width: size.width - insets.left - insets.right,
      height: size.height - insets.top - insets.bottom)
  }

  /// Containment that, like `CGRectContainsPoint`, includes the minimum edges and excludes the maximum ones.
  public func containsPoint(_ p: CGPoint) -> Bool {
    let r = standardized
    return p.x >= r.minX && p.x < r.maxX && p.y >= r.minY && p.y < r.maxY
  }
}
