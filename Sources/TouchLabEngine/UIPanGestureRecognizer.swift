import Foundation

/// A continuous drag: begins once its touches moved about 10 pt (docs/BEHAVIOUR.md §4);
/// reports translation and velocity; ends when the fingers lift.
open class UIPanGestureRecognizer: UIGestureRecognizer {
  public var minimumNumberOfTouches = 1
  public var maximumNumberOfTouches = Int.max

  /// Where the translation is measured from, in window coordinates.
  private var origin = CGPoint.zero
  private var translationOffset = CGPoint.zero
  /// Recent centroids for the velocity: (time, location in window).
  private var samples: [(TimeInterval, CGPoint)] = []
  /// When the last finger lifted (the ended touches' event), for `liftVelocity(in:)`.
  private var liftTime: TimeInterval?

  open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
    if trackedTouches.count > maximumNumberOfTouches {
      if state == .possible { fail(.numberOfTouches) }
      return
    }
    // A finger joining or leaving moves the centroid: keep the translation continuous.
    rebaseOrigin(addedOrRemoved: true, event: event)
  }

  open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
    let centroid = location(in: nil)
    addSample(centroid, event.timestamp)
    switch state {
    case .possible:
      guard trackedTouches.count >= minimumNumberOfTouches else { return }
      let moved = countedMovement(CGPoint(x: centroid.x - origin.x, y: centroid.y - origin.y))
      if CGPoint.zero.distance(to: moved) >= hysteresis { state = .began }
    case .began, .changed:
      state = .changed
    default:
      break
    }
  }

  /// How far the fingers move before it begins: the pan's 10 pt; UIKit's own navigation pop
  /// recognizer's 15 pt (`_UIParallaxTransitionPanGestureRecognizer`).
  var hysteresis: CGFloat { UIKitConstants.panHysteresis }

  /// The part of the fingers' movement (window coordinates) that counts towards beginning:
  /// all of it; a scroll view's pan counts only the axes it can scroll (docs/BEHAVIOUR.md §7.5).
  func countedMovement(_ movement: CGPoint) -> CGPoint { movement }

  open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
    let remaining = trackedTouches.count - touches.count
    switch state {
    case .possible:
      if remaining == 0 { fail(.liftedEarly) }
    case .began, .changed:
      if remaining < minimumNumberOfTouches {
        liftTime = event.timestamp
        state = .ended
      } else {
        rebaseOrigin(addedOrRemoved: true, event: event, excluding: touches)
      }
    default:
      break
    }
  }

  open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) { failOrCancel() }

  open override func reset() {
    samples.removeAll()
    liftTime = nil
    translationOffset = .zero
    origin = .zero
  }

  private func rebaseOrigin(addedOrRemoved: Bool, event: UIEvent, excluding: Set<UITouch> = []) {
    let touches = trackedTouches.filter { !excluding.contains($0) }
    guard !touches.isEmpty else { return }
    let before = translation(in: nil)
    var sum = CGPoint.zero
    for touch in touches {
      let p = touch.location(in: nil)
      sum.x += p.x
      sum.y += p.y
    }
    let centroid = CGPoint(x: sum.x / CGFloat(touches.count), y: sum.y / CGFloat(touches.count))
    if state == .possible && sequenceTouches.count == touches.count {
      origin = centroid
      translationOffset = .zero
    } else {
      origin = centroid
      translationOffset = before
    }
    samples = [(event.timestamp, centroid)]
  }

  private func addSample(_ point: CGPoint, _ time: TimeInterval) {
    samples.append((time, point))
    // Velocity over the last 0.1 s of movement.
    while let first = samples.first, time - first.0 > UIKitConstants.panVelocityWindow, samples.count > 2 {
      samples.removeFirst()
    }
  }

  /// How far the fingers moved since they landed, in `view`'s coordinate space.
  public func translation(in view: UIView?) -> CGPoint {
    guard !trackedTouches.isEmpty || !sequenceTouches.isEmpty else { return translationOffset }
    let now = location(in: nil)
    let delta = CGPoint(x: now.x - origin.x + translationOffset.x, y: now.y - origin.y + translationOffset.y)
    return vectorInView(delta, view)
  }

  public func setTranslation(_ newTranslation: CGPoint, in view: UIView?) {
    let current = translation(in: nil)
    let wanted = vectorToWindow(newTranslation, view)
    translationOffset.x += wanted.x - current.x
    translationOffset.y += wanted.y - current.y
  }

  /// Points per second, in `view`'s coordinate space.
  public func velocity(in view: UIView?) -> CGPoint {
    guard let first = samples.first, let last = samples.last, last.0 > first.0 else { return .zero }
    let dt = CGFloat(last.0 - first.0)
    return vectorInView(CGPoint(x: (last.1.x - first.1.x) / dt, y: (last.1.y - first.1.y) / dt), view)
  }

  /// The velocity at the lift as UIScrollView takes it (docs/BEHAVIOUR.md §21): the last
  /// movement's, or zero when the fingers had not moved for more than
  /// `scrollViewRestBeforeLift` before they lifted (the recognizer's own `velocity(in:)` keeps
  /// the last movement's either way).
  func liftVelocity(in view: UIView?) -> CGPoint {
    if let time = liftTime, let last = samples.last, time - last.0 > UIKitConstants.scrollViewRestBeforeLift {
      return .zero
    }
    return velocity(in: view)
  }

  private func vectorInView(_ v: CGPoint, _ view: UIView?) -> CGPoint {
    guard let view else { return v }
    let a = view.convert(.zero, from: nil)
    let b = view.convert(v, from: nil)
    return CGPoint(x: b.x - a.x, y: b.y - a.y)
  }

  private func vectorToWindow(_ v: CGPoint, _ view: UIView?) -> CGPoint {
    guard let view else { return v }
    let a = view.convert(.zero, to: nil)
    let b = view.convert(v, to: nil)
    return CGPoint(x: b.x - a.x, y: b.y - a.y)
  }
}
