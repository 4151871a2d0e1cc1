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
///
/// Real time never computes for long (issue 25 §6): a raised stretch may use at most
/// `Budget.stretch` of CPU time (a watchdog on the thread's CPU clock drops it past that,
/// whatever it is doing: `RealTimeWatchdog`), a frame whose last one took longer is drawn
/// lowered, and all raised stretches together draw on a bucket that fills at `Budget.share`
/// of a CPU up to `Budget.burst`: when it is empty the thread stays ordinary until it fills.
/// So an ordinary process on the same CPU keeps at least `1 − share` of what the window
/// leaves it, and the thread never comes near `RLIMIT_RTTIME` (a RealtimeKit grant is killed
/// past it).
public final class TimerWakePriority {
  /// How much CPU time real time may use.
  public struct Budget: Equatable, Sendable {
    /// The most one raised stretch may compute (seconds of the thread's CPU time).
    public var stretch: Double
    /// The part of a CPU the raised stretches may use over time.
    public var share: Double
    /// How much they may use at once, the bucket's size (seconds).
    public var burst: Double
    /// The least the bucket must hold for the thread to be raised.
    public var minimumGrant: Double

    public init(stretch: Double = 0.004, share: Double = 0.4, burst: Double = 0.1, minimumGrant: Double = 0.001) {
      self.stretch = stretch
      self.share = share
      self.burst = burst
      self.minimumGrant = minimumGrant
    }

    /// A RealtimeKit grant's. A thread lowered from it waits for the daemon to grant again
    /// (`RaiseAllowance`), and a press whose frames each lost it had its timer waited for at
    /// the ordinary priority (PERFORMANCE.md): its stretches may compute 10 ms, a frame of a
    /// press on an overloaded machine — still a twentieth of the RLIMIT_RTTIME the daemon
    /// asks for, and together at most the same share of a CPU.
    public static let realtimeKit = Budget(stretch: 0.010)
  }

  /// How often a costly raise (a RealtimeKit request) may be made: `burst` at once, then one
  /// every `interval` seconds. RealtimeKit allows 25 requests in 20 s for the whole machine
  /// (rtkit-daemon's `--actions-per-burst-max` and `--actions-burst-sec`), shared with the
  /// desktop's other clients: the window asks at most one a second over time.
  public struct RaiseAllowance: Equatable, Sendable {
    public var burst: Double
    public var interval: Double

    public init(burst: Double = 4, interval: Double = 1) {
      self.burst = burst
      self.interval = interval
    }
  }

  /// What the priority is made of; the window's thread's own, or a test's.
  public struct Thread {
    /// Sets real time on (true) or off (false); returns whether it took.
    public var setRealTime: (Bool) -> Bool
    /// Whether the thread is still at real time (the watchdog may have dropped it).
    public var isRealTime: () -> Bool
    /// The thread's CPU time, in seconds.
    public var cpuTime: () -> Double
    /// Monotonic seconds (the bucket fills with them).
    public var now: () -> Double
    /// Arms the watchdog for this much more CPU time, or disarms it (nil).
    public var watchdog: (Double?) -> Void
    /// RLIMIT_RTTIME in seconds, or nil for none.
    public var realTimeLimit: Double?
    /// Raising is a request to a daemon that grants a few a minute (RealtimeKit): the thread
    /// then stays raised while it sleeps, and raises are rationed (`RaiseAllowance`).
    public var raisingIsCostly = false

    public init(
      setRealTime: @escaping (Bool) -> Bool, isRealTime: @escaping () -> Bool = { true },
      cpuTime: @escaping () -> Double = { 0 }, now: @escaping () -> Double = { 0 },
      watchdog: @escaping (Double?) -> Void = { _ in }, realTimeLimit: Double? = nil
    ) {
      self.setRealTime = setRealTime
      self.isRealTime = isRealTime
      self.cpuTime = cpuTime
      self.now = now
      self.watchdog = watchdog
      self.realTimeLimit = realTimeLimit
    }
  }

  private let thread: Thread
  public let budget: Budget
  /// The thread is at real-time priority now (as far as this knows: `noteWatchdog` learns
  /// of a drop).
  public private(set) var isRaised = false
  /// False once the system refused real time (or it was turned off): no more attempts.
  public private(set) var isAvailable: Bool
  /// How many times the priority was raised (tests, and a look at what the loop did).
  public private(set) var raiseCount = 0
  /// How many raised stretches the watchdog ended (they computed for their whole grant).
  public private(set) var watchdogDropCount = 0
  /// How many times raising was skipped because the bucket was empty.
  public private(set) var deniedCount = 0
  /// The CPU time used at real time, in all.
  public private(set) var realTimeCPU = 0.0
  /// The bucket: CPU seconds real time may still use, and when it was last filled.
  public var available: Double { cpu.level }
  private var cpu: RefillingBucket
  /// The thread's CPU time when it was raised, and the CPU time it was granted.
  private var raisedCPU = 0.0
  private var grant = 0.0

  /// `thread` does the work (`ThreadScheduling` and a `RealTimeWatchdog` in the window;
  /// tests pass their own); `enabled: false` never raises.
  public init(
    enabled: Bool = true, thread: Thread, budget: Budget = Budget(), raiseAllowance: RaiseAllowance = RaiseAllowance()
  ) {
    self.thread = thread
    self.budget = budget
    self.raiseAllowance = raiseAllowance
    isAvailable = enabled
    cpu = RefillingBucket(capacity: budget.burst, rate: budget.share)
    raises = RefillingBucket(capacity: raiseAllowance.burst, rate: 1 / raiseAllowance.interval)
  }

  /// Only `setRealTime` given: a thread whose CPU time never moves (the budget never runs out).
  public convenience init(enabled: Bool = true, setRealTime: @escaping (Bool) -> Bool) {
    self.init(enabled: enabled, thread: Thread(setRealTime: setRealTime))
  }

  /// One that never raises anything (the session's default, and tests of everything else).
  public static var off: TimerWakePriority { TimerWakePriority(enabled: false, setRealTime: { _ in false }) }

  /// Which way to real time the window's thread has.
  public enum Source: Equatable, Sendable {
    /// `SCHED_FIFO` set by the thread itself (CAP_SYS_NICE, or an RLIMIT_RTPRIO above 0).
    case fifo
    /// `SCHED_RR` granted by RealtimeKit over D-Bus, with RLIMIT_RTTIME set to `rtTimeLimit`.
    case realtimeKit(priority: Int32, rtTimeLimit: Double)
    /// None: the ordinary scheduler, and why.
    case none(String)

    /// What the window says once, on standard error and in the key help.
    public var description: String {
      switch self {
      case .fifo:
        return "real time for timers: SCHED_FIFO"
      case .realtimeKit(let priority, let limit):
        return
          "real time for timers: RealtimeKit (SCHED_RR \(priority), RLIMIT_RTTIME \(Int((limit * 1000).rounded())) ms)"
      case .none(let reason):
        return "no real time for timers (\(reason)): the ordinary scheduler"
      }
    }

    /// What the window says of its timers (on standard error, under the keys) when they are
    /// fired by a thread of their own (`EngineTimerThread`), for this way its loop got real
    /// time or did not: for none, what that means first, as the reason is long and the key
    /// help shows what fits.
    public var timerThreadDescription: String {
      if case .none(let reason) = self {
        return "no real time for timers, the engine's timers fired on a thread of their own (\(reason))"
      }
      return description + ", the engine's timers fired on a thread of their own"
    }
  }

  /// The way this one got (`forThisThread`); `.none` for others.
  public private(set) var source: Source = .none("not asked")

  /// The loop's thread in the window (call on it), watched by a `RealTimeWatchdog`:
  /// `SCHED_FIFO` where the thread may set it; otherwise RealtimeKit's grant over D-Bus;
  /// otherwise none. `TOUCHLAB_NO_REALTIME=1` asks for none; `TOUCHLAB_NO_REALTIMEKIT=1`
  /// leaves RealtimeKit out. `timeSlice`: the slice (seconds) the thread asked for
  /// (`ThreadScheduling.requestTimeSlice`), which every lowering — the probe here, `lower`,
  /// the watchdog's drop — sets again (going back to SCHED_OTHER resets it to the default).
  public static func forThisThread(
    environment: [String: String] = ProcessInfo.processInfo.environment, timeSlice: Double? = nil
  ) -> TimerWakePriority {
    let watchdog = RealTimeWatchdog(keepingSlice: timeSlice)
    func setRealTime(_ on: Bool) -> Bool { ThreadScheduling.setRealTime(on, keepingSlice: timeSlice) }
    var thread = Thread(
      setRealTime: setRealTime, isRealTime: { ThreadScheduling.isRealTime },
      cpuTime: ThreadScheduling.threadCPUTime, now: MonotonicClock.now,
      watchdog: { seconds in
        if let seconds { watchdog?.arm(cpuSeconds: seconds) } else { watchdog?.disarm() }
      }, realTimeLimit: ThreadScheduling.realTimeLimit)
    func none(_ reason: String) -> TimerWakePriority {
      let priority = TimerWakePriority(enabled: false, thread: thread)
      priority.source = .none(reason)
      return priority
    }
    if environment["TOUCHLAB_NO_REALTIME"] == "1" { return none("TOUCHLAB_NO_REALTIME=1") }
    // Without a watchdog nothing could stop a long stretch: no real time then.
    guard watchdog != nil else { return none("no per-thread CPU timers") }
    if setRealTime(true) {
      _ = setRealTime(false)
      let priority = TimerWakePriority(thread: thread)
      priority.source = .fifo
      return priority
    }
    if environment["TOUCHLAB_NO_REALTIMEKIT"] == "1" {
      return none("SCHED_FIFO refused; TOUCHLAB_NO_REALTIMEKIT=1")
    }
    switch RealtimeKit.makeThisThreadRealTime() {
    case .refused(let reason):
      return none("SCHED_FIFO refused; RealtimeKit: \(reason)")
    case .granted(let level, let limit):
      _ = setRealTime(false)  // granted: ordinary until a timer is slept for
      thread.realTimeLimit = limit
      thread.raisingIsCostly = true
      thread.setRealTime = { on in
        guard on else { return setRealTime(false) }
        if case .granted = RealtimeKit.makeThisThreadRealTime() { return true }
        return false
      }
      let priority = TimerWakePriority(thread: thread, budget: .realtimeKit)
      priority.source = .realtimeKit(priority: level, rtTimeLimit: limit)
      return priority
    }
  }

  /// How often a costly raise (RealtimeKit) may be asked for.
  public let raiseAllowance: RaiseAllowance
  /// The costly raises that may be asked for now.
  private var raises: RefillingBucket

  /// Before the loop sleeps: raised when what wakes it next is an engine timer (or a finger
  /// is down: `SandboxSession.isTouching`), otherwise left ordinary (an idle window, an
  /// animation frame).
  public func prepareToSleep(wakingForTimer: Bool) {
    noteWatchdog()
    if isRaised {
      // Still raised from before: what it computed since counts, and the next stretch (to
      // the next sleep) gets a grant of its own, as RLIMIT_RTTIME starts again at a sleep.
      renewStretch()
      return
    }
    guard wakingForTimer, isAvailable else { return }
    cpu.fill(at: thread.now())
    guard available >= budget.minimumGrant else {
      deniedCount += 1
      return
    }
    if thread.raisingIsCostly {
      raises.fill(at: thread.now())
      guard raises.level >= 1 else {
        deniedCount += 1
        return
      }
      raises.take(1)
    }
    if thread.setRealTime(true) {
      isRaised = true
      raiseCount += 1
      raisedCPU = thread.cpuTime()
      grant = min(budget.stretch, available)
      // Well inside RLIMIT_RTTIME, past which the kernel signals (and RealtimeKit kills).
      if let limit = thread.realTimeLimit { grant = min(grant, limit / 4) }
      thread.watchdog(grant)
    } else if !thread.raisingIsCostly {
      isAvailable = false
    }
  }

  /// Counts the CPU time of the stretch so far and grants the next: lowered when the bucket
  /// is empty.
  private func renewStretch() {
    let cpuTime = thread.cpuTime()
    let used = max(0, cpuTime - raisedCPU)
    realTimeCPU += used
    cpu.fill(at: thread.now())
    cpu.take(used)
    raisedCPU = cpuTime
    guard available >= budget.minimumGrant else {
      lower()
      return
    }
    grant = min(budget.stretch, available)
    if let limit = thread.realTimeLimit { grant = min(grant, limit / 4) }
    thread.watchdog(grant)
  }

  /// The timers due have fired (and the input that woke the loop is handled): back to the
  /// ordinary priority before anything is drawn, unless another timer falls due soon
  /// (`timerSoon`: within what a frame or two costs, or a finger is down), when the frames
  /// before it stay raised.
  public func timersFired(timerSoon: Bool = false) {
    if thread.raisingIsCostly {
      // A costly grant is kept (the stretch renewed, the budget still counting), and none is
      // asked for before a frame: only right before the loop sleeps for a timer, where it
      // matters most (`prepareToSleep`).
      if isRaised { prepareToSleep(wakingForTimer: true) }
      return
    }
    if timerSoon {
      prepareToSleep(wakingForTimer: true)
      return
    }
    lower()
  }

  /// A frame is about to start: when the one before computed longer than a raised stretch
  /// may (its CPU time, not its wall time, which a busy machine stretches), it runs ordinary
  /// — unless a timer falls due soon (`nearTimer`): a frame preempted then would hold the
  /// timer up, so it stays raised for as long as the watchdog lets it.
  public func frameWillStart(nearTimer: Bool = false) {
    noteWatchdog()
    if lastFrameCPU > budget.stretch && !nearTimer { lower() }
    frameStartCPU = thread.cpuTime()
  }

  /// The frame `frameWillStart` announced has ended (drawn, stopped or failed).
  public func frameDidEnd() {
    if let start = frameStartCPU { lastFrameCPU = max(0, thread.cpuTime() - start) }
    frameStartCPU = nil
  }

  /// The CPU time the last frame took.
  public private(set) var lastFrameCPU = 0.0
  private var frameStartCPU: Double?

  /// Back to the ordinary priority, the CPU time used raised taken from the bucket.
  public func lower() {
    noteWatchdog()
    guard isRaised else { return }
    thread.watchdog(nil)
    _ = thread.setRealTime(false)
    endStretch()
  }

  /// Learns whether the watchdog dropped the thread (it computed for its whole grant, and
  /// what it computed after that was ordinary).
  private func noteWatchdog() {
    guard isRaised, !thread.isRealTime() else { return }
    watchdogDropCount += 1
    endStretch(usedAtMost: grant)
  }

  private func endStretch(usedAtMost limit: Double = .infinity) {
    isRaised = false
    let used = min(limit, max(0, thread.cpuTime() - raisedCPU))
    realTimeCPU += used
    cpu.fill(at: thread.now())
    cpu.take(used)
  }
}

/// A bucket that fills at `rate` a second up to `capacity` and is drawn on: the CPU time real
/// time may use, and the RealtimeKit requests that may be made.
struct RefillingBucket {
  let capacity: Double
  let rate: Double
  private(set) var level: Double
  private var filledAt: Double?

  init(capacity: Double, rate: Double) {
    self.capacity = capacity
    self.rate = rate
    level = capacity
  }

  /// Adds what came in since the last fill.
  mutating func fill(at now: Double) {
    if let filledAt { level = min(capacity, level + rate * max(0, now - filledAt)) }
    filledAt = now
  }

  mutating func take(_ amount: Double) { level -= amount }
}
