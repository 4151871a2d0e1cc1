import Foundation

/// What a tab bar tells its delegate: `tabBar(_:didSelect:)` when the user taps an item —
/// on every tap, the selected item's too, and never when code sets `selectedItem`
/// (docs/BEHAVIOUR.md, "Tab bars").
public protocol UITabBarDelegate: AnyObject {
  func tabBar(_ tabBar: UITabBar, didSelect item: UITabBarItem)
}
