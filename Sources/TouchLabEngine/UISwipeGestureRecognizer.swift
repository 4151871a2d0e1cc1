import Foundation

/// A discrete swipe in one of its permitted directions: far enough (50 pt), fast enough
/// (0.5 s), straight enough (figures in UIKitConstants).
open class UISwipeGestureRecognizer: UIGestureRecognizer {
  public struct Direction: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let right = Direction(rawValue: 1 << 0)
    public static let left = Direction(rawValue: 1 << 1)
    public static let up = Direction(rawValue: 1 << 2)
    public static let down = Direction(rawValue: 1 << 3)
  }

  public var direction: Direction = .right
  public var numberOfTouchesRequired = 1
  private var start = CGPoint.zero

  open override var isDiscrete: Bool { true }

  open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
    if trackedTouches.count > numberOfTouchesRequired {
      fail(.numberOfTouches)
      return
    }
    start = location(in: nil)
    if trackedTouches.count == touches.count {
      schedule(after: UIKitConstants.swipeMaximumDuration, purpose: .swipeMaximum) { [weak self] in
        guard let self, self.state == .possible else { return }
        self.fail(.maximumDuration)
      }
    }
  }

  open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
    guard state == .possible, trackedTouches.count == numberOfTouchesRequired else { return }
    let p = location(in: nil)
    let dx = p.x - start.x
    let dy = p.y - start.y
    let checks: [(Direction, CGFloat, CGFloat)] = [(.right, dx, dy), (.left, -dx, dy), (.down, dy, dx), (.up, -dy, dx)]
    for (dir, along, across) in checks where direction.contains(dir) {
      if along >= UIKitConstants.swipeMinimumDistance && abs(across) <= UIKitConstants.swipeMaximumDeviation {
        state = .recognized
        return
      }
    }
    let strayed = checks.filter { direction.contains($0.0) }.allSatisfy {
      abs($0.2) > UIKitConstants.swipeMaximumDeviation
    }
    if strayed { fail(.movedTooFar) }
  }

  open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
    if state == .possible && trackedTouches.count == touches.count { fail(.liftedEarly) }
  }

  open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
    if state == .possible { fail(.touchCancelled) }
  }
}

/// A continuous two-finger pinch: `scale` is the fingers' distance over their first distance.
open class UIPinchGestureRecognizer: UIGestureRecognizer {
  public var scale: CGFloat = 1
  public private(set) var velocity: CGFloat = 0
  private var initialDistance: CGFloat = 0
  private var lastSample: (TimeInterval, CGFloat)?

  open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
    if trackedTouches.count > 2 {
      if state == .possible { fail(.numberOfTouches) }
      return
    }
    if trackedTouches.count == 2 { initialDistance = currentDistance() }
  }

  open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
    guard trackedTouches.count == 2, initialDistance > 0 else { return }
    let distance = currentDistance()
    let newScale = distance / initialDistance
    if let (t, s) = lastSample, event.timestamp > t { velocity = (newScale - s) / CGFloat(event.timestamp - t) }
    lastSample = (event.timestamp, newScale)
    switch state {
    case .possible:
      if abs(distance - initialDistance) >= UIKitConstants.pinchHysteresis {
        scale = newScale
        state = .began
      }
    case .began, .changed:
      scale = newScale
      state = .changed
    default: break
    }
  }

  open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
    switch state {
    case .possible: if trackedTouches.count - touches.count == 0 { fail(.liftedEarly) }
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

  open override func reset() {
    scale = 1
    velocity = 0
    initialDistance = 0
    lastSample = nil
  }

  private func currentDistance() -> CGFloat {
    trackedTouches[0].location(in: nil).distance(to: trackedTouches[1].location(in: nil))
  }
}

/// A continuous two-finger rotation: `rotation` in radians since the fingers landed.
open class UIRotationGestureRecognizer: UIGestureRecognizer {
  public var rotation: CGFloat = 0
  public private(set) var velocity: CGFloat = 0
  private var initialAngle: CGFloat = 0
  private var lastSample: (TimeInterval, CGFloat)?

  open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
    if trackedTouches.count > 2 {
      if state == .possible { fail(.numberOfTouches) }
      return
    }
    if trackedTouches.count == 2 { initialAngle = currentAngle() }
  }

  open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
    guard trackedTouches.count == 2 else { return }
    var delta = currentAngle() - initialAngle
    while delta > .pi { delta -= 2 * .pi }
    while delta < -.pi { delta += 2 * .pi }
    if let (t, r) = lastSample, event.timestamp > t { velocity = (delta - r) / CGFloat(event.timestamp - t) }
    lastSample = (event.timestamp, delta)
    switch state {
    case .possible:
      if abs(delta) >= UIKitConstants.rotationHysteresis {
        rotation = delta
        state = .began
      }
    case .began, .changed:
      rotation = delta
      state = .changed
    default: break
    }
  }

  open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
    switch state {
    case .possible: if trackedTouches.count - touches.count == 0 { fail(.liftedEarly) }
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

  open override func reset() {
    rotation = 0
    velocity = 0
    lastSample = nil
  }

  private func currentAngle() -> CGFloat {
    let a = trackedTouches[0].location(in: nil)
    let b = trackedTouches[1].location(in: nil)
    return atan2(b.y - a.y, b.x - a.x)
  }
}
