import Foundation
import TouchLabCanvas
import TouchLabEngine
import TouchLabRecords
import TouchLabRender
import TouchLabX11
import XCTest

@testable import TouchLabSandbox

/// A monotonic clock the test moves by hand: nothing sleeps.
final class ManualTime {
  var seconds: Double
  init(_ seconds: Double) { self.seconds = seconds }
  func read() -> Double { seconds }
}

/// The engine on real time: engine time is seconds since the scene started; timers fire
/// in order at their own times; the loop wakes at the earliest pending timer.
final class LiveClockTests: XCTestCase {
  func testEngineTimeIsSecondsSinceTheStart() {
    let time = ManualTime(5000)
    let clock = LiveClock(engineClock: EngineClock(), source: time.read)
    XCTAssertEqual(clock.now, 0)
    time.seconds = 5000.25
    XCTAssertEqual(clock.now, 0.25, accuracy: 1e-9)
    XCTAssertEqual(clock.engineClock.now, 0, "the engine moves only when advanced")
    clock.advance()
    XCTAssertEqual(clock.engineClock.now, 0.25, accuracy: 1e-9)
  }

  func testAdvanceFiresDueTimersInOrderEachAtItsOwnTime() {
    let time = ManualTime(100)
    let engine = EngineClock()
    let clock = LiveClock(engineClock: engine, source: time.read)
    var fired: [(String, TimeInterval)] = []
    engine.schedule(after: 0.5) { fired.append(("long press", engine.now)) }
    engine.schedule(after: 0.15) { fired.append(("scroll delay", engine.now)) }

    time.seconds = 100.1
    XCTAssertFalse(clock.advance(), "nothing due yet")
    time.seconds = 100.6  // the loop woke late: both are due, and fire in order
    XCTAssertTrue(clock.advance())
    XCTAssertEqual(fired.map(\.0), ["scroll delay", "long press"])
    XCTAssertEqual(fired[0].1, 0.15, accuracy: 1e-9)
    XCTAssertEqual(fired[1].1, 0.5, accuracy: 1e-9)
    XCTAssertEqual(engine.now, 0.6, accuracy: 1e-9)
  }

  func testTheWakeUpIsTheEarliestOfTheNextTimerAndTheAnimation() {
    let time = ManualTime(100)
    let engine = EngineClock()
    let clock = LiveClock(engineClock: engine, source: time.read)
    XCTAssertNil(clock.wakeUpTime(animationTime: nil), "idle: sleep until input")
    engine.schedule(after: 0.15) {}
    XCTAssertEqual(clock.wakeUpTime(animationTime: nil)!, 100.15, accuracy: 1e-9)
    XCTAssertEqual(clock.wakeUpTime(animationTime: 0.1)!, 100.1, accuracy: 1e-9)
    XCTAssertEqual(clock.wakeUpTime(animationTime: 0.4)!, 100.15, accuracy: 1e-9)
  }

  /// The whole session on an injected clock: a press on the long-press view begins the
  /// recognizer 0.5 s later, with no input in between — the poll deadline wakes the loop.
  func testAnAnimationFrameJustBeforeATimerIsSkippedSoTheTimerIsOnTime() {
    var time = 100.0
    let engine = EngineClock()
    let clock = LiveClock(engineClock: engine, source: { time })
    engine.schedule(after: 0.15) {}
    // A frame due 5 ms before the timer would delay it: wake at the timer instead.
    XCTAssertEqual(clock.wakeUpTime(animationTime: 0.145)!, 100.15, accuracy: 1e-9)
    // One due well before it is drawn.
    XCTAssertEqual(clock.wakeUpTime(animationTime: 0.13)!, 100.13, accuracy: 1e-9)
    // One due after the timer does not matter: the timer comes first.
    XCTAssertEqual(clock.wakeUpTime(animationTime: 0.16)!, 100.15, accuracy: 1e-9)
    time = 100.2
    XCTAssertTrue(clock.advance())
    XCTAssertEqual(clock.wakeUpTime(animationTime: 0.21)!, 100.21, accuracy: 1e-9, "no timer: frames as usual")
  }

  /// Where the engine's timers are fired by a thread of their own (`EngineTimerThread`),
  /// the loop keeps more than a frame's cost before each timer free of frames
  /// (`timerClearance`: the cost stretched, and a margin), so that it sleeps when the timer
  /// falls due; the session gives every scene's clock its clearance.
  func testATimerClearanceKeepsFramesAndAnimationFramesAwayFromATimer() throws {
    var time = 100.0
    let engine = EngineClock()
    let clock = LiveClock(engineClock: engine, source: { time })
    engine.schedule(after: 0.15) {}
    time = 100.125  // 25 ms before the timer, more than the learned cost of a frame (10 ms + 1)
    XCTAssertEqual(clock.frameCost, 0.011, accuracy: 1e-9)
    XCTAssertEqual(clock.timeKeptBeforeTimer, 0.011, accuracy: 1e-9, "by default a frame's cost")
    XCTAssertTrue(clock.mayStartFrame)
    XCTAssertEqual(clock.wakeUpTime(animationTime: 0.13)!, 100.13, accuracy: 1e-9)
    clock.timerClearance = TimerClearance(frameStretch: 1, margin: 0.015)
    XCTAssertFalse(clock.mayStartFrame, "11 ms of frame and 15 ms of margin reach past the timer")
    XCTAssertEqual(clock.wakeUpTime(animationTime: 0.13)!, 100.15, accuracy: 1e-9, "the animation frame waits")
    XCTAssertEqual(clock.wakeUpTime(animationTime: 0.12)!, 100.12, accuracy: 1e-9, "one well before is drawn")
    clock.timerClearance = TimerClearance(frameStretch: 2, margin: 0)
    XCTAssertEqual(clock.timeKeptBeforeTimer, 0.022, accuracy: 1e-9)
    XCTAssertTrue(clock.mayStartFrame, "twice 11 ms is 22 ms: a frame 25 ms before the timer starts")
    clock.recordDrawing(0.013)  // a slower frame: 14 ms a frame, 28 ms kept
    XCTAssertFalse(clock.mayStartFrame, "the stretch follows the learned cost")
    XCTAssertEqual(clock.wakeUpTime(animationTime: 0.121)!, 100.121, accuracy: 1e-9)
    XCTAssertEqual(clock.wakeUpTime(animationTime: 0.123)!, 100.15, accuracy: 1e-9)

    let session = SandboxSession(scene: try TestLayouts.scene("live"), scale: 1, timeSource: { time }, report: { _ in })
    session.timerClearance = EngineTimerThread.timerClearance
    XCTAssertEqual(session.clock.timerClearance, EngineTimerThread.timerClearance)
    let firstClock = session.clock
    session.perform(.reload)
    XCTAssertFalse(session.clock === firstClock, "a new scene, a new clock")
    XCTAssertEqual(
      session.clock.timerClearance, EngineTimerThread.timerClearance, "the reloaded scene's clock has it too")
  }

  func testASessionWakesForTheLongPressTimerWithoutInput() throws {
    let time = ManualTime(1000)
    let scene = try TestLayouts.scene("live")
    let session = SandboxSession(scene: scene, scale: 1, timeSource: time.read, report: { _ in })
    session.perform(.toggleOverlay)  // only the engine's timers decide the wake-up
    XCTAssertNil(session.wakeUpTime, "an idle scene sleeps until input")

    time.seconds = 1000.2
    session.handle(PollWakeup(events: [TestEvents.mouse(.down, 200, 450)]))
    let wakeUp = try XCTUnwrap(session.wakeUpTime)
    XCTAssertEqual(wakeUp, 1000.7, accuracy: 1e-9, "0.5 s after the press")
    XCTAssertEqual(session.transcript.recentLines, [])

    // The loop sleeps until the deadline (the poll returns a little late), then handles it.
    time.seconds = wakeUp + 0.003
    session.handle(PollWakeup(deadlineReached: true))
    XCTAssertEqual(session.transcript.recentLines, ["[0.700] long press"])
    XCTAssertTrue(session.needsFrame)

    time.seconds += 0.1
    session.handle(PollWakeup(events: [TestEvents.mouse(.up, 200, 450)]))
    XCTAssertEqual(session.transcript.recentLines, ["[0.700] long press", "[0.803] long press"])
  }

  /// With the overlay on, a lifted touch's card waits, still, then fades: the window wakes
  /// once at the fade's start, draws the fade, and then sleeps until input.
  func testTheOverlayWakesTheWindowOnlyToFadeALiftedCard() throws {
    let time = ManualTime(1000)
    let scene = try TestLayouts.scene("live")
    let session = SandboxSession(scene: scene, scale: 1, timeSource: time.read, report: { _ in })
    XCTAssertTrue(session.showsOverlay)
    XCTAssertNil(session.wakeUpTime)
    time.seconds = 1000.2
    session.handle(PollWakeup(events: [TestEvents.mouse(.down, 200, 450)]))
    time.seconds = 1000.25
    session.handle(PollWakeup(events: [TestEvents.mouse(.up, 200, 450)]))
    let lift = 0.25
    // The engine's timers of the tap settle first; then the card's fade is all that is left.
    time.seconds = 1001
    session.handle(PollWakeup(deadlineReached: true))
    let fadeStart = 1000 + lift + OverlayState.cardHoldDuration
    XCTAssertEqual(try XCTUnwrap(session.wakeUpTime), fadeStart, accuracy: 1e-9)
    time.seconds = fadeStart + 0.5
    XCTAssertEqual(
      try XCTUnwrap(session.wakeUpTime), fadeStart + 0.5 + SandboxSession.animationFrameInterval, accuracy: 1e-6)
    time.seconds = fadeStart + OverlayState.cardFadeDuration
    XCTAssertNil(session.wakeUpTime, "faded: the window sleeps until input")
  }

  // MARK: Real time only while sleeping for an engine timer

  /// The loop's thread is raised while it sleeps for an engine timer (the long press's) and
  /// while a finger is down, lowered as soon as the timer has fired (before the frame) once
  /// the finger is up, and never raised for an idle window or an animation frame.
  func testTheLoopSleepsAtRealTimePriorityOnlyForAnEngineTimerOrADrag() throws {
    let time = ManualTime(1000)
    let session = SandboxSession(
      scene: try TestLayouts.scene("live"), scale: 1, timeSource: time.read, report: { _ in })
    session.perform(.toggleOverlay)  // the engine's timers alone decide the wake-up, until the card below
    var calls: [Bool] = []
    session.wakePriority = TimerWakePriority(setRealTime: { on in
      calls.append(on)
      return true
    })
    var frames: [Bool] = []  // the priority each frame was drawn at
    func frame() {
      session.renderFrame(
        draw: { _ in
          frames.append(session.wakePriority.isRaised)
          return .drawn
        }, present: {})
    }
    frame()
    session.prepareToSleep()
    XCTAssertNil(session.wakeUpTime)
    XCTAssertEqual(calls, [], "idle: nothing raised")

    time.seconds = 1000.2
    session.handle(PollWakeup(events: [TestEvents.mouse(.down, 200, 450)]))
    frame()
    XCTAssertTrue(session.wakesForEngineTimer, "the long press's 0.5 s is next")
    session.prepareToSleep()
    XCTAssertEqual(calls, [true])
    XCTAssertTrue(session.wakePriority.isRaised)
    session.prepareToSleep()  // woken for nothing and asleep again: no second call
    XCTAssertEqual(calls, [true])

    // Woken by input 15 ms before the timer: the frame before it is drawn raised.
    let timer = try XCTUnwrap(session.wakeUpTime)
    time.seconds = timer - 0.015
    session.handle(PollWakeup(events: [TestEvents.mouse(.moved, 201, 450)]))
    XCTAssertTrue(session.timerSoon)
    XCTAssertEqual(calls, [true], "still raised: the timer is near")
    frame()

    time.seconds = timer + 0.0001
    session.handle(PollWakeup(deadlineReached: true))
    XCTAssertEqual(session.transcript.recentLines, ["[0.700] long press"], "fired while raised")
    XCTAssertTrue(session.isTouching)
    XCTAssertEqual(calls, [true], "still raised: the finger is down")
    frame()
    // The finger moves on: its frames stay raised.
    time.seconds += 0.01
    session.handle(PollWakeup(events: [TestEvents.mouse(.moved, 220, 450)]))
    frame()
    session.prepareToSleep()
    XCTAssertEqual(calls, [true])
    XCTAssertEqual(frames, [false, true, true, true, true], "idle, then every frame with the finger down raised")

    // Lifted, with the overlay on: lowered once the lift is handled; the card's hold and
    // fade wake the loop, but no engine timer is pending.
    session.perform(.toggleOverlay)
    time.seconds += 0.05
    session.handle(PollWakeup(events: [TestEvents.mouse(.up, 220, 450)]))
    XCTAssertFalse(session.isTouching)
    XCTAssertEqual(calls, [true, false], "lowered once the finger is up")
    frame()
    XCTAssertEqual(frames.last, false, "the frame after the lift is ordinary")
    time.seconds += 1
    session.handle(PollWakeup(deadlineReached: true))
    XCTAssertNotNil(session.wakeUpTime, "the card's fade is to come")
    XCTAssertFalse(session.wakesForEngineTimer)
    session.prepareToSleep()
    XCTAssertEqual(calls, [true, false], "an animation frame is not raised for")
  }

  /// A system that refuses real time is asked once; after that the loop sleeps ordinarily.
  func testARefusedRealTimePriorityIsNotAskedForAgain() {
    var attempts = 0
    let priority = TimerWakePriority(setRealTime: { _ in
      attempts += 1
      return false
    })
    priority.prepareToSleep(wakingForTimer: true)
    priority.prepareToSleep(wakingForTimer: true)
    priority.timersFired()
    XCTAssertEqual(attempts, 1)
    XCTAssertFalse(priority.isRaised)
    XCTAssertFalse(priority.isAvailable)
    let off = TimerWakePriority.forThisThread(environment: ["TOUCHLAB_NO_REALTIME": "1"])
    off.prepareToSleep(wakingForTimer: true)
    XCTAssertFalse(off.isRaised, "TOUCHLAB_NO_REALTIME=1 turns it off")
  }

  // MARK: Frames yield to due timers (virtual clock: drawing "takes" what the test says)

  func testAFrameThatWouldRunPastATimerIsNotStartedAndTheLoopWakesAtTheTimer() throws {
    let time = ManualTime(1000)
    let session = SandboxSession(
      scene: try TestLayouts.scene("live"), scale: 1, timeSource: time.read, report: { _ in })
    session.perform(.toggleOverlay)  // only the engine's timer decides the wake-up
    var fired = false
    session.scene.application.clock.schedule(after: 0.005) { fired = true }
    XCTAssertTrue(session.needsFrame)
    // The first frame is expected to cost 10 ms + 1 ms: it would hold the 5 ms timer up.
    var steps: [String] = []
    func draw(_ shouldStop: () -> Bool) -> FrameDrawing {
      steps.append("draw")
      return .drawn
    }
    XCTAssertFalse(session.renderFrame(draw: draw, present: { steps.append("present") }))
    XCTAssertEqual(steps, [])
    XCTAssertTrue(session.needsFrame, "the frame is still owed")
    XCTAssertEqual(try XCTUnwrap(session.wakeUpTime), 1000.005, accuracy: 1e-9, "wake at the timer")
    time.seconds = 1000.0052
    session.handle(PollWakeup(deadlineReached: true))
    XCTAssertTrue(fired)
    XCTAssertTrue(session.renderFrame(draw: draw, present: { steps.append("present") }))
    XCTAssertEqual(steps, ["draw", "present"])
    XCTAssertFalse(session.needsFrame)
  }

  func testATimerThatFallsDueWhileAFrameIsDrawnFiresBeforeTheFrameIsSent() throws {
    let time = ManualTime(1000)
    let session = SandboxSession(
      scene: try TestLayouts.scene("live"), scale: 1, timeSource: time.read, report: { _ in })
    session.perform(.toggleOverlay)
    let engine = session.scene.application.clock
    var steps: [String] = []
    engine.schedule(after: 0.050) { steps.append("timer at \(engine.now)") }
    // The machine is busy: a drawing expected to take 10 ms takes 60 ms, past the timer.
    func frame(taking seconds: Double) -> Bool {
      session.renderFrame(
        draw: { _ in
          time.seconds += seconds
          steps.append("draw")
          return .drawn
        },
        present: { steps.append("present") })
    }
    XCTAssertFalse(frame(taking: 0.060), "not sent: a timer is due")
    XCTAssertTrue(session.needsFrame)
    XCTAssertEqual(session.clock.drawingCost, 0.060, accuracy: 1e-9, "the slow drawing is learned")
    // The loop wakes at once (the timer is its wake-up, past), reads the input that came
    // meanwhile and fires the timer in its turn; the frame is then drawn again, after the
    // rest a long frame earns.
    let wakeUp = try XCTUnwrap(session.wakeUpTime)
    XCTAssertLessThanOrEqual(wakeUp, time.seconds)
    session.handle(PollWakeup(deadlineReached: true, readTime: time.seconds))
    time.seconds += SandboxSession.longFrameRest * 0.060
    XCTAssertTrue(frame(taking: 0.001))
    XCTAssertEqual(steps, ["draw", "timer at 0.05", "draw", "present"], "the timer fires before any send")
    XCTAssertFalse(session.needsFrame)
  }

  func testTheFrameCostIsLearnedAndForgottenSlowly() {
    let clock = LiveClock(engineClock: EngineClock(), source: { 0 })
    XCTAssertEqual(clock.frameCost, LiveClock.initialFrameCost + LiveClock.minimumFrameCost, accuracy: 1e-12)
    clock.recordDrawing(0.030)
    XCTAssertEqual(clock.drawingCost, 0.030, accuracy: 1e-12, "a slow frame counts at once")
    clock.recordDrawing(0.001)
    XCTAssertEqual(clock.drawingCost, 0.027, accuracy: 1e-12, "and is forgotten by a tenth a frame")
    for _ in 0..<200 { clock.recordDrawing(0.0001) }
    XCTAssertEqual(clock.drawingCost, LiveClock.minimumFrameCost, accuracy: 1e-12, "never below the minimum")
    clock.recordPresenting(0.004)
    XCTAssertEqual(clock.frameCost, 0.005, accuracy: 1e-12)
  }

  func testADrawingStopsBetweenItsPartsWhenATimerFallsDue() throws {
    let time = ManualTime(1000)
    let session = SandboxSession(
      scene: try TestLayouts.scene("live"), scale: 1, timeSource: time.read, report: { _ in })
    let engine = session.scene.application.clock
    var steps: [String] = []
    engine.schedule(after: 0.050) { steps.append("timer") }
    var firstDrawing = true
    func frame() -> Bool {
      session.renderFrame(
        draw: { shouldStop in
          steps.append("scene")
          if firstDrawing {
            firstDrawing = false
            time.seconds += 0.055  // preempted while drawing the scene, past the timer
          }
          if shouldStop() { return .stopped }
          steps.append("panel")
          return .drawn
        },
        present: { steps.append("present") })
    }
    XCTAssertFalse(frame(), "stopped")
    session.handle(PollWakeup(deadlineReached: true, readTime: time.seconds))  // the loop's next turn
    time.seconds += SandboxSession.longFrameRest * 0.055
    XCTAssertTrue(frame())
    XCTAssertEqual(steps, ["scene", "timer", "scene", "panel", "present"], "stopped, the timer, then a whole frame")
  }

  /// Where a thread of its own fires the timers (`EngineTimerThread`), a frame preempted
  /// part-way that comes back within the clearance's margin of a timer stops there, unsent:
  /// the loop sleeps, so the thread can fire the timer on time, and draws it after.
  func testADrawingStopsWithinTheMarginOfATimerWhereAThreadFiresTheTimers() throws {
    for clearance in [TimerClearance.frameCost, EngineTimerThread.timerClearance] {
      let time = ManualTime(1000)
      let session = SandboxSession(
        scene: try TestLayouts.scene("live"), scale: 1, timeSource: time.read, report: { _ in })
      session.timerClearance = clearance
      session.scene.application.clock.schedule(after: 0.100) {}
      var stops: [Bool] = []
      time.seconds = 1000.060  // 40 ms before the timer: more than twice 11 ms and 6 ms
      let sent = session.renderFrame(
        draw: { shouldStop in
          time.seconds += 0.036  // preempted: back 4 ms before the timer
          stops.append(shouldStop())
          return stops.last! ? .stopped : .drawn
        },
        present: {})
      if clearance == .frameCost {
        XCTAssertTrue(sent, "without a margin: drawn and sent 4 ms before the timer")
        XCTAssertEqual(stops, [false], "it stops only once the timer is due")
      } else {
        XCTAssertFalse(sent, "within the margin: stopped")
        XCTAssertEqual(stops, [true])
        XCTAssertTrue(session.needsFrame, "drawn again after the timer")
        XCTAssertEqual(try XCTUnwrap(session.wakeUpTime), 1000.1, accuracy: 1e-9, "the loop sleeps until the timer")
      }
    }
  }

  /// The renderer asks before each view of the tree (a timer due in the middle of a big
  /// tree waits for one view, not for the tree), before the overlay and before the panel,
  /// and stops when told: in the view tree too, asking no more once stopped.
  func testTheRendererStopsWhenAsked() throws {
    let session = SandboxSession(
      scene: try TestLayouts.scene("live"), scale: 1, timeSource: ManualTime(0).read, report: { _ in })
    let renderer = SceneRenderer(theme: .standard)
    let canvas = try CairoCanvas(size: SceneRenderer.frameSize(for: session.scene.window, showsPanel: true))
    func visibleViews(_ view: UIView) -> Int {
      guard !view.isHidden, view.alpha >= 0.01 else { return 0 }
      return 1 + view.subviews.reduce(0) { $0 + visibleViews($1) }
    }
    let views = visibleViews(session.scene.window)
    XCTAssertGreaterThan(views, 2)
    var asked = 0
    let finished = renderer.draw(session.frameContent, on: canvas) {
      asked += 1
      return false
    }
    XCTAssertTrue(finished)
    XCTAssertEqual(asked, views + 2, "before each view, before the overlay and before the panel")
    XCTAssertFalse(renderer.draw(session.frameContent, on: canvas) { true })
    var askedUntilStop = 0
    let stopped = renderer.draw(session.frameContent, on: canvas) {
      askedUntilStop += 1
      return askedUntilStop == 2
    }
    XCTAssertFalse(stopped, "stopped at the second view")
    XCTAssertEqual(askedUntilStop, 2, "not asked again once stopped")
  }
}
