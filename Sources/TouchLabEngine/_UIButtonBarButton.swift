import Foundation

/// UIKit's private button of a navigation bar's back item (`_UIButtonBarButton`, a
/// `UIControl`, iOS 11 and later): a chevron and the previous controller's title. Its touch
/// up inside runs `onTouchUpInside` (the navigation controller's animated pop) before any
/// target's action, as UIKit's back button pops through its own target.
public final class _UIButtonBarButton: UIControl {
  /// The previous controller's title ("Back" when it has none).
  public internal(set) var title = ""
  var onTouchUpInside: (() -> Void)?

  override func didTouchUpInside(_ touch: UITouch, with event: UIEvent?) {
    onTouchUpInside?()
  }
}
