import Foundation
import TouchLabEngine

/// A gesture recognizer delegate described by rules rather than code: what a layout's
/// `delegate:` key builds (the articles' usual `shouldReceiveTouch` fix, [A3] §4.4).
public final class RuleGestureDelegate: UIGestureRecognizerDelegate {
  /// False refuses every touch (only those meeting `acceptsTouchesCondition`, when it is set).
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

  public init() {}

  /// A delegate with the same rules (to change one rule of a recognizer's delegate at a
  /// moment of a scenario without changing it before then).
  public func copy() -> RuleGestureDelegate {
    let copy = RuleGestureDelegate()
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
    return copy
  }

  public func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
    guard let condition = shouldBeginCondition else { return shouldBegin }
    return condition.holds(OverrideFacts(recognizer: gestureRecognizer)) ? shouldBegin : true
  }

  public func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool {
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
    simultaneousWithAll || simultaneousWith.contains { $0 === otherGestureRecognizer }
  }

  public func gestureRecognizer(
    _ gestureRecognizer: UIGestureRecognizer, shouldRequireFailureOf otherGestureRecognizer: UIGestureRecognizer
  ) -> Bool {
    requiresFailureOf.contains { $0 === otherGestureRecognizer }
  }

  public func gestureRecognizer(
    _ gestureRecognizer: UIGestureRecognizer, shouldBeRequiredToFailBy otherGestureRecognizer: UIGestureRecognizer
  ) -> Bool {
    requiredToFailBy.contains { $0 === otherGestureRecognizer }
  }
}
