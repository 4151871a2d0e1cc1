import Foundation
import TouchLabX11
import XCTest

/// The finer scheduler tick's threads: paused until resumed, ticking until paused, kept one
/// on each CPU, ended by `stop()`. The tests wait for the threads' own events (a tick, a
/// park, an end), never for a time to pass, and assert nothing of how soon they come; their
/// runs last an hour at most, not `longestRun`, so that a stalled machine cannot end one.
final class SchedulerTickTests: XCTestCase {
  private func makeTick(cpus: [Int32] = ThreadScheduling.allowedCPUs(limit: 8)) -> SchedulerTick {
    SchedulerTick(cpus: cpus, longestRun: 3600)
  }

  func testItStartsPausedTicksOnceResumedAndParksWhenPaused() {
    let tick = makeTick()
    defer { tick.stop() }
    tick.waitUntilParked()
    XCTAssertFalse(tick.isRunning)
    XCTAssertEqual(tick.tickCount, 0, "no tick before a resume: every thread parks first")
    tick.resume()
    XCTAssertTrue(tick.isRunning)
    tick.waitUntilTicked(10)
    tick.pause()
    XCTAssertFalse(tick.isRunning)
    tick.waitUntilParked()
    // Parked, no thread can tick until resumed; resumed, they tick again.
    let ticked = tick.tickCount
    tick.resume()
    tick.waitUntilTicked(ticked + 10)
    XCTAssertGreaterThanOrEqual(tick.tickCount, ticked + 10)
  }

  func testAResumeWhileTickingChangesNothingAndAStoppedTickStaysStopped() {
    let tick = makeTick()
    tick.resume()
    tick.resume()
    tick.waitUntilTicked(4)
    tick.stop()
    tick.waitUntilEnded()
    XCTAssertFalse(tick.isRunning)
    tick.resume()
    XCTAssertFalse(tick.isRunning, "a stopped tick has no threads to run")
  }

  /// A run ends by itself after its longest time (a frame the X server never reads must not
  /// keep the threads waking): resumed for no time, every thread parks again unasked.
  func testARunEndsByItselfAfterItsLongestTime() {
    let tick = makeTick()
    defer { tick.stop() }
    tick.waitUntilParked()
    let parks = tick.parkCount
    XCTAssertEqual(parks, tick.threadCount)
    tick.resume(for: 0)
    XCTAssertFalse(tick.isRunning, "a run of no time is over at once")
    // The first thread to wake finds the run over and ends it for all: it parks again, and
    // a thread woken after it finds nothing to run and keeps waiting.
    tick.waitUntilParked(times: parks + 1)
    tick.waitUntilParked()
    // Resumed again, it ticks as before.
    tick.resume()
    XCTAssertTrue(tick.isRunning)
    tick.waitUntilTicked(tick.tickCount + 4)
  }

  /// One thread on each CPU the process may use, kept there: the wake-up that makes the
  /// kernel look again must come on the CPU where the loop waits, whichever that is.
  func testEachThreadIsKeptOnACPUOfItsOwn() throws {
    let allowed = ThreadScheduling.allowedCPUs(limit: 8)
    try XCTSkipIf(allowed.count < 2, "this machine lets the process use one CPU: one thread, kept nowhere")
    let tick = makeTick()
    defer { tick.stop() }
    tick.waitUntilParked()
    XCTAssertEqual(tick.cpus, allowed)
    XCTAssertEqual(tick.threadCount, allowed.count)
    var kept: [Int32] = []
    for id in tick.threadIDs {
      let task = "/proc/self/task/\(id)/"
      XCTAssertEqual(try String(contentsOfFile: task + "comm", encoding: .utf8), "touchlab-tick\n")
      let status = try String(contentsOfFile: task + "status", encoding: .utf8)
      let line = try XCTUnwrap(status.split(separator: "\n").first { $0.hasPrefix("Cpus_allowed_list:") })
      kept.append(try XCTUnwrap(Int32(line.split(separator: "\t").last ?? "")))
    }
    XCTAssertEqual(kept.sorted(), allowed.sorted(), "each thread kept on a CPU of its own")
  }

  func testOneCPUOneThreadKeptNowhere() {
    let tick = makeTick(cpus: [0])
    defer { tick.stop() }
    XCTAssertEqual(tick.cpus, [])
    XCTAssertEqual(tick.threadCount, 1)
    tick.waitUntilParked()
    XCTAssertEqual(tick.threadIDs.count, 1)
    tick.resume()
    tick.waitUntilTicked(3)
  }
}

/// The loop thread's wait for a CPU, as the kernel's schedstat has it.
final class RunQueueWaitTests: XCTestCase {
  func testTheWaitIsTheSecondNumber() {
    XCTAssertEqual(RunQueueWait.waitSeconds(schedstat: Array("1234 5678901 42\n".utf8)), 0.005678901)
    XCTAssertEqual(RunQueueWait.waitSeconds(schedstat: Array("0 0 0\n".utf8)), 0)
  }

  func testAnythingElseIsNoWait() {
    for text in ["", "\n", "1234\n", "1234 -5 3\n", "1234 5x 3\n", "1 99999999999999999999 2\n", "a b c"] {
      XCTAssertNil(RunQueueWait.waitSeconds(schedstat: Array(text.utf8)), text)
    }
  }

  /// Read for the calling thread: the kernel's account only grows.
  func testTheCallingThreadsWaitOnlyGrows() throws {
    try XCTSkipUnless(
      FileManager.default.fileExists(atPath: "/proc/thread-self/schedstat"), "this kernel keeps no schedstat")
    let wait = try XCTUnwrap(RunQueueWait())
    let first = try XCTUnwrap(wait.seconds())
    sched_yield()
    let second = try XCTUnwrap(wait.seconds())
    XCTAssertGreaterThanOrEqual(first, 0)
    XCTAssertGreaterThanOrEqual(second, first)
  }
}
