import Foundation
import TouchLabEngine
import Yams

/// Reads a layout file (LAYOUTS.md) into a `Scene`. Every mistake is a `LayoutError`
/// pointing at the place in the file: unknown keys, ids, classes and bases, wrong types,
/// duplicate ids, cycles in `base`, YAML syntax.
public enum LayoutLoader {
  /// Loads the layout at `path`.
  public static func load(path: String) throws -> Scene {
    let text: String
    do {
      text = try String(contentsOfFile: path, encoding: .utf8)
    } catch {
      throw LayoutError(file: path, line: 1, column: 1, message: "cannot read the file: \(readableReason(error, path))")
    }
    return try load(yaml: text, file: path)
  }

  /// Loads a layout from its text; `file` names it in error messages.
  public static func load(yaml: String, file: String) throws -> Scene {
    guard let root = try parseYAML(yaml, file: file) else {
      throw LayoutError(
        file: file, line: 1, column: 1, message: "the file is empty; a layout needs at least a controller")
    }
    var builder = SceneBuilder(file: file)
    return try builder.build(YAMLValue(node: root, file: file))
  }

  static func parseYAML(_ text: String, file: String) throws -> Node? {
    // Too deep a tree would overflow the stack in Yams (YAMLNesting.swift).
    try YAMLNesting.check(text, file: file)
    do {
      return try Yams.compose(yaml: text)
    } catch let error as YamlError {
      throw layoutError(from: error, file: file)
    } catch {
      throw LayoutError(file: file, line: 1, column: 1, message: "\(error)")
    }
  }

  static func layoutError(from error: YamlError, file: String) -> LayoutError {
    switch error {
    case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
      .composer(let context, let problem, let mark, _):
      let detail = context.map { "\(problem) (\($0.text) at \($0.mark.line):\($0.mark.column))" } ?? problem
      return LayoutError(file: file, line: mark.line, column: mark.column, message: "YAML syntax: \(detail)")
    case .reader(let problem, _, _, _):
      return LayoutError(file: file, line: 1, column: 1, message: "YAML: \(problem)")
    default:
      return LayoutError(file: file, line: 1, column: 1, message: "YAML: \(error)")
    }
  }

  private static func readableReason(_ error: Error, _ path: String) -> String {
    var isDirectory: ObjCBool = false
    if !FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) { return "no such file" }
    if isDirectory.boolValue { return "it is a directory" }
    return "not readable UTF-8 text"
  }
}

/// Built-in classes a layout may name or subclass.
// Case names are UIKit class names, which the layout format uses verbatim.
// swift-format-ignore: AlwaysUseLowerCamelCase
enum BuiltinClass: String, CaseIterable {
  case UIView, UIControl, UIButton, UISwitch, UILabel, UIImageView, UIScrollView, UITableView
  case UISlider, UISegmentedControl, UIStepper, UIPageControl, UICollectionView, UITextField
  case UIWindow
  case UIGestureRecognizer, UITapGestureRecognizer, UILongPressGestureRecognizer, UIPanGestureRecognizer
  case UISwipeGestureRecognizer, UIPinchGestureRecognizer, UIRotationGestureRecognizer
  case UIScreenEdgePanGestureRecognizer
  case UIViewController
  case UIApplication
  case UIResponder

  enum Family: String {
    case view = "a view"
    case window = "a window"
    case recognizer = "a gesture recognizer"
    case controller = "a view controller"
    case application = "an application"
    case responder = "a responder"
  }

  var family: Family {
    switch self {
    case .UIView, .UIControl, .UIButton, .UISwitch, .UILabel, .UIImageView, .UIScrollView, .UITableView: .view
    case .UISlider, .UISegmentedControl, .UIStepper, .UIPageControl, .UICollectionView, .UITextField: .view
    case .UIWindow: .window
    case .UIGestureRecognizer, .UITapGestureRecognizer, .UILongPressGestureRecognizer, .UIPanGestureRecognizer,
      .UISwipeGestureRecognizer, .UIPinchGestureRecognizer, .UIRotationGestureRecognizer,
      .UIScreenEdgePanGestureRecognizer:
      .recognizer
    case .UIViewController: .controller
    case .UIApplication: .application
    case .UIResponder: .responder
    }
  }

  /// The methods a declared subclass may override (and so log).
  var overridableMethods: [ScriptedClass.Method] {
    let touches: [ScriptedClass.Method] = [.touchesBegan, .touchesMoved, .touchesEnded, .touchesCancelled]
    let view = touches + [.hitTest, .pointInside, .gestureRecognizerShouldBegin]
    switch self {
    case .UIControl, .UIButton, .UISwitch, .UISlider, .UISegmentedControl, .UIStepper, .UIPageControl, .UITextField:
      return view + [.beginTracking, .continueTracking, .endTracking, .cancelTracking, .sendAction]
    case .UIView, .UILabel, .UIImageView, .UIWindow: return view
    case .UIScrollView, .UITableView, .UICollectionView: return view + [.touchesShouldBegin, .touchesShouldCancel]
    default: return touches
    }
  }

  func make() -> AnyObject {
    switch self {
    case .UIView: TouchLabEngine.UIView()
    case .UIControl: TouchLabEngine.UIControl()
    case .UIButton: TouchLabEngine.UIButton()
    case .UISwitch: TouchLabEngine.UISwitch(frame: CGRect(origin: .zero, size: TouchLabEngine.UISwitch.standardSize))
    case .UILabel: TouchLabEngine.UILabel()
    case .UISlider: TouchLabEngine.UISlider()
    case .UISegmentedControl: TouchLabEngine.UISegmentedControl()
    case .UIStepper:
      TouchLabEngine.UIStepper(frame: CGRect(origin: .zero, size: TouchLabEngine.UIKitConstants.stepperSize))
    case .UIPageControl: TouchLabEngine.UIPageControl()
    case .UICollectionView: TouchLabEngine.UICollectionView()
    case .UITextField: TouchLabEngine.UITextField()
    case .UIImageView: TouchLabEngine.UIImageView()
    case .UIScrollView: TouchLabEngine.UIScrollView()
    case .UITableView: TouchLabEngine.UITableView()
    case .UIWindow: TouchLabEngine.UIWindow()
    case .UIGestureRecognizer: TouchLabEngine.UIGestureRecognizer()
    case .UITapGestureRecognizer: TouchLabEngine.UITapGestureRecognizer()
    case .UILongPressGestureRecognizer: TouchLabEngine.UILongPressGestureRecognizer()
    case .UIPanGestureRecognizer: TouchLabEngine.UIPanGestureRecognizer()
    case .UISwipeGestureRecognizer: TouchLabEngine.UISwipeGestureRecognizer()
    case .UIPinchGestureRecognizer: TouchLabEngine.UIPinchGestureRecognizer()
    case .UIRotationGestureRecognizer: TouchLabEngine.UIRotationGestureRecognizer()
    case .UIScreenEdgePanGestureRecognizer: TouchLabEngine.UIScreenEdgePanGestureRecognizer()
    case .UIViewController: TouchLabEngine.UIViewController()
    case .UIApplication: TouchLabEngine.UIApplication()
    case .UIResponder: TouchLabEngine.UIResponder()
    }
  }
}
