import Foundation
import TouchLabEngine
import TouchLabX11

/// The engine's clock on real time: engine time is the seconds since the scene started,
/// read from a monotonic source (`MonotonicClock.now` in the window; tests inject their
/// own). The loop advances the engine clock before it handles input, so timers due
/// earlier fire first, in order, and it sleeps until the next one is due.
public final class LiveClock {
  public let engineClock: EngineClock
  /// The source's reading when the scene started.
  public let startTime: Double
  private let source: () -> Double

  public init(engineClock: EngineClock, source: @escaping () -> Double = MonotonicClock.now) {
    self.engineClock = engineClock
    self.source = source
    startTime = source()
  }

  /// Engine time now: seconds since the scene started.
  public var now: TimeInterval { max(0, source() - startTime) }

  /// Moves the engine clock to now, firing every timer due by then, each at its own time.
  /// Returns whether any fired (the scene may look different).
  @discardableResult
  public func advance() -> Bool {
    let target = now
    let fires = engineClock.nextFireTime.map { $0 <= target } ?? false
    engineClock.advance(to: target)
    return fires
  }

  /// The source time the loop must wake at: the earlier of the engine's next timer and
  /// `animationTime` (both in engine time); nil when neither is pending, so an idle
  /// window sleeps until input comes.
  ///
  /// An animation frame due less than `frameCost` before the engine's next timer is
  /// skipped: drawing and sending it would hold the timer up (the scroll view's 0.15 s must
  /// fire on time, PERFORMANCE.md), and the timer's own frame comes right after.
  public func wakeUpTime(animationTime: TimeInterval?) -> Double? {
    var animation = animationTime
    if let a = animation, let timer = engineClock.nextFireTime, timer >= a, timer - a < Self.frameCost {
      animation = nil
    }
    let times = [engineClock.nextFireTime, animation].compactMap { $0 }
    return times.min().map { startTime + $0 }
  }

  /// About what drawing and presenting one frame takes at most (PERFORMANCE.md: 2.4 ms to
  /// draw at scale 1, 4.6 ms at scale 2, plus sending the image to the X server).
  public static let frameCost: TimeInterval = 0.010
}
