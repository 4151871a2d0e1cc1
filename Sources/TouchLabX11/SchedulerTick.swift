import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A finer tick for the kernel's fair scheduler, from user space, while a frame is on its way
/// on a busy machine (issue 49; docs/PERFORMANCE.md, "A finer tick while a frame is on its
/// way").
///
/// Why: the fair scheduler (EEVDF) lets the window's loop, which asks for the shortest time
/// slice, preempt a busy task when it wakes; but once it has computed past that slice, the
/// next tick (every 4 ms at HZ 250) puts it behind the busy task, which then keeps the CPU
/// until the tick after — about one motion in twenty waited 4 ms so. The kernel looks again
/// at who should run whenever a thread wakes on that CPU: so one thread kept on each CPU
/// wakes every `period` while a frame is on its way, and the loop, or the X server it waits
/// for, is back on its CPU as soon as the busy task has had its share — a fair share, taken in
/// half milliseconds rather than in ticks. It takes nothing more than the loop's fair share:
/// on a busy machine the loop's frame takes about twice its CPU time, never a tick more.
/// Measured with `Benchmarks/Tools/Sched/wake-work.c` as an ordinary user beside two busy
/// loops, 0.55 ms of work a wake: p99 4.65 ms without, 1.44 ms with the tick every 0.5 ms.
///
/// The threads wait on a condition, costing nothing, while the tick is paused (`pause()`):
/// the loop resumes it only while the machine is busy (`CPUContention`).
public final class SchedulerTick: @unchecked Sendable {
  /// How often each thread wakes while the tick runs: a tenth of HZ 250's tick; 0.25 ms gave
  /// the same p99 with twice the wake-ups, 1 ms a p99 1.2 times as long (`wake-work`).
  public static let period = 0.0005
  /// How long one `resume()` runs the tick at most: a frame still on its way after that (an X
  /// server stopped, or swamped) is not one a finer tick can help, and the threads park
  /// rather than wake 2,000 times a second each for nothing. The loop resumes it at each wake.
  public static let longestRun = 0.1

  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
  /// Signalled at each tick and when a thread parks or ends (tests).
  private let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
  private var running = false
  /// When the current run ends by itself (`longestRun`; `MonotonicClock` seconds).
  private var runUntil = -Double.infinity
  private var stopped = false
  private let periodNanoseconds: Int
  /// How long a `resume()` runs the tick at most (`longestRun` by default).
  public let longestRunTime: Double
  /// The CPU each thread is kept on (empty: one thread, wherever the kernel puts it).
  public let cpus: [Int32]
  /// How many times a thread woke for the tick (tests), how many wait for `resume()`, and
  /// how many have ended (`stop()`).
  private var ticks = 0
  private var parkedCount = 0
  private var parks = 0
  private var endedCount = 0
  private var startedThreadIDs: [Int32] = []

  /// Starts the threads, paused: one kept on each of `cpus` (by default every CPU the process
  /// may use, at most 8; fewer than two: one thread, not kept anywhere), each resume running
  /// for `longestRun` seconds at most.
  public init(
    cpus: [Int32] = ThreadScheduling.allowedCPUs(limit: 8), period: Double = SchedulerTick.period,
    longestRun: Double = SchedulerTick.longestRun
  ) {
    self.cpus = cpus.count >= 2 ? cpus : []
    longestRunTime = max(0, longestRun)
    periodNanoseconds = Int((min(max(period, 1e-5), 0.1) * 1e9).rounded())
    var attributes = pthread_condattr_t()
    pthread_condattr_init(&attributes)
    pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
    pthread_cond_init(condition, &attributes)
    pthread_cond_init(changed, &attributes)
    pthread_condattr_destroy(&attributes)
    pthread_mutex_init(mutex, nil)
    for cpu in self.cpus.isEmpty ? [nil] : self.cpus.map(Optional.some) {
      Thread { [self] in run(keptOn: cpu) }.start()
    }
  }

  /// How many threads tick.
  public var threadCount: Int { max(1, cpus.count) }

  /// Starts ticking (again), for `longest` seconds at most from now (nil: `longestRunTime`).
  public func resume(for longest: Double? = nil) {
    let until = MonotonicClock.now() + max(0, longest ?? longestRunTime)
    pthread_mutex_lock(mutex)
    if !stopped {
      runUntil = until
      if !running {
        running = true
        pthread_cond_broadcast(condition)
      }
    }
    pthread_mutex_unlock(mutex)
  }

  /// Stops ticking: each thread waits again after its current sleep.
  public func pause() {
    pthread_mutex_lock(mutex)
    running = false
    pthread_mutex_unlock(mutex)
  }

  /// Whether it ticks now: resumed, not paused since, and within its longest run.
  public var isRunning: Bool {
    let now = MonotonicClock.now()
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return running && now < runUntil
  }

  /// Ends the threads for good (the window closes); they end after their current sleep.
  public func stop() {
    pthread_mutex_lock(mutex)
    stopped = true
    running = false
    pthread_cond_broadcast(condition)
    pthread_mutex_unlock(mutex)
  }

  deinit {
    pthread_cond_destroy(condition)
    pthread_cond_destroy(changed)
    pthread_mutex_destroy(mutex)
    condition.deallocate()
    changed.deallocate()
    mutex.deallocate()
  }

  // MARK: - Tests: they wait for the threads' own events, never for a time to pass

  /// Waits until the threads have ticked `count` times in all.
  public func waitUntilTicked(_ count: Int) {
    wait { ticks >= count }
  }

  /// How many times the threads have ticked so far.
  public var tickCount: Int {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return ticks
  }

  /// The kernel's ids of the threads that have started (tests).
  public var threadIDs: [Int32] {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return startedThreadIDs
  }

  /// Waits until every thread waits for `resume()`.
  public func waitUntilParked() {
    wait { parkedCount == threadCount }
  }

  /// How many times a thread has parked so far (tests).
  public var parkCount: Int {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return parks
  }

  /// Waits until the threads have parked `count` times in all.
  public func waitUntilParked(times count: Int) {
    wait { parks >= count }
  }

  /// Waits until every thread has ended (after `stop()`).
  public func waitUntilEnded() {
    wait { endedCount == threadCount }
  }

  private func wait(until condition: () -> Bool) {
    pthread_mutex_lock(mutex)
    while !condition() { pthread_cond_wait(changed, mutex) }
    pthread_mutex_unlock(mutex)
  }

  // MARK: - The threads

  private func run(keptOn cpu: Int32?) {
    ThreadScheduling.setName("touchlab-tick")
    if let cpu { ThreadScheduling.pin(toCPU: cpu) }
    // Woken on time and at once, as the loop's own thread is (`LiveSandbox.timeSlice`).
    ThreadScheduling.requestTimeSlice(seconds: 0.0001)
    ThreadScheduling.setTimerSlack(seconds: 1e-9)
    var nap = timespec(tv_sec: 0, tv_nsec: periodNanoseconds)
    pthread_mutex_lock(mutex)
    startedThreadIDs.append(ThreadScheduling.threadID)
    while !stopped {
      if !running || MonotonicClock.now() >= runUntil {
        running = false
        parkedCount += 1
        parks += 1
        pthread_cond_broadcast(changed)
        while !running && !stopped { pthread_cond_wait(condition, mutex) }
        parkedCount -= 1
        continue
      }
      pthread_mutex_unlock(mutex)
      // The wake-up at its end is the tick: the kernel looks again at who runs on this CPU.
      nanosleep(&nap, nil)
      pthread_mutex_lock(mutex)
      ticks += 1
      pthread_cond_broadcast(changed)
    }
    endedCount += 1
    pthread_cond_broadcast(changed)
    pthread_mutex_unlock(mutex)
  }
}
