import Foundation

/// UIKit's tab bar item: what one tab of a `UITabBar` shows (its title) and its tag. A tab
/// bar shows each of its items as a `UITabBarButton`.
open class UITabBarItem {
  public var title: String?
  public var tag: Int

  public init(title: String?, tag: Int = 0) {
    self.title = title
    self.tag = tag
  }
}
