import Foundation

/// A continuous press: begins after `minimumPressDuration` without moving more than
/// `allowableMovement`; changes as the fingers move; ends at the lift. With
/// `numberOfTapsRequired = n` the fingers first tap n times (each tap shorter than the tap's
/// maximum duration, each starting within the tap interval and the multi-tap distance of the
/// last lift), then press (docs/BEHAVIOUR.md §11).
open class UILongPressGestureRecognizer: UIGestureRecognizer {
  public var minimumPressDuration = UIKitConstants.longPressMinimumDuration
  public var allowableMovement = UIKitConstants.longPressAllowableMovement
  public var numberOfTouchesRequired = 1
  public var numberOfTapsRequired = UIKitConstants.longPressNumberOfTapsRequired
  private var startLocation = CGPoint.zero
  private var tapsCompleted = 0
  /// Where the last completed tap lifted, in window coordinates.
  private var lastTapLocation: CGPoint?

  /// The fingers are down for one of the taps, not the press.
  private var isTapping: Bool { tapsCompleted < numberOfTapsRequired }

  open override var isAwaitingMoreTouches: Bool { state == .possible && tapsCompleted > 0 }

  open override var holdsLaterTaps: Bool { numberOfTapsRequired > 0 }

  open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
    guard state == .possible else { return }
    if trackedTouches.count > numberOfTouchesRequired {
      fail(.numberOfTouches)
      return
    }
    startLocation = location(in: nil)
    // The next tap, or the press after the taps, must land near the last tap (docs/BEHAVIOUR.md §11).
    if let last = lastTapLocation, last.distance(to: startLocation) > UIKitConstants.multiTapDistance {
      fail(.tapDistance)
      return
    }
    guard trackedTouches.count == numberOfTouchesRequired else { return }
    cancelTimers()
    if isTapping {
      schedule(after: UIKitConstants.tapMaximumDuration, purpose: .tapMaximum) { [self] in
        guard self.state == .possible else { return }
        self.fail(.maximumDuration)
      }
      return
    }
    schedule(after: minimumPressDuration, purpose: .longPress) { [self] in
      guard self.state == .possible, self.trackedTouches.count == self.numberOfTouchesRequired else { return }
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
    case .possible:
      guard isTapping else { return fail(.minimumPressDuration) }
      guard trackedTouches.count == touches.count else { return }  // others still down
      cancelTimers()
      tapsCompleted += 1
      lastTapLocation = location(in: nil)
      schedule(after: UIKitConstants.multiTapInterval, purpose: .nextTapInterval) { [self] in
        guard self.state == .possible else { return }
        self.fail(.tapInterval)
      }
    case .began, .changed: state = .ended
    default: break
    }
  }

  open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) { failOrCancel() }

  open override func reset() {
    tapsCompleted = 0
    lastTapLocation = nil
  }
}
