import Foundation

/// What a scroll view tells its delegate about scrolling (UIKit's `UIScrollViewDelegate`),
/// in UIKit's order (docs/BEHAVIOUR.md §21): `scrollViewWillBeginDragging` when the pan
/// begins; `scrollViewDidScroll` at most once a frame while the content offset changes;
/// at the lift `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)` (the target
/// may be changed), `scrollViewDidEndDragging(_:willDecelerate:)`, and when it decelerates
/// `scrollViewWillBeginDecelerating` … `scrollViewDidEndDecelerating`; an animated
/// `setContentOffset(_:animated:)` ends with `scrollViewDidEndScrollingAnimation`.
public protocol UIScrollViewDelegate: AnyObject {
  func scrollViewDidScroll(_ scrollView: UIScrollView)
  func scrollViewWillBeginDragging(_ scrollView: UIScrollView)
  /// `velocity` is in points per millisecond, as UIKit's; `targetContentOffset` is where the
  /// scroll will come to rest, and the delegate may change it.
  func scrollViewWillEndDragging(
    _ scrollView: UIScrollView, withVelocity velocity: CGPoint, targetContentOffset: inout CGPoint)
  func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool)
  func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView)
  func scrollViewDidEndDecelerating(_ scrollView: UIScrollView)
  func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView)
}

extension UIScrollViewDelegate {
  public func scrollViewDidScroll(_ scrollView: UIScrollView) {}
  public func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {}
  public func scrollViewWillEndDragging(
    _ scrollView: UIScrollView, withVelocity velocity: CGPoint, targetContentOffset: inout CGPoint
  ) {}
  public func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {}
  public func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) {}
  public func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {}
  public func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) {}
}
