import Foundation
import TouchLabCanvas
import TouchLabEngine

/// One UIKit class as the renderer sees it: how a view of it draws itself (under its
/// subviews), and the rows the inspector lists for it beyond every view's or recognizer's
/// own. Each class is described once, in `Classes/NAME+Drawing.swift`, and listed once, in
/// `ClassDrawing.all` (docs/ARCHITECTURE.md, "Adding a UIKit class").
struct ClassDrawing {
  /// The inspector's rows for one object: `leading` before every other row, `trailing` after
  /// the rows every view (or recognizer) has.
  struct InspectorRows {
    var leading: [SceneInspection.Property] = []
    var trailing: [SceneInspection.Property] = []
  }

  /// Makes an inspector row: a flag the window can flip (when the object has a layout id), or a text.
  struct RowMaker {
    let flag: (String, Bool) -> SceneInspection.Property
    let text: (String, String) -> SceneInspection.Property
  }

  /// UIKit's class name.
  let name: String
  /// The class itself, for the lookup by exact class.
  let type: ObjectIdentifier
  /// Whether an object is of this class (or a subclass).
  let matches: (AnyObject) -> Bool
  /// Whether the view's background colour is filled before `draw`; a class that fills its
  /// own background (a button, a text field) says no.
  let drawsBackground: Bool
  /// Draws a view's own content over its background; nil: the background alone (UIView's look).
  let draw: ((SceneRenderer, UIView, CanvasRect, Canvas) -> Void)?
  /// The class's own inspector rows; nil: none.
  let inspectorRows: ((AnyObject, RowMaker) -> InspectorRows)?

  init<T: AnyObject>(
    _ type: T.Type, drawsBackground: Bool = true, draw: ((SceneRenderer, T, CanvasRect, Canvas) -> Void)? = nil,
    inspectorRows: ((T, RowMaker) -> InspectorRows)? = nil
  ) {
    self.name = className(of: type)
    self.type = ObjectIdentifier(type)
    self.matches = { $0 is T }
    self.drawsBackground = drawsBackground
    self.draw = draw.map { draw in { renderer, view, rect, canvas in draw(renderer, view as! T, rect, canvas) } }
    self.inspectorRows = inspectorRows.map { rows in { object, maker in rows(object as! T, maker) } }
  }
}

extension ClassDrawing {
  /// Every class the renderer knows, each subclass before its superclass: an object is
  /// drawn and inspected by the first description that matches it (a layout's declared
  /// class by its built-in base's). Adding a class: its `Classes/NAME+Drawing.swift` and one
  /// line here; `BuiltinClassRegistryTests` checks every built-in class has one, and that
  /// none is hidden behind a superclass listed before it.
  static let all: [ClassDrawing] = [
    .uiSwipeActionStandardButton,
    .uiNavigationBar,
    .uiSwitch, .uiSlider, .uiSegmentedControl, .uiStepper, .uiPageControl, .uiCollectionViewCell, .uiTextField,
    .uiKeyboard, .uiButton, .uiLabel, .uiImageView, .uiTableViewCell, .uiProgressView,
    .uiTabBarButton, .uiTabBar, .uiTextView,
    .uiTableView, .uiCollectionView, .uiScrollView, .uiControl, .uiWindow, .uiView,
    .uiTapGestureRecognizer, .uiLongPressGestureRecognizer, .uiScreenEdgePanGestureRecognizer,
    .uiPanGestureRecognizer, .uiSwipeGestureRecognizer, .uiPinchGestureRecognizer, .uiRotationGestureRecognizer,
    .uiGestureRecognizer,
  ]

  /// The description `object` is drawn and inspected by; nil for an object of no listed class.
  static func drawing(for object: AnyObject) -> ClassDrawing? {
    // Most objects are of a listed class exactly (a layout's declared classes are built-in
    // objects with hooks, not Swift subclasses): one lookup, not a walk down the list.
    if let index = indexByType[ObjectIdentifier(Swift.type(of: object))] { return all[index] }
    for drawing in all where drawing.matches(object) { return drawing }
    return nil
  }

  /// `all`'s index of each listed class.
  static let indexByType = Dictionary(all.enumerated().map { ($1.type, $0) }, uniquingKeysWith: { first, _ in first })

  /// A control's rows: `isEnabled`, first (UIControl and its subclasses).
  static func controlRows(_ control: UIControl, _ make: RowMaker) -> InspectorRows {
    InspectorRows(leading: [make.flag("isEnabled", control.isEnabled)])
  }

  /// A scroll view's rows: the flags that decide whether its content gets touches.
  static func scrollViewRows(_ scroll: UIScrollView, _ make: RowMaker) -> InspectorRows {
    InspectorRows(trailing: [
      make.flag("delaysContentTouches", scroll.delaysContentTouches),
      make.flag("canCancelContentTouches", scroll.canCancelContentTouches),
      make.flag("isScrollEnabled", scroll.isScrollEnabled),
    ])
  }
}
