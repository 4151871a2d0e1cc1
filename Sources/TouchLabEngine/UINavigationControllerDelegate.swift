import Foundation

/// What a navigation controller tells its delegate about the controllers it shows (UIKit's
/// `UINavigationControllerDelegate`): `willShow` when a push or pop begins (an interactive
/// pop too, when the finger starts it), `didShow` when it has finished and the stack has
/// changed. A cancelled interactive pop sends no `didShow` for the controller beneath
/// (docs/BEHAVIOUR.md §27).
public protocol UINavigationControllerDelegate: AnyObject {
  func navigationController(
    _ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool)
  func navigationController(
    _ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool)
}

extension UINavigationControllerDelegate {
  public func navigationController(
    _ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool
  ) {}
  public func navigationController(
    _ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool
  ) {}
}
