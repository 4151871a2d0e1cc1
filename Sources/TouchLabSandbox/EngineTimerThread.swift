import Foundation
import TouchLabX11

#if canImport(Glibc)
  import Glibc
#endif

/// The engine's timers fired on a thread of their own while the loop sleeps: first for a
/// window that got no real time (issue 29 §2: an ordinary user without RealtimeKit), now for
/// every window — one with real time too (issue 49: root's one `SCHED_FIFO` loop, sleeping
/// for a timer on one CPU, fired it later on a quiet machine, p99 1.35–4.73 ms, than these two
/// waiters do, 0.48–0.55 ms; docs/PERFORMANCE.md). A loop with real time wakes for the timer
/// as well (`LiveSandbox.run`): the first of the three to get the lock fires it, which beside
/// busy loops is often the real-time loop.
///
/// Why: the loop's thread draws. On a busy machine the kernel's fair scheduler (EEVDF) lets a
/// thread that has just computed wake behind the busy tasks it owes time to, so a timer it
/// sleeps for fires milliseconds late; an ordinary process cannot raise its priority. This
/// thread does nothing but fire due timers (microseconds), so it is owed time when it wakes
/// and runs at once.
///
/// How it stays safe: one lock, the loop's. The loop's thread holds it whenever it is awake
/// and lets it go only while it sleeps in `poll()` (`PollSleepObserver`: after it has read
/// every input, before it reads any more). This thread fires a timer only holding the lock,
/// so only while the loop sleeps, and only when no input is waiting on `inputDescriptor`
/// (an input not yet read may have happened before the deadline: the loop reads it first,
/// then fires the timer in order). Then it wakes the loop, which draws what the timer did.
///
/// Two of them, each kept on a CPU of its own (where the process may use two): both sleep
/// until the deadline, the first that runs fires, the other finds nothing due. A CPU can be
/// held for milliseconds by a kernel thread the scheduler does not preempt (traced on the
/// project's machine: the memory monitor `kdamond` held the CPU the one thread woke on for
/// 1.8 and 2.4 ms while the other CPU ran a busy loop it would have preempted at once).
final class EngineTimerThread: PollSleepObserver, @unchecked Sendable {
  /// Priority-inheriting for a loop with real time (`init`), so each thread gives back only
  /// what it took: a priority-inheriting mutex unlocked by another thread stays locked
  /// (EPERM), which `unlock()` catches in debug builds.
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
  /// Signalled when a thread parks (`waitUntilParked`, tests).
  private let parked = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
  /// The engine timer the loop sleeps for (`MonotonicClock` seconds), if any.
  private var deadline: Double?
  private var loopSleeps = false
  private var stopped = false
  private let inputDescriptor: Int32
  private let fire: () -> Void
  private let wakeLoop: () -> Void
  /// How many times it fired the timers for the loop (the loop's note of it; tests).
  private(set) var firedCount = 0
  /// The CPU each waiting thread is kept on (empty: one thread, wherever the kernel puts it).
  let cpus: [Int32]
  /// The kernel's ids of the waiting threads that have started (tests).
  private(set) var waiterThreadIDs: [Int32] = []
  /// How many times a thread came back from waiting, and how many wait with no deadline
  /// now (tests: a sleep without a deadline wakes none of them).
  private(set) var wakeUps = 0
  private(set) var parkedCount = 0
  /// How many broadcasts woke the waiting threads (`broadcast()`), under the lock.
  private var broadcasts = 0
  /// How many threads wait for each timer, on as many CPUs.
  static let waiterCount = 2
  /// How long after an engine timer's deadline the loop wakes by itself when it sleeps for
  /// one: this thread fires the timer and wakes it first, the loop's own wake-up is only
  /// in case it cannot.
  static let loopFallback = 0.05

  /// When the loop wakes by itself from a sleep that would end at `wakeUp` (nil: only for
  /// input), this thread running: a loop without real time that sleeps for an engine timer
  /// (`sleepsForEngineTimer`) leaves it to this thread and wakes `loopFallback` after it, so
  /// that the lock is free when it falls due; a loop with real time (`loopHasRealTime`: the
  /// system has not refused it, `TimerWakePriority.isAvailable`) wakes for it too, and the
  /// first of the three to get the lock fires it (docs/PERFORMANCE.md, "Root's timers fired
  /// by the waiters, and by its loop too").
  static func loopWakeUp(for wakeUp: Double?, sleepsForEngineTimer: Bool, loopHasRealTime: Bool) -> Double? {
    guard let wakeUp, sleepsForEngineTimer, !loopHasRealTime else { return wakeUp }
    return wakeUp + loopFallback
  }

  /// How far before an engine timer the loop starts no frame (`LiveClock.timerClearance`),
  /// so that it is asleep, and the lock free, when the timer falls due. On a busy machine a
  /// frame takes longer than it costs: the fair scheduler shares the loop's CPU with the busy
  /// tasks a few milliseconds at a time (traced: a frame learned at 11.6 ms took 23.6 ms,
  /// preempted twice for 4 ms each), so twice its cost, and two of the kernel's time slices.
  static let timerClearance = TimerClearance(frameStretch: 2, margin: 0.006)

  /// Starts the thread, the calling thread (the loop's) holding the lock. `fire` fires the
  /// engine timers due by now; `wakeLoop` ends the loop's sleep; `inputDescriptor` is the
  /// X connection's.
  /// `cpus`: the CPUs the waiting threads are kept on, one each (by default the first
  /// `waiterCount` the process may use; fewer than two: one thread, not kept anywhere).
  /// `inheritsPriority`: the loop has real time, and the lock inherits priority — a loop
  /// raised to real time that wakes while a waiter fires (an ordinary thread, which a busy
  /// machine can preempt for a time slice) lends the waiter its priority until the lock is
  /// free, rather than wait behind the busy tasks with it. Without real time there is nothing
  /// to lend, and the lock stays an ordinary one.
  init(
    inputDescriptor: Int32, cpus: [Int32] = ThreadScheduling.allowedCPUs(limit: EngineTimerThread.waiterCount),
    inheritsPriority: Bool = false, fire: @escaping () -> Void, wakeLoop: @escaping () -> Void
  ) {
    self.inputDescriptor = inputDescriptor
    self.fire = fire
    self.wakeLoop = wakeLoop
    self.cpus = cpus.count >= 2 ? cpus : []
    var mutexAttributes = pthread_mutexattr_t()
    pthread_mutexattr_init(&mutexAttributes)
    if inheritsPriority { pthread_mutexattr_setprotocol(&mutexAttributes, Int32(PTHREAD_PRIO_INHERIT)) }
    pthread_mutex_init(mutex, &mutexAttributes)
    pthread_mutexattr_destroy(&mutexAttributes)
    var attributes = pthread_condattr_t()
    pthread_condattr_init(&attributes)
    pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
    pthread_cond_init(condition, &attributes)
    pthread_cond_init(parked, &attributes)
    pthread_condattr_destroy(&attributes)
    pthread_mutex_lock(mutex)
    for cpu in self.cpus.isEmpty ? [nil] : self.cpus.map(Optional.some) {
      Thread { [self] in run(keptOn: cpu) }.start()
    }
  }

  /// The engine timer the loop will sleep for next (nil: it sleeps for none). Called by the
  /// loop, holding the lock.
  func willSleep(untilEngineTimer due: Double?) {
    deadline = due
  }

  /// Stops the thread and gives the lock up for good (the window closes). Called by the
  /// loop, holding the lock; once.
  func stop() {
    guard !stopped else { return }
    stopped = true
    broadcast()
    unlock()
  }

  /// Gives the lock back; the thread that took it must.
  private func unlock() {
    let result = pthread_mutex_unlock(mutex)
    assert(result == 0, "the timer thread's lock given back by a thread that did not take it")
  }

  deinit {
    pthread_cond_destroy(condition)
    pthread_cond_destroy(parked)
    pthread_mutex_destroy(mutex)
    condition.deallocate()
    parked.deallocate()
    mutex.deallocate()
  }

  // MARK: - PollSleepObserver (the loop's thread)

  func loopWillSleep() {
    loopSleeps = true
    // Only a deadline is news: a sleep without one (a drag's, between its motions) leaves
    // the threads waiting, and one still waiting for an old deadline finds none then.
    if deadline != nil { broadcast() }
    unlock()
  }

  /// Wakes every waiting thread. Called holding the lock.
  private func broadcast() {
    broadcasts &+= 1
    parkedCount = 0  // every parked thread is woken, even before it has the lock again
    pthread_cond_broadcast(condition)
  }

  func loopDidWake() {
    pthread_mutex_lock(mutex)
    loopSleeps = false
  }

  /// Waits, called between `loopWillSleep()` and `loopDidWake()` (the lock free), until
  /// `count` threads have started and wait with no deadline (tests: they wait for the
  /// threads themselves, never for the scheduler to have run them by some time).
  func waitUntilParked(_ count: Int) {
    pthread_mutex_lock(mutex)
    while parkedCount < count { pthread_cond_wait(parked, mutex) }
    unlock()
  }

  // MARK: - The thread

  private func run(keptOn cpu: Int32?) {
    ThreadScheduling.setName("touchlab-timers")
    if let cpu { ThreadScheduling.pin(toCPU: cpu) }
    // As the loop's thread asks: the shortest slice, no timer slack.
    ThreadScheduling.requestTimeSlice(seconds: LiveSandbox.timeSlice)
    ThreadScheduling.setTimerSlack(seconds: 1e-9)
    pthread_mutex_lock(mutex)
    defer { unlock() }
    waiterThreadIDs.append(ThreadScheduling.threadID)
    while !stopped {
      guard loopSleeps, let due = deadline else {
        parkedCount += 1  // until the broadcast that wakes it (`broadcast()`)
        pthread_cond_broadcast(parked)
        // A wait that returns without a broadcast (POSIX lets it return for nothing) waits
        // again, uncounted.
        let generation = broadcasts
        repeat { pthread_cond_wait(condition, mutex) } while broadcasts == generation
        wakeUps += 1
        continue
      }
      if MonotonicClock.now() < due {
        var until = Self.timespec(at: due)
        pthread_cond_timedwait(condition, mutex, &until)
        wakeUps += 1
        continue
      }
      deadline = nil
      if !inputIsWaiting() {
        fire()
        firedCount += 1
      }
      wakeLoop()
    }
  }

  /// Whether the X connection has something to read: input the loop must read first.
  private func inputIsWaiting() -> Bool {
    var descriptor = pollfd(fd: inputDescriptor, events: Int16(POLLIN), revents: 0)
    return poll(&descriptor, 1, 0) > 0
  }

  private static func timespec(at seconds: Double) -> Glibc.timespec {
    let whole = seconds.rounded(.down)
    let nanoseconds = min(999_999_999, ((seconds - whole) * 1e9).rounded(.up))
    return Glibc.timespec(tv_sec: Int(whole), tv_nsec: Int(nanoseconds))
  }
}
