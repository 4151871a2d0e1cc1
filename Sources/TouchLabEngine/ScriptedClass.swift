import Foundation

/// A class declared in a layout file (`ZZButton`, `YellowView`, `GLTableView`…): a subclass
/// of a built-in class, or of another declared class, that overrides some methods. An
/// override logs a line (as the articles' `NSLog(@"%s", __func__)`) and either calls super or
/// swallows the call; `pointInside`/`hitTest` overrides replace UIKit's answer with a rule.
public final class ScriptedClass {
  /// A method a declared class can override.
  public enum Method: String, CaseIterable, Sendable {
    case touchesBegan, touchesMoved, touchesEnded, touchesCancelled
    case hitTest, pointInside
    case beginTracking, continueTracking, endTracking, cancelTracking
    case sendAction
    case gestureRecognizerShouldBegin
    case touchesShouldBegin, touchesShouldCancel

    /// Logged `hitTest`/`pointInside` overrides always return super's answer unless a rule
    /// replaces it: "swallowing" a question has no meaning.
    var returnsSuperAnswer: Bool { self == .hitTest || self == .pointInside }

    /// The Objective-C selector the transcripts print.
    public var selector: String {
      switch self {
      case .touchesBegan: "touchesBegan:withEvent:"
      case .touchesMoved: "touchesMoved:withEvent:"
      case .touchesEnded: "touchesEnded:withEvent:"
      case .touchesCancelled: "touchesCancelled:withEvent:"
      case .hitTest: "hitTest:withEvent:"
      case .pointInside: "pointInside:withEvent:"
      case .beginTracking: "beginTrackingWithTouch:withEvent:"
      case .continueTracking: "continueTrackingWithTouch:withEvent:"
      case .endTracking: "endTrackingWithTouch:withEvent:"
      case .cancelTracking: "cancelTrackingWithEvent:"
      case .sendAction: "sendAction:to:forEvent:"
      case .gestureRecognizerShouldBegin: "gestureRecognizerShouldBegin:"
      case .touchesShouldBegin: "touchesShouldBegin:withEvent:inContentView:"
      case .touchesShouldCancel: "touchesShouldCancelInContentView:"
      }
    }
  }

  /// What an override prints and when.
  public struct Log: Equatable, Sendable {
    /// The line, with `%s` standing for `-[Class selector]` (like `__func__`) and the
    /// placeholders of `LinePlaceholder` for values. Nil prints the class's `logFormat`, or
    /// `%s` alone.
    public var text: String?
    /// Print after the super call returns (the articles' "after called state = 5").
    public var afterSuper: Bool
    public init(text: String? = nil, afterSuper: Bool = false) {
      self.text = text
      self.afterSuper = afterSuper
    }
  }

  /// A `point(inside:with:)` rule (docs/BEHAVIOUR.md §2).
  public enum PointInsideRule: Equatable, Sendable {
    /// Inside the bounds grown or shrunk by these insets (negative grows: button hit slop).
    case inset(UIEdgeInsets)
    /// Inside the bounds grown, centred, to at least this size ([A1]'s `HitTestingBounds`).
    case minimumSize(CGSize)
    /// Inside any subview's frame ([A3] §2.3: a child outside its parent's bounds).
    case subviews
    /// Inside a subview that is a `UIControl` ([A3] §2.3: a button under a covering view).
    case controlSubviews
    /// Inside the bounds, or inside these views (the tab bar's centre button, [A2]).
    case orInside([String])
  }

  /// A `hitTest(_:with:)` rule (docs/BEHAVIOUR.md §2).
  public enum HitTestRule: Equatable, Sendable {
    /// Return the superview ([A1] 情景1).
    case superview
    /// Return nil: neither this view nor its subviews take touches.
    case none
    /// Return this view whenever the default would return anything.
    case `self`
    /// Return nil when the default answer is this view itself (a pass-through container).
    case passThrough
    /// Any hit inside goes to the view with this id ([A3] §2.3's scroll-view container).
    case forwardTo(String)
    /// Ask subviews even when the point is outside the bounds ([A1]'s child outside its parent).
    case outsideBounds
  }

  public let name: String
  /// The declared class this one inherits from, if its base is not a built-in class.
  public let superclass: ScriptedClass?
  /// The built-in class at the root of the chain (`UIButton`, `UIView`…).
  public let builtinBase: String
  public var logs: [Method: Log] = [:]
  /// Methods whose overrides call super. A method that is logged but not listed here swallows the call.
  public var callsSuper: Set<Method> = Set(Method.allCases)
  /// Action methods this class implements (found by a nil-target action's responder-chain search).
  public var actions: Set<String> = []
  public var pointInside: PointInsideRule?
  public var hitTest: HitTestRule?
  /// Fixed answers of overridden yes/no questions (`touchesShouldCancel: true`, the usual
  /// recipe that lets a drag starting on a button scroll its scroll view).
  public var answers: [Method: OverrideAnswer] = [:]
  /// The conditions under which the `pointInside` and `hitTest` rules apply (always when nil).
  public var pointInsideCondition: OverrideCondition?
  public var hitTestCondition: OverrideCondition?
  /// `%s`-style format applied to every logged line of this class that gives no text ([A3]'s "method: %s").
  public var logFormat: String?

  /// The format `log` prints: its own text, else the class's `logFormat`, else `%s`.
  func text(of log: Log) -> String { log.text ?? logFormat ?? "%s" }

  /// Whether `log`'s line shows `%result` (then it is printed once the method has returned).
  /// Every call of a logged method asks: a plain scan of the bytes, as the standard
  /// library's `firstRange(of:)` built a searcher (and its metadata) each time, 14 % of a tap.
  func showsResult(_ log: Log) -> Bool {
    let placeholder: StaticString = "%result"
    var text = text(of: log)
    return text.withUTF8 { bytes in
      placeholder.withUTF8Buffer { pattern in
        guard bytes.count >= pattern.count else { return false }
        for start in 0...(bytes.count - pattern.count) where bytes[start] == pattern[0] {
          var index = 1
          while index < pattern.count, bytes[start + index] == pattern[index] { index += 1 }
          if index == pattern.count { return true }
        }
        return false
      }
    }
  }

  public init(name: String, superclass: ScriptedClass?, builtinBase: String) {
    self.name = name
    self.superclass = superclass
    self.builtinBase = builtinBase
  }

  /// Whether this class or a declared ancestor is (or derives from) the named class.
  public func isKind(of className: String) -> Bool {
    var cls: ScriptedClass? = self
    while let c = cls {
      if c.name == className { return true }
      cls = c.superclass
    }
    return builtinBase == className
  }

  /// The declared class, from this one up, that implements an action method.
  func implementor(of action: String) -> ScriptedClass? {
    var cls: ScriptedClass? = self
    while let c = cls {
      if c.actions.contains(action) { return c }
      cls = c.superclass
    }
    return nil
  }

  /// Whether this class or a declared ancestor overrides `method` (when none does, calling
  /// it is calling the built-in method).
  func chainOverrides(_ method: Method) -> Bool {
    var cls: ScriptedClass? = self
    while let c = cls {
      if c.overrides(method) { return true }
      cls = c.superclass
    }
    return false
  }

  func overrides(_ method: Method) -> Bool {
    switch method {
    case .pointInside: logs[method] != nil || pointInside != nil
    case .hitTest: logs[method] != nil || hitTest != nil
    default: logs[method] != nil || answers[method] != nil
    }
  }
}

/// Anything a declared class can subclass: responders and gesture recognizers.
public protocol Scriptable: AnyObject {
  var scriptedClass: ScriptedClass? { get }
  /// What records call it: a view, controller, window, application, recognizer or responder.
  var participantKind: Participant.Kind { get }
  /// The id the layout gave this object.
  var identifier: String? { get }
  /// Where this object's records go (nil while it is not in a window).
  var recorder: DeliveryRecorder? { get }
  /// The state to print for `%state` (recognizers only).
  var scriptedStateValue: Int? { get }
  /// The Swift class's name (`UIButton`); responders and recognizers work it out once, as
  /// every record of every event asks for it.
  var builtinClassName: String { get }
}

extension Scriptable {
  public var scriptedStateValue: Int? { nil }

  public var builtinClassName: String { String(describing: type(of: self)) }

  /// The class name transcripts use: the declared class, else the built-in one.
  public var className: String {
    scriptedClass?.name ?? builtinClassName
  }

  /// Runs `method` the way a declared subclass chain would: from the most derived class up,
  /// each override logs and calls super (or swallows, returning `swallowed`); `rule` lets a
  /// class level answer by itself (pointInside/hitTest rules), given a way to call super;
  /// the built-in implementation runs at the bottom.
  func invokeScripted<R>(
    _ method: ScriptedClass.Method, touches: [UITouch] = [], swallowed: R,
    rule: ((ScriptedClass, () -> R) -> R?)? = nil, builtin: () -> R
  ) -> R {
    guard let cls = scriptedClass else { return builtin() }
    return invokeLevel(cls, method, touches, swallowed, rule, builtin)
  }

  private func invokeLevel<R>(
    _ cls: ScriptedClass?, _ method: ScriptedClass.Method, _ touches: [UITouch], _ swallowed: R,
    _ rule: ((ScriptedClass, () -> R) -> R?)?, _ builtin: () -> R
  ) -> R {
    guard let c = cls else { return builtin() }
    guard c.overrides(method) else { return invokeLevel(c.superclass, method, touches, swallowed, rule, builtin) }
    return withoutActuallyEscaping(builtin) { builtin in
      invokeOverride(c, method, touches, swallowed, rule, builtin)
    }
  }

  private func invokeOverride<R>(
    _ c: ScriptedClass, _ method: ScriptedClass.Method, _ touches: [UITouch], _ swallowed: R,
    _ rule: ((ScriptedClass, () -> R) -> R?)?, _ builtin: @escaping () -> R
  ) -> R {
    let callSuper = { self.invokeLevel(c.superclass, method, touches, swallowed, rule, builtin) }
    let log = c.logs[method]
    // A line that shows `%result` waits for the answer, as an NSLog after the call would.
    let after = log.map { $0.afterSuper || c.showsResult($0) } ?? false
    if let log, !after { emitLog(log, of: c, method, touches, result: nil) }
    let result: R
    if let rule, let answer = rule(c, callSuper) {
      result = answer
    } else if log == nil || c.callsSuper.contains(method) || method.returnsSuperAnswer {
      result = callSuper()
    } else {
      result = swallowed
    }
    if let log, after { emitLog(log, of: c, method, touches, result: LinePlaceholder.describe(result)) }
    return result
  }

  private func emitLog(
    _ log: ScriptedClass.Log, of cls: ScriptedClass, _ method: ScriptedClass.Method, _ touches: [UITouch],
    result: String?
  ) {
    guard let recorder, recorder.isListening else { return }
    let function = "-[\(cls.name) \(method.selector)]"
    let format = cls.text(of: log)
    var line = function
    if format != "%s" {  // the usual format is just the method: no searching then
      line = LinePlaceholder.expand(
        format, LineContext(subject: self, function: function, touches: touches, result: result))
    }
    let own = participant
    recorder.record(
      .logged(method: method.selector, receiver: Participant(kind: own.kind, className: cls.name, id: identifier)),
      touches: touches, line: line)
  }
}
