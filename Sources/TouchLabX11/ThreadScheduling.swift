import CX11

/// How the kernel schedules the calling thread (the window's loop): what makes a thread that
/// wakes for a timer get a CPU at once on a busy machine (docs/PERFORMANCE.md, "How the live
/// loop keeps the engine's timers on time"). Every call applies to the calling thread only
/// and fails silently (it returns false) where the system does not allow it.
public enum ThreadScheduling {
  /// SCHED_FIFO at its lowest priority (true), or back to the ordinary SCHED_OTHER (false).
  /// A real-time thread runs as soon as it wakes, before every ordinary one. Allowed with
  /// CAP_SYS_NICE (root) or an RLIMIT_RTPRIO above 0; a child process starts ordinary
  /// (SCHED_RESET_ON_FORK). Returns whether the policy took effect.
  @discardableResult
  public static func setRealTime(_ on: Bool) -> Bool {
    touchlab_set_realtime(on ? 1 : 0) == 0
  }

  /// Asks for a short time slice as an ordinary thread (Linux 6.12 and later): it then
  /// preempts a busy task sooner when it wakes. No privilege needed.
  @discardableResult
  public static func requestTimeSlice(seconds: Double) -> Bool {
    touchlab_request_time_slice(UInt64(max(0, seconds) * 1e9)) == 0
  }

  /// Sets the thread's timer slack, how late the kernel may end its sleeps (50 µs by default;
  /// none for a real-time thread).
  @discardableResult
  public static func setTimerSlack(seconds: Double) -> Bool {
    touchlab_set_timer_slack(UInt(max(1, (seconds * 1e9).rounded()))) == 0
  }
}
