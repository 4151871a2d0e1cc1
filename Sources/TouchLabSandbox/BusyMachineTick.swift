import TouchLabX11

/// The finer scheduler tick (`SchedulerTick`) as the window's loop runs it: at each wake the
/// loop notes how long its thread has waited for a CPU (`CPUContention`); while that says the
/// machine is busy the tick runs from the wake until the loop sleeps again with no frame left
/// for the X server to read. Made the first time the machine is busy: a quiet machine never
/// starts its threads.
final class BusyMachineTick {
  private let totalWait: () -> Double?
  private let now: () -> Double
  private let makeTick: () -> SchedulerTick
  private var contention = CPUContention()
  /// The tick, once made; nil before the machine was first found busy.
  private(set) var tick: SchedulerTick?

  /// `totalWait`: the loop thread's whole wait for a CPU so far, in seconds (nil: not known,
  /// and the tick never runs); `now`: a steady clock in seconds.
  init(
    totalWait: @escaping () -> Double?, now: @escaping () -> Double = MonotonicClock.now,
    makeTick: @escaping () -> SchedulerTick = { SchedulerTick() }
  ) {
    self.totalWait = totalWait
    self.now = now
    self.makeTick = makeTick
  }

  /// The loop woke: the tick runs for this turn if the machine is busy.
  func loopDidWake() {
    guard let wait = totalWait(), contention.note(totalWait: wait, at: now()) else { return }
    if tick == nil { tick = makeTick() }
    tick?.resume()
  }

  /// The loop goes to sleep: the tick stops unless the X server still reads a frame
  /// (`frameIsBeingRead`), which it may wait for a CPU to do as well.
  func loopWillSleep(frameIsBeingRead: Bool) {
    if !frameIsBeingRead { tick?.pause() }
  }

  /// Ends the tick's threads (the window closes).
  func stop() {
    tick?.stop()
  }
}
