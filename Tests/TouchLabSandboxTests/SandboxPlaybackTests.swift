import Foundation
import TouchLabEngine
import TouchLabLayout
import TouchLabRecords
import TouchLabRender
import TouchLabSandbox
import TouchLabX11
import XCTest

/// `touchlab open FILE --scenario NAME --speed X`: the session shows the scenario's records
/// up to a time that runs at X × the (manual) real clock; Space, `.`, `,`, `[`, `]` and the
/// strip under the scene control it.
final class SandboxPlaybackTests: XCTestCase {
  var time = ManualTime(50)
  var reported: [String] = []
  var folder: URL?

  let began = "-[LoggingView touchesBegan:withEvent:]"
  let ended = "-[LoggingView touchesEnded:withEvent:]"

  override func tearDown() {
    if let folder { try? FileManager.default.removeItem(at: folder) }
  }

  /// A session on play.yaml playing `scenario` from real time 50.
  func makeSession(
    _ scenario: String = "hold", speed: Double = 0.1, loops: Bool = false, transcriptFile: TranscriptFile? = nil
  ) throws -> SandboxSession {
    let session = SandboxSession(
      scene: try TestLayouts.scene("play"), scale: 1, transcriptFile: transcriptFile, timeSource: time.read,
      report: { [unowned self] in self.reported.append($0) })
    try session.play(scenario: scenario, speed: speed, loops: loops)
    return session
  }

  /// Advances the real clock to `seconds` and lets the session handle a deadline wake-up.
  func wake(_ session: SandboxSession, at seconds: Double, events: [InputEvent] = []) {
    time.seconds = seconds
    session.handle(PollWakeup(events: events, deadlineReached: events.isEmpty))
  }

  func shownTime(_ session: SandboxSession) throws -> TimeInterval {
    try XCTUnwrap(session.frameContent.timeline).time
  }

  /// The play draws copies of the scene loaded from the file again; one saved meanwhile with
  /// another window (past the size the window accepted and checked) is refused, not drawn.
  func testAFileSavedWithAnotherWindowWhileItPlaysIsNotDrawnInTheAcceptedWindow() throws {
    folder = try TestLayouts.copies(["play"])
    let path = folder!.appendingPathComponent("play.yaml").path
    let session = SandboxSession(
      scene: try LayoutLoader.load(path: path), scale: 1, transcriptFile: nil, timeSource: time.read,
      report: { [unowned self] in self.reported.append($0) })
    try session.play(scenario: "hold", speed: 0.1, loops: false)
    let text = try String(contentsOfFile: path, encoding: .utf8)
    XCTAssertTrue(text.contains("size: [300, 300]"))
    try text.replacingOccurrences(of: "size: [300, 300]", with: "size: [3000, 3000]")
      .write(toFile: path, atomically: true, encoding: .utf8)
    wake(session, at: 51.5)  // a record shown: the copy would be made again from the file
    XCTAssertEqual(shownLines(session.frameContent), ["[0.150] \(began)"])
    XCTAssertEqual(session.frameContent.window.bounds.size, CGSize(width: 300, height: 300))
  }

  func testAtASpeedTheTranscriptShownAtRealTimeRIsTheOneAtVirtualRTimesX() throws {
    folder = try TestLayouts.copies([])
    let path = folder!.appendingPathComponent("transcript.txt").path
    let session = try makeSession(transcriptFile: TranscriptFile(path: path))
    let playback = try XCTUnwrap(session.playback)
    XCTAssertEqual(playback.duration, 0.5, accuracy: 1e-9, "the press lifts at 0.5 s and no timer is left")

    wake(session, at: 51.4)  // virtual 0.14: the scroll view still holds the touch back
    XCTAssertEqual(try shownTime(session), 0.14, accuracy: 1e-9)
    XCTAssertEqual(shownLines(session.frameContent), [])
    XCTAssertEqual(session.frameContent.now, 0.14, accuracy: 1e-9)
    XCTAssertEqual(session.wakeUpTime!, 51.4 + SandboxSession.animationFrameInterval, accuracy: 1e-9)

    wake(session, at: 51.5)  // virtual 0.15: the 0.15 s fired, the view gets its touch
    XCTAssertEqual(shownLines(session.frameContent), ["[0.150] \(began)"])
    let overlay = try XCTUnwrap(session.frameContent.overlay)
    XCTAssertEqual(overlay, OverlayState.fold(playback.records, upTo: 0.15), "the picture is the fold up to t")
    XCTAssertNotEqual(overlay, OverlayState.fold(playback.records), "and not the end's")
    XCTAssertEqual(overlay.touches.first?.isOnScreen, true, "the scripted finger is down")
    XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "[0.150] \(began)\n")

    wake(session, at: 60)  // past the end: it stops there, and idles
    XCTAssertEqual(shownLines(session.frameContent), ["[0.150] \(began)", "[0.500] \(ended)"])
    XCTAssertFalse(playback.isPlaying)
    XCTAssertEqual(try shownTime(session), 0.5, accuracy: 1e-9)
    XCTAssertNil(session.wakeUpTime, "a finished play sleeps until input")
    XCTAssertEqual(
      try String(contentsOfFile: path, encoding: .utf8), "[0.150] \(began)\n[0.500] \(ended)\n",
      "each line once")
  }

  func testSpacePausesAndTheTimeHolds() throws {
    let session = try makeSession()
    wake(session, at: 51, events: [TestEvents.key("space")])  // virtual 0.1
    XCTAssertFalse(session.playback!.isPlaying)
    session.frameDrawn()
    XCTAssertNil(session.wakeUpTime, "paused: no wake-ups")
    wake(session, at: 80, events: [TestEvents.mouse(.moved, 10, 10).withNoButtons])  // a hover, 29 s later
    XCTAssertFalse(session.needsFrame, "nothing changed while paused")
    XCTAssertEqual(try shownTime(session), 0.1, accuracy: 1e-9)
    wake(session, at: 81, events: [TestEvents.key("space")])  // plays on from 0.1
    wake(session, at: 81.5)
    XCTAssertEqual(try shownTime(session), 0.15, accuracy: 1e-9)
    XCTAssertEqual(shownLines(session.frameContent), ["[0.150] \(began)"])
  }

  func testStepsLandOnRecordTimes() throws {
    let session = try makeSession()
    let marks = session.playback!.strip.markTimes
    XCTAssertEqual(marks.first, 0)
    XCTAssertTrue(marks.contains { abs($0 - 0.15) < 1e-9 }, "\(marks)")
    XCTAssertEqual(marks.last!, 0.5, accuracy: 1e-9)
    // From 0, `.` walks through every record time and stops at the end; `,` walks back.
    var visited: [TimeInterval] = []
    for _ in marks.dropFirst() {
      wake(session, at: 50, events: [TestEvents.key("period")])
      visited.append(try shownTime(session))
    }
    XCTAssertEqual(visited, Array(marks.dropFirst()))
    XCTAssertFalse(session.playback!.isPlaying, "a step pauses")
    wake(session, at: 70, events: [TestEvents.key("period")])
    XCTAssertEqual(try shownTime(session), marks.last!, "at the end it stays")
    wake(session, at: 71, events: [TestEvents.key("comma")])
    XCTAssertEqual(try shownTime(session), marks[marks.count - 2])
    XCTAssertEqual(
      shownLines(session.frameContent),
      session.playback!.transcript(upTo: marks[marks.count - 2]))
  }

  func testAClickOrDragOnTheStripScrubs() throws {
    let session = try makeSession()
    let strip = try XCTUnwrap(session.frameContent.timeline)
    let width = 300.0
    let axis = width - 2 * TimelineStrip.axisInset
    let y = 300 + TimelineStrip.height / 2  // the strip is under the 300-point scene
    wake(session, at: 50, events: [TestEvents.key("space")])  // paused at 0
    wake(session, at: 52, events: [TestEvents.mouse(.down, TimelineStrip.axisInset + axis * 0.3, y)])
    XCTAssertEqual(try shownTime(session), 0.3 * strip.duration, accuracy: 1e-9)
    XCTAssertEqual(shownLines(session.frameContent), ["[0.150] \(began)"])
    wake(session, at: 53, events: [TestEvents.mouse(.moved, TimelineStrip.axisInset + axis * 0.1, y + 100)])
    XCTAssertEqual(try shownTime(session), 0.1 * strip.duration, accuracy: 1e-9, "a drag scrubs off the strip too")
    wake(session, at: 54, events: [TestEvents.mouse(.up, width + 50, y)])
    XCTAssertEqual(try shownTime(session), strip.duration, accuracy: 1e-9, "clamped to the end")
    wake(session, at: 55, events: [TestEvents.mouse(.moved, TimelineStrip.axisInset, y).withNoButtons])
    XCTAssertEqual(try shownTime(session), strip.duration, accuracy: 1e-9, "hovering does not scrub")

    // A click on the scene is no finger while a scenario plays.
    wake(session, at: 56, events: TestEvents.click(150, 150))
    XCTAssertEqual(session.scene.application.touchesOnScreen.count, 0)
    XCTAssertEqual(session.transcript.recentLines, [])
  }

  func testLoopShowsEveryRecordAndHoldsTheEndBeforeRestarting() throws {
    let session = try makeSession(loops: true)
    wake(session, at: 55)  // virtual 0.5: the end, the lift's line shown
    XCTAssertEqual(try shownTime(session), 0.5, accuracy: 1e-9)
    XCTAssertEqual(shownLines(session.frameContent), ["[0.150] \(began)", "[0.500] \(ended)"])
    wake(session, at: 56.4)  // 1.4 s into the hold: still the end
    XCTAssertTrue(session.playback!.isPlaying)
    XCTAssertEqual(try shownTime(session), 0.5, accuracy: 1e-9)
    XCTAssertEqual(shownLines(session.frameContent), ["[0.150] \(began)", "[0.500] \(ended)"])
    wake(session, at: 57.5)  // the hold (1.5 s) over at 56.5, then 1 s at 0.1: virtual 0.1
    XCTAssertEqual(try shownTime(session), 0.1, accuracy: 1e-9)
    XCTAssertEqual(shownLines(session.frameContent), [])
    wake(session, at: 58)
    XCTAssertEqual(shownLines(session.frameContent), ["[0.150] \(began)"])
    wake(session, at: 62.2)  // the second end (62), held again
    XCTAssertEqual(try shownTime(session), 0.5, accuracy: 1e-9)
    // Space during the hold pauses on the end; Space again plays from the start.
    wake(session, at: 62.3, events: [TestEvents.key("space")])
    XCTAssertFalse(session.playback!.isPlaying)
    wake(session, at: 70)
    XCTAssertEqual(try shownTime(session), 0.5, accuracy: 1e-9)
    wake(session, at: 70, events: [TestEvents.key("space")])
    wake(session, at: 70.5)
    XCTAssertEqual(try shownTime(session), 0.05, accuracy: 1e-9)
  }

  func testAnyKeyThatIsNoCommandEndsTheLoopsHoldAndPlaysFromTheStart() throws {
    let session = try makeSession(loops: true)
    wake(session, at: 55.2)  // 0.2 s into the hold of the end (0.5)
    XCTAssertTrue(session.playback!.isHoldingEnd(at: 55.2))
    // Shift alone starts a chord (Shift+Tab): the hold goes on.
    wake(session, at: 55.3, events: [TestEvents.key("Shift_L")])
    XCTAssertEqual(try shownTime(session), 0.5, accuracy: 1e-9)
    // Return, a letter with no command, an F key: each ends the hold; the play starts again.
    for (index, name) in ["Return", "x", "F2"].enumerated() {
      let pressed = 55.3 + Double(index) * 5.3
      if index > 0 {
        wake(session, at: pressed - 0.1)  // 5.2 s after the last start: the end (5 s at 0.1), held
        XCTAssertTrue(session.playback!.isHoldingEnd(at: pressed - 0.1), name)
      }
      wake(session, at: pressed, events: [TestEvents.key(name)])
      XCTAssertTrue(session.playback!.isPlaying, name)
      XCTAssertEqual(try shownTime(session), 0, accuracy: 1e-9, name)
      XCTAssertEqual(shownLines(session.frameContent), [], name)
      wake(session, at: pressed + 2)  // 2 s at 0.1: virtual 0.2
      XCTAssertEqual(try shownTime(session), 0.2, accuracy: 1e-9, name)
      XCTAssertEqual(shownLines(session.frameContent), ["[0.150] \(began)"], name)
    }
    // Outside the hold a key that is no command changes nothing.
    wake(session, at: 68.1, events: [TestEvents.key("x")])
    XCTAssertEqual(try shownTime(session), 0.22, accuracy: 1e-9)
    // A command keeps its meaning during the hold: T switches the time base and the end stays.
    wake(session, at: 71)
    XCTAssertTrue(session.playback!.isHoldingEnd(at: 71))
    wake(session, at: 71.1, events: [TestEvents.key("t")])
    XCTAssertEqual(try shownTime(session), 0.5, accuracy: 1e-9)
    XCTAssertTrue(session.timesFromFirstTouch)
    // Without --loop the end is no hold: a key leaves the finished play where it is.
    let once = try makeSession(loops: false)
    wake(once, at: 120)
    wake(once, at: 120.1, events: [TestEvents.key("x")])
    XCTAssertEqual(try shownTime(once), 0.5, accuracy: 1e-9)
  }

  func testTabReachesEveryScenarioPastTheNinthAndBackToLive() throws {
    // The bundled value-controls.yaml has 13 scenarios: 10 to 13 have no digit.
    let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Layouts/value-controls.yaml").path
    let scene = try LayoutLoader.load(path: path)
    let names = scene.scenarios.map(\.name)
    XCTAssertGreaterThan(names.count, 9)
    let session = SandboxSession(scene: scene, scale: 1, timeSource: time.read, report: { _ in })
    var played: [String?] = []
    for _ in 0...names.count {
      wake(session, at: 50, events: [TestEvents.key("Tab")])
      played.append(session.playback?.scenario?.name)
    }
    XCTAssertEqual(played, names + [nil], "Tab plays each scenario in the file's order, then goes live")
    wake(session, at: 50, events: [TestEvents.key("ISO_Left_Tab")])  // Shift+Tab from live: the last
    XCTAssertEqual(session.playback?.scenario?.name, names.last)
    wake(session, at: 50, events: [TestEvents.key("minus")])
    XCTAssertEqual(session.playback?.scenario?.name, names[names.count - 2])
    wake(session, at: 50, events: [TestEvents.key("equal")])
    XCTAssertEqual(session.playback?.scenario?.name, names.last)
  }

  /// Issue 30: scrubbing a live gesture shows the scene at the scrubbed time (as `shot --at`
  /// draws it), not the scene as it is now.
  func testScrubbingALiveGestureShowsTheSceneAtTheScrubbedTime() throws {
    let session = SandboxSession(
      scene: try TestLayouts.scene("play"), scale: 1, timeSource: time.read, report: { _ in })
    func offset(_ scene: Scene) throws -> Double {
      Double(try XCTUnwrap(scene.objects["scroller"] as? UIScrollView).contentOffset.y)
    }
    /// A slow drag up by `10 × step` points from real time `at`, held still before the lift
    /// (no fling): the live offset after each move.
    func drag(at start: Double, step: Double) throws -> [Double] {
      var offsets: [Double] = []
      wake(session, at: start, events: [TestEvents.mouse(.down, 150, 250)])
      for index in 1...10 {
        wake(
          session, at: start + Double(index) * 0.02,
          events: [TestEvents.mouse(.moved, 150, 250 - Double(index) * step)])
        offsets.append(try offset(session.scene))
      }
      wake(session, at: start + 0.5, events: [TestEvents.mouse(.up, 150, 250 - 10 * step)])
      return offsets
    }
    // An earlier gesture scrolls the scene; the gesture reviewed scrolls it on from there.
    let first = try drag(at: 50.1, step: 4)
    wake(session, at: 55)
    let before = try offset(session.scene)  // after the drag and its deceleration
    XCTAssertGreaterThanOrEqual(before, first.last!)
    let second = try drag(at: 61, step: 3)
    wake(session, at: 65)
    let now = try offset(session.scene)
    XCTAssertGreaterThan(now, before + 10)

    wake(session, at: 66, events: [TestEvents.key("space")])
    let review = try XCTUnwrap(session.playback)
    XCTAssertEqual(review.start, 11, accuracy: 1e-9, "the reviewed gesture's first touch, 11 s after the load")
    // Scrubbed to the strip's start: the scene as the gesture found it (the earlier scroll only).
    let y = 300 + TimelineStrip.height / 2
    wake(session, at: 67, events: [TestEvents.mouse(.down, 1, y)])
    wake(session, at: 67, events: [TestEvents.mouse(.up, 1, y)])
    XCTAssertEqual(try shownTime(session), 11, accuracy: 1e-9)
    let atStart = try XCTUnwrap(review.scene(at: 11))
    XCTAssertTrue(session.frameContent.window === atStart.window, "the frame draws the replayed copy")
    XCTAssertEqual(try offset(atStart), before, accuracy: 1e-6)
    // Mid-gesture, at each move's time: the offset the live scene had then (not the last
    // move's: the drag rests before its lift, so it does not decelerate and the live scene
    // keeps the last move's offset, BEHAVIOUR §21.1).
    for index in [2, 5, 8] {
      review.scrub(to: 11 + Double(index + 1) * 0.02 + 0.001, realTime: 68)  // just past the move
      let scene = try XCTUnwrap(review.scene(at: try shownTime(session)))
      XCTAssertTrue(session.frameContent.window === scene.window)
      XCTAssertEqual(try offset(scene), second[index], accuracy: 1e-6, "move \(index + 1)")
      XCTAssertNotEqual(try offset(scene), now, accuracy: 1e-6)
    }
    // The live scene itself was not touched by the review.
    XCTAssertEqual(try offset(session.scene), now, accuracy: 1e-6)
  }

  /// Issue 30: one time base everywhere — T switches the transcript, the cards and the strip.
  func testTSwitchesEveryTimeShownToTheFirstTouch() throws {
    let session = SandboxSession(
      scene: try TestLayouts.scene("play"), scale: 1, timeSource: time.read, report: { _ in })
    wake(session, at: 50.2, events: [TestEvents.mouse(.down, 150, 150)])
    wake(session, at: 50.6, events: [TestEvents.mouse(.up, 150, 150)])
    XCTAssertNil(session.frameContent.timeOrigin)
    wake(session, at: 51, events: [TestEvents.key("space")])
    var strip = try XCTUnwrap(session.frameContent.timeline)
    XCTAssertNil(strip.origin)
    XCTAssertEqual(strip.text(of: strip.time), "0.600")
    XCTAssertEqual(strip.scaleTicks(width: 300).map(\.label), ["0.2", "0.3", "0.4", "0.5", "0.6"])

    wake(session, at: 52, events: [TestEvents.key("t")])
    let content = session.frameContent
    XCTAssertEqual(try XCTUnwrap(content.timeOrigin), 0.2, accuracy: 1e-9, "the cards count from the first touch")
    strip = try XCTUnwrap(content.timeline)
    XCTAssertEqual(try XCTUnwrap(strip.origin), 0.2, accuracy: 1e-9)
    XCTAssertEqual(strip.text(of: strip.time), "+0.400")
    XCTAssertEqual(strip.scaleTicks(width: 300).map(\.label), ["+0.0", "+0.1", "+0.2", "+0.3", "+0.4"])
    XCTAssertEqual(shownLines(content), ["[+0.150] \(began)", "[+0.400] \(ended)"])

    // Live again: the idle strip and the cards keep the base.
    wake(session, at: 53, events: [TestEvents.key("space")])
    XCTAssertNil(session.playback)
    XCTAssertEqual(try XCTUnwrap(session.frameContent.timeOrigin), 0.2, accuracy: 1e-9)
    wake(session, at: 54, events: [TestEvents.key("t")])
    XCTAssertNil(session.frameContent.timeOrigin)
  }

  func testBracketsHalveAndDoubleTheSpeedWithinItsRange() throws {
    let session = try makeSession(speed: 1)
    wake(session, at: 50.1, events: [TestEvents.key("bracketleft")])  // virtual 0.1, then half speed
    XCTAssertEqual(session.playback!.speed, 0.5)
    wake(session, at: 50.2)
    XCTAssertEqual(try shownTime(session), 0.15, accuracy: 1e-9, "the time shown stays; it runs on at 0.5")
    for _ in 0..<10 { wake(session, at: 50.2, events: [TestEvents.key("bracketright")]) }
    XCTAssertEqual(session.playback!.speed, 4)
    for _ in 0..<10 { wake(session, at: 50.2, events: [TestEvents.key("bracketleft")]) }
    XCTAssertEqual(session.playback!.speed, 0.05)
  }

  func testSpeedsAndScenarioNamesAreChecked() throws {
    XCTAssertEqual(ScenarioPlayback.parseSpeed("0.1"), 0.1)
    XCTAssertEqual(ScenarioPlayback.parseSpeed("4"), 4)
    XCTAssertEqual(ScenarioPlayback.parseSpeed(".05"), 0.05)
    for bad in ["0.04", "5", "1e-1", "-1", "fast", "", "0,5", "nan"] {
      XCTAssertNil(ScenarioPlayback.parseSpeed(bad), bad)
    }
    XCTAssertThrowsError(try makeSession("nope")) { error in
      XCTAssertTrue("\(error)".hasSuffix("has no scenario 'nope'; it has: hold, tap, flick"), "\(error)")
    }
  }

  func testTheViewTreeShownIsTheScenePlayedToTheTimeShown() throws {
    let session = try makeSession("flick", speed: 1)
    func offset() throws -> Double {
      let window = session.frameContent.window
      let scene = try XCTUnwrap(session.playback!.scene(at: try shownTime(session)))
      XCTAssertTrue(window === scene.window, "the frame draws the played copy, not the live scene")
      return Double(try XCTUnwrap(scene.objects["scroller"] as? UIScrollView).contentOffset.y)
    }
    XCTAssertEqual(try offset(), 0)
    wake(session, at: 50.05)  // mid-drag
    let during = try offset()
    XCTAssertGreaterThan(during, 0)
    wake(session, at: 80)  // the end, after the deceleration
    XCTAssertGreaterThan(try offset(), during)
    wake(session, at: 80, events: [TestEvents.key("space")])  // at the end: plays from the start
    XCTAssertEqual(try shownTime(session), 0)
    XCTAssertEqual(try offset(), 0)
  }

  func testLiveTouchesArePausedSteppedAndScrubbedAfterTheyHappen() throws {
    let session = SandboxSession(
      scene: try TestLayouts.scene("play"), scale: 1, timeSource: time.read, report: { _ in })
    wake(session, at: 50.2, events: [TestEvents.mouse(.down, 150, 150)])  // a press in the scroll view
    wake(session, at: 50.6, events: [TestEvents.mouse(.up, 150, 150)])
    XCTAssertEqual(session.transcript.recentLines, ["[0.350] \(began)", "[0.600] \(ended)"])
    let liveSize = session.frameSize
    wake(session, at: 51, events: [TestEvents.key("space")])
    let review = try XCTUnwrap(session.playback, "Space in the live window pauses it")
    XCTAssertNil(review.scenario)
    XCTAssertFalse(review.isPlaying)
    XCTAssertEqual(review.start, 0.2, accuracy: 1e-9, "the strip starts at the gesture's first touch")
    XCTAssertEqual(try shownTime(session), 0.6, accuracy: 1e-9)
    XCTAssertEqual(session.frameSize, liveSize, "the window keeps its height: the strip's room was there already")
    XCTAssertNil(session.wakeUpTime, "paused, nothing pending: no wake-ups")

    wake(session, at: 52, events: [TestEvents.key("comma")])  // back to the 0.15 s firing
    XCTAssertEqual(try shownTime(session), 0.35, accuracy: 1e-9)
    XCTAssertEqual(shownLines(session.frameContent), ["[0.350] \(began)"])
    XCTAssertEqual(session.frameContent.overlay, OverlayState.fold(session.liveRecords, upTo: try shownTime(session)))
    wake(session, at: 53, events: [TestEvents.key("comma"), TestEvents.key("comma")])
    XCTAssertEqual(try shownTime(session), 0.2, accuracy: 1e-9, "the first record: the touch going down")
    let y = 300 + TimelineStrip.height / 2
    wake(session, at: 54, events: [TestEvents.mouse(.down, 150, y)])  // the middle of the strip
    XCTAssertEqual(try shownTime(session), 0.4, accuracy: 1e-9)
    wake(session, at: 54, events: [TestEvents.mouse(.up, 150, y)])
    // Space plays on from there; at the end the window is live again.
    wake(session, at: 55, events: [TestEvents.key("space")])
    wake(session, at: 55.1)
    XCTAssertEqual(try shownTime(session), 0.5, accuracy: 1e-9)
    wake(session, at: 56)
    XCTAssertNil(session.playback)
    XCTAssertEqual(session.frameSize, liveSize)
    XCTAssertEqual(session.frameContent.timeline?.idleHint, SandboxSession.idleStripHint)
    wake(session, at: 57, events: TestEvents.click(150, 150))
    XCTAssertEqual(session.transcript.recentLines.count, 4, "live: a click is a touch again")
  }

  func testTheLiveWindowKeepsAnIdleStripAndIgnoresThePlayKeys() throws {
    let session = SandboxSession(
      scene: try TestLayouts.scene("play"), scale: 1, timeSource: time.read, report: { _ in })
    let strip = try XCTUnwrap(session.frameContent.timeline, "the strip's room is kept while live")
    XCTAssertEqual(strip.idleHint, SandboxSession.idleStripHint)
    XCTAssertEqual(strip.markTimes, [])
    XCTAssertEqual(session.frameSize.height, 300 + TimelineStrip.height)
    session.frameDrawn()
    wake(session, at: 51, events: [TestEvents.key("space"), TestEvents.key("period")])
    XCTAssertFalse(session.needsFrame)
    XCTAssertNil(session.wakeUpTime)
  }
}
