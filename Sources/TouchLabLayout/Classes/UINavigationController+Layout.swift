import Foundation
import TouchLabEngine
import TouchLabScripting

/// UINavigationController: a `controller:` entry (at the top, in a window, or as a child
/// controller) with `viewControllers:` instead of `view:` (SceneBuilder+Views.swift).
enum UINavigationControllerDescription: ClassDescription {
  static var builtinClass: BuiltinClass {
    BuiltinClass(UINavigationController.self) { UINavigationController() }
  }
}

/// Reads a navigation controller's entry: its stack, frame, delegate and pop recognizer.
enum NavigationControllerEntryReader {
  /// The keys of a navigation controller's entry beyond a controller's.
  static let keys = [
    "viewControllers", "frame", "willShow", "didShow", "interactivePopGestureRecognizer", "navigationBarClass",
    "pushable",
  ]

  /// Reads a navigation controller's keys: its stack (each a controller entry, the first the
  /// root, the last on top), its frame (the window's, unless it stands among subviews), its
  /// delegate's `willShow:` and `didShow:`, and its pop recognizer's properties and delegate
  /// rules. The pop recognizer is `ID.interactivePopGestureRecognizer` for the lists of
  /// recognizer ids, `set:` and `--set`.
  static func configure(
    _ builder: inout SceneBuilder, _ navigation: UINavigationController, node: YAMLValue,
    keys: [(String, YAMLValue, YAMLValue)], frame: CGRect?, depth: Int
  ) throws {
    var frame = frame
    var stackNode: YAMLValue?
    var popNode: YAMLValue?
    var barClass: YAMLValue?
    var pushableNode: YAMLValue?
    let delegate = ActionNavigationControllerDelegate()
    for (key, keyValue, value) in keys {
      switch key {
      case "viewControllers": stackNode = value
      case "frame": frame = try value.rect("frame")
      case "interactivePopGestureRecognizer": popNode = value
      case "navigationBarClass": barClass = value
      case "pushable": pushableNode = value
      default:
        guard let moment = ActionNavigationControllerDelegate.Moment(rawValue: key) else {
          throw keyValue.error("'\(key)' is for a UITabBarController, and \(navigation.className) is not one")
        }
        delegate.messages[moment] = try builder.parseAction(value)
      }
    }
    guard let frame else {
      throw node.error("a UINavigationController among subviews needs a frame: [x, y, width, height]")
    }
    guard let stackNode else {
      throw node.error("a UINavigationController needs 'viewControllers': a list of controllers, the root first")
    }
    let items = try stackNode.list("viewControllers")
    guard !items.isEmpty else { throw stackNode.error("'viewControllers' needs at least one controller") }
    guard items.count <= LayoutLimits.maximumNavigationStack else {
      throw stackNode.error(
        "more than \(LayoutLimits.maximumNavigationStack) controllers in a navigation stack")
    }
    navigation.adoptView(UIView(frame: frame))
    if let barClass {
      // UIKit's init(navigationBarClass:toolbarClass:): a UINavigationBar subclass.
      let made = try builder.instantiate(barClass, family: .view, what: "a navigationBarClass")
      guard let bar = made as? UINavigationBar else {
        throw barClass.error("a navigationBarClass must be UINavigationBar or a class whose base is UINavigationBar")
      }
      navigation.useNavigationBar(bar)
    }
    let stack = try builder.buildChildControllers(
      items, size: frame.size, depth: depth, refusing: UINavigationController.self,
      "a navigation stack holds view controllers, not another UINavigationController")
    navigation.setViewControllers(stack)
    // Controllers made but not on the stack (UIKit: made in code, pushed later): children,
    // so that a `push:` step may push them.
    if let pushableNode {
      let pushable = try pushableNode.list("pushable")
      guard stack.count + pushable.count <= LayoutLimits.maximumNavigationStack else {
        throw pushableNode.error(
          "more than \(LayoutLimits.maximumNavigationStack) controllers in a navigation stack and 'pushable'")
      }
      for item in pushable {
        let child = try builder.buildController(
          item, frame: CGRect(origin: .zero, size: frame.size), depth: depth + 1)
        if child is UINavigationController {
          throw item.error("a navigation controller pushes view controllers, not another UINavigationController")
        }
        navigation.addChild(child)
      }
    }
    if !delegate.messages.isEmpty {
      builder.retained.append(delegate)
      navigation.delegate = delegate
    }
    let pop = navigation.interactivePopGestureRecognizer
    if let id = navigation.identifier {
      let name = "\(id).interactivePopGestureRecognizer"
      builder.objects[name] = pop
      pop.identifier = name
      builder.objects["\(id).navigationBar"] = navigation.navigationBar
      navigation.navigationBar.identifier = "\(id).navigationBar"
    }
    if let popNode {
      for (key, keyValue, value) in try popNode.mapping("interactivePopGestureRecognizer") {
        switch key {
        case "delegate":
          let rules = try GestureEntryReader.buildDelegate(&builder, value)
          rules.className = navigation.className
          pop.delegate = rules
        case "requireToFail": try GestureEntryReader.requireToFail(&builder, value, for: pop)
        default:
          guard let setter = try PropertyTable.setter(key, value, for: pop) else {
            let names = PropertyTable.names(for: pop) + ["delegate", "requireToFail"]
            throw keyValue.error(
              "unknown key '\(key)' for the interactivePopGestureRecognizer\(suggestion(for: key, in: names))")
          }
          setter()
        }
      }
    }
  }
}
