import Foundation
import TouchLabEngine
import TouchLabLayout
import TouchLabSandbox
import TouchLabX11
import XCTest

@testable import TouchLabCanvas
@testable import TouchLabRender

/// The live session without a window: input, keys, reloading, the transcript.
final class SandboxSessionTests: XCTestCase {
  var time = ManualTime(50)
  var reported: [String] = []
  var folder: URL?

  override func tearDown() {
    if let folder { try? FileManager.default.removeItem(at: folder) }
  }

  func makeSession(_ path: String, transcriptFile: TranscriptFile? = nil) throws -> SandboxSession {
    let scene = try LayoutLoader.load(path: path)
    return SandboxSession(
      scene: scene, scale: 1, transcriptFile: transcriptFile, timeSource: time.read,
      report: { [unowned self] in self.reported.append($0) })
  }

  /// The window learns what it got for its timers once its first frame is out
  /// (`LiveSandbox.setUpTimerPriority`): the note asks for the next frame, which shows it
  /// under the keys; the same note again asks for nothing.
  func testTheRealTimeNoteLearntAfterTheFirstFrameIsDrawnInTheNext() throws {
    let session = try makeSession(TestLayouts.url("live").path)
    XCTAssertEqual(session.frameContent.keyHelp, SandboxKeys.help(realTimeNote: nil))
    session.frameDrawn()
    XCTAssertFalse(session.needsFrame)
    let note = TimerWakePriority.Source.fifo.description
    session.realTimeNote = note
    XCTAssertTrue(session.needsFrame)
    XCTAssertEqual(session.frameContent.keyHelp.last, SandboxKeys.help(realTimeNote: note).last)
    XCTAssertEqual(session.frameContent.keyHelp.count, SandboxKeys.help(realTimeNote: nil).count + 1)
    session.frameDrawn()
    session.realTimeNote = note
    XCTAssertFalse(session.needsFrame)
  }

  func testClicksReachTheEngineAndTheTranscriptHasTheirTimes() throws {
    let session = try makeSession(TestLayouts.url("live").path)
    time.seconds = 50.125
    session.handle(PollWakeup(events: TestEvents.click(105, 45)))  // button A
    XCTAssertEqual(session.transcript.recentLines, ["[0.125] button A tapped"])
    XCTAssertEqual(shownLines(session.frameContent), ["[0.125] button A tapped"])
    XCTAssertEqual(session.scene.records.records, [], "a live scene keeps no records of its own")
    XCTAssertTrue(session.needsFrame)
    session.frameDrawn()
    XCTAssertFalse(session.needsFrame)
    // Hovering changes nothing: no frame is drawn for it.
    session.handle(PollWakeup(events: [TestEvents.mouse(.moved, 10, 10).withNoButtons]))
    XCTAssertFalse(session.needsFrame)
  }

  func testTheTranscriptFileGetsEveryLineAsItHappens() throws {
    folder = try TestLayouts.copies([])
    let path = folder!.appendingPathComponent("transcript.txt").path
    try "an earlier session\n".write(toFile: path, atomically: true, encoding: .utf8)
    let session = try makeSession(TestLayouts.url("live").path, transcriptFile: TranscriptFile(path: path))
    time.seconds = 50.5
    session.handle(PollWakeup(events: TestEvents.click(200, 120)))  // the tap view
    XCTAssertEqual(
      try String(contentsOfFile: path, encoding: .utf8), "an earlier session\n[0.500] tap view tapped\n",
      "appended, and on disk before the next event")
    session.perform(.clearLog)
    XCTAssertEqual(session.transcript.recentLines, [])
    XCTAssertTrue(try String(contentsOfFile: path, encoding: .utf8).hasSuffix("tap view tapped\n"))
  }

  /// A step's lines (an input read, the timers fired) are written together when it ends: a
  /// process watching the file is woken once, not in the middle of the step's work. Outside
  /// a step a line is written at once; steps nest; a step's lines past the buffer's limit
  /// are written anyway.
  func testTheLinesOfOneStepAreWrittenTogetherWhenItEnds() throws {
    folder = try TestLayouts.copies([])
    let path = folder!.appendingPathComponent("transcript.txt").path
    let file = try TranscriptFile(path: path)
    func written() throws -> String { try String(contentsOfFile: path, encoding: .utf8) }
    file.append("alone")
    XCTAssertEqual(try written(), "alone\n", "outside a step: at once")
    let (seen, problem) = file.inOneWrite { () -> String in
      file.append("one")
      _ = file.inOneWrite { file.append("two") }
      XCTAssertEqual(try? written(), "alone\n", "the inner step's end is not the step's end")
      return (try? written()) ?? ""
    }
    XCTAssertEqual(seen, "alone\n", "nothing of the step while it runs")
    XCTAssertNil(problem)
    XCTAssertEqual(try written(), "alone\none\ntwo\n", "all of it when it ends")
    let long = String(repeating: "x", count: TranscriptFile.stepBufferLimit)
    _ = file.inOneWrite {
      file.append(long)
      XCTAssertEqual(try? written().count, 14 + long.count + 1, "a step's lines past the limit: written anyway")
    }

    // The session's steps: a press on the long-press view, then the loop waking for its
    // timer, and the timer thread's firing, each writes its lines when it ends.
    let transcriptPath = folder!.appendingPathComponent("session.txt").path
    let session = try makeSession(TestLayouts.url("live").path, transcriptFile: TranscriptFile(path: transcriptPath))
    var linesSeenByRecords: [Int] = []
    session.scene.records.addObserver { _ in
      linesSeenByRecords.append(((try? String(contentsOfFile: transcriptPath, encoding: .utf8)) ?? "").count)
    }
    time.seconds = 50.2
    session.handle(PollWakeup(events: TestEvents.click(200, 120)))  // the tap view
    XCTAssertEqual(Set(linesSeenByRecords), [0], "no line on disk while the step runs")
    XCTAssertEqual(try String(contentsOfFile: transcriptPath, encoding: .utf8), "[0.200] tap view tapped\n")
    session.handle(PollWakeup(events: [TestEvents.mouse(.down, 200, 450)]))  // the long-press view
    linesSeenByRecords.removeAll()
    time.seconds = 50.71
    session.fireDueEngineTimers()
    XCTAssertFalse(linesSeenByRecords.isEmpty)
    XCTAssertEqual(Set(linesSeenByRecords), [24], "the timers' step too")
    XCTAssertTrue(try String(contentsOfFile: transcriptPath, encoding: .utf8).hasSuffix("[0.700] long press\n"))
  }

  func testAJSONLinesTranscriptHasEveryRecordWithItsRealTimeAndATimersDeadline() throws {
    folder = try TestLayouts.copies([])
    let path = folder!.appendingPathComponent("transcript.jsonl").path
    let session = try makeSession(TestLayouts.url("live").path, transcriptFile: TranscriptFile(path: path))
    time.seconds = 50.2
    session.handle(PollWakeup(events: [TestEvents.mouse(.down, 200, 450)]))  // the long-press view
    func objects() throws -> [[String: Any]] {
      try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any], String($0))
      }
    }
    let pressed = try objects()
    XCTAssertFalse(pressed.isEmpty, "the press's records are on disk before the next event")
    for object in pressed {
      XCTAssertEqual(try XCTUnwrap(object["time"] as? Double), 0.2, accuracy: 1e-9)
      XCTAssertNil(object["due"], "input, not a timer, made it")
    }
    // The loop wakes 3.25 ms after the long press's 0.5 s was due: the record says so.
    time.seconds = 50.70325
    session.handle(PollWakeup(deadlineReached: true))
    let fired = try objects().dropFirst(pressed.count)
    let longPress = try XCTUnwrap(fired.first { $0["line"] as? String == "long press" })
    XCTAssertEqual(try XCTUnwrap(longPress["due"] as? Double), 0.7, accuracy: 1e-9)
    XCTAssertEqual(try XCTUnwrap(longPress["time"] as? Double), 0.70325, accuracy: 1e-9, "to the microsecond")
    // The timer's own record: its deadline and the real time it fired.
    let timer = try XCTUnwrap(fired.first { $0["event"] as? String == "timer" && $0["change"] as? String == "fired" })
    XCTAssertEqual(try XCTUnwrap(timer["deadline"] as? Double), 0.7, accuracy: 1e-9)
    XCTAssertEqual(try XCTUnwrap(timer["time"] as? Double), 0.70325, accuracy: 1e-9)
    XCTAssertEqual(longPress["kind"] as? String, "print")
    XCTAssertEqual(session.transcript.recentLines, ["[0.700] long press"], "the panel as before")
  }

  func testThePanelKeepsABoundedListOfRecentLines() throws {
    let session = try makeSession(TestLayouts.url("live").path)
    for index in 0..<(TranscriptLog.historyLimit + 20) {
      time.seconds = 50 + Double(index)
      session.handle(PollWakeup(events: TestEvents.click(105, 45)))
    }
    XCTAssertEqual(session.transcript.recentLines.count, TranscriptLog.historyLimit)
    XCTAssertEqual(session.transcript.recentLines.last, "[\(TranscriptLog.historyLimit + 19).000] button A tapped")
  }

  func testATranscriptFileThatCannotBeOpenedIsAClearError() {
    XCTAssertThrowsError(try TranscriptFile(path: "/no/such/folder/t.txt")) { error in
      XCTAssertEqual("\(error)", "cannot write '/no/such/folder/t.txt': the folder /no/such/folder does not exist")
    }
  }

  func testReloadKeepsThePreviousSceneOnAnErrorAndShowsIt() throws {
    folder = try TestLayouts.copies(["live"])
    let path = folder!.appendingPathComponent("live.yaml").path
    let session = try makeSession(path)
    let original = session.scene

    try "controller:\n  view:\n    subviews:\n      - {id: a, frame: [0, 0, 1, 1], colour: red}\n".write(
      toFile: path, atomically: true, encoding: .utf8)
    session.handle(PollWakeup(fileChanged: true))  // saved: reloads on its own
    let error = "\(path):4:38: error: unknown key 'colour' for UIView (did you mean 'color'?)"
    XCTAssertTrue(session.scene === original, "the previous scene stays")
    XCTAssertEqual(session.layoutError, error)
    XCTAssertEqual(session.frameContent.message, error)
    XCTAssertEqual(reported, [error], "and it is printed on standard error")
    XCTAssertEqual(session.windowTitle, "TouchLab — Live test scene")

    // The old scene still works while the error shows.
    session.handle(PollWakeup(events: TestEvents.click(105, 45)))
    XCTAssertEqual(session.transcript.recentLines.last, "[0.000] button A tapped")

    try FileManager.default.removeItem(atPath: path)
    try FileManager.default.copyItem(at: TestLayouts.url("second"), to: URL(fileURLWithPath: path))
    session.perform(.reload)
    XCTAssertFalse(session.scene === original)
    XCTAssertNil(session.frameContent.message)
    XCTAssertEqual(session.windowTitle, "TouchLab — Second scene")
    XCTAssertEqual(session.scene.records.records, [])
  }

  /// Issue 16: a reload never freezes the window. The load here waits on a semaphore — a load
  /// that takes as long as anyone likes: the old scene stays, clicks still reach it, and the
  /// new one replaces it once it is ready (the loop woken).
  func testABackgroundReloadKeepsTheOldSceneWorkingUntilTheNewOneIsReady() throws {
    folder = try TestLayouts.copies(["live", "second"])
    let path = folder!.appendingPathComponent("live.yaml").path
    let session = try makeSession(path)
    let release = DispatchSemaphore(value: 0)
    let loader = BackgroundLoader()
    session.backgroundLoader = loader
    // The scene's own way of reading (a layout file here), made slow: held until released.
    session.sceneFiles = SceneFiles(
      load: { path in
        release.wait()
        return try LayoutLoader.loadRegularFile(path: path)
      }, watched: { [$0] })
    let original = session.scene
    let slow = folder!.appendingPathComponent("second.yaml").path

    XCTAssertTrue(session.open(slow))
    XCTAssertTrue(session.isLoading)
    session.handle(PollWakeup(events: TestEvents.click(105, 45)))
    XCTAssertTrue(session.scene === original, "the old scene stays while the new one loads")
    XCTAssertEqual(session.transcript.recentLines.last, "[0.000] button A tapped")
    XCTAssertFalse(loader.waker.wait(timeout: 0.05), "still loading")

    release.signal()
    XCTAssertTrue(loader.waker.wait(timeout: 30), "the load finished and woke the loop")
    session.handle(PollWakeup())
    XCTAssertFalse(session.isLoading)
    XCTAssertFalse(session.scene === original)
    XCTAssertEqual(session.windowTitle, "TouchLab — Second scene")
    XCTAssertEqual(session.layoutPath, slow)
  }

  /// Issue 43: a FIFO moved onto the layout's path (its writer there, never writing) is
  /// refused at once with the usual error — it used to hold the loader, and every later
  /// reload behind it, until the writer left.
  func testAFIFOOnTheLayoutsPathIsRefusedAtOnceAndLaterReloadsGoOn() throws {
    folder = try TestLayouts.copies(["live", "second"])
    let path = folder!.appendingPathComponent("live.yaml").path
    let session = try makeSession(path)
    let loader = BackgroundLoader()
    session.backgroundLoader = loader
    let fifo = folder!.appendingPathComponent("moved.yaml").path
    XCTAssertEqual(mkfifo(fifo, 0o600), 0)
    let writer = open(fifo, O_RDWR | O_CLOEXEC)  // a writer that never writes
    XCTAssertGreaterThanOrEqual(writer, 0)
    defer { close(writer) }

    session.open(fifo)
    XCTAssertTrue(loader.waker.wait(timeout: 30), "the load of a FIFO did not wait for its writer")
    loader.waker.consume()
    session.handle(PollWakeup())
    XCTAssertFalse(session.isLoading)
    XCTAssertEqual(
      session.layoutError,
      "\(fifo):1:1: error: cannot read the file: it is not a regular file (a FIFO); the window reloads regular "
        + "files only")
    // The next save is loaded: nothing is held up.
    session.open(folder!.appendingPathComponent("second.yaml").path)
    XCTAssertTrue(loader.waker.wait(timeout: 30))
    session.handle(PollWakeup())
    XCTAssertEqual(session.windowTitle, "TouchLab — Second scene")
    XCTAssertNil(session.layoutError)
  }

  func testABackgroundLoadSupersededByANewerOneIsDropped() throws {
    folder = try TestLayouts.copies(["live", "second"])
    let path = folder!.appendingPathComponent("live.yaml").path
    let session = try makeSession(path)
    let loader = BackgroundLoader()
    session.backgroundLoader = loader
    session.open(folder!.appendingPathComponent("second.yaml").path)
    session.open(path)  // saved again before the first load was taken
    while session.isLoading {
      XCTAssertTrue(loader.waker.wait(timeout: 30))
      loader.waker.consume()
      session.handle(PollWakeup())
    }
    XCTAssertEqual(session.windowTitle, "TouchLab — Live test scene")
    XCTAssertNil(session.layoutError)
  }

  func testNextAndPreviousLayoutGoThroughTheFolderInOrder() throws {
    folder = try TestLayouts.copies(["live", "second"])
    try FileManager.default.copyItem(
      at: TestLayouts.url("second"), to: folder!.appendingPathComponent("third.yml"))
    try "not a layout".write(to: folder!.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
    let session = try makeSession(folder!.appendingPathComponent("second.yaml").path)
    func current() -> String { (session.layoutPath as NSString).lastPathComponent }

    session.handle(PollWakeup(events: [TestEvents.key("Right")]))
    XCTAssertEqual(current(), "third.yml")
    session.handle(PollWakeup(events: [TestEvents.key("n")]))
    XCTAssertEqual(current(), "live.yaml", "wraps around")
    XCTAssertEqual(session.windowTitle, "TouchLab — Live test scene")
    session.handle(PollWakeup(events: [TestEvents.key("Left")]))
    XCTAssertEqual(current(), "third.yml")
    session.handle(PollWakeup(events: [TestEvents.key("p")]))
    XCTAssertEqual(current(), "second.yaml")
  }

  func testANewSceneForgetsFingersStillDown() throws {
    folder = try TestLayouts.copies(["live", "second"])
    let session = try makeSession(folder!.appendingPathComponent("live.yaml").path)
    session.handle(PollWakeup(events: [TestEvents.mouse(.down, 105, 45)]))
    session.handle(PollWakeup(events: [TestEvents.key("n")]))
    // The lift lands on the second scene's button but began in the other scene: ignored.
    session.handle(PollWakeup(events: [TestEvents.mouse(.up, 100, 70)]))
    XCTAssertEqual(session.transcript.recentLines, [])
    XCTAssertEqual(session.scene.application.touchesOnScreen.count, 0)
    session.handle(PollWakeup(events: TestEvents.click(100, 70)))
    XCTAssertEqual(session.transcript.recentLines, ["[0.000] second scene button"])
  }

  /// A long session keeps no history: a scene replaced by a reload (R, a save, the next
  /// layout key) is freed with everything it held, even with a finger down and a timer set.
  func testAReplacedSceneIsFreed() throws {
    let session = try makeSession(TestLayouts.url("live").path)
    for round in 0..<3 {
      session.handle(PollWakeup(events: [TestEvents.mouse(.down, 200, 450)]))  // the long-press view
      XCTAssertNotNil(session.scene.application.clock.nextFireTime, "the long press's timer is set")
      weak var application: UIApplication?
      weak var window: UIWindow?
      weak var recorder: DeliveryRecorder?
      (application, window, recorder) = (session.scene.application, session.scene.window, session.scene.records)
      session.handle(PollWakeup(events: [TestEvents.key("r")]))
      XCTAssertNil(application, "round \(round)")
      XCTAssertNil(window, "round \(round)")
      XCTAssertNil(recorder, "round \(round)")
      XCTAssertFalse(session.scene.records.keepsRecords, "the new scene keeps no records either")
    }
  }

  func testFocusLossCancelsTheTouchesInTheEngine() throws {
    let session = try makeSession(TestLayouts.url("live").path)
    session.handle(PollWakeup(events: [TestEvents.mouse(.down, 105, 45)]))
    XCTAssertEqual(session.scene.application.touchesOnScreen.count, 1)
    session.handle(PollWakeup(events: [.focusLost]))
    XCTAssertEqual(session.scene.application.touchesOnScreen.count, 0)
    session.handle(PollWakeup(events: [TestEvents.mouse(.up, 105, 45)]))
    XCTAssertEqual(session.transcript.recentLines, [], "a cancelled button sends no action")
  }

  func testKeysAndTheirCommands() throws {
    let session = try makeSession(TestLayouts.url("live").path)
    XCTAssertEqual(session.handle(PollWakeup(events: [TestEvents.key("q")])), [.quit])
    XCTAssertEqual(session.handle(PollWakeup(events: [TestEvents.key("Escape")])), [.quit])
    XCTAssertEqual(session.handle(PollWakeup(events: [.close])), [.quit])
    XCTAssertEqual(session.handle(PollWakeup(events: [TestEvents.key("S")])), [.screenshot], "either case")
    XCTAssertEqual(session.handle(PollWakeup(events: [TestEvents.key("q", modifiers: .control)])), [])
    XCTAssertEqual(session.handle(PollWakeup(events: [TestEvents.key("x")])), [])

    XCTAssertNotNil(session.frameContent.overlay)
    session.handle(PollWakeup(events: [TestEvents.key("o")]))
    XCTAssertNil(session.frameContent.overlay)
    session.handle(PollWakeup(events: [TestEvents.key("o")]))
    XCTAssertNotNil(session.frameContent.overlay)

    XCTAssertEqual(session.frameContent.keyHelp, SandboxKeys.help)
    for command in SandboxCommand.allCases {
      XCTAssertEqual(SandboxKeys.bindings.filter { $0.command == command }.count, 1, "\(command) has one binding")
    }
    XCTAssertTrue(SandboxKeys.help.contains { $0.contains("Alt") })
  }

  func testAConfirmationShowsUnderTheTitleForFourSeconds() throws {
    let session = try makeSession(TestLayouts.url("live").path)
    session.frameDrawn()
    XCTAssertNil(session.wakeUpTime, "idle")
    time.seconds = 51
    session.showStatus("Saved touchlab-live.png")
    XCTAssertEqual(session.frameContent.subtitle, "Saved touchlab-live.png")
    // The next screenshot is of the scene, not of the window's note of the one before.
    XCTAssertEqual(session.screenshotContent.subtitle, "live.yaml", "no 'Saved …' in a screenshot")
    XCTAssertEqual(session.screenshotContent.title, session.frameContent.title)
    XCTAssertTrue(session.needsFrame)
    XCTAssertEqual(session.wakeUpTime, 55, "wakes to take it away")
    session.frameDrawn()
    time.seconds = 54.9
    session.handle(PollWakeup(events: []))
    XCTAssertEqual(session.frameContent.subtitle, "Saved touchlab-live.png")
    time.seconds = 55
    session.handle(PollWakeup(deadlineReached: true))
    XCTAssertEqual(session.frameContent.subtitle, "live.yaml", "the file's name again")
    XCTAssertTrue(session.needsFrame)
    XCTAssertNil(session.wakeUpTime, "idle again")
  }

  func testAProblemIsShownUntilTheNextKey() throws {
    let session = try makeSession(TestLayouts.url("live").path)
    session.show(problem: "screenshot not saved: disk full")
    XCTAssertEqual(session.frameContent.message, "screenshot not saved: disk full")
    XCTAssertEqual(reported, ["touchlab: error: screenshot not saved: disk full"])
    session.perform(.toggleOverlay)
    XCTAssertNil(session.frameContent.message)
  }

  /// Issue 16: `open` and `check` agree — every window `check` accepts opens at scale 1,
  /// with the panel and the scenario strip.
  func testEveryWindowCheckAcceptsOpensAtScaleOne() throws {
    for size in ["[7800, 2051]", "[2051, 7800]", "[4000, 4000]"] {
      let scene = try LayoutLoader.load(
        yaml: "window: {size: \(size)}\ncontroller: {view: {color: white}}\n", file: "max.yaml")
      XCTAssertNil(WindowSizeLimit.sizeProblem(scene, scale: 1, showsTimeline: true), size)
    }
  }

  /// The window is the scene, the panel and the strip (its room is kept while live): 2068 points tall.
  func testAWindowTooBigToShowIsRefused() throws {
    let scene = try LayoutLoader.load(
      yaml: "window: {size: [3000, 2000]}\ncontroller: {view: {color: white}}\n", file: "big.yaml")
    XCTAssertNil(WindowSizeLimit.sizeProblem(scene, scale: 1))
    XCTAssertEqual(
      WindowSizeLimit.sizeProblem(scene, scale: 3),
      "big.yaml:1:16: error: the window would be 10140×6204 pixels at scale 3, more than the 8192 a side the "
        + "sandbox shows; make `window: {size: …}` smaller or use a smaller --scale")
  }
}

extension InputEvent {
  /// A mouse move with no button held (hovering).
  var withNoButtons: InputEvent {
    guard case .pointer(var pointer) = self else { return self }
    pointer.pressedButtons = []
    return .pointer(pointer)
  }
}

/// The panel's real-time line is whole, for every way the window gets (or not) its timers'
/// real time: its reason, which standard error says, is left out (issue 48 §7: an ordinary
/// user's line was cut with "…").
final class RealTimeNoteTests: XCTestCase {
  func testTheRealTimeNoteFitsThePanelsTwoLines() {
    let reason =
      "SCHED_FIFO refused; RealtimeKit: org.freedesktop.DBus.Error.ServiceUnknown: The name org.freedesktop.RealtimeKit1 "
      + "was not provided by any .service files"
    let sources: [TimerWakePriority.Source] = [.fifo, .realtimeKit(priority: 1, rtTimeLimit: 0.2), .none(reason)]
    // Each way, with the loop firing the timers (`TOUCHLAB_NO_TIMER_THREAD=1`) and with the
    // timer thread firing them (the default).
    let notes = sources.map(\.description) + sources.map(\.timerThreadDescription)
    let style = TextStyle(
      fontFamily: TextFonts.defaultFamily, fontSize: 11, alignment: .leading, verticalAlignment: .top,
      truncation: .tail, maximumLines: 0)
    for note in notes {
      let line = SandboxKeys.help(realTimeNote: note).last!
      XCTAssertFalse(line.contains("RealtimeKit1"), line)
      let lines = TextFonts.wrappedLines(line, style: style, width: SceneRenderer.panelWidth - 32)
      XCTAssertLessThanOrEqual(lines.count, 2, "cut with … in the panel: \(lines.map(\.text))")
    }
    XCTAssertEqual(
      SandboxKeys.help(realTimeNote: notes[5]).last,
      "No real time for timers, the engine's timers fired on a thread of their own; why: on standard error")
    XCTAssertEqual(
      SandboxKeys.help(realTimeNote: notes[3]).last,
      "Real time for timers: SCHED_FIFO, the engine's timers fired on a thread of their own")
    XCTAssertEqual(
      SandboxKeys.help(realTimeNote: notes[1]).last,
      "Real time for timers: RealtimeKit (SCHED_RR 1, RLIMIT_RTTIME 200 ms)")
    // The long reason would not have fitted.
    XCTAssertGreaterThan(
      TextFonts.wrappedLines(notes[5], style: style, width: SceneRenderer.panelWidth - 32).count, 2)
  }
}
