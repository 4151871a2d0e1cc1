import CX11

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Something with a file descriptor that becomes readable when input may
/// be waiting, and a way to take all input already received without blocking.
public protocol InputEventSource: AnyObject {
  var fileDescriptor: Int32 { get }
  /// Everything queued now, reading what the descriptor holds but never
  /// waiting for more. An X11 window also flushes its requests here.
  func drainEvents() -> [InputEvent]
}

/// Told when a `PollLoop` goes to sleep in `poll()` and when it wakes, on the loop's thread.
public protocol PollSleepObserver: AnyObject {
  func loopWillSleep()
  func loopDidWake()
}

/// Why `PollLoop.wait(until:)` returned.
public struct PollWakeup: Equatable, Sendable {
  /// Input that arrived, in order; empty when woken by the deadline or file.
  public var events: [InputEvent]
  /// The caller's deadline has passed.
  public var deadlineReached: Bool
  /// The watched file was rewritten.
  public var fileChanged: Bool
  /// When `events` were read (`MonotonicClock` seconds), or nil (made up by a test): what
  /// the X server's timestamps are learned against (`ServerTimeMapping`).
  public var readTime: Double?

  public init(
    events: [InputEvent] = [], deadlineReached: Bool = false, fileChanged: Bool = false, readTime: Double? = nil
  ) {
    self.events = events
    self.deadlineReached = deadlineReached
    self.fileChanged = fileChanged
    self.readTime = readTime
  }
}

/// The event loop's one blocking call: sleeps in `ppoll()` until input
/// arrives, the caller's next deadline comes, or a watched file changes.
///
/// An idle window therefore costs no CPU, and an animation or timer wakes
/// on time without spinning. Before sleeping it drains the source, because
/// Xlib may already hold events in its own queue that `poll()` cannot see.
public final class PollLoop {
  public let source: InputEventSource
  public let fileWatcher: FileChangeWatcher?
  /// Another thread's way to end a wait (a layout loaded in the background).
  public let waker: LoopWaker?
  /// How many times `poll()` was entered; a test's proof of no busy waiting.
  public private(set) var sleepCount = 0
  /// Told just before the loop sleeps in `poll()` and just after it wakes, before anything
  /// is read: while it sleeps, and only then, another thread may act for it (the engine's
  /// timers fired on a thread of their own, knowing no input was read meanwhile).
  public var sleepObserver: PollSleepObserver?

  /// The loop's one sleep: `ppoll()` on the descriptors, for at most the timeout (nil:
  /// until one is ready). Returns its result; `revents` are set in `descriptors`.
  public typealias Sleep = (_ descriptors: inout [pollfd], _ timeout: timespec?) -> Int32

  /// The clock the loop reads (`MonotonicClock` seconds; a test's own).
  private let now: () -> Double
  private let sleep: Sleep

  /// `clock` and `sleep` are the real ones unless a test gives its own (a manual clock that
  /// its sleep advances: no test waits on the wall clock).
  public init(
    source: InputEventSource, fileWatcher: FileChangeWatcher? = nil, waker: LoopWaker? = nil,
    clock: @escaping () -> Double = MonotonicClock.now, sleep: @escaping Sleep = PollLoop.ppoll
  ) {
    self.source = source
    self.fileWatcher = fileWatcher
    self.waker = waker
    now = clock
    self.sleep = sleep
  }

  /// `ppoll()`, the real sleep.
  public static func ppoll(_ descriptors: inout [pollfd], _ timeout: timespec?) -> Int32 {
    guard var timeout else { return touchlab_ppoll(&descriptors, nfds_t(descriptors.count), nil) }
    return touchlab_ppoll(&descriptors, nfds_t(descriptors.count), &timeout)
  }

  /// Waits for work. `deadline` is in `MonotonicClock` seconds; nil waits
  /// for input or a file change only. Returns at once when events are
  /// already queued or the deadline has passed.
  /// Waits, wake-up after wake-up, until `done` accepts the events that came or `timeout`
  /// seconds pass; returns them all (what a test waiting for an Expose or a touch needs).
  public func collectEvents(timeout: Double, until done: ([InputEvent]) -> Bool) -> [InputEvent] {
    let deadline = self.now() + timeout
    var events: [InputEvent] = []
    while !done(events) {
      let wakeup = wait(until: deadline)
      events += wakeup.events
      if wakeup.deadlineReached { break }
    }
    return events
  }

  public func wait(until deadline: Double?) -> PollWakeup {
    while true {
      let events = source.drainEvents()
      let now = self.now()
      let deadlineReached = deadline.map { now >= $0 } ?? false
      if !events.isEmpty || deadlineReached {
        let fileChanged = fileWatcher?.consumeChanges() ?? false
        return PollWakeup(
          events: events, deadlineReached: deadlineReached, fileChanged: fileChanged, readTime: now)
      }

      var descriptors = [pollfd(fd: source.fileDescriptor, events: Int16(POLLIN), revents: 0)]
      // Always a second entry, so the waker's is the third: -1 is ignored by ppoll().
      descriptors.append(pollfd(fd: fileWatcher?.fileDescriptor ?? -1, events: Int16(POLLIN), revents: 0))
      if let waker {
        if waker.consume() { return PollWakeup(events: [], deadlineReached: deadlineReached) }
        descriptors.append(pollfd(fd: waker.fileDescriptor, events: Int16(POLLIN), revents: 0))
      }
      sleepCount += 1
      // ppoll() takes the timeout to the nanosecond; poll()'s whole milliseconds would wake
      // a timer due in 0.2 ms 1 ms later (PERFORMANCE.md).
      sleepObserver?.loopWillSleep()
      let result = sleep(&descriptors, PollLoop.timeout(until: deadline, now: now))
      let pollError = errno
      sleepObserver?.loopDidWake()
      errno = pollError
      if result < 0 && errno != EINTR {
        preconditionFailure("ppoll() failed: \(String(cString: strerror(errno)))")
      }
      if descriptors.count > 2, descriptors[2].revents != 0, waker?.consume() == true {
        let events = source.drainEvents()
        let readTime = self.now()
        return PollWakeup(
          events: events, deadlineReached: deadline.map { readTime >= $0 } ?? false, readTime: readTime)
      }
      if descriptors[1].revents != 0, fileWatcher?.consumeChanges() == true {
        let events = source.drainEvents()
        let readTime = self.now()
        return PollWakeup(
          events: events, deadlineReached: deadline.map { readTime >= $0 } ?? false, fileChanged: true,
          readTime: readTime)
      }
      // Otherwise loop: drain what arrived, or sleep again for the rest of
      // the time if the wake-up brought nothing (such as an X reply).
    }
  }

  /// ppoll()'s timeout for a deadline: nil (forever) for none, otherwise the time left to the
  /// nanosecond (rounded up, so the loop never wakes a hair early and polls again for
  /// nothing); zero once the deadline has passed.
  public static func timeout(until deadline: Double?, now: Double) -> timespec? {
    guard let deadline else { return nil }
    let left = deadline - now
    if !(left > 0) { return timespec(tv_sec: 0, tv_nsec: 0) }
    if left >= Double(Int32.max) { return timespec(tv_sec: Int(Int32.max), tv_nsec: 0) }
    let seconds = left.rounded(.down)
    var nanoseconds = ((left - seconds) * 1e9).rounded(.up)
    var wholeSeconds = Int(seconds)
    if nanoseconds >= 1e9 {
      wholeSeconds += 1
      nanoseconds = 0
    }
    return timespec(tv_sec: wholeSeconds, tv_nsec: Int(nanoseconds))
  }

  /// poll()'s timeout for a deadline: -1 (forever) for none, otherwise the
  /// milliseconds left rounded up, so the loop never wakes a little early
  /// and spins through a run of zero-length polls.
  public static func timeoutMilliseconds(until deadline: Double?, now: Double) -> Int32 {
    guard let deadline else { return -1 }
    let milliseconds = ((deadline - now) * 1000).rounded(.up)
    if milliseconds <= 0 { return 0 }
    return milliseconds >= Double(Int32.max) ? Int32.max : Int32(milliseconds)
  }
}
