import Foundation

/// A continuous two-finger rotation: `rotation` in radians since the fingers landed.
open class UIRotationGestureRecognizer: UIGestureRecognizer {
  public var rotation: CGFloat = 0
  public var velocity: CGFloat { tracker.velocity }
  private var initialAngle: CGFloat = 0
  private var tracker = VelocityTracker()

  open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
    if refuseThirdFinger() { return }
    if trackedTouches.count == 2 { initialAngle = currentAngle() }
  }

  open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
    guard trackedTouches.count == 2 else { return }
    var delta = currentAngle() - initialAngle
    while delta > .pi { delta -= 2 * .pi }
    while delta < -.pi { delta += 2 * .pi }
    tracker.add(delta, at: event.timestamp)
    beginOrChange(reachedThreshold: abs(delta) >= UIKitConstants.rotationHysteresis) { rotation = delta }
  }

  open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) { failOrEnd(lifting: touches) }

  open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) { failOrCancel() }

  open override func reset() {
    rotation = 0
    tracker.reset()
  }

  private func currentAngle() -> CGFloat {
    let a = trackedTouches[0].location(in: nil)
    let b = trackedTouches[1].location(in: nil)
    return atan2(b.y - a.y, b.x - a.x)
  }
}
