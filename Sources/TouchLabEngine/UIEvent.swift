import Foundation

/// A touch event: one change of the touches on the screen (docs/BEHAVIOUR.md §1).
public final class UIEvent {
  public enum EventType: Int, Sendable { case touches }
  public let type: EventType = .touches
  public internal(set) var timestamp: TimeInterval
  /// The event's touches in the order they began (`allTouches`, in order).
  public internal(set) var touchList: [UITouch]
  /// Set while `UIApplication.traceHitTest(at:)` asks the views: they report to it.
  var hitTestTracer: HitTestTracer?

  init(touches: [UITouch], timestamp: TimeInterval) {
    self.touchList = touches
    self.timestamp = timestamp
  }

  /// The set of `touches` a `touches…` method is given. One finger's set is made once and
  /// handed to every recognizer and view its event reaches: making a set looked up its
  /// generic metadata and hashed its touch each time, a tenth of a move.
  func set(of touches: [UITouch]) -> Set<UITouch> {
    guard touches.count == 1 else { return Set(touches) }
    if let single = singleTouchSet, single.touch === touches[0] { return single.set }
    let set: Set<UITouch> = [touches[0]]
    singleTouchSet = (touches[0], set)
    return set
  }
  private var singleTouchSet: (touch: UITouch, set: Set<UITouch>)?

  /// Delivered: the event keeps no touch that has ended (a finger still down keeps its set).
  func release() {
    touchList = []
    if let single = singleTouchSet, single.touch.isFinished { singleTouchSet = nil }
  }

  /// Every touch on the screen (including those that end in this event).
  public var allTouches: Set<UITouch>? { Set(touchList) }

  public func touches(for view: UIView) -> Set<UITouch>? {
    Set(touchList.filter { $0.view === view })
  }

  public func touches(for window: UIWindow) -> Set<UITouch>? {
    Set(touchList.filter { $0.window === window })
  }

  public func touches(for gestureRecognizer: UIGestureRecognizer) -> Set<UITouch>? {
    Set(gestureRecognizer.trackedTouches)
  }
}
