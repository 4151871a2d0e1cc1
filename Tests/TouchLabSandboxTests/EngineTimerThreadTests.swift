import Foundation
import TouchLabX11
import XCTest

@testable import TouchLabSandbox

#if canImport(Glibc)
  import Glibc
#endif

/// The engine's timers fired on a thread of their own (`EngineTimerThread`), with this test
/// as the loop: the thread fires a due timer only while the loop sleeps, never while input
/// waits to be read (the loop reads it first, then fires in order), and wakes the loop
/// either way. Nothing here waits for time to pass or for the scheduler: every deadline is
/// already due, and each wait is for the threads' own signal (a wake-up, a thread parked).
final class EngineTimerThreadTests: XCTestCase {
  /// A pipe standing for the X connection: readable when "input" waits.
  private var input: [Int32] = [-1, -1]
  private let waker = LoopWaker()
  private var loopSleeps = false
  private var firedWhileTheLoopSlept: [Bool] = []

  override func setUpWithError() throws {
    XCTAssertEqual(pipe(&input), 0)
  }

  override func tearDown() {
    close(input[0])
    close(input[1])
  }

  private func makeThread(inheritsPriority: Bool = false) -> EngineTimerThread {
    EngineTimerThread(
      inputDescriptor: input[0], inheritsPriority: inheritsPriority,
      fire: { [unowned self] in firedWhileTheLoopSlept.append(loopSleeps) },
      wakeLoop: { [waker] in waker.wake() })
  }

  /// The loop sleeps once, for `deadline`, until the thread wakes it.
  private func sleepOnce(_ thread: EngineTimerThread, until deadline: Double?) -> Bool {
    thread.willSleep(untilEngineTimer: deadline)
    loopSleeps = true
    thread.loopWillSleep()
    let woken = waker.wait(timeout: 30)
    thread.loopDidWake()
    loopSleeps = false
    waker.consume()
    return woken
  }

  /// A loop without real time sleeping for an engine timer leaves it to the thread and wakes
  /// by itself only `loopFallback` after it; a loop with real time wakes for it too; a sleep
  /// for anything else (an animation's frame) or for input alone keeps its time.
  func testTheLoopWakesForATimerItselfOnlyWithRealTime() {
    let due = 12.5
    XCTAssertEqual(
      EngineTimerThread.loopWakeUp(for: due, sleepsForEngineTimer: true, loopHasRealTime: false),
      due + EngineTimerThread.loopFallback)
    XCTAssertEqual(EngineTimerThread.loopWakeUp(for: due, sleepsForEngineTimer: true, loopHasRealTime: true), due)
    for hasRealTime in [false, true] {
      XCTAssertEqual(
        EngineTimerThread.loopWakeUp(for: due, sleepsForEngineTimer: false, loopHasRealTime: hasRealTime), due)
      XCTAssertNil(EngineTimerThread.loopWakeUp(for: nil, sleepsForEngineTimer: true, loopHasRealTime: hasRealTime))
    }
  }

  func testADueTimerIsFiredWhileTheLoopSleepsAndTheLoopIsWoken() {
    fireTwice(makeThread())
  }

  /// The same with the lock a loop with real time gets, which inherits priority: each thread
  /// gives back only what it took (`unlock()` checks it in debug builds).
  func testADueTimerIsFiredTheSameWithALockThatInheritsPriority() {
    fireTwice(makeThread(inheritsPriority: true))
  }

  private func fireTwice(_ thread: EngineTimerThread, file: StaticString = #filePath, line: UInt = #line) {
    defer { thread.stop() }
    XCTAssertEqual(
      firedWhileTheLoopSlept, [], "not while the loop is awake (it holds the lock)", file: file, line: line)
    XCTAssertTrue(sleepOnce(thread, until: MonotonicClock.now()), file: file, line: line)
    XCTAssertEqual(firedWhileTheLoopSlept, [true], file: file, line: line)
    XCTAssertEqual(thread.firedCount, 1, file: file, line: line)
    // Again, for the next timer: one firing a deadline.
    XCTAssertTrue(sleepOnce(thread, until: MonotonicClock.now()), file: file, line: line)
    XCTAssertEqual(firedWhileTheLoopSlept, [true, true], file: file, line: line)
  }

  func testInputWaitingIsReadFirstTheTimerIsLeftToTheLoop() {
    let thread = makeThread()
    defer { thread.stop() }
    var byte: UInt8 = 1
    XCTAssertEqual(write(input[1], &byte, 1), 1)
    XCTAssertTrue(sleepOnce(thread, until: MonotonicClock.now()), "the loop is woken to read the input")
    XCTAssertEqual(firedWhileTheLoopSlept, [], "the timer is not fired past input not yet read")
    XCTAssertEqual(thread.firedCount, 0)
  }

  /// Two threads wait for each timer, each kept on a CPU of its own (a CPU held by a kernel
  /// thread delays one, not both); whichever runs first fires, so every deadline is fired
  /// once, never twice.
  func testTwoWaitersOnCPUsOfTheirOwnFireEachDeadlineOnce() throws {
    let allowed = ThreadScheduling.allowedCPUs(limit: EngineTimerThread.waiterCount)
    try XCTSkipIf(allowed.count < 2, "this machine lets the process use one CPU: one thread, kept nowhere")
    let thread = makeThread()
    defer { thread.stop() }
    XCTAssertEqual(thread.cpus, allowed)
    // Both threads start while the loop first sleeps; it sleeps without a deadline until
    // both wait (however long the scheduler takes to run them).
    thread.willSleep(untilEngineTimer: nil)
    thread.loopWillSleep()
    thread.waitUntilParked(2)
    thread.loopDidWake()
    let sleeps = 20
    for _ in 0..<sleeps {
      XCTAssertTrue(sleepOnce(thread, until: MonotonicClock.now()))
    }
    XCTAssertEqual(firedWhileTheLoopSlept, Array(repeating: true, count: sleeps), "one firing a deadline")
    XCTAssertEqual(thread.firedCount, sleeps)
    XCTAssertEqual(thread.waiterThreadIDs.count, 2)
    var kept: [Int32] = []
    for id in thread.waiterThreadIDs {
      let task = "/proc/self/task/\(id)/"
      let name = try String(contentsOfFile: task + "comm", encoding: .utf8)
      XCTAssertEqual(name, "touchlab-timers\n")
      let status = try String(contentsOfFile: task + "status", encoding: .utf8)
      let line = try XCTUnwrap(status.split(separator: "\n").first { $0.hasPrefix("Cpus_allowed_list:") })
      kept.append(try XCTUnwrap(Int32(line.split(separator: "\t").last ?? "")))
    }
    // What the code asked for (each thread's affinity), not where the kernel ran it.
    XCTAssertEqual(kept.sorted(), allowed.sorted(), "each thread kept on a CPU of its own")
  }

  /// A sleep without an engine timer (a drag's, between its motions) wakes none of the
  /// threads: only a deadline is news to them. A deadline after that is fired as before.
  func testASleepWithoutADeadlineWakesNoThread() {
    let thread = makeThread()
    defer { thread.stop() }
    let waiters = thread.cpus.isEmpty ? 1 : thread.cpus.count
    // A timer fired, then a sleep without a deadline (it broadcasts nothing) until every
    // thread waits with none: the one that fired, and the other, which the same broadcast
    // woke and which parks once it has the lock while the loop sleeps.
    XCTAssertTrue(sleepOnce(thread, until: MonotonicClock.now()))
    thread.willSleep(untilEngineTimer: nil)
    thread.loopWillSleep()
    thread.waitUntilParked(waiters)
    thread.loopDidWake()
    XCTAssertEqual(thread.parkedCount, waiters)
    let wakeUps = thread.wakeUps
    for _ in 0..<50 {
      thread.willSleep(untilEngineTimer: nil)
      thread.loopWillSleep()
      sched_yield()
      thread.loopDidWake()
    }
    XCTAssertEqual(thread.wakeUps, wakeUps, "50 sleeps without a deadline woke no thread")
    XCTAssertEqual(thread.parkedCount, waiters)
    XCTAssertTrue(sleepOnce(thread, until: MonotonicClock.now()))
    XCTAssertEqual(thread.firedCount, 2)
  }

  /// Given one CPU, one thread, kept nowhere.
  func testOneCPUOneWaiter() {
    let thread = EngineTimerThread(
      inputDescriptor: input[0], cpus: [0], fire: {}, wakeLoop: { [waker] in waker.wake() })
    defer { thread.stop() }
    XCTAssertEqual(thread.cpus, [])
    XCTAssertTrue(sleepOnce(thread, until: MonotonicClock.now()))
    XCTAssertEqual(thread.waiterThreadIDs.count, 1)
    XCTAssertEqual(thread.firedCount, 1)
  }
}
