import Foundation

/// The Objective-C selectors of the UIKit methods TouchLab's records, lines and diagrams
/// name, each spelled once, as UIKit spells it (`touchesBegan:withEvent:`). Records carry the
/// spelling as text (`--json`'s `method`); code names the case.
public enum UIKitSelector: String, CaseIterable, Sendable {
  // UIResponder
  case touchesBegan = "touchesBegan:withEvent:"
  case touchesMoved = "touchesMoved:withEvent:"
  case touchesEnded = "touchesEnded:withEvent:"
  case touchesCancelled = "touchesCancelled:withEvent:"
  // UIView
  case hitTest = "hitTest:withEvent:"
  case pointInside = "pointInside:withEvent:"
  case gestureRecognizerShouldBegin = "gestureRecognizerShouldBegin:"
  // UIControl
  case beginTracking = "beginTrackingWithTouch:withEvent:"
  case continueTracking = "continueTrackingWithTouch:withEvent:"
  case endTracking = "endTrackingWithTouch:withEvent:"
  case cancelTracking = "cancelTrackingWithEvent:"
  case sendAction = "sendAction:to:forEvent:"
  // UIScrollView
  case touchesShouldBegin = "touchesShouldBegin:withEvent:inContentView:"
  case touchesShouldCancel = "touchesShouldCancelInContentView:"
  case setContentOffset = "setContentOffset:"
  // UITableViewCell, UICollectionViewCell
  case setHighlighted = "setHighlighted:animated:"
  case setSelected = "setSelected:animated:"
  // UIViewController's appearance callbacks
  case viewWillAppear = "viewWillAppear:"
  case viewDidAppear = "viewDidAppear:"
  case viewWillDisappear = "viewWillDisappear:"
  case viewDidDisappear = "viewDidDisappear:"
  // UIGestureRecognizerDelegate (`gestureRecognizerShouldBegin:` above is its too)
  case shouldReceiveEvent = "gestureRecognizer:shouldReceiveEvent:"
  case shouldReceiveTouch = "gestureRecognizer:shouldReceiveTouch:"
  case shouldRecognizeSimultaneously = "gestureRecognizer:shouldRecognizeSimultaneouslyWithGestureRecognizer:"
  case shouldRequireFailure = "gestureRecognizer:shouldRequireFailureOfGestureRecognizer:"
  case shouldBeRequiredToFail = "gestureRecognizer:shouldBeRequiredToFailByGestureRecognizer:"
  // UIScrollViewDelegate
  case scrollViewWillBeginDragging = "scrollViewWillBeginDragging:"
  case scrollViewDidScroll = "scrollViewDidScroll:"
  case scrollViewWillEndDragging = "scrollViewWillEndDragging:withVelocity:targetContentOffset:"
  case scrollViewDidEndDragging = "scrollViewDidEndDragging:willDecelerate:"
  case scrollViewWillBeginDecelerating = "scrollViewWillBeginDecelerating:"
  case scrollViewDidEndDecelerating = "scrollViewDidEndDecelerating:"
  case scrollViewDidEndScrollingAnimation = "scrollViewDidEndScrollingAnimation:"
  // UITabBarDelegate
  case tabBarDidSelectItem = "tabBar:didSelectItem:"
  // UITextViewDelegate
  case textViewDidBeginEditing = "textViewDidBeginEditing:"
  case textViewDidEndEditing = "textViewDidEndEditing:"

  /// The `touches…` method UIKit calls for `phase`.
  public init(touches phase: TouchPhase) { self = Self.selectors(for: phase).touches }

  /// The tracking method a control's touch in `phase` calls.
  public init(tracking phase: TouchPhase) { self = Self.selectors(for: phase).tracking }

  /// The `touches…` method and the control's tracking method of a touch in `phase`.
  public static func selectors(for phase: TouchPhase) -> (touches: UIKitSelector, tracking: UIKitSelector) {
    switch phase {
    case .began: (.touchesBegan, .beginTracking)
    case .moved: (.touchesMoved, .continueTracking)
    case .ended: (.touchesEnded, .endTracking)
    case .cancelled: (.touchesCancelled, .cancelTracking)
    }
  }
}
