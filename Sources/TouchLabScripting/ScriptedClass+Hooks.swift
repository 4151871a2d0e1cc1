import Foundation
import TouchLabEngine

/// A declared class as the engine sees it: the hooks its objects carry. Each overridden call
/// runs the way a declared subclass chain would: from the most derived class up, each
/// override logs and calls super (or swallows the call), a rule or a fixed answer may answer
/// by itself, and the built-in implementation runs at the bottom.
extension ScriptedClass: OverrideHooks {
  public var className: String { name }

  public func overrides(_ method: OverridableMethod) -> Bool { chainOverrides(method) }

  public func perform(_ call: OverrideCall, builtin: () -> Void) {
    invokeLevel(self, call, swallowed: (), rule: nil, builtin: builtin)
  }

  public func answer(_ call: OverrideCall, builtin: () -> Bool) -> Bool {
    switch call.method {
    case .pointInside:
      guard let view = call.receiver as? UIView else { return builtin() }
      return invokeLevel(
        self, call, swallowed: false,
        rule: { cls, callSuper in
          let applies = cls.pointInsideCondition?.holds(OverrideFacts(hitTesting: call.event)) ?? true
          return applies ? cls.pointInside?.answer(view, call.point, call.event, callSuper) : nil
        }, builtin: builtin)
    default:
      // A swallowed tracking call does not track; a swallowed question is not a no.
      let swallowed = !(call.method == .beginTracking || call.method == .continueTracking)
      return invokeLevel(
        self, call, swallowed: swallowed,
        rule: { cls, callSuper in cls.answer(call.method, Self.facts(of: call), callSuper: callSuper) },
        builtin: builtin)
    }
  }

  public func hitTest(_ call: OverrideCall, builtin: () -> UIView?) -> UIView? {
    guard let view = call.receiver as? UIView else { return builtin() }
    return invokeLevel(
      self, call, swallowed: nil,
      rule: { cls, callSuper in
        let applies = cls.hitTestCondition?.holds(OverrideFacts(hitTesting: call.event)) ?? true
        return applies ? cls.hitTest?.answer(view, call.point, call.event, callSuper) : nil
      }, builtin: builtin)
  }

  public func implementor(ofAction name: String) -> String? { implementor(of: name)?.name }

  /// The action's line as the receiver's class logs (`logFormat`, e.g. [A3]'s "method: %s"):
  /// the implementing class's format, else this class's.
  public func actionText(_ name: String, implementor: String) -> String? {
    guard let format = (self.implementor(of: name) ?? self).logFormat, format != "%s" else { return nil }
    return format.replacingOccurrences(of: "%s", with: "-[\(implementor) \(name)]")
  }

  /// What a condition on `call`'s answer is tested against.
  private static func facts(of call: OverrideCall) -> OverrideFacts {
    switch call.method {
    case .gestureRecognizerShouldBegin:
      guard let recognizer = call.recognizer else { return OverrideFacts(touch: nil) }
      return OverrideFacts(recognizer: recognizer)
    case .touchesShouldBegin, .touchesShouldCancel:
      return OverrideFacts(touch: call.touches.first, touchedView: call.contentView)
    default:
      return OverrideFacts(touch: call.touches.first, event: call.event)
    }
  }

  // MARK: The chain

  private func invokeLevel<R>(
    _ cls: ScriptedClass?, _ call: OverrideCall, swallowed: R, rule: ((ScriptedClass, () -> R) -> R?)?,
    builtin: () -> R
  ) -> R {
    guard let c = cls else { return builtin() }
    guard c.overridesOwn(call.method) else {
      return invokeLevel(c.superclass, call, swallowed: swallowed, rule: rule, builtin: builtin)
    }
    return withoutActuallyEscaping(builtin) { builtin in
      invokeOverride(c, call, swallowed, rule, builtin)
    }
  }

  private func invokeOverride<R>(
    _ c: ScriptedClass, _ call: OverrideCall, _ swallowed: R, _ rule: ((ScriptedClass, () -> R) -> R?)?,
    _ builtin: @escaping () -> R
  ) -> R {
    let method = call.method
    // Called where it is used, not kept in a closure: a kept one is a context allocated and
    // the call copied into it, on every logged call.
    func callSuper() -> R { invokeLevel(c.superclass, call, swallowed: swallowed, rule: rule, builtin: builtin) }
    let log = c.logs[method]
    // A line that shows `%result` waits for the answer, as an NSLog after the call would.
    let after = log.map { $0.afterSuper || c.showsResult($0) } ?? false
    if let log, !after { c.emitLog(log, call, result: nil) }
    let result: R
    if let rule, let answer = rule(c, callSuper) {
      result = answer
    } else if log == nil || c.callsSuper.contains(method) || method.returnsSuperAnswer {
      result = callSuper()
    } else {
      result = swallowed
    }
    if let log, after { c.emitLog(log, call, result: LinePlaceholder.describe(result)) }
    return result
  }

  /// Records the override's run: the line is `-[Class selector]` (the transcript writes it)
  /// unless the log gives its own text, written here with its placeholders' values now.
  private func emitLog(_ log: Log, _ call: OverrideCall, result: String?) {
    guard call.isRecorded else { return }
    let format = text(of: log)
    guard format != "%s" else { return call.recordOverride(of: name) }  // the usual line: nothing to write
    let function = "-[\(name) \(call.method.selector)]"
    let line = LinePlaceholder.expand(
      format,
      LineContext(
        subject: call.receiver, function: function, touches: call.touches, result: result, animated: call.animated))
    call.recordOverride(of: name, text: line)
  }
}

extension OverridableMethod {
  /// Logged `hitTest`/`pointInside` overrides always return super's answer unless a rule
  /// replaces it: "swallowing" a question has no meaning.
  var returnsSuperAnswer: Bool { self == .hitTest || self == .pointInside }
}

extension ScriptedClass.HitTestRule {
  /// The rule's answer for `view` (`.none`: no answer, the class answers as its superclass).
  func answer(_ view: UIView, _ point: CGPoint, _ event: UIEvent?, _ callSuper: () -> UIView?) -> UIView?? {
    switch self {
    case .none:
      return .some(nil)
    case .superview:
      return .some(callSuper() == nil ? nil : view.superview)
    case .self:
      return .some(callSuper() == nil ? nil : view)
    case .passThrough:
      let hit = callSuper()
      return .some(hit === view ? nil : hit)
    case .forwardTo(let id):
      guard callSuper() != nil else { return .some(nil) }
      return .some(view.window?.view(withIdentifier: id) ?? view.view(withIdentifier: id))
    case .outsideBounds:
      guard view.canTakeTouches else { return .some(nil) }
      if let hit = view.hitTestSubviews(point, with: event) { return .some(hit) }
      return .some(view.dispatchPointInside(point, with: event) ? view : nil)
    }
  }
}

extension ScriptedClass.PointInsideRule {
  /// The rule's answer for `view`.
  func answer(_ view: UIView, _ point: CGPoint, _ event: UIEvent?, _ callSuper: () -> Bool) -> Bool? {
    let bounds = view.bounds
    switch self {
    case .inset(let insets):
      return bounds.inset(by: insets).containsPoint(point)
    case .minimumSize(let size):
      var area = bounds
      if size.width > area.width {
        area.origin.x -= (size.width - area.width) / 2
        area.size.width = size.width
      }
      if size.height > area.height {
        area.origin.y -= (size.height - area.height) / 2
        area.size.height = size.height
      }
      return area.containsPoint(point)
    case .subviews:
      return view.subviews.contains { $0.frame.containsPoint(point) }
    case .controlSubviews:
      return view.subviews.contains { $0 is UIControl && $0.frame.containsPoint(point) }
    case .orInside(let ids):
      // One walk of the window finds them all (a walk per id cost ids × views a call).
      let found = view.window?.views(withIdentifiers: Set(ids)) ?? [:]
      for id in ids {
        guard let other = found[id] else { continue }
        if other.point(inside: other.convert(point, from: view), with: event) { return true }
      }
      return callSuper()
    }
  }
}
