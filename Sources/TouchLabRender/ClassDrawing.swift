import Foundation
import TouchLabCanvas
import TouchLabEngine
import TouchLabRecords

/// One UIKit class as the renderer sees it: how a view of it draws itself (under its
/// subviews), and the rows the inspector lists for it beyond every view's or recognizer's
/// own. Each class is described once, in `Classes/NAME+Drawing.swift`, by what it adds to
/// its superclass's description, and listed once, in `ClassDrawing.all`, which resolves each
/// against its superclass's: the nearest described class the engine's class inherits from.
/// A UISwitch lists UIControl's `isEnabled` without saying so (docs/ARCHITECTURE.md, "Adding
/// a UIKit class").
struct ClassDrawing {
  /// The inspector's rows for one object: `leading` before every other row, `trailing` after
  /// the rows every view (or recognizer) has.
  typealias InspectorRows = SceneInspection.ClassProperties

  /// Makes an inspector row: a flag the window can flip (when the object has a layout id), or a text.
  typealias RowMaker = SceneInspection.PropertyMaker

  /// UIKit's class name.
  let name: String
  /// The class itself, for the lookup by exact class.
  let type: ObjectIdentifier
  /// Whether an object is of this class (or a subclass).
  let matches: (AnyObject) -> Bool
  /// Whether a class is this class or a subclass of it (the engine's own inheritance).
  let includes: (AnyObject.Type) -> Bool
  private let metatype: AnyObject.Type
  /// The nearest described superclass's name, once resolved; nil for a root.
  private(set) var superclassName: String?
  /// Whether the view's background colour is filled before `draw`; a class that fills its
  /// own background (a button, a text field) says no. Unsaid: its superclass's (a root's: yes).
  private(set) var drawsBackground: Bool?
  /// Draws a view's own content over its background; nil: its superclass's (a root's: the
  /// background alone, UIView's look).
  private(set) var draw: ((ViewPainter, UIView, CanvasRect, Canvas) -> Void)?
  /// The class's inspector rows: once resolved, its superclass's and then its own, but
  /// those it hides (`hidingInheritedRows`) and those it names again; nil: none.
  private(set) var inspectorRows: ((AnyObject, RowMaker) -> InspectorRows)?
  /// Inherited rows this class does not list (a screen-edge pan's edges instead of a pan's touches).
  private let hiddenRows: Set<String>
  /// Whether a view of exactly this class shows its name (its declared class's, or its id)
  /// as a caption (`SceneRenderer+Captions.swift`): a plain view, a button without a title.
  /// Not inherited: a switch is no plain view. Nil: never.
  let takesCaption: ((UIView) -> Bool)?
  /// A view of this class shows text of its own (a label), so its superview needs no caption.
  private(set) var showsText: Bool?

  init<T: AnyObject>(
    _ type: T.Type, drawsBackground: Bool? = nil, draw: ((ViewPainter, T, CanvasRect, Canvas) -> Void)? = nil,
    inspectorRows: ((T, RowMaker) -> InspectorRows)? = nil, hidingInheritedRows hiddenRows: Set<String> = [],
    takesCaption: ((T) -> Bool)? = nil, showsText: Bool? = nil
  ) {
    self.name = className(of: type)
    self.type = ObjectIdentifier(type)
    self.metatype = type
    self.matches = { $0 is T }
    self.includes = { $0 is T.Type }
    self.drawsBackground = drawsBackground
    self.draw = draw.map { draw in { renderer, view, rect, canvas in draw(renderer, view as! T, rect, canvas) } }
    self.inspectorRows = inspectorRows.map { rows in { object, maker in rows(object as! T, maker) } }
    self.hiddenRows = hiddenRows
    self.takesCaption = takesCaption.map { takes in { takes($0 as! T) } }
    self.showsText = showsText
  }

  /// Whether this class is `other` or a subclass of it.
  func isKind(of other: ClassDrawing) -> Bool { other.includes(metatype) }

  /// This description with its superclass's resolved one under it.
  func inheriting(from superclass: ClassDrawing?) -> ClassDrawing {
    var resolved = self
    resolved.superclassName = superclass?.name
    resolved.drawsBackground = drawsBackground ?? superclass?.drawsBackground ?? true
    resolved.draw = draw ?? superclass?.draw
    resolved.showsText = showsText ?? superclass?.showsText ?? false
    guard let inherited = superclass?.inspectorRows, inspectorRows != nil || !hiddenRows.isEmpty else {
      resolved.inspectorRows = inspectorRows ?? superclass?.inspectorRows
      return resolved
    }
    let own = inspectorRows
    let hidden = hiddenRows
    resolved.inspectorRows = { object, make in
      let mine = own?(object, make) ?? InspectorRows()
      let replaced = hidden.union((mine.leading + mine.trailing).map(\.name))
      let theirs = inherited(object, make)
      return InspectorRows(
        leading: theirs.leading.filter { !replaced.contains($0.name) } + mine.leading,
        trailing: theirs.trailing.filter { !replaced.contains($0.name) } + mine.trailing)
    }
    return resolved
  }

  /// Each description resolved against its superclass's (as `BuiltinClass.resolve` does).
  static func resolve(_ descriptions: [ClassDrawing]) -> [ClassDrawing] {
    let ancestors = descriptions.map { description in
      descriptions.filter { $0.name != description.name && description.isKind(of: $0) }
    }
    var resolved: [String: ClassDrawing] = [:]
    for index in descriptions.indices.sorted(by: { ancestors[$0].count < ancestors[$1].count }) {
      let nearest = ancestors[index].first { candidate in ancestors[index].allSatisfy { candidate.isKind(of: $0) } }
      resolved[descriptions[index].name] = descriptions[index].inheriting(from: nearest.flatMap { resolved[$0.name] })
    }
    return descriptions.map { resolved[$0.name]! }
  }
}

extension ClassDrawing {
  /// Every class the renderer knows, resolved (`resolve`), each subclass before its
  /// superclass: an object of a class not listed (an engine class no layout names) is drawn
  /// and inspected by the first description that matches it, its nearest described
  /// superclass's. Adding a class: its `Classes/NAME+Drawing.swift` and one line here;
  /// `BuiltinClassRegistryTests` checks every built-in class has one, and that none is hidden
  /// behind a superclass listed before it.
  static let all: [ClassDrawing] = resolve([
    .uiSwipeActionStandardButton,
    .uiNavigationBar,
    .uiSwitch, .uiSlider, .uiSegmentedControl, .uiStepper, .uiPageControl, .uiCollectionViewCell, .uiTextField,
    .uiKeyboard, .uiButton, .uiLabel, .uiImageView, .uiTableViewCell, .uiProgressView,
    .uiTabBarButton, .uiTabBar, .uiTextView,
    .uiTableView, .uiCollectionView, .uiScrollView, .uiControl, .uiWindow, .uiView,
    .uiTapGestureRecognizer, .uiLongPressGestureRecognizer, .uiScreenEdgePanGestureRecognizer,
    .uiPanGestureRecognizer, .uiSwipeGestureRecognizer, .uiPinchGestureRecognizer, .uiRotationGestureRecognizer,
    .uiGestureRecognizer,
  ])

  /// The description `object` is drawn and inspected by; nil for an object of no listed class.
  static func drawing(for object: AnyObject) -> ClassDrawing? {
    // Most objects are of a listed class exactly (a layout's declared classes are built-in
    // objects with hooks, not Swift subclasses): one lookup, not a walk down the list.
    if let index = indexByType[ObjectIdentifier(Swift.type(of: object))] { return all[index] }
    for drawing in all where drawing.matches(object) { return drawing }
    return nil
  }

  /// The description of `object`'s own class, when it is listed (not a superclass's).
  static func ownDrawing(for object: AnyObject) -> ClassDrawing? {
    indexByType[ObjectIdentifier(Swift.type(of: object))].map { all[$0] }
  }

  /// `all`'s index of each listed class.
  static let indexByType = Dictionary(all.enumerated().map { ($1.type, $0) }, uniquingKeysWith: { first, _ in first })
}

extension SceneInspection {
  /// The inspection of `window`'s tree (`init(window:layoutID:changed:origin:classProperties:)`),
  /// each object's class listing what its description (`ClassDrawing`) adds.
  public init(
    window: UIWindow, layoutID: (AnyObject) -> String? = { _ in nil },
    changed: @escaping (String) -> Bool = { _ in false },
    origin: (AnyObject) -> String? = { _ in nil }
  ) {
    self.init(
      window: window, layoutID: layoutID, changed: changed, origin: origin,
      classProperties: { object, make in ClassDrawing.drawing(for: object)?.inspectorRows?(object, make) })
  }
}
