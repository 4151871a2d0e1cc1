import Foundation

/// The interactive pop's pan statistics and its decision at the lift, as UIKit's
/// `_UINavigationInteractiveTransitionBase` keeps them (`_updateStatistics:firstSample:finalSample:`,
/// `popGesture:withRemainingDuration:shouldPopWithVelocity:`; docs/BEHAVIOUR.md §27): the
/// displacement and velocity as fractions of the width, velocity and acceleration averaged
/// over the last three samples.
struct InteractivePopStatistics {
  private(set) var totalDistance: CGFloat
  private var previousTime: TimeInterval
  private var skipTime: TimeInterval
  private var previousDisplacement: CGFloat
  private(set) var previousVelocity: CGFloat
  private var previousAcceleration: CGFloat = 0
  private(set) var averageVelocity: CGFloat
  private(set) var averageAcceleration: CGFloat = 0
  private var velocities: [CGFloat]
  private var accelerations: [CGFloat]
  private(set) var sampleCount = 1
  /// Whether a changed state was seen since the began (UIKit's interaction state 2).
  var hasChanged = false

  /// The first sample, when the pan begins.
  init(time: TimeInterval, translation: CGFloat, velocity: CGFloat, width: CGFloat) {
    totalDistance = max(width, 1)
    let displacement = max(translation, 0) / totalDistance
    let v = velocity / totalDistance
    previousTime = time
    skipTime = time
    previousDisplacement = displacement
    previousVelocity = v
    averageVelocity = v
    velocities = Array(repeating: 0, count: UIKitConstants.interactivePopAveragedSamples)
    accelerations = velocities
    velocities[0] = v
  }

  /// A later sample (a change, or the lift), taken only when far enough from the last.
  mutating func add(time: TimeInterval, translation: CGFloat, velocity: CGFloat) {
    let displacement = translation >= 0 ? translation / totalDistance : 0
    let v = velocity / totalDistance
    let sinceSkip = time - skipTime
    skipTime = time
    guard
      sinceSkip >= UIKitConstants.interactivePopSampleInterval
        || (sinceSkip > UIKitConstants.interactivePopShortSampleInterval && previousDisplacement != displacement)
    else { return }
    let n = UIKitConstants.interactivePopAveragedSamples
    let dt = time - previousTime
    let slot = sampleCount % n
    if sampleCount > n - 1 {
      averageVelocity = (v + averageVelocity * CGFloat(n) - velocities[slot]) / CGFloat(n)
    } else {
      averageVelocity = (v + averageVelocity * CGFloat(sampleCount)) / CGFloat(sampleCount + 1)
    }
    velocities[slot] = v
    var acceleration = dt > 0 ? (v - previousVelocity) / CGFloat(dt) : previousAcceleration
    let step = UIKitConstants.interactivePopAccelerationStep
    if abs(acceleration - previousAcceleration) > step {
      acceleration = previousAcceleration + (acceleration - previousAcceleration > 0 ? step : -step)
    }
    if sampleCount > n - 1 {
      averageAcceleration = (acceleration + averageAcceleration * CGFloat(n) - accelerations[slot]) / CGFloat(n)
    } else {
      averageAcceleration = (acceleration + averageAcceleration * CGFloat(sampleCount)) / CGFloat(sampleCount + 1)
    }
    accelerations[slot] = acceleration
    previousAcceleration = acceleration
    previousVelocity = v
    previousDisplacement = displacement
    previousTime = time
    sampleCount += 1
  }

  /// Whether the pop completes, `fraction` popped at the lift, projected over `duration`;
  /// and the velocity (points per second) the rest of the way starts from.
  func shouldPop(fraction: CGFloat, duration: TimeInterval, liftVelocity: CGFloat) -> (pops: Bool, velocity: CGFloat) {
    guard sampleCount >= UIKitConstants.interactivePopAveragedSamples, hasChanged else {
      return (averageVelocity > 0 && hasChanged, liftVelocity)
    }
    let d = CGFloat(duration)
    let projected = fraction + averageAcceleration * 0.5 * d * d + averageVelocity * d
    let threshold = min(
      UIKitConstants.interactivePopProjectionDistance / totalDistance, UIKitConstants.interactivePopMaximumFraction)
    return (projected > threshold, totalDistance * previousVelocity)
  }
}
