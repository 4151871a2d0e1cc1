import Foundation
import TouchLabEngine

/// A navigation controller's delegate described by a layout (`willShow:`, `didShow:` on a
/// `UINavigationController` entry): each prints its text (`%viewController` is the
/// controller shown, `%s` UIKit's `-[Class navigationController:didShowViewController:animated:]`),
/// or sends UIKit's delegate selector to the navigation controller, printed as
/// `-[NavigationClass navigationController:didShowViewController:animated:]`
/// (docs/BEHAVIOUR.md §27).
public final class ActionNavigationControllerDelegate: UINavigationControllerDelegate {
  public enum Moment: String, CaseIterable, Sendable {
    case willShow, didShow

    public var selector: String {
      switch self {
      case .willShow: "navigationController:willShowViewController:animated:"
      case .didShow: "navigationController:didShowViewController:animated:"
      }
    }
  }

  public var messages: [Moment: ActionMessage] = [:]

  public init() {}

  private func send(_ moment: Moment, _ navigationController: UINavigationController, _ shown: UIViewController) {
    guard let message = messages[moment], let application = navigationController.application else { return }
    if let format = message.printedText {
      var context = LineContext(subject: navigationController)
      context.function = "-[\(navigationController.className) \(moment.selector)]"
      context.viewController = shown
      application.printLine(format, context, from: navigationController)
    } else {
      application.sendAction(
        .selector(moment.selector), to: navigationController, from: navigationController, for: nil)
    }
  }

  public func navigationController(
    _ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool
  ) {
    send(.willShow, navigationController, viewController)
  }

  public func navigationController(
    _ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool
  ) {
    send(.didShow, navigationController, viewController)
  }
}
