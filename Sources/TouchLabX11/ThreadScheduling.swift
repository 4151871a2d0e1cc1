import CDBus
import CX11

#if canImport(Glibc)
  import Glibc
#endif

/// How the kernel schedules the calling thread (the window's loop): what makes a thread that
/// wakes for a timer get a CPU at once on a busy machine (docs/PERFORMANCE.md, "How the live
/// loop keeps the engine's timers on time"). Every call applies to the calling thread only
/// and fails silently (it returns false) where the system does not allow it.
public enum ThreadScheduling {
  /// SCHED_FIFO at its lowest priority (true), or back to the ordinary SCHED_OTHER (false)
  /// with the time slice `keepingSlice` (seconds; nil: the kernel's default). A real-time
  /// thread runs as soon as it wakes, before every ordinary one. Allowed with CAP_SYS_NICE
  /// (root) or an RLIMIT_RTPRIO above 0; a child process starts ordinary
  /// (SCHED_RESET_ON_FORK). Lowering resets a slice asked for with `requestTimeSlice` to the
  /// default unless it is given again here. Returns whether the policy took effect.
  @discardableResult
  public static func setRealTime(_ on: Bool, keepingSlice: Double? = nil) -> Bool {
    touchlab_set_realtime(on ? 1 : 0, nanoseconds(keepingSlice)) == 0
  }

  /// Asks for a short time slice as an ordinary thread (Linux 6.12 and later): it then
  /// preempts a busy task sooner when it wakes. No privilege needed. A later lowering from
  /// real time must give it again (`setRealTime(false, keepingSlice:)`).
  @discardableResult
  public static func requestTimeSlice(seconds: Double) -> Bool {
    touchlab_request_time_slice(nanoseconds(seconds)) == 0
  }

  /// The calling thread's time slice in seconds as the kernel has it (`sched_getattr`): the
  /// one asked for, or the default; 0 for a real-time thread; nil where the system does not
  /// say (a kernel or a sandbox without `sched_getattr`).
  public static var timeSlice: Double? {
    var slice: UInt64 = 0
    guard touchlab_time_slice(&slice) == 0 else { return nil }
    return Double(slice) / 1e9
  }

  /// Seconds as the kernel's nanoseconds; nil, negative or not finite: 0 (the default).
  static func nanoseconds(_ seconds: Double?) -> UInt64 {
    guard let seconds, seconds.isFinite, seconds > 0 else { return 0 }
    return UInt64(min(seconds, 1) * 1e9)
  }

  /// Sets the thread's timer slack, how late the kernel may end its sleeps (50 µs by default;
  /// none for a real-time thread).
  @discardableResult
  public static func setTimerSlack(seconds: Double) -> Bool {
    touchlab_set_timer_slack(UInt(max(1, (seconds * 1e9).rounded()))) == 0
  }

  /// The CPUs the calling thread may run on (at most `limit` of them, lowest first); empty
  /// where the system does not say.
  public static func allowedCPUs(limit: Int = 1024) -> [Int32] {
    var cpus = [Int32](repeating: 0, count: max(0, limit))
    let count = touchlab_allowed_cpus(&cpus, Int32(cpus.count))
    return Array(cpus.prefix(max(0, Int(count))))
  }

  /// Keeps the calling thread on `cpu`. Returns whether it took effect.
  @discardableResult
  public static func pin(toCPU cpu: Int32) -> Bool {
    touchlab_pin_to_cpu(cpu) == 0
  }

  /// Names the calling thread as `top -H` and the kernel's traces show it (15 bytes kept).
  public static func setName(_ name: String) {
    _ = touchlab_set_thread_name(name)
  }

  /// The calling thread's id (the kernel's: `/proc/self/task/ID`).
  public static var threadID: Int32 { Int32(truncatingIfNeeded: touchlab_thread_id()) }

  /// Whether the calling thread runs at a real-time policy now (the watchdog may have
  /// dropped it).
  public static var isRealTime: Bool { touchlab_is_realtime() != 0 }

  /// The nice value of work that can wait (`runInBackground`).
  public static let backgroundNice: Int32 = 10

  /// Makes the calling thread one for work that can wait (issue 49: a reload, a playback's
  /// scenes, a font warmed after the first frame): SCHED_BATCH, which never preempts a thread
  /// that wakes, at nice `backgroundNice`, so that on a busy machine the window's loop keeps
  /// its share of a CPU. Not SCHED_IDLE: a thread of that policy gets almost nothing against
  /// a busy loop, and one holding a lock the loop waits for (the fonts') would hold the loop
  /// back with it. No privilege needed. Returns whether both took effect.
  @discardableResult
  public static func runInBackground() -> Bool {
    touchlab_set_background(backgroundNice) == 0
  }

  /// The calling thread's scheduling policy and nice value, as the kernel has them.
  public static var policy: (policy: SchedulingPolicy, nice: Int32) {
    let code = touchlab_sched_policy()
    // Linux's numbers (sched(7)): SCHED_OTHER 0, FIFO 1, RR 2, BATCH 3, IDLE 5.
    let policy: SchedulingPolicy =
      switch code {
      case 0: .other
      case 3: .batch
      case 5: .idle
      case 1, 2: .realTime
      default: .unknown(code)
      }
    return (policy, touchlab_nice())
  }

  /// A thread's scheduling policy (sched(7)).
  public enum SchedulingPolicy: Equatable, Sendable {
    case other
    case batch
    case idle
    case realTime
    case unknown(Int32)
  }

  /// The calling thread's CPU time, in seconds.
  public static func threadCPUTime() -> Double { Double(touchlab_thread_cpu_time()) / 1e9 }

  /// RLIMIT_RTTIME's soft limit in seconds (nil: none): how long a real-time thread may
  /// compute without blocking before the kernel signals it.
  public static var realTimeLimit: Double? {
    let limit = touchlab_rttime_limit()
    return limit == UInt64.max ? nil : Double(limit) / 1e6
  }
}

/// A timer on one thread's own CPU clock that drops the thread from real time to the
/// ordinary policy once it has computed for its budget since it was armed — in a signal
/// handler, whatever the thread is doing then (issue 25 §6: a thread must never compute for
/// long at real-time priority, and a RealtimeKit-granted one is killed past RLIMIT_RTTIME).
/// Made and armed on the thread it watches.
public final class RealTimeWatchdog {
  /// glibc's timer_t is the kernel's timer id as a pointer: the first timer is a null one.
  private var timer: timer_t?

  /// Nil where the system has no per-thread CPU timers. The thread dropped gets the time
  /// slice `keepingSlice` (seconds; nil: the default) as `ThreadScheduling.setRealTime`.
  public init?(keepingSlice: Double? = nil) {
    guard touchlab_rt_watchdog_create(&timer, ThreadScheduling.nanoseconds(keepingSlice)) == 0 else { return nil }
  }

  deinit {
    timer_delete(timer)
  }

  /// Drops the thread once it has used `cpuSeconds` more CPU time.
  public func arm(cpuSeconds: Double) {
    touchlab_rt_watchdog_arm(timer, UInt64(max(1e-6, cpuSeconds) * 1e9))
  }

  public func disarm() {
    touchlab_rt_watchdog_arm(timer, 0)
  }
}
