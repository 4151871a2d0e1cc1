import Foundation
import TouchLabSandbox
import TouchLabX11
import XCTest

#if canImport(Glibc)
  import Glibc
#endif

/// The short time slice the loop's thread asks for (Linux 6.12 and later: `sched_runtime` of
/// a SCHED_OTHER thread), read back with `sched_getattr`. Going back to SCHED_OTHER with
/// `sched_setscheduler` resets it to the kernel's default, so every lowering from real time
/// asks for it again. Each test runs on a thread of its own (the scheduling calls change the
/// calling thread only), and reads what the kernel holds: no timing.
final class TimeSliceTests: XCTestCase {
  private let slice = LiveSandbox.timeSlice

  /// Runs `body` on a new thread and waits for it.
  private func onFreshThread(_ body: @escaping @Sendable () throws -> Void) throws {
    final class Outcome: @unchecked Sendable { var error: Error? }
    let outcome = Outcome()
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
      do { try body() } catch { outcome.error = error }
      done.signal()
    }
    thread.start()
    done.wait()
    if let error = outcome.error { throw error }
  }

  /// The slice as read back, or a skip where the kernel does not say (no `sched_getattr`)
  /// or ignores `sched_runtime` for an ordinary thread (before Linux 6.12).
  private static func sliceSupported(_ slice: Double) throws {
    guard let before = ThreadScheduling.timeSlice else {
      throw XCTSkip("sched_getattr is not available here")
    }
    guard ThreadScheduling.requestTimeSlice(seconds: slice),
      let after = ThreadScheduling.timeSlice, abs(after - slice) < 1e-9 || abs(before - slice) < 1e-9
    else { throw XCTSkip("this kernel keeps no slice for an ordinary thread (Linux 6.12 and later do)") }
  }

  func testARequestedSliceReadsBack() throws {
    let slice = self.slice
    try onFreshThread {
      try Self.sliceSupported(slice)
      XCTAssertEqual(try XCTUnwrap(ThreadScheduling.timeSlice), slice, accuracy: 1e-9)
      XCTAssertTrue(ThreadScheduling.requestTimeSlice(seconds: 0.0005))
      XCTAssertEqual(try XCTUnwrap(ThreadScheduling.timeSlice), 0.0005, accuracy: 1e-9)
      XCTAssertEqual(ThreadScheduling.policy.policy, .other, "still an ordinary thread")
    }
  }

  /// Needs no privilege: lowering an ordinary thread is allowed to anyone. Without the slice
  /// the kernel's default comes back; with it, the slice.
  func testLoweringKeepsTheSliceOnlyWhenGiven() throws {
    let slice = self.slice
    try onFreshThread {
      try Self.sliceSupported(slice)
      XCTAssertTrue(ThreadScheduling.setRealTime(false))
      let defaultSlice = try XCTUnwrap(ThreadScheduling.timeSlice)
      XCTAssertNotEqual(defaultSlice, slice, accuracy: 1e-9, "sched_setscheduler resets the slice")
      XCTAssertTrue(ThreadScheduling.setRealTime(false, keepingSlice: slice))
      XCTAssertEqual(try XCTUnwrap(ThreadScheduling.timeSlice), slice, accuracy: 1e-9)
    }
  }

  /// A thread RealtimeKit raised carries SCHED_RESET_ON_FORK, which an unprivileged thread
  /// may not clear: a `sched_setattr` without it is refused (EPERM). Asking for the slice and
  /// lowering keep the flag, so both work there as an ordinary user too.
  func testTheSliceIsKeptOnAThreadThatResetsOnFork() throws {
    let slice = self.slice
    try onFreshThread {
      try Self.sliceSupported(slice)
      var parameter = sched_param()
      XCTAssertEqual(sched_setscheduler(0, SCHED_OTHER | 0x4000_0000, &parameter), 0, "SCHED_RESET_ON_FORK set")
      XCTAssertTrue(ThreadScheduling.requestTimeSlice(seconds: slice))
      XCTAssertEqual(try XCTUnwrap(ThreadScheduling.timeSlice), slice, accuracy: 1e-9)
      XCTAssertEqual(sched_getscheduler(0) & 0x4000_0000, 0x4000_0000, "still set")
      XCTAssertTrue(ThreadScheduling.setRealTime(false, keepingSlice: slice))
      XCTAssertEqual(try XCTUnwrap(ThreadScheduling.timeSlice), slice, accuracy: 1e-9)
    }
  }

  /// Root (or an RLIMIT_RTPRIO): a stretch at SCHED_FIFO, then lowered; the slice is the one
  /// asked for again, also when the watchdog drops the thread from its signal handler.
  func testTheSliceSurvivesARealTimeStretch() throws {
    let slice = self.slice
    try onFreshThread {
      try Self.sliceSupported(slice)
      guard ThreadScheduling.setRealTime(true, keepingSlice: slice) else {
        throw XCTSkip("this user may not use SCHED_FIFO (no CAP_SYS_NICE, RLIMIT_RTPRIO 0)")
      }
      XCTAssertTrue(ThreadScheduling.isRealTime)
      XCTAssertTrue(ThreadScheduling.setRealTime(false, keepingSlice: slice))
      XCTAssertEqual(ThreadScheduling.policy.policy, .other)
      XCTAssertEqual(try XCTUnwrap(ThreadScheduling.timeSlice), slice, accuracy: 1e-9)

      let watchdog = try XCTUnwrap(RealTimeWatchdog(keepingSlice: slice))
      XCTAssertTrue(ThreadScheduling.setRealTime(true, keepingSlice: slice))
      let start = ThreadScheduling.threadCPUTime()
      watchdog.arm(cpuSeconds: 0.002)
      // Computes until dropped (a CPU-time bound, not a wall-clock one, ends a stuck loop).
      while ThreadScheduling.isRealTime && ThreadScheduling.threadCPUTime() - start < 1 {}
      XCTAssertFalse(ThreadScheduling.isRealTime, "dropped by the watchdog")
      XCTAssertEqual(try XCTUnwrap(ThreadScheduling.timeSlice), slice, accuracy: 1e-9)
    }
  }

  /// The window's own path: `forThisThread` probes real time (root: SCHED_FIFO) and lowers,
  /// the loop raises for a timer and lowers; the slice is there after each, as root and as
  /// an ordinary user (whose probe is refused, and the slice is simply kept).
  func testTheWindowsPriorityKeepsTheSlice() throws {
    let slice = self.slice
    try onFreshThread {
      try Self.sliceSupported(slice)
      let priority = TimerWakePriority.forThisThread(
        environment: ["TOUCHLAB_NO_REALTIMEKIT": "1"], timeSlice: slice)
      XCTAssertEqual(try XCTUnwrap(ThreadScheduling.timeSlice), slice, accuracy: 1e-9, "after the probe")
      priority.prepareToSleep(wakingForTimer: true)
      if priority.source == .fifo { XCTAssertTrue(priority.isRaised) }
      priority.lower()
      XCTAssertFalse(ThreadScheduling.isRealTime)
      XCTAssertEqual(try XCTUnwrap(ThreadScheduling.timeSlice), slice, accuracy: 1e-9, "after a stretch")
    }
  }

  /// Odd figures are the default slice, never a trap.
  func testOddFiguresAskForTheDefault() throws {
    try onFreshThread {
      guard ThreadScheduling.timeSlice != nil else { throw XCTSkip("sched_getattr is not available here") }
      for seconds in [-1, 0, .nan, .infinity] as [Double] {
        XCTAssertTrue(ThreadScheduling.requestTimeSlice(seconds: seconds), "\(seconds)")
      }
      XCTAssertTrue(ThreadScheduling.setRealTime(false, keepingSlice: .nan))
    }
  }
}
