import Foundation

/// A continuous two-finger pinch: `scale` is the fingers' distance over their first distance.
open class UIPinchGestureRecognizer: UIGestureRecognizer {
  public var scale: CGFloat = 1
  public var velocity: CGFloat { tracker.velocity }
  private var initialDistance: CGFloat = 0
  private var tracker = VelocityTracker()

  open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
    if refuseThirdFinger() { return }
    if trackedTouches.count == 2 { initialDistance = currentDistance() }
  }

  open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
    guard trackedTouches.count == 2, initialDistance > 0 else { return }
    let distance = currentDistance()
    let newScale = distance / initialDistance
    tracker.add(newScale, at: event.timestamp)
    beginOrChange(reachedThreshold: abs(distance - initialDistance) >= UIKitConstants.pinchHysteresis) {
      scale = newScale
    }
  }

  open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) { failOrEnd(lifting: touches) }

  open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) { failOrCancel() }

  open override func reset() {
    scale = 1
    initialDistance = 0
    tracker.reset()
  }

  private func currentDistance() -> CGFloat {
    trackedTouches[0].location(in: nil).distance(to: trackedTouches[1].location(in: nil))
  }
}
