import Foundation

/// The scroll indicators, for the renderer: where each sits while the content moves.
extension UIScrollView {
  /// The vertical indicator, in the scroll view's bounds coordinates, while it shows (the
  /// content moving by finger or on its own); nil otherwise.
  public var verticalScrollIndicatorFrame: CGRect? {
    guard showsVerticalScrollIndicator, isDragging || isDecelerating, canScrollVertically,
      contentSize.height > 0
    else { return nil }
    let range = contentOffsetRange
    return Self.indicator(
      offset: contentOffset.y, low: range.minimum.y, high: range.maximum.y, visible: bounds.height,
      content: contentSize.height + contentInset.top + contentInset.bottom
    ).map {
      CGRect(
        x: bounds.maxX - UIKitConstants.scrollIndicatorEdgeInset, y: bounds.minY + $0.start,
        width: UIKitConstants.scrollIndicatorWidth, height: $0.length)
    }
  }

  public var horizontalScrollIndicatorFrame: CGRect? {
    guard showsHorizontalScrollIndicator, isDragging || isDecelerating, canScrollHorizontally,
      contentSize.width > 0
    else { return nil }
    let range = contentOffsetRange
    return Self.indicator(
      offset: contentOffset.x, low: range.minimum.x, high: range.maximum.x, visible: bounds.width,
      content: contentSize.width + contentInset.left + contentInset.right
    ).map {
      CGRect(
        x: bounds.minX + $0.start, y: bounds.maxY - UIKitConstants.scrollIndicatorEdgeInset,
        width: $0.length, height: UIKitConstants.scrollIndicatorWidth)
    }
  }

  /// Where an indicator sits along its track (3 pt from each end): as long as the visible
  /// part of the content, at least 36 pt, shortened while overscrolled (`UIKitConstants`).
  static func indicator(offset: CGFloat, low: CGFloat, high: CGFloat, visible: CGFloat, content: CGFloat) -> (
    start: CGFloat, length: CGFloat
  )? {
    let end = UIKitConstants.scrollIndicatorEndInset
    let track = visible - 2 * end
    guard track > 0, content > 0 else { return nil }
    var length = max(UIKitConstants.scrollIndicatorMinimumLength, track * min(1, visible / content))
    let over = offset < low ? low - offset : (offset > high ? offset - high : 0)
    length = max(UIKitConstants.scrollIndicatorSqueezedLength, length - over)
    let fraction = high > low ? min(max((offset - low) / (high - low), 0), 1) : 0
    return (end + (track - length) * fraction, length)
  }
}
