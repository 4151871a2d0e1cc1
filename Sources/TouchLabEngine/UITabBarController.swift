import Foundation

/// UIKit's tab bar controller (docs/BEHAVIOUR.md §24.1): a tab bar along the bottom of its
/// view, one tab per controller (its `title`), and the selected controller's view above it.
/// A tap on a tab (the tab's `touchUpInside`, §24) asks the delegate
/// `tabBarController(_:shouldSelect:)`; NO puts the bar's selection back; YES switches the
/// shown controller — `viewWillAppear(false)` of the new one, `viewWillDisappear(false)` and
/// `viewDidDisappear(false)` of the old one, `viewDidAppear(false)` of the new one, as device
/// logs print it — and tells the delegate `tabBarController(_:didSelect:)`, on a tap of the
/// selected tab too (with no appearance callback then).
open class UITabBarController: UIViewController, UITabBarDelegate {
  public weak var delegate: UITabBarControllerDelegate?
  /// The bar; the controller is its delegate (UIKit does not let an app change that).
  public let tabBar = UITabBar(frame: .zero)
  public private(set) var viewControllers: [UIViewController] = []
  /// The index of the shown controller (-1: none); setting it tells the delegate nothing.
  public var selectedIndex: Int {
    get { viewControllers.firstIndex { $0 === selectedViewController } ?? -1 }
    set { if viewControllers.indices.contains(newValue) { show(viewControllers[newValue], animated: false) } }
  }
  public private(set) var selectedViewController: UIViewController?

  public init() {
    super.init(view: UIView())
    tabBar.delegate = self
  }

  /// Sizes the controller's own view (a container made by the controller, as UIKit's).
  public func adoptView(_ newView: UIView) {
    for sub in view.subviews { newView.addSubview(sub) }
    view = newView
    layOut()
  }

  /// Replaces the tabs: one per controller, titled with its `title`; the first is selected.
  public func setViewControllers(_ controllers: [UIViewController], animated: Bool) {
    for old in viewControllers where !controllers.contains(where: { $0 === old }) {
      old.view.removeFromSuperview()
      old.removeFromParent()
    }
    selectedViewController = nil
    viewControllers = controllers
    for controller in controllers where controller.parent !== self { addChild(controller) }
    tabBar.setItems(controllers.enumerated().map { UITabBarItem(title: $1.title, tag: $0) }, animated: false)
    if tabBar.superview !== view { view.addSubview(tabBar) }
    if let first = controllers.first { show(first, animated: false) }
    layOut()
  }

  /// The bar along the bottom (its content height and the home indicator's inset); the
  /// shown controller's view fills the rest and lies beneath the bar.
  func layOut() {
    let bounds = view.bounds
    let height = min(bounds.height, UIKitConstants.tabBarContentHeight + UIKitConstants.homeIndicatorInset)
    tabBar.frame = CGRect(x: 0, y: bounds.height - height, width: bounds.width, height: height)
    tabBar.layoutButtons()
    selectedViewController?.view.frame = bounds
  }

  /// Shows `controller`, telling both controllers (UIKit's order for a tab switch).
  private func show(_ controller: UIViewController, animated: Bool) {
    let old = selectedViewController
    guard old !== controller else { return }
    // Both views are in the window while the callbacks run, so that their records have
    // somewhere to go; only their order is UIKit's.
    controller.view.frame = view.bounds
    view.insertSubview(controller.view, at: 0)
    controller.sendAppearance(.viewWillAppear, animated: animated)
    old?.sendAppearance(.viewWillDisappear, animated: animated)
    old?.sendAppearance(.viewDidDisappear, animated: animated)
    old?.view.removeFromSuperview()
    selectedViewController = controller
    let items = tabBar.items ?? []
    if let index = viewControllers.firstIndex(where: { $0 === controller }), items.indices.contains(index) {
      tabBar.selectedItem = items[index]
    }
    controller.sendAppearance(.viewDidAppear, animated: animated)
  }

  // MARK: UITabBarDelegate

  public func tabBar(_ tabBar: UITabBar, didSelect item: UITabBarItem) {
    let index = tabBar.selectedIndex
    guard viewControllers.indices.contains(index) else { return }
    let controller = viewControllers[index]
    guard delegate?.tabBarController(self, shouldSelect: controller) ?? true else {
      // Refused: the tab the bar just selected gives the selection back.
      let items = tabBar.items ?? []
      let previous = selectedIndex
      tabBar.selectedItem = items.indices.contains(previous) ? items[previous] : nil
      return
    }
    show(controller, animated: false)
    delegate?.tabBarController(self, didSelect: controller)
  }
}
