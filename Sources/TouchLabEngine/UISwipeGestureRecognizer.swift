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
      schedule(after: UIKitConstants.swipeMaximumDuration, purpose: .swipeMaximum) { [self] in
        guard self.state == .possible else { return }
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
