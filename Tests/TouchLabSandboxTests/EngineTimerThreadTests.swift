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
/// either way. Nothing here waits for time to pass: every deadline is already due, and each
/// wait is for the thread's wake-up, with a generous limit.
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

  private func makeThread() -> EngineTimerThread {
    EngineTimerThread(
      inputDescriptor: input[0], fire: { [unowned self] in firedWhileTheLoopSlept.append(loopSleeps) },
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

  func testADueTimerIsFiredWhileTheLoopSleepsAndTheLoopIsWoken() {
    let thread = makeThread()
    defer { thread.stop() }
    XCTAssertEqual(firedWhileTheLoopSlept, [], "not while the loop is awake (it holds the lock)")
    XCTAssertTrue(sleepOnce(thread, until: MonotonicClock.now()))
    XCTAssertEqual(firedWhileTheLoopSlept, [true])
    XCTAssertEqual(thread.firedCount, 1)
    // Again, for the next timer: one firing a deadline.
    XCTAssertTrue(sleepOnce(thread, until: MonotonicClock.now()))
    XCTAssertEqual(firedWhileTheLoopSlept, [true, true])
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
}
