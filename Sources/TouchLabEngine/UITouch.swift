import Foundation

/// One finger on the screen, from its first contact to its lift (docs/BEHAVIOUR.md §1).
public final class UITouch: Hashable, CustomStringConvertible {
  public enum Phase: Int, Sendable {
    case began, moved, stationary, ended, cancelled
  }

  /// A number unique within the scene, 1 for the first touch; transcripts' `--json` and the
  /// overlay name touches by it.
  public let identifier: Int
  /// The finger of the input (a scenario's finger number, an XI2 touch id, the mouse…).
  public let finger: Int
  public internal(set) var phase: Phase = .began
  public internal(set) var timestamp: TimeInterval
  public internal(set) var tapCount: Int = 1
  /// The hit-tested view, fixed for the touch's life (nil when nothing took it).
  public internal(set) var view: UIView?
  public internal(set) weak var window: UIWindow?
  /// The recognizers collected at hit-test time, outermost view first.
  public internal(set) var gestureRecognizers: [UIGestureRecognizer] = []

  var locationInWindow: CGPoint
  var previousLocationInWindow: CGPoint

  // Delivery to the view (docs/BEHAVIOUR.md §4): held back, released, cancelled.
  enum ViewDelivery { case none, began, finished }
  var viewDelivery: ViewDelivery = .none
  /// The view never gets this touch (cancelled by a recognizer, refused, or blocked).
  var isCutOffFromView = false
  var movedWhileHeld = false
  /// The touch has ended or been cancelled, and its view has not been told yet.
  var endPending = false
  /// Why the view's began or end is held back now (the record of its release repeats it).
  var holdCause: DeliveryCause?
  var holder: Participant?

  init(identifier: Int, finger: Int, location: CGPoint, timestamp: TimeInterval) {
    self.identifier = identifier
    self.finger = finger
    self.locationInWindow = location
    self.previousLocationInWindow = location
    self.timestamp = timestamp
  }

  /// The touch's location in `view`'s coordinates (the window's when nil).
  public func location(in view: UIView?) -> CGPoint {
    guard let view else { return locationInWindow }
    return view.convert(locationInWindow, from: nil)
  }

  public func previousLocation(in view: UIView?) -> CGPoint {
    guard let view else { return previousLocationInWindow }
    return view.convert(previousLocationInWindow, from: nil)
  }

  var isFinished: Bool { phase == .ended || phase == .cancelled }

  public static func == (lhs: UITouch, rhs: UITouch) -> Bool { lhs === rhs }
  public func hash(into hasher: inout Hasher) { hasher.combine(identifier) }

  public var description: String { "UITouch(\(identifier), \(phase), \(locationInWindow))" }
}

extension Collection where Element == UITouch {
  /// Touches in a stable order (by identifier): sets have none, transcripts need one.
  public var inOrder: [UITouch] { sorted { $0.identifier < $1.identifier } }
}

/// A touch event: one change of the touches on the screen (docs/BEHAVIOUR.md §1).
public final class UIEvent {
  public enum EventType: Int, Sendable { case touches }
  public let type: EventType = .touches
  public internal(set) var timestamp: TimeInterval
  var touchList: [UITouch]
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
