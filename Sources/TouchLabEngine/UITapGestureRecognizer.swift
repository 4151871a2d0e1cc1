import Foundation

/// A discrete tap: `numberOfTapsRequired` taps of `numberOfTouchesRequired` fingers. Fails
/// when a finger stays down longer than 0.75 s or moves more than 45 pt, or when the next
/// tap does not start within 0.35 s (docs/BEHAVIOUR.md §4).
open class UITapGestureRecognizer: UIGestureRecognizer {
  public var numberOfTapsRequired = 1
  public var numberOfTouchesRequired = 1

  private var tapsCompleted = 0
  private var touchesInThisTap = 0
  private var startLocations: [ObjectIdentifier: CGPoint] = [:]

  open override var isDiscrete: Bool { true }

  open override var isAwaitingMoreTouches: Bool { tapsCompleted > 0 && tapsCompleted < numberOfTapsRequired }

  open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
    if trackedTouches.count == touches.count {
      // The first finger of a tap: a new tap starts; the gap timer stops.
      cancelTimers()
      touchesInThisTap = 0
      schedule(after: UIKitConstants.tapMaximumDuration, purpose: .tapMaximum) { [weak self] in
        guard let self, self.state == .possible else { return }
        self.fail(.maximumDuration)
      }
    }
    touchesInThisTap += touches.count
    for touch in touches { startLocations[ObjectIdentifier(touch)] = touch.location(in: nil) }
    if touchesInThisTap > numberOfTouchesRequired { fail(.numberOfTouches) }
  }

  open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
    for touch in touches {
      guard let start = startLocations[ObjectIdentifier(touch)] else { continue }
      if start.distance(to: touch.location(in: nil)) > UIKitConstants.tapAllowableMovement {
        fail(.movedTooFar)
        return
      }
    }
  }

  open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
    guard state == .possible, trackedTouches.count == touches.count else { return }  // others still down
    cancelTimers()
    guard touchesInThisTap == numberOfTouchesRequired else {
      fail(.numberOfTouches)
      return
    }
    tapsCompleted += 1
    if tapsCompleted >= numberOfTapsRequired {
      state = .recognized
    } else {
      schedule(after: UIKitConstants.multiTapInterval, purpose: .nextTapInterval) { [weak self] in
        guard let self, self.state == .possible else { return }
        self.fail(.tapInterval)
      }
    }
  }

  open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
    if state == .possible { fail(.touchCancelled) }
  }

  open override func reset() {
    tapsCompleted = 0
    touchesInThisTap = 0
    startLocations.removeAll()
  }
}

/// A continuous press: begins after `minimumPressDuration` without moving more than
/// `allowableMovement`; changes as the fingers move; ends at the lift.
open class UILongPressGestureRecognizer: UIGestureRecognizer {
  public var minimumPressDuration = UIKitConstants.longPressMinimumDuration
  public var allowableMovement = UIKitConstants.longPressAllowableMovement
  public var numberOfTouchesRequired = 1
  public var numberOfTapsRequired = 0
  private var startLocation = CGPoint.zero

  open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
    guard state == .possible else { return }
    if trackedTouches.count > numberOfTouchesRequired {
      fail(.numberOfTouches)
      return
    }
    startLocation = location(in: nil)
    guard trackedTouches.count == numberOfTouchesRequired else { return }
    cancelTimers()
    schedule(after: minimumPressDuration, purpose: .longPress) { [weak self] in
      guard let self, self.state == .possible, self.trackedTouches.count == self.numberOfTouchesRequired else { return }
      self.state = .began
    }
  }

  open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
    switch state {
    case .possible:
      if startLocation.distance(to: location(in: nil)) > allowableMovement { fail(.movedTooFar) }
    case .began, .changed:
      state = .changed
    default:
      break
    }
  }

  open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
    switch state {
    case .possible: fail(.minimumPressDuration)
    case .began, .changed: state = .ended
    default: break
    }
  }

  open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
    switch state {
    case .possible: fail(.touchCancelled)
    case .began, .changed: state = .cancelled
    default: break
    }
  }
}
