import Foundation

/// Deceleration, bounce and paging after the finger lifts, on the engine's clock.
extension UIScrollView {
  /// Frames of the scroll animation, as the display's refresh.
  static let frameInterval = UIKitConstants.frameInterval
  /// Below this speed (points per second) deceleration stops.
  static let restingSpeed = UIKitConstants.scrollViewRestingSpeed
  /// The spring that brings an overscrolled view back to its edge (angular frequency, rad/s).
  static let springStiffness = UIKitConstants.scrollViewBounceSpringStiffness

  func settle(from velocity: CGPoint, horizontal: Bool, vertical: Bool) {
    let range = contentOffsetRange
    let outside = !range.contains(contentOffset)
    let fast = abs(velocity.x) > Self.restingSpeed || abs(velocity.y) > Self.restingSpeed
    guard outside || fast else { return }
    animation = ScrollAnimation(target: nil, velocity: velocity, horizontal: horizontal, vertical: vertical)
    scheduleAnimationTick()
  }

  func settleOnPage(velocity: CGPoint) {
    let range = contentOffsetRange
    // The nearest page; a flick (over 300 pt/s) goes on to the next one in its direction.
    func page(_ offset: CGFloat, _ speed: CGFloat, _ size: CGFloat, _ low: CGFloat, _ high: CGFloat) -> CGFloat {
      guard size > 0 else { return offset }
      var index = (offset / size).rounded()
      if abs(speed) > UIKitConstants.pagingFlickSpeed {
        index = speed > 0 ? (offset / size).rounded(.up) : (offset / size).rounded(.down)
      }
      return min(max(index * size, low), high)
    }
    let target = CGPoint(
      x: page(contentOffset.x, velocity.x, bounds.width, range.minimum.x, range.maximum.x),
      y: page(contentOffset.y, velocity.y, bounds.height, range.minimum.y, range.maximum.y))
    animation = ScrollAnimation(target: target, velocity: velocity, horizontal: true, vertical: true)
    scheduleAnimationTick()
  }

  func scheduleAnimationTick() {
    guard let clock = application?.clock else {
      // Not on screen: jump to where the animation would end.
      if let target = animation?.target { contentOffset = target }
      animation = nil
      return
    }
    animationTimer = clock.schedule(after: Self.frameInterval) { [self] in
      self.animationTimer = nil
      self.stepAnimation(Self.frameInterval)
    }
  }

  func stopAnimation() {
    application?.clock.cancel(animationTimer)
    animationTimer = nil
    animation = nil
  }

  func stepAnimation(_ dt: TimeInterval) {
    guard var a = animation else { return }
    let range = contentOffsetRange
    var offset = contentOffset
    var restingX = true
    var restingY = true
    if a.horizontal {
      restingX = Self.step(
        &offset.x, &a.velocity.x, dt: dt, low: range.minimum.x, high: range.maximum.x, target: a.target?.x,
        rate: decelerationRate.rawValue, bounces: bounces)
    }
    if a.vertical {
      restingY = Self.step(
        &offset.y, &a.velocity.y, dt: dt, low: range.minimum.y, high: range.maximum.y, target: a.target?.y,
        rate: decelerationRate.rawValue, bounces: bounces)
    }
    let done = restingX && restingY
    animation = done ? nil : a
    contentOffset = offset
    if done {
      scrollDelegate?.scrollViewDidEndDecelerating(self)
    } else {
      scheduleAnimationTick()
    }
  }

  /// One frame of one axis. Inside the edges (or with no target) the velocity decays by
  /// `rate` per millisecond; past an edge, or toward a target, a critically damped spring
  /// pulls the offset in. Returns whether the axis has come to rest.
  static func step(
    _ x: inout CGFloat, _ v: inout CGFloat, dt: TimeInterval, low: CGFloat, high: CGFloat, target: CGFloat?,
    rate: CGFloat, bounces: Bool
  ) -> Bool {
    let anchor: CGFloat? = target ?? (x < low ? low : (x > high ? high : nil))
    if let anchor {
      // Critically damped spring, integrated in small steps for stability.
      let substeps = 8
      let h = CGFloat(dt) / CGFloat(substeps)
      let w = springStiffness
      for _ in 0..<substeps {
        let a = -w * w * (x - anchor) - 2 * w * v
        v += a * h
        x += v * h
      }
      if abs(x - anchor) < 0.5 && abs(v) < restingSpeed * 4 {
        x = anchor
        v = 0
        return true
      }
      return false
    }
    // Exponential decay: v(t) = v0·e^(kt), k = 1000·ln(rate) per second.
    let k = 1000 * log(Double(rate))
    let decay = CGFloat(exp(k * dt))
    let travelled = k == 0 ? v * CGFloat(dt) : v * (decay - 1) / CGFloat(k)
    x += travelled
    v *= decay
    if !bounces {
      if x < low || x > high {
        x = min(max(x, low), high)
        v = 0
        return true
      }
    }
    if abs(v) < restingSpeed && x >= low && x <= high {
      v = 0
      return true
    }
    return false
  }
}

extension UIScrollView {
  /// What the content does on its own after the finger lifts: decelerate and bounce back
  /// (no target), or spring to a target (paging, `setContentOffset(_:animated:)`).
  struct ScrollAnimation {
    var target: CGPoint?
    var velocity: CGPoint
    var horizontal: Bool
    var vertical: Bool
  }
}
