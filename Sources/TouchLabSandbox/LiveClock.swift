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
  public func wakeUpTime(animationTime: TimeInterval?) -> Double? {
    let times = [engineClock.nextFireTime, animationTime].compactMap { $0 }
    return times.min().map { startTime + $0 }
  }

  /// Source time for an engine time.
  public func sourceTime(forEngineTime time: TimeInterval) -> Double { startTime + time }
}
