import Foundation

/// One button a table row reveals when swiped (iOS 11's `UIContextualAction`): a title, a
/// style, and the handler UIKit runs when the button is tapped, or on a full swipe for the
/// first action of a configuration that allows it (docs/BEHAVIOUR.md §23).
public final class UIContextualAction {
  /// `UIContextualAction.Style`: `.normal` (a grey button) or `.destructive` (a red one).
  public enum Style: Int, Sendable, CaseIterable {
    case normal = 0
    case destructive = 1
  }

  /// UIKit's `UIContextualAction.Handler`: the action, the view that showed it (the button),
  /// and the completion the app calls with whether it performed the action; UIKit closes the
  /// row's actions when it is called.
  public typealias Handler = (UIContextualAction, UIView, @escaping (Bool) -> Void) -> Void

  public let style: Style
  public var title: String?
  public let handler: Handler
  /// The button's colour; by default the style's (`systemRed` for destructive, `systemGray`
  /// for normal, as UIKit draws them).
  public var backgroundColor: UIColor

  public init(style: Style, title: String?, handler: @escaping Handler) {
    self.style = style
    self.title = title
    self.handler = handler
    backgroundColor = style == .destructive ? .systemRed : .systemGray
  }
}
