import Foundation

/// A discrete tap: `numberOfTapsRequired` taps of `numberOfTouchesRequired` fingers. Fails
/// when a finger stays down longer than 0.75 s or moves more than 45 pt, or when the next
/// tap does not start within 0.35 s and 45 pt of the last (docs/BEHAVIOUR.md §4, §9.5).
open class UITapGestureRecognizer: UIGestureRecognizer {
  public var numberOfTapsRequired = 1
  public var numberOfTouchesRequired = 1

  private var tapsCompleted = 0
  private var touchesInThisTap = 0
  private var startLocations: [ObjectIdentifier: CGPoint] = [:]
  /// Where the last completed tap of the sequence lifted, in window coordinates.
  private var lastTapLocation: CGPoint?

  open override var isDiscrete: Bool { true }

  open override var isAwaitingMoreTouches: Bool { tapsCompleted > 0 && tapsCompleted < numberOfTapsRequired }

  open override var holdsLaterTaps: Bool { numberOfTapsRequired > 1 }

  /// A tap does not prevent a tap that requires more taps: without a failure requirement a
  /// single tap recognizes on the first tap of a double tap and the double tap on the second
  /// (Apple, "Preferring one gesture over another": "Normally, the single-tap gesture would
  /// always be recognized before the double-tap gesture"; docs/BEHAVIOUR.md §28.2).
  open override func canPrevent(_ preventedGestureRecognizer: UIGestureRecognizer) -> Bool {
    if let tap = preventedGestureRecognizer as? UITapGestureRecognizer,
      tap.numberOfTapsRequired > numberOfTapsRequired
    {
      return false
    }
    return super.canPrevent(preventedGestureRecognizer)
  }

  open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
    if trackedTouches.count == touches.count {
      // The first finger of a tap: a new tap starts; the gap timer stops.
      cancelTimers()
      touchesInThisTap = 0
      // A later tap must land near the last one (docs/BEHAVIOUR.md §9.5).
      if let last = lastTapLocation, last.distance(to: location(in: nil)) > UIKitConstants.multiTapDistance {
        fail(.tapDistance)
        return
      }
      schedule(after: UIKitConstants.tapMaximumDuration, purpose: .tapMaximum) { [self] in
        guard self.state == .possible else { return }
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
    lastTapLocation = location(in: nil)
    if tapsCompleted >= numberOfTapsRequired {
      state = .recognized
    } else {
      schedule(after: UIKitConstants.multiTapInterval, purpose: .nextTapInterval) { [self] in
        guard self.state == .possible else { return }
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
    lastTapLocation = nil
  }
}
