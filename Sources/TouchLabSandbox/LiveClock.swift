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
    advance(toEngineTime: now)
  }

  /// Moves the engine clock to `time` (source seconds: when an input event happened,
  /// `ServerTimeMapping`), never past now and never back: the timers due before the event
  /// fire, those due after it wait. Returns whether any fired.
  @discardableResult
  public func advance(toSourceTime time: Double) -> Bool {
    advance(toEngineTime: min(now, max(0, time - startTime)))
  }

  private func advance(toEngineTime target: TimeInterval) -> Bool {
    let fires = engineClock.nextFireTime.map { $0 <= target } ?? false
    isFiringTimers = fires
    defer { isFiringTimers = false }
    engineClock.advance(to: target)
    return fires
  }

  /// True while `advance` fires timers: a record made then was made by a timer, due at the
  /// record's engine time (the `.jsonl` transcript's `deadline`).
  public private(set) var isFiringTimers = false

  /// The source time the loop must wake at: the earlier of the engine's next timer and
  /// `animationTime` (both in engine time); nil when neither is pending, so an idle
  /// window sleeps until input comes.
  ///
  /// An animation frame due less than `frameCost` before the engine's next timer is
  /// skipped: drawing and sending it would hold the timer up (the scroll view's 0.15 s must
  /// fire on time, PERFORMANCE.md), and the timer's own frame comes right after.
  public func wakeUpTime(animationTime: TimeInterval?) -> Double? {
    var animation = animationTime
    if let a = animation, let timer = engineClock.nextFireTime, timer >= a, timer - a < timeKeptBeforeTimer {
      animation = nil
    }
    let times = [engineClock.nextFireTime, animation].compactMap { $0 }
    return times.min().map { startTime + $0 }
  }

  // MARK: Frames that never hold a timer up

  /// What drawing a frame is expected to take, learned from the frames drawn: the slowest
  /// recent one, forgotten by a tenth a frame, never below `minimumFrameCost`. A busy
  /// machine or a big scale raises it at once.
  public private(set) var drawingCost: TimeInterval = LiveClock.initialFrameCost
  /// What sending a drawn frame to the X server is expected to take, learned the same way.
  public private(set) var presentingCost: TimeInterval = LiveClock.minimumFrameCost

  /// Drawing and sending a frame, as expected now.
  public var frameCost: TimeInterval { drawingCost + presentingCost }

  /// The cost assumed before the first frame has been timed.
  public static let initialFrameCost: TimeInterval = 0.010
  /// The least cost assumed (a frame is never free, and the loop needs time to wake).
  public static let minimumFrameCost: TimeInterval = 0.001

  /// Whether an engine timer is due within `interval` from now (or is overdue).
  public func timerDue(within interval: TimeInterval) -> Bool {
    guard let next = engineClock.nextFireTime else { return false }
    return next <= now + interval
  }

  /// Whether a frame may start now: none of the engine's timers falls due before it would
  /// be drawn and sent. When one does, the loop sleeps until the timer instead (it is the
  /// wake-up time), fires it, and then draws one frame with its effect too.
  public var mayStartFrame: Bool { !timerDue(within: timeKeptBeforeTimer) }

  /// How far before an engine timer no frame starts, and no animation frame is woken for:
  /// by default a frame's expected cost (the loop fires the timers itself right after).
  public var timerClearance = TimerClearance.frameCost

  /// The time kept free of frames before an engine timer now (`timerClearance` for the
  /// frame cost learned so far).
  public var timeKeptBeforeTimer: TimeInterval {
    frameCost * timerClearance.frameStretch + timerClearance.margin
  }

  /// Counts a drawing's time into `drawingCost`.
  public func recordDrawing(_ seconds: TimeInterval) {
    drawingCost = Self.learn(drawingCost, seconds)
  }

  /// Counts a send's time into `presentingCost`.
  public func recordPresenting(_ seconds: TimeInterval) {
    presentingCost = Self.learn(presentingCost, seconds)
  }

  private static func learn(_ estimate: TimeInterval, _ sample: TimeInterval) -> TimeInterval {
    max(minimumFrameCost, sample, estimate * 0.9)
  }
}

/// How far before an engine timer the live loop starts no frame (`LiveClock.timerClearance`):
/// a frame's expected cost stretched, and a margin besides.
public struct TimerClearance: Equatable {
  /// How many times its expected cost a frame may take on this window's machine.
  public var frameStretch: Double
  /// Time kept free besides; a frame that runs into it (preempted part-way) stops before
  /// its next view, unsent, and is drawn again after the timer (`FrameScheduler`).
  public var margin: TimeInterval

  /// A frame's expected cost, no more: the loop fires the timers itself, right after it.
  public static let frameCost = TimerClearance(frameStretch: 1, margin: 0)
}
