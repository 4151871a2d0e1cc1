import Foundation
import TouchLabEngine

/// A tab bar controller's delegate described by a layout (`shouldSelect:`, `didSelect:` on a
/// `UITabBarController` entry): each prints its text (`%viewController` is the controller
/// asked or told about, `%result` the question's answer, `%s` UIKit's
/// `-[Class tabBarController:shouldSelectViewController:]`), or sends UIKit's delegate
/// selector to the tab bar controller. `shouldSelect` answers NO for the tabs its rule names
/// (docs/BEHAVIOUR.md §24.1).
public final class ActionTabBarControllerDelegate: UITabBarControllerDelegate {
  public enum Moment: String, CaseIterable, Sendable {
    case shouldSelect, didSelect

    public var selector: String {
      switch self {
      case .shouldSelect: "tabBarController:shouldSelectViewController:"
      case .didSelect: "tabBarController:didSelectViewController:"
      }
    }
  }

  public var messages: [Moment: ActionMessage] = [:]
  /// `shouldSelect`'s answer (nil: UIKit's default, YES) and the tabs it applies to (nil: all).
  public var shouldSelectAnswer: Bool?
  public var shouldSelectTabs: [Int]?

  public init() {}

  private func send(
    _ moment: Moment, _ tabBarController: UITabBarController, _ controller: UIViewController, result: String? = nil
  ) {
    guard let message = messages[moment], let application = tabBarController.application else { return }
    if let format = message.printedText {
      var context = LineContext(subject: tabBarController, result: result)
      context.function = "-[\(tabBarController.className) \(moment.selector)]"
      context.viewController = controller
      application.printLine(format, context, from: tabBarController)
    } else {
      application.sendAction(.selector(moment.selector), to: tabBarController, from: tabBarController, for: nil)
    }
  }

  public func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController)
    -> Bool
  {
    let index = tabBarController.viewControllers.firstIndex { $0 === viewController } ?? -1
    var answer = true
    if let wanted = shouldSelectAnswer, shouldSelectTabs?.contains(index) ?? true { answer = wanted }
    send(.shouldSelect, tabBarController, viewController, result: answer ? "YES" : "NO")
    return answer
  }

  public func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController) {
    send(.didSelect, tabBarController, viewController)
  }
}
