import Foundation
import TouchLabEngine
import TouchLabScripting

/// UITabBarController: a `controller:` entry with `viewControllers:` (one tab each, titled
/// with its `title`) instead of `view:`, `selectedIndex`, and its delegate's `shouldSelect:`
/// and `didSelect:` (docs/BEHAVIOUR.md §24.1).
enum UITabBarControllerDescription: ClassDescription {
  static var builtinClass: BuiltinClass {
    BuiltinClass(UITabBarController.self) { UITabBarController() }
  }
}

/// Reads a tab bar controller's entry: its tabs, frame, selected tab and delegate.
enum TabBarControllerEntryReader {
  /// The keys of a tab bar controller's entry beyond a controller's (`viewControllers` and
  /// `frame` are the navigation controller's too).
  static let keys = ["shouldSelect", "didSelect", "selectedIndex"]

  /// Reads a tab bar controller's keys. `shouldSelect:` is an action, or
  /// `{print: TEXT, returns: false, tabs: [N…]}` (the answer for those tabs; all without `tabs`).
  static func configure(
    _ builder: inout SceneBuilder, _ tabs: UITabBarController, node: YAMLValue,
    keys: [(String, YAMLValue, YAMLValue)], frame: CGRect?, depth: Int
  ) throws {
    var frame = frame
    var stackNode: YAMLValue?
    var selected: YAMLValue?
    let delegate = ActionTabBarControllerDelegate()
    var hasDelegate = false
    for (key, keyValue, value) in keys {
      switch key {
      case "viewControllers": stackNode = value
      case "frame": frame = try value.rect("frame")
      case "selectedIndex": selected = value
      case "shouldSelect":
        hasDelegate = true
        let parts = try builder.parseListDelegateRule(
          key, value, isQuestion: true, limitKey: "tabs", limitName: "a tab"
        ) { try $0.bool("returns") }
        if let parts {
          delegate.messages[.shouldSelect] = parts.message
          delegate.shouldSelectAnswer = parts.answer
          delegate.shouldSelectTabs = parts.limit
        } else {
          delegate.messages[.shouldSelect] = try builder.parseAction(value)
        }
      case "didSelect":
        hasDelegate = true
        delegate.messages[.didSelect] = try builder.parseAction(value)
      default:
        throw keyValue.error("'\(key)' is for a UINavigationController, and \(tabs.className) is not one")
      }
    }
    guard let frame else {
      throw node.error("a UITabBarController among subviews needs a frame: [x, y, width, height]")
    }
    guard let stackNode else {
      throw node.error("a UITabBarController needs 'viewControllers': a list of controllers, one per tab")
    }
    let items = try stackNode.list("viewControllers")
    guard !items.isEmpty else { throw stackNode.error("'viewControllers' needs at least one controller") }
    guard items.count <= 20 else { throw stackNode.error("at most 20 tabs in a UITabBarController") }
    tabs.adoptView(UIView(frame: frame))
    let controllers = try builder.buildChildControllers(
      items, size: frame.size, depth: depth, refusing: UITabBarController.self,
      "a tab holds a view controller or a navigation controller, not another UITabBarController")
    tabs.setViewControllers(controllers, animated: false)
    if let selected {
      let index = try selected.int("selectedIndex", in: 0...19)
      guard index < controllers.count else {
        throw selected.error(
          "selectedIndex \(index) names no tab: there are \(controllers.count) (0…\(controllers.count - 1))")
      }
      tabs.selectedIndex = index
    }
    if hasDelegate {
      builder.retained.append(delegate)
      tabs.delegate = delegate
    }
    if let id = tabs.identifier {
      builder.objects["\(id).tabBar"] = tabs.tabBar
      tabs.tabBar.identifier = "\(id).tabBar"
    }
  }
}

/// `%value`: the selected tab's index (-1: none).
extension UITabBarController: LinePlaceholderSubject {
  public func placeholderValue(_ placeholder: LinePlaceholder) -> String? {
    placeholder == .value ? String(selectedIndex) : nil
  }
}
