import Foundation
import TouchLabEngine
import TouchLabLayout
import TouchLabRecords
import TouchLabRender
import TouchLabSandbox
import TouchLabX11
import XCTest

/// Issue 46 item 1, issue 48 item 2: in the window, changing the record shown in a review or
/// a play, and flipping a property while a scenario plays, cost no file read and no replay on
/// the loop's thread: the copies of the scene are built on the playback's own queue, once,
/// and kept. The loop's thread is this test's (the main thread).
final class PlaybackOffLoopTests: XCTestCase {
  var time = ManualTime(50)

  /// Copies loaded for a play or a review, and the records they made, on the main thread
  /// (the loop's) and off it.
  final class Work: @unchecked Sendable {
    private let lock = NSLock()
    private var counts = (loadsOnLoop: 0, loadsOff: 0, recordsOnLoop: 0, recordsOff: 0)

    func count(_ update: (inout (loadsOnLoop: Int, loadsOff: Int, recordsOnLoop: Int, recordsOff: Int)) -> Void) {
      lock.lock()
      update(&counts)
      lock.unlock()
    }

    var now: (loadsOnLoop: Int, loadsOff: Int, recordsOnLoop: Int, recordsOff: Int) {
      lock.lock()
      defer { lock.unlock() }
      return counts
    }
  }

  /// A window's session (a background loader: work off the loop) whose playback copies are
  /// counted in `work`.
  func makeSession(_ work: Work, scene: Scene? = nil) throws -> SandboxSession {
    let session = SandboxSession(
      scene: try scene ?? TestLayouts.scene("play"), scale: 1, timeSource: time.read, report: { _ in })
    session.backgroundLoader = BackgroundLoader()
    session.playbackLayoutLoader = { path in
      let onLoop = Thread.isMainThread
      work.count { counts in
        if onLoop { counts.loadsOnLoop += 1 } else { counts.loadsOff += 1 }
      }
      let scene = try LayoutLoader.load(path: path)
      scene.records.addObserver { _ in
        let onLoop = Thread.isMainThread
        work.count { counts in
          if onLoop { counts.recordsOnLoop += 1 } else { counts.recordsOff += 1 }
        }
      }
      return scene
    }
    return session
  }

  func wake(_ session: SandboxSession, at seconds: Double, events: [InputEvent] = []) {
    time.seconds = seconds
    session.handle(PollWakeup(events: events, deadlineReached: events.isEmpty))
  }

  func offset(_ scene: Scene) throws -> Double {
    Double(try XCTUnwrap(scene.objects["scroller"] as? UIScrollView).contentOffset.y)
  }

  func testChangingTheRecordShownInAReviewOf20000InputsReadsAndReplaysNothingOnTheLoop() throws {
    let work = Work()
    let session = try makeSession(work)
    // One long drag: 19,998 moves up and down between its press and its lift, 1 ms apart.
    let moves = 19_998
    var start = 50.1
    wake(session, at: start, events: [TestEvents.mouse(.down, 150, 250)])
    var liveOffsets: [Int: Double] = [:]
    for index in 1...moves {
      start += 0.001
      let y = 250 - Double(index % 200 < 100 ? index % 100 : 100 - index % 100)
      wake(session, at: start, events: [TestEvents.mouse(.moved, 150, y)])
      if [1_000, 2_345, 4_000].contains(index) { liveOffsets[index] = try offset(session.scene) }
    }
    wake(session, at: start + 0.5, events: [TestEvents.mouse(.up, 150, 200)])
    wake(session, at: start + 5)
    XCTAssertEqual(work.now.loadsOnLoop + work.now.loadsOff, 0, "the live window loads no copy")

    wake(session, at: start + 6, events: [TestEvents.key("space")])
    let review = try XCTUnwrap(session.playback)
    let reviewStart = review.start
    /// The time of move `index` (just past it).
    func moveTime(_ index: Int) -> TimeInterval { reviewStart + Double(index) * 0.001 + 0.0005 }

    // The review keeps the gesture's first 20,000 records (`LiveTouchHistory.recordLimit`),
    // a few per move; its copies are played from all the inputs since the load.
    XCTAssertGreaterThan(review.records.last!.time, moveTime(4_000))
    var shown: [Scene] = []
    for (step, index) in [1_000, 2_345, 4_000].enumerated() {
      review.scrub(to: moveTime(index), realTime: start + 7 + Double(step))
      // The loop draws: the copy for that record is asked for, not built here; the frame
      // shows the one before (or the live scene at first) meanwhile.
      _ = session.frameContent
      review.waitForWork()  // the test waits; the window never does
      wake(session, at: start + 7.5 + Double(step))
      XCTAssertTrue(session.needsFrame, "a copy built wakes a frame")
      let scene = try XCTUnwrap(review.scene(at: moveTime(index)))
      XCTAssertTrue(session.frameContent.window === scene.window, "the frame draws the copy for move \(index)")
      XCTAssertEqual(try offset(scene), liveOffsets[index]!, accuracy: 1e-6, "the live offset at move \(index)")
      shown.append(scene)
    }
    let built = review.sceneBuilds
    XCTAssertEqual(built.onCaller, 0)
    XCTAssertEqual(built.offLoop, 3)
    // Back to a record shown before: the copy kept, nothing built.
    review.scrub(to: moveTime(1_000), realTime: start + 20)
    XCTAssertTrue(session.frameContent.window === shown[0].window)
    review.waitForWork()
    XCTAssertEqual(review.sceneBuilds.offLoop, 3, "a copy is built once")

    let counts = work.now
    XCTAssertEqual(counts.loadsOnLoop, 0, "no file read on the loop's thread")
    XCTAssertEqual(counts.recordsOnLoop, 0, "no replay on the loop's thread")
    XCTAssertEqual(counts.loadsOff, 3)
    XCTAssertGreaterThan(counts.recordsOff, 7_000, "the copies were played off the loop")
  }

  /// Issue 46 item 1: starting a play of a 20,000-input scenario, and changing the record
  /// shown while it plays, read no file and replay nothing on the loop's thread. Until the
  /// play is made the panel says it is preparing and keys work as ever; the play then starts
  /// from its start.
  func testStartingAPlayOf20000InputsAndChangingTheRecordShownReadsAndReplaysNothingOnTheLoop() throws {
    let folder = try TestLayouts.copies(["play"])
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("play.yaml")
    // Two drags of 9,998 steps: 20,000 touch events (each a press, its steps, a lift).
    let drag = "    - drag: inner\n      by: [0, -75]\n      duration: 10\n      steps: 9998\n"
    let long = "  long:\n" + drag + drag
    try (String(contentsOf: file, encoding: .utf8) + long).write(to: file, atomically: true, encoding: .utf8)
    let work = Work()
    let session = try makeSession(work, scene: LayoutLoader.load(path: file.path))

    try session.play(scenario: "long", speed: 1, loops: false)
    let playback = try XCTUnwrap(session.playback)
    XCTAssertTrue(playback.isPreparing)
    XCTAssertEqual(shownHeaders(session.frameContent), ["play.yaml · scenario long (preparing…)"])
    XCTAssertTrue(session.frameContent.window === session.scene.window, "the live scene shows meanwhile")
    // A key meanwhile is the window's as ever (T: times from the first touch).
    wake(session, at: 50.05, events: [TestEvents.key("t")])
    XCTAssertTrue(session.timesFromFirstTouch)
    playback.waitForWork()  // the test waits; the window never does
    wake(session, at: 51)
    XCTAssertFalse(playback.isPreparing)
    XCTAssertTrue(session.needsFrame, "the play made wakes a frame")
    XCTAssertGreaterThan(
      playback.records.filter { if case .input = $0.event { true } else { false } }.count, 19_999,
      "every input of the scenario played")
    XCTAssertTrue(playback.isPlaying)
    XCTAssertEqual(playback.time(at: 51), playback.start, "it starts when it is shown")
    XCTAssertEqual(shownHeaders(session.frameContent), ["play.yaml · scenario long"])
    XCTAssertEqual(work.now.loadsOnLoop, 0, "starting the play read no file on the loop's thread")
    XCTAssertEqual(work.now.recordsOnLoop, 0, "nor replayed on it")
    XCTAssertGreaterThan(work.now.recordsOff, 20_000, "the play was made off the loop")

    // The record shown changes (paused, scrubbed): each copy is built off the loop, the drag
    // further on in each.
    wake(session, at: 51.5, events: [TestEvents.key("space")])
    XCTAssertFalse(playback.isPlaying)
    var offsets: [Double] = []
    for (step, time) in [5.0, 12.5, 19.0].enumerated() {
      playback.scrub(to: time, realTime: 52 + Double(step))
      _ = session.frameContent
      playback.waitForWork()
      wake(session, at: 52.5 + Double(step))
      let scene = try XCTUnwrap(playback.scene(at: playback.time(at: 52.5 + Double(step))))
      XCTAssertTrue(session.frameContent.window === scene.window, "the frame draws the copy at \(time) s")
      offsets.append(try offset(scene))
    }
    XCTAssertEqual(offsets, offsets.sorted(), "the drag scrolls on: \(offsets)")
    XCTAssertGreaterThan(offsets[2], offsets[0], "the drag scrolls on: \(offsets)")
    XCTAssertEqual(playback.sceneBuilds.onCaller, 0)
    XCTAssertGreaterThanOrEqual(playback.sceneBuilds.offLoop, 3)
    XCTAssertEqual(work.now.loadsOnLoop, 0, "no file read on the loop's thread")
    XCTAssertEqual(work.now.recordsOnLoop, 0, "no replay on the loop's thread")
  }

  /// A play that cannot be made (here the file's window changed since it was accepted) is
  /// said when it comes, and the window stays live.
  func testAPlayThatCannotBeMadeIsSaidAndTheWindowStaysLive() throws {
    let work = Work()
    let session = try makeSession(work)
    session.playbackLayoutLoader = { path in throw PlaybackError.windowChanged(file: path) }
    try session.play(scenario: "hold", speed: 1, loops: false)
    XCTAssertTrue(try XCTUnwrap(session.playback).isPreparing)
    session.playback?.waitForWork()
    wake(session, at: 50.2)
    XCTAssertNil(session.playback, "live again")
    XCTAssertEqual(
      session.notice.map { $0.hasSuffix("changed its window while it played; reload it (R) to play the new one") }, true
    )
  }

  /// A ✓/✗ flipped while a scenario plays: the play is made again off the loop; the old one
  /// plays on meanwhile, and the new one starts from the start when it is taken.
  func testAFlipWhileAScenarioPlaysReplaysOffTheLoop() throws {
    let work = Work()
    let session = try makeSession(work)
    try session.play(scenario: "hold", speed: 1, loops: false)
    let playback = try XCTUnwrap(session.playback)
    playback.waitForWork()
    wake(session, at: 50.1)
    let loadsAtStart = work.now
    wake(session, at: 50.3)
    let oldRecords = playback.records
    XCTAssertTrue(oldRecords.contains { $0.line?.contains("touchesBegan") == true })

    session.flip("inner.isUserInteractionEnabled", to: false)
    XCTAssertTrue(playback.isReplaying)
    XCTAssertEqual(playback.records, oldRecords, "the old play is shown until the new one is made")
    playback.waitForWork()
    XCTAssertEqual(work.now.loadsOnLoop, loadsAtStart.loadsOnLoop, "the flip read no file on the loop's thread")
    XCTAssertEqual(work.now.recordsOnLoop, loadsAtStart.recordsOnLoop, "nor replayed on it")
    wake(session, at: 50.4)
    XCTAssertFalse(playback.isReplaying)
    XCTAssertFalse(playback.records.contains { $0.line?.contains("touchesBegan") == true }, "the flip applies")
    XCTAssertEqual(playback.time(at: 50.4), playback.start, "from the start")
    XCTAssertTrue(playback.isPlaying)
  }

  /// The overlay during a play is the fold of the records up to the time shown, from the
  /// nearest checkpoint: the same state as folding from the start, at every record.
  func testTheOverlayFromACheckpointIsTheFoldFromTheStart() throws {
    let session = SandboxSession(
      scene: try TestLayouts.scene("play"), scale: 1, timeSource: time.read, report: { _ in })
    wake(session, at: 50.1, events: [TestEvents.mouse(.down, 150, 250)])
    for index in 1...700 {
      wake(session, at: 50.1 + Double(index) * 0.001, events: [TestEvents.mouse(.moved, 150, 250 - Double(index % 50))])
    }
    wake(session, at: 51, events: [TestEvents.mouse(.up, 150, 250)])
    wake(session, at: 52, events: [TestEvents.key("space")])
    let review = try XCTUnwrap(session.playback)
    XCTAssertGreaterThan(review.records.count, 3 * ScenarioPlayback.checkpointInterval)
    var times = Array(Set(review.records.map(\.time))).sorted()
    times = stride(from: 0, to: times.count, by: 7).map { times[$0] } + [times.last!, review.start - 1]
    for time in times {
      XCTAssertEqual(review.overlay(at: time), OverlayState.fold(review.records, upTo: time), "at \(time)")
    }
  }
}
