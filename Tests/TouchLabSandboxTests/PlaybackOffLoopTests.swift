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
  func makeSession(_ work: Work) throws -> SandboxSession {
    let session = SandboxSession(
      scene: try TestLayouts.scene("play"), scale: 1, timeSource: time.read, report: { _ in })
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

  /// A ✓/✗ flipped while a scenario plays: the play is made again off the loop; the old one
  /// plays on meanwhile, and the new one starts from the start when it is taken.
  func testAFlipWhileAScenarioPlaysReplaysOffTheLoop() throws {
    let work = Work()
    let session = try makeSession(work)
    // The first play is made where it is asked for (the command line checks its errors).
    try session.play(scenario: "hold", speed: 1, loops: false)
    let playback = try XCTUnwrap(session.playback)
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
