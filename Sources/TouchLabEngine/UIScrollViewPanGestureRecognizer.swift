import Foundation

/// The scroll view's pan: a `UIPanGestureRecognizer` that begins only when the content can
/// scroll and the content's touches may be cancelled (docs/BEHAVIOUR.md §7).
public final class UIScrollViewPanGestureRecognizer: UIPanGestureRecognizer {
  override func refusalToBegin() -> DeliveryCause? {
    (view as? UIScrollView)?.panRefusal(self)
  }
}
