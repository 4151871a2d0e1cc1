import Foundation

/// The bar at the top of a navigation controller's view (UIKit's `UINavigationBar`): the
/// title of the top controller and, when there is a controller beneath it, a back button
/// (a chevron and the title of the controller beneath) whose touch up inside pops, animated
/// (docs/BEHAVIOUR.md §27). A bar on its own (not a navigation controller's) shows its
/// `topItemTitle` and no back button.
open class UINavigationBar: UIView {
  /// The top controller's title, drawn in the middle of the bar.
  public internal(set) var topItemTitle: String?
  /// The back button: shown when the stack has more than one controller.
  public let backButton = _UIButtonBarButton(frame: CGRect(x: 0, y: 0, width: 0, height: 0))

  public override init(frame: CGRect) {
    super.init(frame: frame)
    backButton.isHidden = true
    addSubview(backButton)
  }

  /// Shows `title` and, when `backTitle` is not nil, the back button with it.
  public func showItems(title: String?, backTitle: String?) {
    topItemTitle = title
    backButton.title = backTitle ?? ""
    backButton.isHidden = backTitle == nil
    // As wide as its chevron and title, at least the 44 pt of a tappable target.
    let width = max(
      UIKitConstants.minimumTapTarget,
      UIKitConstants.navigationBackChevronWidth
        + UIKitConstants.navigationBarTitleCharacterWidth * CGFloat(backButton.title.count))
    backButton.frame = CGRect(x: 0, y: 0, width: width, height: bounds.height)
  }
}
