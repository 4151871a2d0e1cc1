import Foundation
import TouchLabEngine

/// A tab bar delegate described by a layout (`didSelectItem:` on a `UITabBar`): prints its
/// text (`%value` is the selected item's index), or sends `tabBar:didSelectItem:` to a
/// target (the controller), printed as `-[ControllerClass tabBar:didSelectItem:]`.
public final class ActionTabBarDelegate: UITabBarDelegate {
  public weak var target: AnyObject?
  public var didSelectItem: ActionMessage?

  public init(target: AnyObject?) { self.target = target }

  public func tabBar(_ tabBar: UITabBar, didSelect item: UITabBarItem) {
    guard let message = didSelectItem, let application = tabBar.application else { return }
    if let format = message.printedText {
      application.printLine(format, LineContext(subject: tabBar), from: tabBar)
    } else {
      application.sendAction(.selector(UIKitSelector.tabBarDidSelectItem.rawValue), to: target, from: tabBar, for: nil)
    }
  }
}
