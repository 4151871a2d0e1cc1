import Foundation
import TouchLabSandbox
import TouchLabX11
import XCTest

/// Real time never computes for long (issue 25 §6): each raised stretch is granted at most a
/// few ms of CPU time (a watchdog on the thread's CPU clock drops it past that), a frame
/// whose last one was long is drawn lowered, and the stretches together use at most a tenth
/// of a CPU. A made-up thread: its CPU time, its clock and the watchdog are the test's.
final class RealTimeBudgetTests: XCTestCase {
  final class FakeThread {
    var raised = false
    var cpu = 0.0
    var now = 100.0
    var grants: [Double?] = []
    var limit: Double?

    var thread: TimerWakePriority.Thread {
      TimerWakePriority.Thread(
        setRealTime: { on in
          self.raised = on
          return true
        }, isRealTime: { self.raised }, cpuTime: { self.cpu }, now: { self.now },
        watchdog: { self.grants.append($0) }, realTimeLimit: limit)
    }

    /// Computes `seconds` (of CPU time; `now` too unless `advancingNow` is false); past the
    /// armed grant the watchdog drops the thread.
    func compute(_ seconds: Double, advancingNow: Bool = true) {
      if raised, let grant = grants.last ?? nil, seconds >= grant { raised = false }
      cpu += seconds
      if advancingNow { now += seconds }
    }
  }

  func testAStretchIsGrantedAFewMillisecondsAndTheWatchdogEndsALongOne() {
    let fake = FakeThread()
    let priority = TimerWakePriority(thread: fake.thread)
    priority.prepareToSleep(wakingForTimer: true)
    XCTAssertTrue(priority.isRaised)
    XCTAssertEqual(fake.grants, [0.004], "the watchdog armed for the stretch's 4 ms")
    fake.compute(0.5)  // a big scene's work, raised: the watchdog drops it at 4 ms
    XCTAssertFalse(fake.raised)
    priority.timersFired(timerSoon: false)
    XCTAssertFalse(priority.isRaised)
    XCTAssertEqual(priority.watchdogDropCount, 1)
    XCTAssertEqual(priority.realTimeCPU, 0.004, accuracy: 1e-9, "the grant, not what it computed after the drop")
    XCTAssertEqual(priority.available, TimerWakePriority.Budget().burst - 0.004, accuracy: 1e-9)
  }

  func testTheStretchesTogetherUseAtMostTheirShareOfACPU() {
    let fake = FakeThread()
    // A tenth of a CPU and a 12 ms bucket here (the window's: 40 %, 100 ms).
    let priority = TimerWakePriority(
      thread: fake.thread, budget: TimerWakePriority.Budget(share: 0.1, burst: 0.012))
    // Ten stretches of 3 ms back to back, with no time to refill in between: how many ran
    // raised. The 12 ms bucket gives four of them, then the thread stays ordinary.
    func raisedStretches() -> Int {
      var raised = 0
      for _ in 0..<10 {
        priority.prepareToSleep(wakingForTimer: true)
        if priority.isRaised { raised += 1 }
        fake.cpu += 0.003
        priority.lower()
      }
      return raised
    }
    XCTAssertEqual(raisedStretches(), 4)
    XCTAssertGreaterThan(priority.deniedCount, 0)
    XCTAssertFalse(fake.raised)
    // 110 ms later a tenth of it is back: 11 ms, four more stretches (the last on 2 ms).
    fake.now += 0.11
    XCTAssertEqual(raisedStretches(), 4)
    // Over a long run at most a tenth of the time (plus the first bucket) is real time.
    for _ in 0..<1000 {
      fake.now += 0.01
      priority.prepareToSleep(wakingForTimer: true)
      fake.compute(0.003)
      priority.lower()
    }
    XCTAssertLessThanOrEqual(priority.realTimeCPU, 0.1 * (fake.now - 100) + 0.012 + 0.003)
  }

  /// A RealtimeKit grant is a D-Bus request the daemon allows a few of a minute: a granted
  /// thread stays raised while it sleeps (each stretch to the next sleep gets its own grant
  /// and counts against the bucket), a stretch may compute 10 ms (a frame of a press on a busy
  /// machine), and requests are rationed: four at once, then one a second.
  func testARealtimeKitGrantIsKeptAcrossSleepsAndItsRequestsAreRationed() {
    let fake = FakeThread()
    var requests = 0
    var thread = fake.thread
    thread.raisingIsCostly = true
    thread.setRealTime = { on in
      if on { requests += 1 }
      fake.raised = on
      return true
    }
    let priority = TimerWakePriority(thread: thread, budget: .realtimeKit)
    priority.prepareToSleep(wakingForTimer: true)
    XCTAssertEqual(requests, 1)
    for _ in 0..<10 {  // timers fire, frames of 6 ms, sleeps: still raised, no new request
      fake.now += 0.05
      priority.timersFired(timerSoon: false)
      priority.frameWillStart()
      fake.compute(0.006)
      priority.frameDidEnd()
      priority.prepareToSleep(wakingForTimer: false)
    }
    XCTAssertTrue(priority.isRaised, "frames of 6 ms keep a RealtimeKit grant (they would lose SCHED_FIFO's 4 ms)")
    XCTAssertEqual(requests, 1)
    XCTAssertEqual(fake.grants.last ?? nil, 0.010, "each stretch granted afresh, 10 ms")
    // Long frames: the watchdog drops each; the thread asks again before its next timer,
    // three more times at once (four in all), then once a second.
    for _ in 0..<3 {
      priority.frameWillStart()
      fake.compute(0.05, advancingNow: false)
      priority.frameDidEnd()
      XCTAssertFalse(fake.raised)
      fake.now += 0.01
      priority.prepareToSleep(wakingForTimer: true)
      XCTAssertTrue(priority.isRaised)
    }
    XCTAssertEqual(requests, 4)
    priority.frameWillStart()
    fake.compute(0.05, advancingNow: false)
    priority.frameDidEnd()
    fake.now += 0.01
    priority.prepareToSleep(wakingForTimer: true)
    XCTAssertFalse(priority.isRaised, "four asked for within 0.6 s: the next waits for its second")
    XCTAssertEqual(requests, 4)
    fake.now += 0.45
    priority.prepareToSleep(wakingForTimer: true)
    XCTAssertTrue(priority.isRaised)
    XCTAssertEqual(requests, 5)
    // Over a long run: at most one request a second (and the first four).
    let start = fake.now
    for _ in 0..<200 {
      priority.frameWillStart()
      fake.compute(0.05)
      priority.frameDidEnd()
      fake.now += 0.1
      priority.prepareToSleep(wakingForTimer: true)
    }
    XCTAssertLessThanOrEqual(Double(requests - 5), (fake.now - start) / 1 + 1)
    XCTAssertGreaterThanOrEqual(requests - 5, 18)
  }

  func testWhatTheWindowGotIsSaidInWords() {
    XCTAssertEqual(TimerWakePriority.Source.fifo.description, "real time for timers: SCHED_FIFO")
    XCTAssertEqual(
      TimerWakePriority.Source.realtimeKit(priority: 1, rtTimeLimit: 0.2).description,
      "real time for timers: RealtimeKit (SCHED_RR 1, RLIMIT_RTTIME 200 ms)")
    XCTAssertEqual(
      TimerWakePriority.Source.none("SCHED_FIFO refused; RealtimeKit: no system bus").description,
      "no real time for timers (SCHED_FIFO refused; RealtimeKit: no system bus): the ordinary scheduler")
    let off = TimerWakePriority.forThisThread(environment: ["TOUCHLAB_NO_REALTIME": "1"])
    XCTAssertEqual(off.source, .none("TOUCHLAB_NO_REALTIME=1"))
  }

  func testTheGrantStaysWellInsideRLIMIT_RTTIME() {
    let fake = FakeThread()
    fake.limit = 0.008
    let priority = TimerWakePriority(thread: fake.thread)
    priority.prepareToSleep(wakingForTimer: true)
    XCTAssertEqual(fake.grants, [0.002])
  }

  func testAFrameAsLongAsTheLastOneIsDrawnLowered() throws {
    let time = ManualTime(1000)
    let session = SandboxSession(
      scene: try TestLayouts.scene("live"), scale: 1, timeSource: time.read, report: { _ in })
    let fake = FakeThread()
    session.wakePriority = TimerWakePriority(thread: fake.thread)
    session.handle(PollWakeup(events: [TestEvents.mouse(.down, 200, 450)]))  // a finger down: raised
    XCTAssertTrue(session.wakePriority.isRaised)
    var drawnRaised: [Bool] = []
    func frame(taking seconds: Double) {
      session.handle(PollWakeup(events: [TestEvents.mouse(.moved, 201, 450)]))  // something to draw
      session.renderFrame(
        draw: { _ in
          drawnRaised.append(fake.raised)
          time.seconds += seconds
          fake.compute(seconds)  // the watchdog drops a raised frame past its grant
          return .drawn
        }, present: {})
      time.seconds += SandboxSession.longFrameRest * seconds  // the rest after a long frame
      session.prepareToSleep()
    }
    frame(taking: 0.002)
    frame(taking: 0.030)  // a big scene's frame: drawn raised, as the one before was short
    frame(taking: 0.030)  // lowered before it is drawn
    frame(taking: 0.001)
    frame(taking: 0.001)
    XCTAssertEqual(drawnRaised, [true, true, false, false, true])
  }

  /// A long frame (a big scene) is followed by a rest of half its length before the next
  /// frame starts, so that the window leaves the CPU to other processes a third of the time
  /// at least; the loop wakes at the rest's end to draw what came meanwhile.
  func testALongFrameIsFollowedByARest() throws {
    let time = ManualTime(1000)
    let session = SandboxSession(
      scene: try TestLayouts.scene("live"), scale: 1, timeSource: time.read, report: { _ in })
    session.perform(.toggleOverlay)
    var drawn = 0
    func draw(taking seconds: Double) -> Bool {
      session.renderFrame(
        draw: { _ in
          drawn += 1
          time.seconds += seconds
          return .drawn
        }, present: {})
    }
    XCTAssertTrue(draw(taking: 0.004))
    session.handle(PollWakeup(events: TestEvents.click(105, 45)))
    XCTAssertTrue(draw(taking: 0.003), "a short frame: the next at once")
    session.handle(PollWakeup(events: TestEvents.click(105, 45)))
    XCTAssertTrue(draw(taking: 0.2))
    XCTAssertNil(session.wakeUpTime, "nothing to draw: no wake-up for the rest")
    session.handle(PollWakeup(events: TestEvents.click(105, 45)))
    XCTAssertFalse(draw(taking: 0.2), "resting")
    XCTAssertEqual(drawn, 3)
    XCTAssertEqual(try XCTUnwrap(session.wakeUpTime), time.seconds + 0.1, accuracy: 1e-9)
    time.seconds += 0.1
    XCTAssertTrue(draw(taking: 0.001), "the rest is over")
    XCTAssertNil(session.nextFrameTime)
  }

  /// The watchdog on a real thread: raised to SCHED_FIFO (where this user may), a loop that
  /// computes is dropped to the ordinary policy once it has used the grant.
  func testTheWatchdogDropsARealThreadThatComputesTooLong() throws {
    let watchdog = try XCTUnwrap(RealTimeWatchdog())
    guard ThreadScheduling.setRealTime(true) else {
      throw XCTSkip("this user may not use SCHED_FIFO (no CAP_SYS_NICE, RLIMIT_RTPRIO 0)")
    }
    defer { ThreadScheduling.setRealTime(false) }
    XCTAssertTrue(ThreadScheduling.isRealTime)
    let start = ThreadScheduling.threadCPUTime()
    watchdog.arm(cpuSeconds: 0.005)
    var spins = 0
    while ThreadScheduling.isRealTime && ThreadScheduling.threadCPUTime() - start < 1 { spins += 1 }
    let used = ThreadScheduling.threadCPUTime() - start
    XCTAssertFalse(ThreadScheduling.isRealTime, "dropped")
    XCTAssertGreaterThanOrEqual(used, 0.005)
    XCTAssertLessThan(used, 0.05, "dropped within a few ms of the grant: \(used) s, \(spins) spins")
  }
}
