import Foundation
import TouchLabEngine

/// A class declared in a layout file (`ZZButton`, `YellowView`, `GLTableView`…): a subclass
/// of a built-in class, or of another declared class, that overrides some methods. An
/// override logs a line (as the articles' `NSLog(@"%s", __func__)`) and either calls super or
/// swallows the call; `pointInside`/`hitTest` overrides replace UIKit's answer with a rule.
/// The engine runs these through `OverrideHooks` (ScriptedClass+Hooks.swift), which a
/// declared class's objects carry.
public final class ScriptedClass {
  /// A method a declared class can override.
  public typealias Method = OverridableMethod

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
  public var logs: [Method: Log] = [:] { didSet { updateOverridden() } }
  /// Methods whose overrides call super. A method that is logged but not listed here swallows the call.
  public var callsSuper: Set<Method> = Set(Method.allCases)
  /// Action methods this class implements (found by a nil-target action's responder-chain search).
  public var actions: Set<String> = []
  public var pointInside: PointInsideRule? { didSet { updateOverridden() } }
  public var hitTest: HitTestRule? { didSet { updateOverridden() } }
  /// Fixed answers of overridden yes/no questions (`touchesShouldCancel: true`, the usual
  /// recipe that lets a drag starting on a button scroll its scroll view).
  public var answers: [Method: OverrideAnswer] = [:] { didSet { updateOverridden() } }
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
    // The chain is walked without retaining each superclass: a class holds its superclass
    // for its life.
    var cls = Unmanaged.passUnretained(self)
    while true {
      let (overrides, superclass) = cls._withUnsafeGuaranteedRef {
        ($0.overridesOwn(method), $0.superclass.map { Unmanaged.passUnretained($0) })
      }
      if overrides { return true }
      guard let superclass else { return false }
      cls = superclass
    }
  }

  /// The engine asks this before every overridable call of every object of the class (30
  /// times a tap): one bit a method, kept in step with what decides it, where two dictionary
  /// lookups hashed the method each time.
  func overridesOwn(_ method: Method) -> Bool { overridden & method.bit != 0 }

  private var overridden: UInt32 = 0

  private func updateOverridden() {
    var bits: UInt32 = 0
    for method in Method.allCases {
      let own =
        switch method {
        case .pointInside: logs[method] != nil || pointInside != nil
        case .hitTest: logs[method] != nil || hitTest != nil
        default: logs[method] != nil || answers[method] != nil
        }
      if own { bits |= method.bit }
    }
    overridden = bits
  }
}

extension OverridableMethod {
  /// The method's bit in a class's set of overridden methods.
  fileprivate var bit: UInt32 {
    switch self {
    case .touchesBegan: 1 << 0
    case .touchesMoved: 1 << 1
    case .touchesEnded: 1 << 2
    case .touchesCancelled: 1 << 3
    case .hitTest: 1 << 4
    case .pointInside: 1 << 5
    case .beginTracking: 1 << 6
    case .continueTracking: 1 << 7
    case .endTracking: 1 << 8
    case .cancelTracking: 1 << 9
    case .sendAction: 1 << 10
    case .gestureRecognizerShouldBegin: 1 << 11
    case .touchesShouldBegin: 1 << 12
    case .touchesShouldCancel: 1 << 13
    case .setHighlighted: 1 << 14
    case .setSelected: 1 << 15
    case .viewWillAppear: 1 << 16
    case .viewDidAppear: 1 << 17
    case .viewWillDisappear: 1 << 18
    case .viewDidDisappear: 1 << 19
    }
  }
}
