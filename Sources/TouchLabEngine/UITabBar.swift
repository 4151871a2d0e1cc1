import Foundation

/// UIKit's tab bar: a row of tabs, one `UITabBarButton` per item, laid out in equal widths
/// across the bar, the selected one tinted. A tap on a tab (its button's `touchUpInside`)
/// selects that item and tells the delegate `tabBar(_:didSelect:)` — on every tap, the
/// selected item's too; setting `selectedItem` in code tells it nothing (docs/BEHAVIOUR.md,
/// "Tab bars"). The items are the buttons among the bar's subviews, in their order, so a
/// button added as a plain subview (an imported dump's `UITabBarButton`) is a tab too.
open class UITabBar: UIView {
  public weak var delegate: UITabBarDelegate?

  /// The tabs' buttons, in subview order (the buttons' own subviews are not searched).
  public var buttons: [UITabBarButton] { subviews.compactMap { $0 as? UITabBarButton } }

  /// The items, one per button, left to right as the subviews are ordered.
  public var items: [UITabBarItem]? {
    get {
      let items = buttons.map(\.item)
      return items.isEmpty ? nil : items
    }
    set { setItems(newValue, animated: false) }
  }

  /// The selected item (nil: none); an item that is not one of `items` is ignored.
  public var selectedItem: UITabBarItem? {
    didSet {
      if let item = selectedItem, !buttons.contains(where: { $0.item === item }) { selectedItem = oldValue }
      for button in buttons { button.isSelected = button.item === selectedItem }
    }
  }

  /// The index of the selected item in `items`, for layouts and placeholders (-1: none).
  public var selectedIndex: Int {
    guard let selectedItem else { return -1 }
    return buttons.firstIndex { $0.item === selectedItem } ?? -1
  }

  public override init(frame: CGRect) {
    super.init(frame: frame)
  }

  /// Replaces the tabs: the old buttons go, one new button per item, laid out across the bar.
  public func setItems(_ items: [UITabBarItem]?, animated: Bool) {
    for button in buttons { button.removeFromSuperview() }
    for item in items ?? [] {
      let button = UITabBarButton(item: item)
      button.isLaidOutByTabBar = true
      addSubview(button)
    }
    if let selectedItem, !(items ?? []).contains(where: { $0 === selectedItem }) { self.selectedItem = nil }
    layoutButtons()
  }

  /// The buttons the bar made (`setItems`) side by side in equal widths, each the bar's
  /// content height (`UIKitConstants.tabBarContentHeight`, or the bar's height when it is
  /// shorter); buttons added as subviews keep their own frames. Called when the items or
  /// the bar's size change.
  public func layoutButtons() {
    let tabs = buttons.filter(\.isLaidOutByTabBar)
    guard !tabs.isEmpty else { return }
    let width = bounds.width / CGFloat(tabs.count)
    let height = min(bounds.height, UIKitConstants.tabBarContentHeight)
    for (index, button) in tabs.enumerated() {
      button.frame = CGRect(x: width * CGFloat(index), y: 0, width: width, height: height)
    }
  }

  /// A tab's button was tapped: its item becomes the selected one and the delegate hears it.
  func userDidSelect(_ button: UITabBarButton) {
    selectedItem = button.item
    delegate?.tabBar(self, didSelect: button.item)
  }
}
