import Foundation

/// Which views hit-testing a point asked and what each answered: the path UIKit's
/// `hitTest(_:with:)` takes through the windows and their views (docs/BEHAVIOUR.md §2, §15),
/// in the order the views were asked. Made by `UIApplication.traceHitTest(at:)` for
/// showing the path (the window's hover), not for delivering a touch: it records nothing,
/// and a declared class's `hitTest`/`pointInside` logs are not printed.
public struct HitTestTrace: Equatable, Sendable {
  /// What a view answered when asked.
  public enum Verdict: Equatable, Sendable {
    /// Skipped without being asked about the point: `isUserInteractionEnabled` is false.
    case interactionDisabled
    /// Skipped: `isHidden`.
    case hidden
    /// Skipped: `alpha` at or below 0.01.
    case transparent
    /// `point(inside:with:)` said no: the view and its subviews are out.
    case outside
    /// Inside, and a subview answered with a view.
    case subviewAnswered
    /// Inside, and no subview answered: the view answered itself.
    case answeredItself
    /// A declared class's `hitTest` rule answered nil (the point inside, or not asked).
    case refused
    /// A declared class's `hitTest` rule answered another view (`superview`, `forwardTo`).
    case redirected

    /// Whether the view answered with a view (itself, a subview's answer, another).
    public var answered: Bool { self == .subviewAnswered || self == .answeredItself || self == .redirected }
  }

  /// One view asked.
  public struct Step: Equatable, Sendable {
    /// Which view (class and layout id).
    public var view: Participant
    /// The view object itself, to find it among others of the same class and id.
    public var object: ObjectIdentifier
    /// How deep in the tree: 0 for a window.
    public var depth: Int
    /// The point in the view's own coordinates.
    public var point: RecordPoint
    public var verdict: Verdict
    /// The view that came back from it, if any.
    public var answer: Participant?
    /// The view's bounds' corners in window coordinates (top-left, top-right,
    /// bottom-right, bottom-left): where it is on the screen, transforms and scrolls included.
    public var corners: [RecordPoint]
  }

  /// The point traced, in window coordinates.
  public var point: RecordPoint
  /// The views asked, in the order they were asked (a view before its subviews, the subviews
  /// from the last added to the first).
  public var steps: [Step]
  /// The view the touch would go to, or nil.
  public var hitView: Participant?
  /// That view's object.
  public var hitObject: ObjectIdentifier?

  /// The steps that answered with a view: from the window down to the hit view.
  public var answeringSteps: [Step] { steps.filter { $0.verdict.answered } }
}

/// Collects a trace while the views answer `hitTest` (it rides on the event they are given).
final class HitTestTracer {
  private(set) var steps: [HitTestTrace.Step] = []
  /// The indices of the steps whose views are answering now, innermost last.
  private var open: [Int] = []

  /// Traces one view's `hitTest`: `body` is the view's own answer.
  func trace(_ view: UIView, at point: CGPoint, _ body: () -> UIView?) -> UIView? {
    let index = steps.count
    let verdict: HitTestTrace.Verdict =
      !view.isUserInteractionEnabled
      ? .interactionDisabled
      : view.isHidden ? .hidden : view.isTransparentToHitTesting ? .transparent : .outside
    steps.append(
      HitTestTrace.Step(
        view: view.participant, object: ObjectIdentifier(view), depth: open.count, point: RecordPoint(point),
        verdict: verdict, answer: nil, corners: Self.corners(of: view)))
    open.append(index)
    let answer = body()
    open.removeLast()
    steps[index].answer = answer?.participant
    let skipped = verdict != .outside
    if let answer {
      if let fromSubview = subviewAnswers[index], fromSubview == ObjectIdentifier(answer) {
        steps[index].verdict = .subviewAnswered
      } else if answer === view, subviewAnswers[index] == nil {
        steps[index].verdict = .answeredItself
      } else {
        steps[index].verdict = .redirected  // a declared rule's answer
      }
      if let parent = open.last, subviewAnswers[parent] == nil { subviewAnswers[parent] = ObjectIdentifier(answer) }
    } else if !skipped {
      steps[index].verdict = insideAnswers[index] == false ? .outside : .refused
    }
    return answer
  }

  /// What `point(inside:with:)` said for the view being traced.
  func noteInside(_ view: UIView, _ inside: Bool) {
    guard let index = open.last, steps[index].object == ObjectIdentifier(view) else { return }
    insideAnswers[index] = inside
  }

  private var insideAnswers: [Int: Bool] = [:]
  /// What the first subview to answer with a view answered, by step.
  private var subviewAnswers: [Int: ObjectIdentifier] = [:]

  static func corners(of view: UIView) -> [RecordPoint] {
    let b = view.bounds
    return [
      CGPoint(x: b.minX, y: b.minY), CGPoint(x: b.maxX, y: b.minY), CGPoint(x: b.maxX, y: b.maxY),
      CGPoint(x: b.minX, y: b.maxY),
    ].map { RecordPoint(view.convert($0, to: nil)) }
  }
}

extension UIApplication {
  /// Hit-tests `point` (window coordinates) as a new touch there would be — the highest
  /// visible window first, a lower one when it answers nil — and returns which views were
  /// asked and what they answered. Nothing is recorded and no touch is made; UIKit's second
  /// pass, which asks the same again, is not repeated.
  public func traceHitTest(at point: CGPoint) -> HitTestTrace {
    let event = UIEvent(touches: [], timestamp: clock.now)
    let tracer = HitTestTracer()
    event.hitTestTracer = tracer
    let wasMuted = records.isMuted
    records.isMuted = true
    defer { records.isMuted = wasMuted }
    let hit = hitTestWindows(at: point, with: event, passes: 1)?.view
    return HitTestTrace(
      point: RecordPoint(point), steps: tracer.steps, hitView: hit?.participant,
      hitObject: hit.map(ObjectIdentifier.init))
  }
}
