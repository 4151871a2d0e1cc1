import Foundation
import TouchLabEngine

/// A condition on a declared override's answer (docs/layouts.md, "Overrides with a
/// condition"): the answer is given only when every fact named holds; otherwise the method
/// answers as its superclass would. Small and declarative on purpose: facts of the touch,
/// no expressions.
public struct OverrideCondition: Equatable, Sendable {
  /// The touch's `tapCount` is one of these.
  public var tapCounts: Set<Int>?
  /// The touched view (the touch's hit-test view, or the content view a scroll view asks
  /// about) is one of these ids or inside one.
  public var viewIDs: Set<String>?
  /// The number of fingers down is one of these.
  public var touchCounts: Set<Int>?

  public init(tapCounts: Set<Int>? = nil, viewIDs: Set<String>? = nil, touchCounts: Set<Int>? = nil) {
    self.tapCounts = tapCounts
    self.viewIDs = viewIDs
    self.touchCounts = touchCounts
  }

  /// Whether every fact the condition names holds; a fact the call cannot know (the touched
  /// view while hit-testing) does not.
  func holds(_ facts: OverrideFacts) -> Bool {
    if let tapCounts {
      guard let tapCount = facts.touch?.tapCount, tapCounts.contains(tapCount) else { return false }
    }
    if let viewIDs {
      var view = facts.touchedView
      var found = false
      while let v = view, !found {
        if let id = v.identifier, viewIDs.contains(id) { found = true }
        view = v.superview
      }
      guard found else { return false }
    }
    if let touchCounts {
      guard let count = facts.touchCount, touchCounts.contains(count) else { return false }
    }
    return true
  }
}

/// A fixed answer of an overridden yes/no method, given always or under a condition.
public struct OverrideAnswer: Equatable, Sendable {
  public var value: Bool
  public var condition: OverrideCondition?

  public init(_ value: Bool, when condition: OverrideCondition? = nil) {
    self.value = value
    self.condition = condition
  }
}

/// What a call knows when a condition is tested.
struct OverrideFacts {
  var touch: UITouch?
  var touchedView: UIView?
  var touchCount: Int?

  /// Facts of a call about `touch`: its view, and the fingers down with it.
  init(touch: UITouch?, touchedView: UIView? = nil, event: UIEvent? = nil) {
    self.touch = touch
    self.touchedView = touchedView ?? touch?.view
    let down = event?.touchList.filter { !$0.isFinished }.count
    self.touchCount = down ?? (touch.map { _ in 1 })
  }
}

extension OverrideFacts {
  /// Facts of a recognizer's question (`gestureRecognizerShouldBegin`, a delegate's): its
  /// latest touch and how many fingers it has.
  init(recognizer: UIGestureRecognizer) {
    let touch = recognizer.sequenceTouches.last
    self.init(touch: touch)
    touchCount = recognizer.numberOfTouches
  }

  /// Facts while hit-testing a new touch: the newest touch of the event (its view is not
  /// known yet).
  init(hitTesting event: UIEvent?) {
    self.init(touch: event?.touchList.last, event: event)
    touchedView = nil
  }
}

extension ScriptedClass {
  /// This class's own answer for `method` under `facts`: its value when it has one whose
  /// condition holds, super's answer (`callSuper`) when its condition does not, nil when it
  /// gives none.
  func answer(_ method: Method, _ facts: @autoclosure () -> OverrideFacts, callSuper: () -> Bool) -> Bool? {
    guard let answer = answers[method] else { return nil }
    guard let condition = answer.condition else { return answer.value }
    return condition.holds(facts()) ? answer.value : callSuper()
  }
}
