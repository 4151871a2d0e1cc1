import Foundation
import TouchLabEngine
import TouchLabScripting

/// A built-in class as a layout sees it: its name and family, the methods a declared
/// subclass may override, how one is made, its layout keys with their types and ranges
/// (`properties`), and the keys of a view's structure it reads itself (a table's `rows:`).
/// Each class is described once, in `Classes/NAME+Layout.swift`, and listed once, in
/// `BuiltinClass.all` (docs/ARCHITECTURE.md, "Adding a UIKit class").
struct BuiltinClass {
  enum Family: String {
    case view = "a view"
    case window = "a window"
    case recognizer = "a gesture recognizer"
    case controller = "a view controller"
    case application = "an application"
    case responder = "a responder"
  }

  /// What a class reads of a view's entry beyond its properties, and where it is.
  struct ViewEntry {
    let view: UIView
    /// The view's whole entry, for errors about the view.
    let node: YAMLValue
    /// This class's keys in the entry (`viewKeys` and `delegateKeys`), in the file's order.
    let keys: [(String, YAMLValue, YAMLValue)]
    let controller: UIViewController
    let depth: Int
  }

  /// UIKit's class name, which the layout format uses verbatim.
  let name: String
  let family: Family
  /// The methods a declared subclass may override (and so log).
  let overridableMethods: [ScriptedClass.Method]
  /// Makes one, with UIKit's default frame.
  let make: () -> AnyObject
  /// Whether an object is of this class (or a subclass).
  let matches: (AnyObject) -> Bool
  /// The class itself, for questions about it that need no object (`is UIControl.Type`).
  let type: AnyObject.Type
  /// Its own settable properties (its superclasses' are theirs).
  var properties: [PropertyTable.Entry] = []
  /// A view of this class has UIKit's standard size, so its entry needs no `frame:`.
  var hasStandardSize = false
  /// Properties whose value must lie in a range other keys of the view set: applied after
  /// every other key, then checked by the closure (UIKit clamps silently; a layout that asks
  /// for an impossible value is a mistake).
  var rangeChecks: [String: (YAMLValue, AnyObject) throws -> Void] = [:]
  /// Keys of a view's entry that describe its content (`rows:`, `items:`), for `configure`.
  var viewKeys: [String] = []
  /// Keys of a view's entry that are its delegate's moments (`didSelectRow:`): for
  /// `readDelegateKey` when it is given (read when met), else for `configure`.
  var delegateKeys: [String] = []
  /// Reads one of `delegateKeys` when the view's entry gives it.
  var readDelegateKey:
    (
      (inout SceneBuilder, _ view: UIView, _ key: String, _ keyValue: YAMLValue, _ value: YAMLValue, UIViewController)
        throws
        -> Void
    )?
  /// Called for every view once its properties are set, with this class's keys (maybe none):
  /// builds its content, or refuses keys given to a view of another class.
  var configure: ((inout SceneBuilder, ViewEntry) throws -> Void)?
  /// A `set:` step's or `--set`'s delegate key on an object of this class (a table's
  /// `didSelectRow`), or nil when the key is not one.
  var setDelegateKey: ((AnyObject, String, YAMLValue) throws -> PropertyTable.Setter?)?
  /// Called for every view after every class's `configure`: checks on the built view.
  var check: ((inout SceneBuilder, ViewEntry) throws -> Void)?

  init<T: AnyObject>(
    _ type: T.Type, family: Family, overridableMethods: [ScriptedClass.Method] = Self.touchMethods,
    make: @escaping () -> T
  ) {
    self.name = className(of: type)  // 30 M instructions fewer at start-up than String(describing:)
    self.family = family
    self.overridableMethods = overridableMethods
    self.make = make
    self.matches = { $0 is T }
    self.type = type
  }

  /// What any responder or recognizer may override.
  static let touchMethods: [ScriptedClass.Method] = [.touchesBegan, .touchesMoved, .touchesEnded, .touchesCancelled]
  /// What a view may override.
  static let viewMethods = touchMethods + [.hitTest, .pointInside, .gestureRecognizerShouldBegin]
  /// What a control may override.
  static let controlMethods =
    viewMethods + [.beginTracking, .continueTracking, .endTracking, .cancelTracking, .sendAction]
  /// What a scroll view may override.
  static let scrollViewMethods = viewMethods + [.touchesShouldBegin, .touchesShouldCancel]
}

extension BuiltinClass {
  /// Every built-in class a layout may name or subclass, each superclass before its
  /// subclasses (a property's first description that applies is the one used). Adding a
  /// class: its engine file, its `Classes/NAME+Layout.swift`, one line here, its drawing
  /// (TouchLabRender's `ClassDrawing.all`), its docs and a bundled scenario;
  /// `BuiltinClassRegistryTests` names whatever is missing.
  static let all: [BuiltinClass] = [
    .uiView, .uiControl, .uiButton, .uiSwitch, .uiLabel, .uiImageView, .uiScrollView, .uiTableView,
    .uiSlider, .uiSegmentedControl, .uiStepper, .uiPageControl, .uiCollectionView, .uiTextField,
    .uiProgressView,
    .uiTableViewCell,
    .uiTabBar, .uiTabBarButton,
    .uiTextView,
    .uiCollectionViewCell,
    .uiNavigationBar,
    .uiWindow,
    .uiGestureRecognizer, .uiTapGestureRecognizer, .uiLongPressGestureRecognizer, .uiPanGestureRecognizer,
    .uiSwipeGestureRecognizer, .uiPinchGestureRecognizer, .uiRotationGestureRecognizer,
    .uiScreenEdgePanGestureRecognizer,
    .uiViewController,
    .uiNavigationController,
    .uiTabBarController,
    .uiApplication,
    .uiResponder,
  ]

  /// `all` by name.
  static let named: [String: BuiltinClass] = Dictionary(
    all.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })

  /// The built-in class of this name, if there is one.
  init?(named name: String) {
    guard let found = Self.named[name] else { return nil }
    self = found
  }

  /// The classes whose `viewKeys` or `delegateKeys` hold each key, in `all`'s order, and
  /// whether each reads it when met (two classes may share a key's name: a collection
  /// view's and a tab bar's `didSelectItem`).
  static let viewKeyOwners: [String: [(index: Int, readsAtOnce: Bool)]] = {
    var owners: [String: [(index: Int, readsAtOnce: Bool)]] = [:]
    for (index, builtin) in all.enumerated() {
      for key in builtin.viewKeys { owners[key, default: []].append((index, false)) }
      for key in builtin.delegateKeys { owners[key, default: []].append((index, builtin.readDelegateKey != nil)) }
    }
    return owners
  }()

  /// The class that reads `key` of `view`'s entry: the first owner `view` is of, else the
  /// first owner (whose `configure` or reader refuses a view of another class).
  static func viewKeyOwner(_ key: String, for view: AnyObject) -> (index: Int, readsAtOnce: Bool)? {
    guard let owners = viewKeyOwners[key] else { return nil }
    return owners.first { all[$0.index].matches(view) } ?? owners.first
  }

  /// The keys of a view's entry that are structure, not properties, for suggestions.
  static let viewStructuralKeys =
    ["id", "class", "subviews", "gestures", "targets"] + all.flatMap(\.viewKeys)
    + ["address", "dumpLine", "unlistedGestures"] + all.flatMap(\.delegateKeys)

  /// Every property applied after the others and checked (`rangeChecks`).
  static let rangeCheckedKeys = Set(all.flatMap(\.rangeChecks.keys))
}
