import Foundation

/// UIKit's private delegate of a navigation controller's `interactivePopGestureRecognizer`
/// (`_UINavigationInteractiveTransition`): the pop may begin only when there is a controller
/// to go back to and no transition is running (docs/BEHAVIOUR.md §27). An app that sets the
/// recognizer's delegate to its own object replaces this rule.
public final class _UINavigationInteractiveTransition: UIGestureRecognizerDelegate {
  weak var navigationController: UINavigationController?

  public func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
    guard let navigationController else { return false }
    return navigationController.viewControllers.count > 1 && !navigationController.isTransitioning
  }
}
