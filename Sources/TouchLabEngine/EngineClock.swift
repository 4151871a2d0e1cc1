import Foundation

/// The clock and run loop the engine owns. Every timer (recognizer time-outs, the scroll
/// view's 0.15 s, deceleration) is scheduled here. Who advances it decides what kind of
/// time it is: replay jumps from timer to timer (virtual time), the live window moves it
/// to the real monotonic time before each turn of its poll loop. Nothing ever sleeps.
public final class EngineClock {
  /// Seconds since the scene started.
  public private(set) var now: TimeInterval = 0

  private struct Timer {
    let id: Int
    let fireTime: TimeInterval
    let action: () -> Void
  }
  private var timers: [Timer] = []
  private var nextID = 1

  public init() {}

  /// A handle to cancel a scheduled timer.
  public struct Token: Hashable, Sendable { let id: Int }

  /// Runs `action` when the clock reaches `now + delay`.
  @discardableResult
  public func schedule(after delay: TimeInterval, _ action: @escaping () -> Void) -> Token {
    let id = nextID
    nextID += 1
    let timer = Timer(id: id, fireTime: now + max(0, delay), action: action)
    // Keep the list sorted by fire time, ties in scheduling order.
    let index = timers.firstIndex { $0.fireTime > timer.fireTime } ?? timers.endIndex
    timers.insert(timer, at: index)
    return Token(id: id)
  }

  public func cancel(_ token: Token?) {
    guard let token else { return }
    timers.removeAll { $0.id == token.id }
  }

  /// When the next timer fires, if any is pending.
  public var nextFireTime: TimeInterval? { timers.first?.fireTime }

  public var hasPendingTimers: Bool { !timers.isEmpty }

  /// Moves time forward to `time`, firing every timer due by then, each at its own time.
  /// Time never runs backwards: an earlier `time` leaves the clock where it is.
  public func advance(to time: TimeInterval) {
    while let first = timers.first, first.fireTime <= time {
      // Past the limit the clock stops where it is: whoever set it ends the run.
      guard firedCount < firingLimit else { return }
      firedCount += 1
      timers.removeFirst()
      now = max(now, first.fireTime)
      first.action()
    }
    now = max(now, time)
  }

  /// Timers fired so far.
  public private(set) var firedCount = 0
  /// After this many firings the clock fires no more timers and stops moving
  /// (`isPastFiringLimit`): a replay's bound on what a scenario's time makes (a stepper's
  /// autorepeat, a long deceleration), which a file can grow without limit.
  public var firingLimit = Int.max
  public var isPastFiringLimit: Bool { firedCount >= firingLimit && nextFireTime != nil }

  /// Fires the next pending timer (virtual time jumps to it). Returns false when none is pending.
  @discardableResult
  public func fireNextTimer() -> Bool {
    guard let first = timers.first else { return false }
    advance(to: first.fireTime)
    return true
  }
}
