import Foundation
import TouchLabEngine
import TouchLabScripting

/// A built-in class as a layout sees it: its name and family, the methods a declared
/// subclass may override, how one is made, its layout keys with their types and ranges
/// (`properties`), the keys of a view's structure it reads itself (a table's `rows:`), and
/// what others ask of the class (`primaryControlEvent`, `autorepeatInterval`,
/// `printedTextKey`) rather than asking its name. Each class is described once, in its own
/// file `Classes/NAME+Layout.swift`, by a `ClassDescription` (`UISwitchDescription`) whose
/// `builtinClass` is what the class adds to its superclass's description, and listed once, in
/// `BuiltinClass.descriptions`; `BuiltinClass.all` resolves each against its superclass's:
/// the superclass is the nearest described class the engine's class inherits from, so a
/// UISwitch has UIControl's and UIView's properties, methods and family without naming them
/// (docs/ARCHITECTURE.md, "Adding a UIKit class").
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
  /// Its family: the one its description names (a root of the registry's trees, or a class
  /// that is another family than its superclass, as a window is), else its superclass's.
  private(set) var family: Family
  private let namesFamily: Bool
  /// The methods a declared subclass may override (and so log): its superclass's and those
  /// its description adds.
  var overridableMethods: [ScriptedClass.Method]
  /// Makes one, with UIKit's default frame.
  let make: () -> AnyObject
  /// Whether an object is of this class (or a subclass).
  let matches: (AnyObject) -> Bool
  /// Whether a class is this class or a subclass of it (the engine's own inheritance).
  let includes: (AnyObject.Type) -> Bool
  /// The class itself, for questions about it that need no object (`is UIControl.Type`).
  let type: AnyObject.Type
  /// The nearest described superclass's name; nil for a root (UIResponder, UIGestureRecognizer).
  private(set) var superclassName: String?
  /// Its settable properties: in a description, its own; once resolved, its superclass's
  /// (but those it names again, which it overrides) and then its own.
  var properties: [PropertyTable.Entry] = []
  /// The properties its own description lists (docs/layouts.md's row for the class).
  private(set) var ownProperties: [PropertyTable.Entry] = []
  /// `properties` by name and by alias, once resolved.
  private(set) var propertiesNamed: [String: PropertyTable.Entry] = [:]
  /// A view of this class has UIKit's standard size, so its entry needs no `frame:` (a
  /// subclass of such a class has it too).
  var hasStandardSize = false
  /// Properties whose value must lie in a range other keys of the view set: applied after
  /// every other key, then checked by the closure (UIKit clamps silently; a layout that asks
  /// for an impossible value is a mistake). Its superclass's and its own.
  var rangeChecks: [String: (YAMLValue, AnyObject) throws -> Void] = [:]

  // MARK: Capabilities: what other parts ask of a class (nil: its superclass's answer)

  /// The event a control of this class sends when used (UIKit's `primaryActionTriggered`
  /// moment): `valueChanged` for a control that holds a value, `touchUpInside` for one that
  /// is tapped; nil for a class that is no control. The importer's target on a dumped control.
  var primaryControlEvent: UIControl.Event?
  /// A held touch on a view of this class repeats its action this often (a stepper's
  /// autorepeat), which the scenario budget counts; nil: it does not repeat.
  var autorepeatInterval: TimeInterval?
  /// The property a debugger dump's printed text sets (a label's `text`, a button's
  /// `title`); nil: the text is kept as a comment.
  var printedTextKey: String?
  /// The delegate moment an imported dump's view of this class is given to edit, since what
  /// the app's delegate does is not in a dump: its key, the text it prints, and the class of
  /// the cells that must be printed in the view for it (a table's rows are its printed
  /// cells); nil: none.
  var importedDelegateMoment: ImportedDelegateMoment?

  struct ImportedDelegateMoment {
    let key: String
    let print: String
    var cellClass: String?
  }

  // MARK: Structure: keys of a view's entry (each class reads its own, for views of it)

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

  /// A class's description: `family` when it is not its superclass's, and the methods a
  /// declared subclass may override beyond its superclass's.
  init<T: AnyObject>(
    _ type: T.Type, family: Family? = nil, overridableMethods: [ScriptedClass.Method] = [],
    make: @escaping () -> T
  ) {
    self.name = className(of: type)  // 30 M instructions fewer at start-up than String(describing:)
    self.family = family ?? .responder
    self.namesFamily = family != nil
    self.overridableMethods = overridableMethods
    self.make = make
    self.matches = { $0 is T }
    self.includes = { $0 is T.Type }
    self.type = type
  }

  /// What any responder or recognizer may override.
  static let touchMethods: [ScriptedClass.Method] = [.touchesBegan, .touchesMoved, .touchesEnded, .touchesCancelled]

  /// Whether this class is `other` or a subclass of it.
  func isKind(of other: BuiltinClass) -> Bool { other.includes(type) }

  /// This description with its superclass's resolved one under it: what it does not say,
  /// it inherits; lists it adds to; a property it names again overrides the superclass's.
  func inheriting(from superclass: BuiltinClass?) -> BuiltinClass {
    var resolved = self
    resolved.ownProperties = properties
    resolved.superclassName = superclass?.name
    if let superclass {
      if !namesFamily { resolved.family = superclass.family }
      resolved.overridableMethods =
        superclass.overridableMethods + overridableMethods.filter { !superclass.overridableMethods.contains($0) }
      let own = Set(properties.map(\.name))
      resolved.properties = superclass.properties.filter { !own.contains($0.name) } + properties
      resolved.hasStandardSize = hasStandardSize || superclass.hasStandardSize
      resolved.rangeChecks = superclass.rangeChecks.merging(rangeChecks) { _, own in own }
      resolved.primaryControlEvent = primaryControlEvent ?? superclass.primaryControlEvent
      resolved.autorepeatInterval = autorepeatInterval ?? superclass.autorepeatInterval
      resolved.printedTextKey = printedTextKey ?? superclass.printedTextKey
      resolved.importedDelegateMoment = importedDelegateMoment ?? superclass.importedDelegateMoment
    }
    var named: [String: PropertyTable.Entry] = [:]
    for entry in resolved.properties {
      for key in [entry.name] + entry.aliases where named[key] == nil { named[key] = entry }
    }
    resolved.propertiesNamed = named
    return resolved
  }

  /// Each description resolved against its superclass's: the nearest described class the
  /// engine's class inherits from (the one of its described ancestors that is a subclass of
  /// all the others), resolved first.
  static func resolve(_ descriptions: [BuiltinClass]) -> [BuiltinClass] {
    let ancestors = descriptions.map { description in
      descriptions.filter { $0.name != description.name && description.isKind(of: $0) }
    }
    var resolved: [String: BuiltinClass] = [:]
    // Fewer described ancestors first: a superclass is resolved before its subclasses.
    for index in descriptions.indices.sorted(by: { ancestors[$0].count < ancestors[$1].count }) {
      let nearest = ancestors[index].first { candidate in ancestors[index].allSatisfy { candidate.isKind(of: $0) } }
      resolved[descriptions[index].name] = descriptions[index].inheriting(from: nearest.flatMap { resolved[$0.name] })
    }
    return descriptions.map { resolved[$0.name]! }
  }
}

/// One built-in class's layout knowledge, in the class's own file (`Classes/NAME+Layout.swift`,
/// a caseless `NAMEDescription`): as Godot's ClassDB has each class bind its own methods, each
/// class produces its own description; `BuiltinClass.descriptions` lists it once. (Not a static
/// of the engine's class itself: a UISwitch is a UIControl, and one static name on both cannot
/// be declared twice, nor would a forgotten one be missed rather than inherited.)
protocol ClassDescription {
  /// What the class adds to its superclass's description (`BuiltinClass.inheriting(from:)`).
  static var builtinClass: BuiltinClass { get }
}

extension BuiltinClass {
  /// Every built-in class a layout may name or subclass, each superclass before its
  /// subclasses (the order of suggestions and of `configure`). Adding a class: its engine
  /// file, its `Classes/NAME+Layout.swift` with its `NAMEDescription`, one line here, its
  /// drawing (TouchLabRender's `ClassDrawing.all`), its docs and a bundled scenario;
  /// `BuiltinClassRegistryTests` names whatever is missing.
  static let descriptions: [any ClassDescription.Type] = [
    UIResponderDescription.self,
    UIViewDescription.self, UIControlDescription.self, UIButtonDescription.self, UISwitchDescription.self,
    UILabelDescription.self, UIImageViewDescription.self, UIScrollViewDescription.self, UITableViewDescription.self,
    UISliderDescription.self, UISegmentedControlDescription.self, UIStepperDescription.self,
    UIPageControlDescription.self, UICollectionViewDescription.self, UITextFieldDescription.self,
    UIProgressViewDescription.self,
    UITableViewCellDescription.self,
    UITabBarDescription.self, UITabBarButtonDescription.self,
    UITextViewDescription.self,
    UICollectionViewCellDescription.self,
    UINavigationBarDescription.self,
    UIWindowDescription.self,
    UIGestureRecognizerDescription.self, UITapGestureRecognizerDescription.self,
    UILongPressGestureRecognizerDescription.self, UIPanGestureRecognizerDescription.self,
    UISwipeGestureRecognizerDescription.self, UIPinchGestureRecognizerDescription.self,
    UIRotationGestureRecognizerDescription.self, UIScreenEdgePanGestureRecognizerDescription.self,
    UIViewControllerDescription.self,
    UINavigationControllerDescription.self,
    UITabBarControllerDescription.self,
    UIApplicationDescription.self,
  ]

  /// `descriptions`' classes, resolved (`resolve`), in their order.
  static let all: [BuiltinClass] = resolve(descriptions.map { $0.builtinClass })

  /// `all` by name.
  static let named: [String: BuiltinClass] = Dictionary(
    all.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })

  /// The built-in class of this name, if there is one.
  init?(named name: String) {
    guard let found = Self.named[name] else { return nil }
    self = found
  }

  /// `all`'s index of each class.
  private static let indexByType = Dictionary(
    all.enumerated().map { (ObjectIdentifier($1.type), $0) }, uniquingKeysWith: { first, _ in first })

  /// `all`'s index of the description of `object`'s class: its own (a layout's declared
  /// classes are built-in objects with hooks), else its nearest described superclass's (an
  /// engine class no layout names, such as a scroll view's pan recognizer, as a
  /// UIPanGestureRecognizer); nil for an object of no described class. The class and its
  /// superclasses are looked up in turn (each description is of its own class, `matches` is
  /// `is`): a few dictionary lookups, asked for every view a layout builds.
  static func descriptionIndex(of object: AnyObject) -> Int? {
    var type: AnyClass? = Swift.type(of: object)
    while let current = type {
      if let index = indexByType[ObjectIdentifier(current)] { return index }
      type = _getSuperclass(current)
    }
    return nil
  }

  /// `descriptionIndex(of:)` the slow way, for the test that both agree: every description
  /// `object` matches, the one with the most described superclasses.
  static func descriptionIndexByMatching(_ object: AnyObject) -> Int? {
    all.indices.filter { all[$0].matches(object) }.max { depths[$0] < depths[$1] }
  }

  /// Each `configure` of `all`, with its class's index, in `all`'s order: what every view built
  /// runs (a list of the few, not a walk over every description).
  static let configurations: [(index: Int, configure: (inout SceneBuilder, ViewEntry) throws -> Void)] =
    all.enumerated().compactMap { index, builtin in builtin.configure.map { (index, $0) } }

  /// Each `check` of `all`, in `all`'s order.
  static let checks: [(inout SceneBuilder, ViewEntry) throws -> Void] = all.compactMap(\.check)

  /// How many described superclasses each of `all` has.
  private static let depths: [Int] = all.map { builtin in
    var depth = 0
    var superclass = builtin.superclassName
    while let name = superclass {
      depth += 1
      superclass = named[name]?.superclassName
    }
    return depth
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
