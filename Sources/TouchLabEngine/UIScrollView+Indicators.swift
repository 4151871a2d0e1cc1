import Foundation

/// The scroll indicators, for the renderer: where each sits while the content moves.
extension UIScrollView {
  /// The vertical indicator, in the scroll view's bounds coordinates, while it shows (the
  /// content moving by finger or on its own); nil otherwise.
  public var verticalScrollIndicatorFrame: CGRect? { scrollIndicatorFrame(vertical: true) }

  /// The horizontal indicator, as the vertical one along the bottom edge.
  public var horizontalScrollIndicatorFrame: CGRect? { scrollIndicatorFrame(vertical: false) }

  /// One indicator's frame: along the right edge (`vertical`) or the bottom edge.
  private func scrollIndicatorFrame(vertical: Bool) -> CGRect? {
    let shows = vertical ? showsVerticalScrollIndicator : showsHorizontalScrollIndicator
    let canScroll = vertical ? canScrollVertically : canScrollHorizontally
    let contentLength = vertical ? contentSize.height : contentSize.width
    guard shows, isDragging || isDecelerating, canScroll, contentLength > 0 else { return nil }
    let range = contentOffsetRange
    let insets = vertical ? contentInset.top + contentInset.bottom : contentInset.left + contentInset.right
    guard
      let along = Self.indicator(
        offset: vertical ? contentOffset.y : contentOffset.x, low: vertical ? range.minimum.y : range.minimum.x,
        high: vertical ? range.maximum.y : range.maximum.x, visible: vertical ? bounds.height : bounds.width,
        content: contentLength + insets)
    else { return nil }
    let width = UIKitConstants.scrollIndicatorWidth
    let inset = UIKitConstants.scrollIndicatorEdgeInset
    return vertical
      ? CGRect(x: bounds.maxX - inset, y: bounds.minY + along.start, width: width, height: along.length)
      : CGRect(x: bounds.minX + along.start, y: bounds.maxY - inset, width: along.length, height: width)
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
