import Foundation

/// The pieces every continuous recognizer (pan, long press, pinch, rotation) shares: how a
/// lift or a cancel ends it, and how a movement past its threshold begins it
/// (docs/BEHAVIOUR.md §3).
extension UIGestureRecognizer {
  /// A cancelled touch fails a recognizer that has not begun and cancels one that has.
  func failOrCancel() {
    switch state {
    case .possible: fail(.touchCancelled)
    case .began, .changed: state = .cancelled
    default: break
    }
  }

  /// The lift of `touches`: a recognizer that has not begun fails once no finger is left; one
  /// that has begun ends.
  func failOrEnd(lifting touches: Set<UITouch>) {
    switch state {
    case .possible: if trackedTouches.count == touches.count { fail(.liftedEarly) }
    case .began, .changed: state = .ended
    default: break
    }
  }

  /// A movement: `update` records the new value; the recognizer begins once `reachedThreshold`
  /// is true and changes with every later movement.
  func beginOrChange(reachedThreshold: Bool, update: () -> Void) {
    switch state {
    case .possible:
      guard reachedThreshold else { return }
      update()
      state = .began
    case .began, .changed:
      update()
      state = .changed
    default: break
    }
  }

  /// Two-finger gestures fail when a third finger joins before they begin; returns whether
  /// more than two fingers are down.
  func refuseThirdFinger() -> Bool {
    guard trackedTouches.count > 2 else { return false }
    if state == .possible { fail(.numberOfTouches) }
    return true
  }
}

/// A value's rate of change per second between successive touch events.
struct VelocityTracker {
  private var lastSample: (time: TimeInterval, value: CGFloat)?
  private(set) var velocity: CGFloat = 0

  mutating func add(_ value: CGFloat, at time: TimeInterval) {
    if let last = lastSample, time > last.time { velocity = (value - last.value) / CGFloat(time - last.time) }
    lastSample = (time, value)
  }

  mutating func reset() { self = VelocityTracker() }
}
