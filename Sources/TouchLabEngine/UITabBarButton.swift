import Foundation

/// UIKit's private `UITabBarButton`: one tab of a `UITabBar`, a `UIControl` (so it tracks its
/// touch, highlights, and beats an ancestor's single tap like UIKit's own controls). Lifting
/// the finger inside it (`touchUpInside`) selects its item in the tab bar that holds it
/// (docs/BEHAVIOUR.md, "Tab bars"). A tab bar makes one per item; a button added to a tab
/// bar as a plain subview (an imported dump's) is one of its tabs all the same.
open class UITabBarButton: UIControl {
  /// The item this button shows; a button made on its own shows an item of its own.
  public let item: UITabBarItem
  /// Made by its tab bar's `setItems`, which places it; a button added as a subview keeps its frame.
  var isLaidOutByTabBar = false

  public init(item: UITabBarItem, frame: CGRect = .zero) {
    self.item = item
    super.init(frame: frame)
  }

  public convenience override init(frame: CGRect) {
    self.init(item: UITabBarItem(title: nil), frame: frame)
  }

  open override class var preventsOverlappingGestures: Bool { true }

  /// Selected, its title labels take the tint colour, and the unselected grey otherwise, as
  /// UIKit's `UITabBarButtonLabel` does (`setSelected:`, `updateTextColorsForState`): so a
  /// button whose label is a subview of its own (an imported dump's) shows which tab is on.
  open override var isSelected: Bool {
    didSet {
      for label in subviews.compactMap({ $0 as? UILabel }) {
        label.textColor = isSelected ? .systemBlue : UIKitConstants.tabBarUnselectedTint
      }
    }
  }

  /// The title shown, its item's.
  public var title: String? {
    get { item.title }
    set { item.title = newValue }
  }

  /// The tab bar this button is a tab of: the nearest one above it.
  public var tabBar: UITabBar? {
    var view = superview
    while let current = view {
      if let bar = current as? UITabBar { return bar }
      view = current.superview
    }
    return nil
  }

  override func didTouchUpInside(_ touch: UITouch, with event: UIEvent?) {
    tabBar?.userDidSelect(self)
  }
}
