import Foundation
import TouchLabEngine

/// A gesture recognizer delegate described by rules rather than code: what a layout's
/// `delegate:` key builds (the articles' usual `shouldReceiveTouch` fix, [A3] §4.4).
public final class RuleGestureDelegate: UIGestureRecognizerDelegate {
  /// False refuses every touch (only those meeting `acceptsTouchesCondition`, when it is set).
  /// `gestureRecognizer(_:shouldReceive:)` for the event (iOS 13.4): false refuses every new touch's event.
  public var acceptsEvents = true
  public var acceptsTouches = true
  public var acceptsTouchesCondition: OverrideCondition?
  /// Refuse touches whose hit view is one of these views or inside one.
  public var refuseTouchesInside: [UIView] = []
  /// Accept only touches whose hit view is one of these views or inside one (when not empty).
  public var acceptOnlyTouchesInside: [UIView] = []
  /// `gestureRecognizerShouldBegin(_:)`'s answer (only when `shouldBeginCondition` holds, when
  /// it is set; true otherwise).
  public var shouldBegin = true
  public var shouldBeginCondition: OverrideCondition?
  /// Recognize together with these recognizers; `simultaneousWithAll` with any.
  public var simultaneousWith: [UIGestureRecognizer] = []
  public var simultaneousWithAll = false
  public var requiresFailureOf: [UIGestureRecognizer] = []
  public var requiredToFailBy: [UIGestureRecognizer] = []

  /// A delegate method UIKit asks, by the name a layout's `delegate: {log: …}` gives it.
  public enum Question: String, CaseIterable, Sendable {
    case shouldReceiveEvent, shouldReceiveTouch, shouldBegin, shouldRecognizeSimultaneously, shouldRequireFailureOf,
      shouldBeRequiredToFailBy

    public var selector: String {
      let selector: UIKitSelector =
        switch self {
        case .shouldReceiveEvent: .shouldReceiveEvent
        case .shouldReceiveTouch: .shouldReceiveTouch
        case .shouldBegin: .gestureRecognizerShouldBegin
        case .shouldRecognizeSimultaneously: .shouldRecognizeSimultaneously
        case .shouldRequireFailureOf: .shouldRequireFailure
        case .shouldBeRequiredToFailBy: .shouldBeRequiredToFail
        }
      return selector.rawValue
    }
  }

  /// The line each logged question prints when it is asked, after it answered: `%s` is
  /// `-[DelegateClass selector]`, `%result` the answer, `%other` the other recognizer; the
  /// other placeholders read the recognizer asked about (docs/BEHAVIOUR.md §20).
  public var logs: [Question: String] = [:]
  /// The delegate's class as lines name it (the controller's, as delegates usually are).
  public var className = "UIViewController"

  public init() {}

  private func log(
    _ question: Question, _ recognizer: UIGestureRecognizer, _ answer: Bool, touch: UITouch? = nil,
    other: UIGestureRecognizer? = nil
  ) -> Bool {
    guard let format = logs[question], let application = recognizer.view?.application ?? touch?.window?.application
    else { return answer }
    var context = LineContext(
      subject: recognizer, function: "-[\(className) \(question.selector)]", result: answer ? "YES" : "NO")
    if let touch { context.touches = [touch] }
    context.other = other
    application.printLine(format, context, from: recognizer)
    return answer
  }

  /// A delegate with the same rules (to change one rule of a recognizer's delegate at a
  /// moment of a scenario without changing it before then).
  public func copy() -> RuleGestureDelegate {
    let copy = RuleGestureDelegate()
    copy.acceptsEvents = acceptsEvents
    copy.acceptsTouches = acceptsTouches
    copy.acceptsTouchesCondition = acceptsTouchesCondition
    copy.refuseTouchesInside = refuseTouchesInside
    copy.acceptOnlyTouchesInside = acceptOnlyTouchesInside
    copy.shouldBegin = shouldBegin
    copy.shouldBeginCondition = shouldBeginCondition
    copy.simultaneousWith = simultaneousWith
    copy.simultaneousWithAll = simultaneousWithAll
    copy.requiresFailureOf = requiresFailureOf
    copy.requiredToFailBy = requiredToFailBy
    copy.logs = logs
    copy.className = className
    return copy
  }

  public func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
    let answer: Bool
    if let condition = shouldBeginCondition {
      answer = condition.holds(OverrideFacts(recognizer: gestureRecognizer)) ? shouldBegin : true
    } else {
      answer = shouldBegin
    }
    return log(.shouldBegin, gestureRecognizer, answer)
  }

  public func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive event: UIEvent) -> Bool {
    log(.shouldReceiveEvent, gestureRecognizer, acceptsEvents)
  }

  public func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool {
    log(.shouldReceiveTouch, gestureRecognizer, receives(touch), touch: touch)
  }

  private func receives(_ touch: UITouch) -> Bool {
    if !acceptsTouches && (acceptsTouchesCondition?.holds(OverrideFacts(touch: touch)) ?? true) { return false }
    guard let view = touch.view else { return true }
    if refuseTouchesInside.contains(where: { view.isDescendant(of: $0) }) { return false }
    if !acceptOnlyTouchesInside.isEmpty && !acceptOnlyTouchesInside.contains(where: { view.isDescendant(of: $0) }) {
      return false
    }
    return true
  }

  public func gestureRecognizer(
    _ gestureRecognizer: UIGestureRecognizer,
    shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer
  ) -> Bool {
    let answer = simultaneousWithAll || simultaneousWith.contains { $0 === otherGestureRecognizer }
    return log(.shouldRecognizeSimultaneously, gestureRecognizer, answer, other: otherGestureRecognizer)
  }

  public func gestureRecognizer(
    _ gestureRecognizer: UIGestureRecognizer, shouldRequireFailureOf otherGestureRecognizer: UIGestureRecognizer
  ) -> Bool {
    let answer = requiresFailureOf.contains { $0 === otherGestureRecognizer }
    return log(.shouldRequireFailureOf, gestureRecognizer, answer, other: otherGestureRecognizer)
  }

  public func gestureRecognizer(
    _ gestureRecognizer: UIGestureRecognizer, shouldBeRequiredToFailBy otherGestureRecognizer: UIGestureRecognizer
  ) -> Bool {
    let answer = requiredToFailBy.contains { $0 === otherGestureRecognizer }
    return log(.shouldBeRequiredToFailBy, gestureRecognizer, answer, other: otherGestureRecognizer)
  }
}
