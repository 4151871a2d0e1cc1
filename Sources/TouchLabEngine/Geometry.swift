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

extension Int {
  /// `value` as an Int within `bounds`, compared as a Double first: a coordinate scaled by a
  /// transform of 1e-30, a flick's offset or a number read from a file may be past what an
  /// Int holds (`Int(_:)` would trap), infinite or NaN. Below the bounds (NaN included) it is
  /// the lower bound, above them the upper; inside them the value's whole part.
  public init(clamping value: Double, within bounds: ClosedRange<Int>) {
    if !(value > Double(bounds.lowerBound)) {
      self = bounds.lowerBound
    } else if value >= Double(bounds.upperBound) {
      self = bounds.upperBound
    } else {
      self = Int(value)
    }
  }

  /// `value` as an Int within `bounds` (see the Double form).
  public init(clamping value: CGFloat, within bounds: ClosedRange<Int>) {
    self.init(clamping: Double(value), within: bounds)
  }
}
