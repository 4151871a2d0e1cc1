import Foundation
import TouchLabX11

/// Puts the loop's thread on a real-time priority only while it sleeps for an engine timer
/// and fires it — and while it draws a frame with a timer about to fall due, which a busy
/// machine must not preempt past it — so that the thread gets a CPU the moment the timer
/// falls due (an ordinary thread waits behind the busy ones: docs/PERFORMANCE.md); and while
/// a finger is down, so that a drag's motions and frames do not wait behind them either.
/// Everything else — frames with no timer near and no finger down, idling — runs at the
/// ordinary priority.
///
/// Where the system refuses real time (no CAP_SYS_NICE, no RLIMIT_RTPRIO), the first refusal
/// turns it off for good, silently; the thread keeps the short time slice and timer slack
/// `LiveSandbox` asks for, which help a little (PERFORMANCE.md has both measured).
public final class TimerWakePriority {
  /// Sets real time on (true) or off (false) for the loop's thread; returns whether it took.
  private let setRealTime: (Bool) -> Bool
  /// The thread is at real-time priority now.
  public private(set) var isRaised = false
  /// False once the system refused real time (or it was turned off): no more attempts.
  public private(set) var isAvailable: Bool
  /// How many times the priority was raised (tests, and a look at what the loop did).
  public private(set) var raiseCount = 0

  /// `setRealTime` does the work (`ThreadScheduling.setRealTime` in the window; tests pass
  /// their own); `enabled: false` never raises.
  public init(enabled: Bool = true, setRealTime: @escaping (Bool) -> Bool) {
    self.setRealTime = setRealTime
    isAvailable = enabled
  }

  /// One that never raises anything (the session's default, and tests of everything else).
  public static var off: TimerWakePriority { TimerWakePriority(enabled: false, setRealTime: { _ in false }) }

  /// The loop's thread in the window: real time unless `TOUCHLAB_NO_REALTIME=1`.
  public static func forThisThread(environment: [String: String] = ProcessInfo.processInfo.environment)
    -> TimerWakePriority
  {
    TimerWakePriority(
      enabled: environment["TOUCHLAB_NO_REALTIME"] != "1", setRealTime: ThreadScheduling.setRealTime)
  }

  /// Before the loop sleeps: raised when what wakes it next is an engine timer (or a finger
  /// is down: `SandboxSession.isTouching`), otherwise left ordinary (an idle window, an
  /// animation frame).
  public func prepareToSleep(wakingForTimer: Bool) {
    guard wakingForTimer, !isRaised, isAvailable else { return }
    if setRealTime(true) {
      isRaised = true
      raiseCount += 1
    } else {
      isAvailable = false
    }
  }

  /// The timers due have fired (and the input that woke the loop is handled): back to the
  /// ordinary priority before anything is drawn, unless another timer falls due soon
  /// (`timerSoon`: within what a frame or two costs, or a finger is down), when the frames
  /// before it stay raised.
  public func timersFired(timerSoon: Bool = false) {
    if timerSoon {
      prepareToSleep(wakingForTimer: true)
      return
    }
    guard isRaised else { return }
    _ = setRealTime(false)
    isRaised = false
  }
}
