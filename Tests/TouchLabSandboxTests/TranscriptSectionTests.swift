import Foundation
import TouchLabCanvas
import TouchLabLayout
import TouchLabRender
import TouchLabSandbox
import TouchLabX11
import XCTest

/// The panel's transcript: a section per layout loaded, the wheel scrolling it back, and
/// times from the first touch.
final class TranscriptSectionTests: XCTestCase {
  var time = ManualTime(50)
  var folder: URL!

  override func setUpWithError() throws {
    folder = try TestLayouts.copies(["live", "second"])
  }

  override func tearDown() {
    if let folder { try? FileManager.default.removeItem(at: folder) }
  }

  func makeSession(transcriptFile: TranscriptFile? = nil) throws -> SandboxSession {
    let scene = try LayoutLoader.load(path: folder.appendingPathComponent("live.yaml").path)
    return SandboxSession(
      scene: scene, scale: 1, transcriptFile: transcriptFile, timeSource: time.read, report: { _ in })
  }

  /// The wheel turned `steps` notches at a window pixel.
  func wheel(_ steps: Int, _ x: Double, _ y: Double) -> InputEvent {
    .wheel(WheelInput(steps: steps, location: InputPoint(x: x, y: y)))
  }

  func testEachLayoutStartsASectionUnderItsOwnHeader() throws {
    let session = try makeSession()
    XCTAssertEqual(session.frameContent.transcript, [.header("Live test scene (live.yaml)")])
    time.seconds = 51
    session.handle(PollWakeup(events: TestEvents.click(105, 45)))  // button A
    session.handle(PollWakeup(events: [TestEvents.key("n")]))
    XCTAssertEqual(session.title, "Second scene")
    time.seconds = 52
    session.handle(PollWakeup(events: TestEvents.click(100, 70)))  // the second scene's button
    XCTAssertEqual(
      session.frameContent.transcript,
      [
        .header("Live test scene (live.yaml)"), .line(TranscriptTime(1), "button A tapped"),
        .header("Second scene (second.yaml)"), .line(TranscriptTime(1), "second scene button"),
      ])
    // Back with P, and a reload: each a section of its own.
    session.handle(PollWakeup(events: [TestEvents.key("p"), TestEvents.key("r")]))
    XCTAssertEqual(
      shownHeaders(session.frameContent),
      [
        "Live test scene (live.yaml)", "Second scene (second.yaml)", "Live test scene (live.yaml)",
        "Live test scene (live.yaml), reloaded",
      ])
    XCTAssertEqual(session.transcript.recentLines, ["[1.000] button A tapped", "[1.000] second scene button"])
  }

  func testTheWheelOverThePanelScrollsBackAndNewLinesLeaveTheViewStill() throws {
    let session = try makeSession()
    for index in 0..<20 {
      time.seconds = 51 + Double(index)
      session.handle(PollWakeup(events: TestEvents.click(105, 45)))
    }
    XCTAssertEqual(session.frameContent.transcript.count, 21)
    XCTAssertEqual(session.frameContent.newerLineCount, 0)
    session.frameDrawn()

    // Over the scene the wheel does nothing.
    session.handle(PollWakeup(events: [wheel(-1, 200, 200)]))
    XCTAssertFalse(session.needsFrame)
    XCTAssertNil(session.transcriptAnchor)

    // Two notches up over the panel: the last six lines go out of sight below.
    session.handle(PollWakeup(events: [wheel(-2, 400 + 100, 300)]))
    XCTAssertTrue(session.needsFrame)
    var content = session.frameContent
    XCTAssertEqual(content.transcript.count, 15)
    XCTAssertEqual(content.transcript.last, .line(TranscriptTime(14), "button A tapped"))
    XCTAssertEqual(content.newerLineCount, 6)

    // A new line arrives: the panel stays where it was, one more line is below.
    time.seconds = 80
    session.handle(PollWakeup(events: TestEvents.click(105, 45)))
    content = session.frameContent
    XCTAssertEqual(content.transcript.last, .line(TranscriptTime(14), "button A tapped"))
    XCTAssertEqual(content.newerLineCount, 7)

    // Up past the top: the first entry stays in sight.
    session.handle(PollWakeup(events: [wheel(-50, 500, 300)]))
    XCTAssertEqual(session.frameContent.transcript, [.header("Live test scene (live.yaml)")])

    // Down past the end: the panel follows the newest again.
    session.handle(PollWakeup(events: [wheel(100, 500, 300)]))
    XCTAssertNil(session.transcriptAnchor)
    XCTAssertEqual(session.frameContent.transcript.last, .line(TranscriptTime(30), "button A tapped"))
    XCTAssertEqual(session.frameContent.newerLineCount, 0)

    // C empties the panel (all but the section's header) and follows the newest.
    session.handle(PollWakeup(events: [wheel(-1, 500, 300), TestEvents.key("c")]))
    XCTAssertNil(session.transcriptAnchor)
    XCTAssertEqual(session.frameContent.transcript, [.header("Live test scene (live.yaml)")])
  }

  func testTShowsTimesFromTheFirstTouchAndTheFileKeepsItsOwn() throws {
    let path = folder.appendingPathComponent("t.txt").path
    let session = try makeSession(transcriptFile: try TranscriptFile(path: path))
    time.seconds = 52
    session.handle(PollWakeup(events: [TestEvents.mouse(.down, 105, 45)]))
    time.seconds = 52.25
    session.handle(PollWakeup(events: [TestEvents.mouse(.up, 105, 45)]))
    time.seconds = 53.5
    session.handle(PollWakeup(events: TestEvents.click(105, 45)))
    XCTAssertEqual(shownLines(session.frameContent), ["[2.250] button A tapped", "[3.500] button A tapped"])
    XCTAssertFalse(session.frameContent.timesFromFirstTouch)

    session.handle(PollWakeup(events: [TestEvents.key("t")]))
    XCTAssertTrue(session.frameContent.timesFromFirstTouch)
    XCTAssertEqual(shownLines(session.frameContent), ["[+0.250] button A tapped", "[+1.500] button A tapped"])

    // The next layout counts from its own first touch.
    session.handle(PollWakeup(events: [TestEvents.key("n")]))
    time.seconds = 60
    session.handle(PollWakeup(events: TestEvents.click(100, 70)))
    XCTAssertEqual(shownLines(session.frameContent).last, "[+0.000] second scene button")

    session.handle(PollWakeup(events: [TestEvents.key("t")]))
    XCTAssertEqual(
      shownLines(session.frameContent),
      ["[2.250] button A tapped", "[3.500] button A tapped", "[6.500] second scene button"],
      "the new scene loaded at 53.5")
    XCTAssertEqual(
      try String(contentsOfFile: path, encoding: .utf8),
      "[2.250] button A tapped\n[3.500] button A tapped\n[6.500] second scene button\n")
  }

  func testAScenarioHasItsHeaderAndCountsFromItsFirstTouch() throws {
    let scene = try TestLayouts.scene("play")
    let session = SandboxSession(scene: scene, scale: 1, timeSource: time.read, report: { _ in })
    try session.play(scenario: "hold", speed: 1, loops: false)
    time.seconds = 60
    session.handle(PollWakeup(events: []))
    XCTAssertEqual(shownHeaders(session.frameContent), ["play.yaml · scenario hold"])
    let absolute = shownLines(session.frameContent)
    session.handle(PollWakeup(events: [TestEvents.key("t")]))
    let relative = shownLines(session.frameContent)
    let origin = try XCTUnwrap(session.playback?.firstTouchTime)
    XCTAssertEqual(absolute.count, relative.count)
    XCTAssertEqual(absolute.first, "[0.150] -[LoggingView touchesBegan:withEvent:]")
    XCTAssertEqual(
      relative.first, TranscriptLog.relativeStamp(0.15 - origin) + " -[LoggingView touchesBegan:withEvent:]")
  }

  /// Issue 30: C clears the lines but keeps the section's header; leaving a scenario (0,
  /// another scenario) keeps its section in the history.
  func testClearKeepsTheHeaderAndAScenarioLeftKeepsItsSection() throws {
    let session = SandboxSession(
      scene: try TestLayouts.scene("play"), scale: 1, timeSource: time.read, report: { _ in })
    time.seconds = 51
    session.handle(PollWakeup(events: TestEvents.click(150, 150)))
    time.seconds = 52
    session.handle(PollWakeup(events: []))
    XCTAssertEqual(shownLines(session.frameContent).count, 2)
    session.handle(PollWakeup(events: [TestEvents.key("c")]))
    XCTAssertEqual(session.frameContent.transcript, [.header("Play test scene (play.yaml)")], "C keeps the header")

    session.handle(PollWakeup(events: [TestEvents.key("1")]))  // hold
    time.seconds = 53
    session.handle(PollWakeup(events: []))  // played to its end (0.5 s)
    session.handle(PollWakeup(events: [TestEvents.key("0")]))  // live again
    XCTAssertNil(session.playback)
    XCTAssertEqual(
      session.frameContent.transcript,
      [
        .header("Play test scene (play.yaml)"), .header("play.yaml · scenario hold"),
        .line(TranscriptTime(0.15), "-[LoggingView touchesBegan:withEvent:]"),
        .line(TranscriptTime(0.5), "-[LoggingView touchesEnded:withEvent:]"),
        .header("Play test scene (play.yaml)"),
      ])
    // Another scenario: the first one's section stays above the second's play.
    session.handle(PollWakeup(events: [TestEvents.key("1")]))
    time.seconds = 53.2
    session.handle(PollWakeup(events: [TestEvents.key("2")]))  // tap, from hold at 0.2 s
    XCTAssertEqual(
      shownHeaders(session.frameContent), ["play.yaml · scenario tap"], "the panel shows the play")
    session.handle(PollWakeup(events: [TestEvents.key("0")]))
    XCTAssertEqual(
      shownHeaders(session.frameContent),
      [
        "Play test scene (play.yaml)", "play.yaml · scenario hold", "Play test scene (play.yaml)",
        "play.yaml · scenario hold", "Play test scene (play.yaml)", "play.yaml · scenario tap",
        "Play test scene (play.yaml)",
      ])
  }

  /// Issue 30: as the panel was drawn, lines that all fit do not scroll back, and scrolling
  /// back stops with the panel full (never nearly empty).
  func testTheWheelKeepsThePanelFull() throws {
    let session = try makeSession()
    let renderer = SceneRenderer(theme: .standard)
    func draw() throws { session.showFrame(renderer: renderer) }
    for index in 0..<3 {
      time.seconds = 51 + Double(index)
      session.handle(PollWakeup(events: TestEvents.click(105, 45)))
    }
    try draw()
    XCTAssertEqual(session.shownTargets.transcriptFit, .allFit)
    session.handle(PollWakeup(events: [wheel(-2, 500, 300)]))
    XCTAssertNil(session.transcriptAnchor, "four entries fit: nothing to scroll back to")
    XCTAssertEqual(session.frameContent.transcript.count, 4)

    for index in 3..<200 {
      time.seconds = 51 + Double(index)
      session.handle(PollWakeup(events: TestEvents.click(105, 45)))
    }
    try draw()
    guard case .overflowed(let shown)? = session.shownTargets.transcriptFit else {
      return XCTFail("200 lines overflow")
    }
    XCTAssertGreaterThan(shown, 3)
    session.handle(PollWakeup(events: [wheel(-500, 500, 300)]))  // far past the top
    XCTAssertEqual(session.frameContent.transcript.count, shown, "the oldest panel's worth, not the first line alone")
    try draw()
    XCTAssertEqual(session.shownTargets.transcriptFit, .allFit, "the panel is full from its oldest entry")
  }

  func testRelativeStamps() {
    XCTAssertEqual(TranscriptLog.relativeStamp(0), "[+0.000]")
    XCTAssertEqual(TranscriptLog.relativeStamp(1.5), "[+1.500]")
    XCTAssertEqual(TranscriptLog.relativeStamp(-0.02), "[-0.020]")
    XCTAssertEqual(TranscriptLog.relativeStamp(-0.0001), "[+0.000]", "no negative zero")
  }
}
