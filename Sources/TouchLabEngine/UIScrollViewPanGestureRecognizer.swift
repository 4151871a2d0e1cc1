import Foundation

/// The scroll view's pan: a `UIPanGestureRecognizer` that begins only when the content can
/// scroll and the content's touches may be cancelled (docs/BEHAVIOUR.md §7), and only for a
/// movement along an axis the scroll view can scroll (§7.5): a horizontal drag on a
/// vertical-only table leaves its pan possible, so the pan of a horizontal scroll view
/// around it begins and wins.
public final class UIScrollViewPanGestureRecognizer: UIPanGestureRecognizer {
  override func refusalToBegin() -> DeliveryCause? {
    (view as? UIScrollView)?.panRefusal(self)
  }

  override func countedMovement(_ movement: CGPoint) -> CGPoint {
    // Nothing to scroll at all: the movement counts, and the pan's refusal fails it.
    guard let scroll = view as? UIScrollView, scroll.canScrollHorizontally || scroll.canScrollVertically else {
      return movement
    }
    return CGPoint(
      x: scroll.canScrollHorizontally ? movement.x : 0, y: scroll.canScrollVertically ? movement.y : 0)
  }

  /// A touch that lands while the scroll view decelerates catches it: the pan begins at once,
  /// with no movement (docs/BEHAVIOUR.md §21).
  public override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
    super.touchesBegan(touches, with: event)
    guard state == .possible, let scroll = view as? UIScrollView, scroll.caughtDeceleration,
      trackedTouches.count >= minimumNumberOfTouches
    else { return }
    state = .began
  }
}
