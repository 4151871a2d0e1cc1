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
