import TouchLabX11
import XCTest

@testable import TouchLabSandbox

/// When the window's loop finds the machine busy (its thread waited for a CPU), and what it
/// does then: the finer scheduler tick runs from a wake until the loop sleeps with no frame
/// left for the server to read. Readings and clock are given: no timing.
final class BusyMachineTickTests: XCTestCase {
  func testAQuarterTickWaitStartsItAFifthOfAMillisecondHoldsIt() {
    var contention = CPUContention()
    XCTAssertFalse(contention.note(totalWait: 5, at: 0), "the first reading has nothing to compare with")
    XCTAssertFalse(contention.note(totalWait: 5.0001, at: 1), "0.1 ms: a quiet machine's turn")
    XCTAssertFalse(contention.note(totalWait: 5.0006, at: 1.5), "0.5 ms does not start it")
    XCTAssertTrue(contention.note(totalWait: 5.0017, at: 2), "1.1 ms does")
    XCTAssertTrue(contention.note(totalWait: 5.002, at: 3), "0.3 ms holds it from here")
    XCTAssertTrue(contention.note(totalWait: 5.0021, at: 4.9), "0.1 ms does not")
    XCTAssertFalse(contention.note(totalWait: 5.0021, at: 5), "busy for 2 s after the last turn that held it")
    XCTAssertFalse(contention.note(totalWait: 5.0026, at: 6), "quiet again: 0.5 ms does not start it")
    XCTAssertTrue(contention.note(totalWait: 5.0066, at: 10), "a tick's 4 ms")
    XCTAssertTrue(contention.note(totalWait: 5.0066, at: 11.9))
    XCTAssertFalse(contention.note(totalWait: 5.0066, at: 12))
  }

  func testTheTickRunsFromABusyWakeUntilASleepWithNoFrameBeingRead() throws {
    var wait = 1.0
    var now = 0.0
    var made = 0
    // Runs of an hour at most, not `SchedulerTick.longestRun`: a stalled machine cannot end one.
    let busy = BusyMachineTick(
      totalWait: { wait }, now: { now },
      makeTick: {
        made += 1
        return SchedulerTick(longestRun: 3600)
      })
    defer { busy.stop() }
    /// The loop wakes at `time` having waited `waited` for a CPU since it last woke.
    func wake(at time: Double, waited: Double = 0) {
      now = time
      wait += waited
      busy.loopDidWake()
    }
    wake(at: 0)
    wake(at: 0.01, waited: 0.00005)
    XCTAssertNil(busy.tick, "a quiet machine never starts the tick's threads")
    busy.loopWillSleep(frameIsBeingRead: false)
    wake(at: 0.02, waited: 0.004)
    let tick = try XCTUnwrap(busy.tick)
    XCTAssertEqual(made, 1)
    XCTAssertTrue(tick.isRunning)
    busy.loopWillSleep(frameIsBeingRead: true)
    XCTAssertTrue(tick.isRunning, "the server may wait for a CPU to read the frame: the tick runs on")
    wake(at: 0.03)
    busy.loopWillSleep(frameIsBeingRead: false)
    XCTAssertFalse(tick.isRunning, "asleep with nothing on its way: no tick")
    wake(at: 1.5, waited: 0.0003)
    XCTAssertTrue(tick.isRunning, "a wait of 0.3 ms while busy: held")
    busy.loopWillSleep(frameIsBeingRead: false)
    wake(at: 3.6)
    XCTAssertFalse(tick.isRunning, "quiet for 2 s: no tick")
    busy.loopWillSleep(frameIsBeingRead: false)
    wake(at: 4, waited: 0.005)
    XCTAssertTrue(tick.isRunning)
    XCTAssertEqual(made, 1, "made once")
  }

  func testNoAccountNoTick() {
    var now = 0.0
    let busy = BusyMachineTick(totalWait: { nil }, now: { now })
    for _ in 0..<3 {
      busy.loopDidWake()
      now += 1
    }
    XCTAssertNil(busy.tick)
  }
}
