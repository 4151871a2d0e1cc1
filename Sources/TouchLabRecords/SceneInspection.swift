import Foundation
import TouchLabEngine

/// What the window's inspector lists: the view tree (class, id, frame), each view's
/// recognizers with the properties that decide where touches go, each control's targets,
/// the file's scenarios, the properties changed in the window, and the hit-test path of the
/// point under the mouse. Read from the engine's objects when the frame is made; drawn by
/// `SceneRenderer`; the window flips its boolean properties (`Property.settableID`). What
/// each class lists beyond every view's or recognizer's own (a switch's `isOn`) is asked of
/// `classProperties`: the renderer's class descriptions (`ClassDrawing`) give them.
public struct SceneInspection: Equatable, Sendable {
  /// One property of an object.
  public struct Property: Equatable, Hashable, Sendable {
    public enum Value: Equatable, Hashable, Sendable {
      case flag(Bool)
      case text(String)
    }

    /// UIKit's name (`cancelsTouchesInView`), the name `--set` takes.
    public var name: String
    public var value: Value
    /// The object's layout id when the property can be flipped (`ID.NAME=VALUE`); nil for
    /// objects the layout did not name and for values that are not flags.
    public var settableID: String?
    /// Flipped in the window: no longer the layout file's value.
    public var isChanged = false

    public init(name: String, value: Value, settableID: String? = nil, isChanged: Bool = false) {
      self.name = name
      self.value = value
      self.settableID = settableID
      self.isChanged = isChanged
    }

    /// `ID.NAME`, when it can be flipped.
    public var path: String? { settableID.map { "\($0).\(name)" } }
  }

  /// One line of the tree.
  public struct Row: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
      case view
      case recognizer
      case target
    }

    public var kind: Kind
    /// Nesting: 0 for the window.
    public var depth: Int
    /// `UIButton done`, `UITapGestureRecognizer backTap`, `touchUpInside → print “…”`.
    public var title: String
    /// A view's frame in its superview's coordinates.
    public var detail: String?
    /// The view or recognizer, to match the hit-test path's steps.
    public var object: ObjectIdentifier?
    public var properties: [Property]
  }

  /// Makes one object's properties: a flag the window can flip (when the object has a layout
  /// id), or a text.
  public struct PropertyMaker {
    public let flag: (String, Bool) -> Property
    public let text: (String, String) -> Property

    public init(flag: @escaping (String, Bool) -> Property, text: @escaping (String, String) -> Property) {
      self.flag = flag
      self.text = text
    }
  }

  /// The properties a class lists beyond every view's (or recognizer's) own: `leading` before
  /// them, `trailing` after.
  public struct ClassProperties {
    public var leading: [Property]
    public var trailing: [Property]

    public init(leading: [Property] = [], trailing: [Property] = []) {
      self.leading = leading
      self.trailing = trailing
    }
  }

  public var rows: [Row]
  /// The layout file's scenarios, in the file's order (digits 1–9 play them).
  public var scenarios: [String] = []
  /// The scenario playing, if any.
  public var playingScenario: String?
  /// The properties flipped in the window, as `ID.NAME=VALUE`.
  public var changes: [String] = []
  /// The hit-test path of the point under the mouse, if the mouse is over the scene.
  public var hitTest: HitTestTrace?

  /// The inspection of `window`'s tree, then of the application's other windows. `layoutID` gives an object's layout id when the
  /// window may change it (nil: shown, not flippable); `changed` tells whether `ID.NAME`
  /// was flipped.
  /// `origin` gives where a debugger dump showed an object (`0x7f… line 12`, docs/import.md),
  /// listed as its `dump` property. `classProperties` gives what an object's class lists
  /// beyond every view's or recognizer's properties (nil: nothing).
  public init(
    window: UIWindow, layoutID: (AnyObject) -> String? = { _ in nil },
    changed: @escaping (String) -> Bool = { _ in false },
    origin: (AnyObject) -> String? = { _ in nil },
    classProperties: (AnyObject, PropertyMaker) -> ClassProperties?
  ) {
    var rows: [Row] = []
    func flag(_ name: String, _ value: Bool, _ id: String?) -> Property {
      let property = Property(name: name, value: .flag(value), settableID: id)
      var marked = property
      marked.isChanged = property.path.map(changed) ?? false
      return marked
    }
    func text(_ name: String, _ value: String) -> Property { Property(name: name, value: .text(value)) }
    func maker(_ id: String?) -> PropertyMaker {
      PropertyMaker(flag: { flag($0, $1, id) }, text: text)
    }

    func visit(_ view: UIView, depth: Int) {
      guard rows.count < Self.rowLimit else { return }
      let id = layoutID(view)
      var properties = [
        flag("isUserInteractionEnabled", view.isUserInteractionEnabled, id),
        flag("isExclusiveTouch", view.isExclusiveTouch, id),
        flag("isMultipleTouchEnabled", view.isMultipleTouchEnabled, id),
      ]
      if let origin = origin(view) { properties.insert(text("dump", origin), at: 0) }
      if view.isHidden { properties.append(flag("isHidden", true, id)) }
      if view.alpha < 1 { properties.append(text("alpha", Self.number(Double(view.alpha)))) }
      if let classRows = classProperties(view, maker(id)) {
        properties.insert(contentsOf: classRows.leading, at: 0)
        properties += classRows.trailing
      }
      rows.append(
        Row(
          kind: .view, depth: depth, title: Self.name(of: view), detail: Self.frameText(view.frame),
          object: ObjectIdentifier(view), properties: properties))
      if let control = view as? UIControl {
        for pair in control.targetActionList {
          let events = UIControl.Event.named.filter { pair.events.contains($0.1) && $0.1 != .allEvents }.map(\.0)
          rows.append(
            Row(
              kind: .target, depth: depth + 1,
              title: (events.first.map { $0 } ?? "events") + " → " + Self.describe(pair.action, to: pair.target),
              object: nil, properties: []))
        }
      }
      for recognizer in view.gestureRecognizers {
        let rid = layoutID(recognizer)
        var properties = [
          flag("isEnabled", recognizer.isEnabled, rid),
          flag("cancelsTouchesInView", recognizer.cancelsTouchesInView, rid),
          flag("delaysTouchesBegan", recognizer.delaysTouchesBegan, rid),
          flag("delaysTouchesEnded", recognizer.delaysTouchesEnded, rid),
        ]
        properties += classProperties(recognizer, maker(rid))?.trailing ?? []
        if let origin = origin(recognizer) { properties.insert(text("dump", origin), at: 0) }
        let required = recognizer.requiredToFail.map(Self.name(of:))
        if !required.isEmpty { properties.append(text("require(toFail:)", required.joined(separator: ", "))) }
        if recognizer.delegate != nil { properties.append(text("delegate", "set")) }
        rows.append(
          Row(
            kind: .recognizer, depth: depth + 1, title: Self.name(of: recognizer), detail: nil,
            object: ObjectIdentifier(recognizer), properties: properties))
        for pair in recognizer.targetActionList {
          rows.append(
            Row(
              kind: .target, depth: depth + 2, title: "→ " + Self.describe(pair.action, to: pair.target), object: nil,
              properties: []))
        }
      }
      for subview in view.subviews { visit(subview, depth: depth + 1) }
    }
    visit(window, depth: 0)
    // The application's other windows after the main one, lowest level first, as they are
    // drawn (docs/BEHAVIOUR.md §15).
    for other in (window.application?.windowsFrontToBack ?? []).reversed() where other !== window {
      visit(other, depth: 0)
    }
    self.rows = rows
  }

  /// The most rows listed (a huge table's cells would make a list nobody reads).
  public static let rowLimit = 400

  /// `UIButton done`: the class, then the layout id if any.
  static func name(of object: any Overridable) -> String {
    object.identifier.map { "\(object.className) \($0)" } ?? object.className
  }

  /// What a target-action sends: `print “text”`, `LiveController pinched:`, `(responder chain) done:`.
  static func describe(_ action: ActionMessage, to target: AnyObject?) -> String {
    switch action {
    case .custom(let action): return action.description
    case .selector(let selector):
      let receiver = (target as? any Overridable).map(name(of:)) ?? (target == nil ? "responder chain" : "target")
      return "\(receiver) \(selector)"
    }
  }

  /// A number as the inspector lists it: `%g`.
  public static func number(_ value: Double) -> String { String(format: "%g", value) }

  static func frameText(_ frame: CGRect) -> String {
    "(" + [frame.minX, frame.minY, frame.width, frame.height].map { number(Double($0)) }.joined(separator: ", ") + ")"
  }
}
