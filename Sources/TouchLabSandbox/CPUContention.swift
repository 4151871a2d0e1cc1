/// Whether the machine is busy, as the window's loop finds it from how long its thread waited
/// for a CPU while ready to run (`RunQueueWait`) in each turn. A turn on a quiet machine waits
/// microseconds; one that the kernel's tick put behind a busy task waits up to 4 ms (HZ 250);
/// one that the finer tick (`SchedulerTick`) shares a CPU with a busy task waits about its own
/// CPU time, some 0.5 ms a motion (docs/PERFORMANCE.md, "A finer tick while a frame is on its
/// way"). So a turn that waited `startWait` or more says the machine is busy; while it is, a
/// turn that waited `holdWait` or more says it still is; either holds for `holdTime`.
struct CPUContention {
  /// A wait that says a quiet machine has become busy: a quarter of a tick.
  static let startWait = 0.001
  /// A wait that says a busy machine still is, the finer tick running.
  static let holdWait = 0.0002
  /// How long the machine counts as busy after such a turn.
  static let holdTime = 2.0

  private var lastWait: Double?
  private var busyUntil = -Double.infinity

  /// Notes the loop thread's whole wait for a CPU so far (`RunQueueWait.seconds()`) at `now`
  /// (seconds, any steady clock); returns whether the machine counts as busy now.
  mutating func note(totalWait: Double, at now: Double) -> Bool {
    let turnWait = lastWait.map { max(0, totalWait - $0) } ?? 0
    lastWait = totalWait
    let busy = now < busyUntil
    if turnWait >= (busy ? Self.holdWait : Self.startWait) { busyUntil = now + Self.holdTime }
    return now < busyUntil
  }
}
