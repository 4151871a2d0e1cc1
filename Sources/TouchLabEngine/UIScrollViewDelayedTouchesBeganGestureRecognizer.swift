import Foundation

/// Holds a new touch's `touchesBegan` back from the scroll view's content for 0.15 s
/// (docs/BEHAVIOUR.md §7): when the timer fires with the finger down it fails, and the held
/// began goes to the content (after `touchesShouldBegin(_:with:in:)` agrees); when the
/// finger lifts first it fails then, and the content gets began and ended together; when
/// the pan begins first the pan's exclusion fails it and the content never hears of the touch.
public final class UIScrollViewDelayedTouchesBeganGestureRecognizer: UIGestureRecognizer, HeldTouchGate {
  public override init() {
    super.init()
    delaysTouchesBegan = true
    cancelsTouchesInView = false
  }

  private var scrollView: UIScrollView? { view as? UIScrollView }

  override var heldTouchGate: HeldTouchGate? { self }

  public override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
    guard let scrollView else { return }
    if scrollView.touchLandedWhileMoving() {
      for touch in touches { touch.cutOffFromView() }
    }
    if !delaysTouchesBegan {
      // No delay: ask the scroll view at once (UIKit's sendTouchesShouldBeginForTouches:withEvent:).
      for touch in touches.inOrder where !touch.isCutOffFromView {
        guard let content = touch.view, content !== scrollView else { continue }
        if !scrollView.dispatchTouchesShouldBegin([touch], with: event, in: content) { touch.cutOffFromView() }
      }
      if state == .possible { fail(.delaysContentTouches, by: scrollView.causeName) }
      return
    }
    guard state == .possible, sequenceTouches.count == touches.count else { return }
    schedule(after: UIKitConstants.scrollViewTouchDelay, purpose: .scrollDelay) { [self] in
      guard self.state == .possible else { return }
      self.fail(.delaysContentTouches, by: self.scrollView?.causeName)
    }
  }

  public override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
    if state == .possible && trackedTouches.count == touches.count { fail(.liftedEarly) }
  }

  public override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
    if state == .possible { fail(.touchCancelled) }
  }

  func shouldRelease(_ touch: UITouch, event: UIEvent?) -> Bool {
    guard let scrollView, let content = touch.view, content !== scrollView else { return true }
    return scrollView.dispatchTouchesShouldBegin([touch], with: event, in: content)
  }
}
