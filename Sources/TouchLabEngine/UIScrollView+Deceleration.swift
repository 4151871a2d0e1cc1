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
    // The nearest page; a flick (over 300 pt/s) goes on to the next one in its direction.
    settle(toward: pageOffset(from: velocity), velocity: velocity)
  }

  /// Moves to `target` (a page, or a target the delegate chose), springing from `velocity`.
  func settle(toward target: CGPoint, velocity: CGPoint) {
    // Already there: no animation, whatever the velocity (a delegate that sets the target to
    // the current offset stops the scroll at the lift).
    guard target != contentOffset else { return }
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
    animation = a
    // Still decelerating while the last frame's offset is set (its scrollViewDidScroll).
    contentOffset = offset
    if done { animation = nil }
    if done {
      if a.isProgrammatic {
        scrollDelegate?.scrollViewDidEndScrollingAnimation(self)
      } else {
        scrollDelegate?.scrollViewDidEndDecelerating(self)
      }
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
    /// `setContentOffset(_:animated:)`'s animation: not a deceleration; it ends with
    /// `scrollViewDidEndScrollingAnimation`.
    var isProgrammatic = false
  }

  /// Where a deceleration from `velocity` (points per second, of the content offset) comes
  /// to rest: the offset plus the exponential decay's whole travel, `−v / k` with
  /// k = 1000·ln(rate), held within the edges (docs/BEHAVIOUR.md §21).
  func restingOffset(from velocity: CGPoint, horizontal: Bool, vertical: Bool) -> CGPoint {
    let k = 1000 * log(Double(decelerationRate.rawValue))
    func travel(_ v: CGFloat) -> CGFloat { k == 0 ? 0 : -v / CGFloat(k) }
    let range = contentOffsetRange
    let fast = abs(velocity.x) > Self.restingSpeed || abs(velocity.y) > Self.restingSpeed
    var wanted = contentOffset
    if fast {
      if horizontal { wanted.x += travel(velocity.x) }
      if vertical { wanted.y += travel(velocity.y) }
    }
    return range.clamped(wanted)
  }

  /// Where paging comes to rest from `velocity`: the nearest page, or the next one in the
  /// flick's direction.
  func pageOffset(from velocity: CGPoint) -> CGPoint {
    let range = contentOffsetRange
    func page(_ offset: CGFloat, _ speed: CGFloat, _ size: CGFloat, _ low: CGFloat, _ high: CGFloat) -> CGFloat {
      guard size > 0 else { return offset }
      var index = (offset / size).rounded()
      if abs(speed) > UIKitConstants.pagingFlickSpeed {
        index = speed > 0 ? (offset / size).rounded(.up) : (offset / size).rounded(.down)
      }
      return min(max(index * size, low), high)
    }
    return CGPoint(
      x: page(contentOffset.x, velocity.x, bounds.width, range.minimum.x, range.maximum.x),
      y: page(contentOffset.y, velocity.y, bounds.height, range.minimum.y, range.maximum.y))
  }

  /// The content offset changed: tell the delegate, at most once a frame (the display's
  /// refresh drives UIKit's scrolling, and touches are delivered once a frame): at once when
  /// this frame has had no `scrollViewDidScroll`, else at the start of the next frame.
  func offsetDidChange() {
    guard let delegate = scrollDelegate, let clock = application?.clock else { return }
    let frame = Int((clock.now / Self.frameInterval + 1e-6).rounded(.down))
    if frame != lastDidScrollFrame {
      lastDidScrollFrame = frame
      delegate.scrollViewDidScroll(self)
      return
    }
    guard didScrollTimer == nil else { return }
    let nextFrame = TimeInterval(frame + 1) * Self.frameInterval
    didScrollTimer = clock.schedule(after: nextFrame - clock.now) { [weak self] in
      guard let self else { return }
      self.didScrollTimer = nil
      // Told already in that frame (a deceleration tick at its start): nothing to add.
      guard self.lastDidScrollFrame <= frame else { return }
      self.lastDidScrollFrame = frame + 1
      self.scrollDelegate?.scrollViewDidScroll(self)
    }
  }
}
