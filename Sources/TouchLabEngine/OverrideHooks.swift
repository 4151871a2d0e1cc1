import Foundation

/// A UIKit method that a subclass declared outside the engine (a layout file's class) may
/// override. The engine calls each one through its receiver's `OverrideHooks`, when it has
/// any, and otherwise calls the built-in method straight.
public enum OverridableMethod: String, CaseIterable, Sendable {
  case touchesBegan, touchesMoved, touchesEnded, touchesCancelled
  case hitTest, pointInside
  case beginTracking, continueTracking, endTracking, cancelTracking
  case sendAction
  case gestureRecognizerShouldBegin
  case touchesShouldBegin, touchesShouldCancel
  /// A table or collection view cell's (docs/BEHAVIOUR.md §19).
  case setHighlighted, setSelected
  /// A view controller's appearance callbacks (docs/BEHAVIOUR.md §27.1).
  case viewWillAppear, viewDidAppear, viewWillDisappear, viewDidDisappear

  /// The Objective-C selector.
  public var selector: String { uikitSelector.rawValue }

  /// The method as `UIKitSelector` names it.
  public var uikitSelector: UIKitSelector {
    switch self {
    case .touchesBegan: .touchesBegan
    case .touchesMoved: .touchesMoved
    case .touchesEnded: .touchesEnded
    case .touchesCancelled: .touchesCancelled
    case .hitTest: .hitTest
    case .pointInside: .pointInside
    case .beginTracking: .beginTracking
    case .continueTracking: .continueTracking
    case .endTracking: .endTracking
    case .cancelTracking: .cancelTracking
    case .sendAction: .sendAction
    case .gestureRecognizerShouldBegin: .gestureRecognizerShouldBegin
    case .touchesShouldBegin: .touchesShouldBegin
    case .touchesShouldCancel: .touchesShouldCancel
    case .setHighlighted: .setHighlighted
    case .setSelected: .setSelected
    case .viewWillAppear: .viewWillAppear
    case .viewDidAppear: .viewDidAppear
    case .viewWillDisappear: .viewWillDisappear
    case .viewDidDisappear: .viewDidDisappear
    }
  }

  /// The `touches…` method UIKit calls for `phase`.
  public init(touchPhase: UITouch.Phase) {
    switch touchPhase {
    case .began: self = .touchesBegan
    case .moved, .stationary: self = .touchesMoved
    case .ended: self = .touchesEnded
    case .cancelled: self = .touchesCancelled
    }
  }
}

/// One call of an overridable method, as an override sees it: the receiver and the call's
/// arguments (those the method has).
public struct OverrideCall {
  public let method: OverridableMethod
  /// The responder or recognizer the method was called on.
  public let receiver: any Overridable
  public let touches: [UITouch]
  public let event: UIEvent?
  /// The point asked about (`hitTest`, `pointInside`), in the receiver's coordinates.
  public let point: CGPoint
  /// The recognizer asked about (`gestureRecognizerShouldBegin`).
  public let recognizer: UIGestureRecognizer?
  /// The content view asked about (`touchesShouldBegin`, `touchesShouldCancel`).
  public let contentView: UIView?
  /// The `animated` argument (a view controller's appearance callbacks).
  public let animated: Bool?

  init(
    _ method: OverridableMethod, on receiver: any Overridable, touches: [UITouch] = [], event: UIEvent? = nil,
    point: CGPoint = .zero, recognizer: UIGestureRecognizer? = nil, contentView: UIView? = nil,
    animated: Bool? = nil
  ) {
    self.method = method
    self.receiver = receiver
    self.touches = touches
    self.event = event
    self.point = point
    self.recognizer = recognizer
    self.contentView = contentView
    self.animated = animated
  }

  /// Whether anyone reads records now: an override that writes its own text skips it otherwise.
  public var isRecorded: Bool { receiver.recorder?.isListening ?? false }

  /// Records that the override declared in class `className` (the receiver's class or one
  /// of its declared superclasses) ran: a `logged` record naming the method, the receiver as
  /// that class, and the call's touches. `text` is the override's own line, written outside
  /// the engine; nil leaves the line to the transcript (`-[className selector]`).
  public func recordOverride(of className: String, text: String? = nil) {
    guard let recorder = receiver.recorder, recorder.isListening else { return }
    let participant = Participant(
      kind: receiver.participantKind, className: className, id: receiver.identifier, object: receiver.serial)
    recorder.record(.logged(method: method.selector, receiver: participant), touches: touches, text: text)
  }
}

/// What an object whose class was declared outside the engine answers the engine with: the
/// engine asks at every overridable method whether the class overrides it, and when it does,
/// lets the hooks run the call around the built-in implementation (calling it or not,
/// replacing its answer). Responders and recognizers carry them as `overrideHooks`.
public protocol OverrideHooks: AnyObject {
  /// The declared class's name: records name the object by it.
  var className: String { get }
  /// Whether the class (or a declared superclass) overrides `method`. When not, the engine
  /// calls the built-in method straight, making nothing.
  func overrides(_ method: OverridableMethod) -> Bool
  /// Runs an overridden method that returns nothing; `builtin` is the built-in implementation.
  func perform(_ call: OverrideCall, builtin: () -> Void)
  /// Runs an overridden yes/no method (`pointInside`, `beginTracking`, `continueTracking`,
  /// `gestureRecognizerShouldBegin`, `touchesShouldBegin`, `touchesShouldCancel`).
  func answer(_ call: OverrideCall, builtin: () -> Bool) -> Bool
  /// Runs an overridden `hitTest(_:with:)`.
  func hitTest(_ call: OverrideCall, builtin: () -> UIView?) -> UIView?
  /// The name of the declared class, from this one up, that implements action method `name`
  /// (the responder chain's question "does this object implement it?"); nil when none does.
  func implementor(ofAction name: String) -> String?
  /// The line of action `name` received by this object as `implementor` (one of its classes),
  /// when the class writes its own; nil leaves it to the transcript (`-[implementor name]`).
  func actionText(_ name: String, implementor: String) -> String?
}

/// Anything a declared class can subclass: responders and gesture recognizers.
public protocol Overridable: AnyObject {
  /// The declared class's hooks (nil: the object is of its built-in class).
  var overrideHooks: (any OverrideHooks)? { get }
  /// What records call it: a view, controller, window, application, recognizer or responder.
  var participantKind: Participant.Kind { get }
  /// The id the layout gave this object.
  var identifier: String? { get }
  /// The object's identity in records, given when it is made.
  var serial: ObjectSerial { get }
  /// Where this object's records go (nil while it is not in a window).
  var recorder: DeliveryRecorder? { get }
  /// The Swift class's name (`UIButton`); responders and recognizers work it out once, as
  /// every record of every event asks for it.
  var builtinClassName: String { get }
}

/// A class's name as records, errors and drawings print it (`UIButton`, not
/// `TouchLabEngine.UIButton`), read from the type's metadata. `String(describing:)` would
/// first look for three protocol conformances of the metatype: a search of every
/// conformance record of the program (about 1 M instructions a class in the static build).
public func className(of type: Any.Type) -> String { _typeName(type, qualified: false) }

extension Overridable {
  public var builtinClassName: String { TouchLabEngine.className(of: type(of: self)) }

  /// The class name records use: the declared class, else the built-in one.
  public var className: String {
    overrideHooks?.className ?? builtinClassName
  }

  /// Calls `method` as a message from outside: through the declared class's hooks when it
  /// overrides the method, else the built-in implementation straight (nothing is made then).
  @inline(__always)
  func callOverridable(
    _ method: OverridableMethod, touches: [UITouch] = [], event: UIEvent? = nil, contentView: UIView? = nil,
    animated: Bool? = nil, builtin: () -> Void
  ) {
    guard let hooks = overrideHooks, hooks.overrides(method) else { return builtin() }
    hooks.perform(
      OverrideCall(method, on: self, touches: touches, event: event, contentView: contentView, animated: animated),
      builtin: builtin)
  }

  @inline(__always)
  func callOverridable(
    _ method: OverridableMethod, touches: [UITouch] = [], event: UIEvent? = nil, point: CGPoint = .zero,
    recognizer: UIGestureRecognizer? = nil, contentView: UIView? = nil, builtin: () -> Bool
  ) -> Bool {
    guard let hooks = overrideHooks, hooks.overrides(method) else { return builtin() }
    let call = OverrideCall(
      method, on: self, touches: touches, event: event, point: point, recognizer: recognizer, contentView: contentView)
    return hooks.answer(call, builtin: builtin)
  }
}
