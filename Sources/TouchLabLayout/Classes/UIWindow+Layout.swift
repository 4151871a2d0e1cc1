import Foundation
import TouchLabEngine

/// UIWindow: a layout's `window:` and `windows:` entries (`WindowsEntryReader` below reads `windows:`).
enum UIWindowDescription: ClassDescription {
  static var builtinClass: BuiltinClass {
    BuiltinClass(UIWindow.self, family: .window) { UIWindow() }
  }
}

/// Reads the top-level `windows:` list: further windows (docs/layouts.md "Several windows",
/// docs/BEHAVIOUR.md §15).
enum WindowsEntryReader {
  static let keys = ["id", "class", "windowLevel", "isHidden", "color", "view", "controller"]
  static let levelNames = ["normal", "statusBar", "alert"]

  /// The top-level `windows:` list: windows above (or below) the main one, each with its
  /// `windowLevel` and its content (`view:` or `controller:`), as big as the main window.
  static func build(
    _ builder: inout SceneBuilder, _ node: YAMLValue, frame: CGRect, into application: UIApplication
  )
    throws
  {
    let entries = try node.list("windows")
    guard entries.count <= 16 else { throw node.error("at most 16 further windows") }
    for entry in entries {
      let fields = try entry.mapping("a window")
      let window =
        try fields.first { $0.key == "class" }.map {
          try builder.instantiate($0.value, family: .window, what: "a window") as! UIWindow
        } ?? UIWindow()
      window.frame = frame
      var content: (key: String, value: YAMLValue)?
      for (key, keyValue, value) in fields {
        switch key {
        case "class": continue
        case "id": try builder.register(value, window)
        case "windowLevel": window.windowLevel = try windowLevel(value)
        case "isHidden", "hidden": window.isHidden = try value.bool("isHidden")
        case "color", "backgroundColor": window.backgroundColor = try value.color("color")
        case "view", "controller":
          if let content {
            throw keyValue.error(
              "a window has one content: '\(content.key)' is already given, so '\(key)' is not allowed")
          }
          content = (key, value)
        default:
          let expected = keys.joined(separator: ", ")
          throw keyValue.error(
            "unknown key '\(key)' in a window\(suggestion(for: key, in: keys)); expected one of: \(expected)"
          )
        }
      }
      guard let content else { throw entry.error("a window needs a 'view' (or a 'controller' with its view)") }
      let controller: UIViewController
      if content.key == "controller" {
        controller = try builder.buildController(content.value, frame: frame, depth: 0)
      } else {
        controller = UIViewController()
        controller.view = try builder.buildView(content.value, controller: controller, defaultFrame: frame, depth: 1)
        builder.retained.append(controller)
      }
      window.rootViewController = controller
      builder.retained.append(window)
      application.addWindow(window)
    }
  }

  /// A level: a number, or one of UIKit's names (`normal` 0, `statusBar` 1000, `alert` 2000).
  private static func windowLevel(_ value: YAMLValue) throws -> UIWindow.Level {
    if let text = value.scalarText, Double(text.trimmingCharacters(in: .whitespaces)) == nil {
      switch text {
      case "normal": return .normal
      case "statusBar": return .statusBar
      case "alert": return .alert
      default:
        throw value.error(
          "unknown windowLevel '\(text)'\(suggestion(for: text, in: levelNames)); expected a number or one of: \(levelNames.joined(separator: ", "))"
        )
      }
    }
    return UIWindow.Level(rawValue: CGFloat(try value.number("windowLevel", in: -10_000...10_000)))
  }
}
