import Foundation

/// What a tab bar controller asks and tells its delegate when the user taps a tab
/// (docs/BEHAVIOUR.md §24.1): `tabBarController(_:shouldSelect:)` first (NO keeps the
/// selected tab), then, once the tab is selected, `tabBarController(_:didSelect:)` — on a tap
/// of the selected tab too; never when code sets `selectedIndex`.
public protocol UITabBarControllerDelegate: AnyObject {
  func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController) -> Bool
  func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController)
}

extension UITabBarControllerDelegate {
  /// UIKit's default: every tab may be selected.
  public func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController)
    -> Bool
  { true }
  public func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController) {}
}
