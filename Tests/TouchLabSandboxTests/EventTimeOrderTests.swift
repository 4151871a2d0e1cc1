import Foundation
import TouchLabEngine
import TouchLabLayout
import TouchLabRecords
import TouchLabSandbox
import TouchLabX11
import XCTest

/// The repository's `Layouts/` folder (the demos the window opens).
enum RepositoryLayouts {
  static func url(_ name: String) -> URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Layouts").appendingPathComponent("\(name).yaml")
  }

  /// The transcript of `steps` (scenario steps in YAML, one a line) played on the virtual
  /// clock in a fresh copy of the layout: what the window must print for the same touches.
  static func virtualTranscript(of name: String, steps: [String]) throws -> [(time: Double, text: String)] {
    let path = url(name).path
    var yaml = try String(contentsOfFile: path, encoding: .utf8)
    // `scenarios:` is the demos' last key: one more scenario goes at the end.
    XCTAssertTrue(yaml.contains("\nscenarios:\n"), "\(name).yaml ends with its scenarios")
    yaml += "\n  live-touches:\n" + steps.map { "    - \($0)\n" }.joined()
    let scene = try LayoutLoader.load(yaml: yaml, file: path)
    ScenarioPlayer(scene: scene).play(try XCTUnwrap(scene.scenario(named: "live-touches")))
    let formatter = TranscriptFormatter()
    return scene.records.records.compactMap { record in formatter.line(record).map { (record.time, $0) } }
  }
}

/// Live input is ordered by when it happened, not by when the window read it: each event's
/// X server time is mapped to the monotonic clock (`ServerTimeMapping`) and the engine
/// advances only to it before the event is handled. A window that reads late — stopped,
/// busy, in a long frame — prints the virtual clock's transcript for the same touches.
final class EventTimeOrderTests: XCTestCase {
  /// A mouse event at window pixel (x, y) with server time `milliseconds` (the server's
  /// clock here reads our monotonic clock in milliseconds).
  func mouse(_ phase: PointerInput.Phase, _ x: Double, _ y: Double, at milliseconds: UInt) -> InputEvent {
    .pointer(
      PointerInput(
        phase: phase, button: 1, pressedButtons: phase == .up ? [] : [1], location: InputPoint(x: x, y: y),
        time: milliseconds))
  }

  /// A session on `layout` at scale 1 whose clock starts at 1000 s; the server's clock is
  /// learned from a prompt sample, as the window does at start.
  func session(_ layout: String, time: ManualTime) throws -> SandboxSession {
    let scene = try LayoutLoader.load(path: RepositoryLayouts.url(layout).path)
    let session = SandboxSession(scene: scene, scale: 1, timeSource: time.read, report: { _ in })
    session.perform(.toggleOverlay)  // only the engine's timers wake the loop
    session.serverClock.learn(serverTime: 1_000_000, readAt: 1000.0005)
    return session
  }

  /// Turns the loop as it would, drawing (instantly) and sleeping until each wake-up, until
  /// nothing is pending.
  func settle(_ session: SandboxSession, time: ManualTime) {
    for _ in 0..<100 {
      session.renderFrame(draw: { _ in .drawn }, present: {})
      guard let wakeUp = session.wakeUpTime else { return }
      time.seconds = max(time.seconds, wakeUp)
      session.handle(PollWakeup(deadlineReached: true, readTime: time.seconds))
    }
    XCTFail("the session never settled")
  }

  /// The session's transcript lines, times from the first touch.
  func liveTranscript(_ session: SandboxSession, firstTouch: Double) -> [(time: Double, text: String)] {
    session.transcript.recentLines.map { line in
      let close = line.firstIndex(of: "]")!
      let time = Double(line[line.index(after: line.startIndex)..<close])!
      return (time - firstTouch, String(line[line.index(close, offsetBy: 2)...]))
    }
  }

  func assertSame(
    _ live: [(time: Double, text: String)], _ virtual: [(time: Double, text: String)], file: StaticString = #filePath,
    line: UInt = #line
  ) {
    XCTAssertEqual(live.map(\.text), virtual.map(\.text), file: file, line: line)
    for (a, b) in zip(live, virtual) {
      XCTAssertEqual(a.time, b.time, accuracy: 0.0015, "\(a.text)", file: file, line: line)
    }
  }

  /// Issue 29's case: a press on a table row, the window stopped 20 ms later, the finger
  /// lifted at 80 ms, the window going on at 430 ms — the quick tap, not the short press.
  func testAQuickTapReadLateIsStillAQuickTap() throws {
    let time = ManualTime(1000)
    let session = try session("table-cell-conflict", time: time)
    time.seconds = 1000.2005
    session.handle(PollWakeup(events: [mouse(.down, 100, 120, at: 1_000_200)], readTime: time.seconds))
    // Stopped from 1000.22 to 1000.63: the 0.15 s deadline passed meanwhile, and the lift
    // (at 1000.28) is read with it.
    time.seconds = 1000.63
    session.handle(PollWakeup(events: [mouse(.up, 100, 120, at: 1_000_280)], deadlineReached: true, readTime: 1000.63))
    settle(session, time: time)
    let virtual = try RepositoryLayouts.virtualTranscript(
      of: "table-cell-conflict", steps: ["down: [100, 120]", "wait: 0.08", "up: 1"])
    XCTAssertEqual(virtual.map(\.text), ["backview taped"])
    assertSame(liveTranscript(session, firstTouch: 0.2), virtual)
  }

  /// Stopped in the middle of a frame: the frame, going on past the 0.15 s deadline, yields
  /// without firing the timer, so the lift that came meanwhile is read first and the timer
  /// fires in its turn — after it, not before.
  func testAFrameGoingOnPastADeadlineDoesNotRunTheEnginePastUnreadInput() throws {
    let time = ManualTime(1000)
    let session = try session("table-cell-conflict", time: time)
    time.seconds = 1000.2005
    session.handle(PollWakeup(events: [mouse(.down, 100, 120, at: 1_000_200)], readTime: time.seconds))
    let sent = session.renderFrame(
      draw: { shouldStop in
        time.seconds = 1000.63  // stopped in the frame; the finger lifted at 1000.28 meanwhile
        return shouldStop() ? .stopped : .drawn
      }, present: {})
    XCTAssertFalse(sent)
    XCTAssertEqual(session.transcript.recentLines, [], "the 0.15 s timer has not fired")
    XCTAssertLessThanOrEqual(try XCTUnwrap(session.wakeUpTime), time.seconds, "the loop wakes at once")
    session.handle(PollWakeup(events: [mouse(.up, 100, 120, at: 1_000_280)], deadlineReached: true, readTime: 1000.63))
    settle(session, time: time)
    let virtual = try RepositoryLayouts.virtualTranscript(
      of: "table-cell-conflict", steps: ["down: [100, 120]", "wait: 0.08", "up: 1"])
    assertSame(liveTranscript(session, firstTouch: 0.2), virtual)
  }

  func testAShortPressReadLateIsTheShortPress() throws {
    let time = ManualTime(1000)
    let session = try session("table-cell-conflict", time: time)
    // Press and lift both read at once, long after (the window was stopped all along).
    time.seconds = 1001.4
    session.handle(
      PollWakeup(
        events: [mouse(.down, 100, 120, at: 1_000_200), mouse(.up, 100, 120, at: 1_000_500)],
        deadlineReached: true, readTime: time.seconds))
    settle(session, time: time)
    let virtual = try RepositoryLayouts.virtualTranscript(
      of: "table-cell-conflict", steps: ["down: [100, 120]", "wait: 0.3", "up: 1"])
    XCTAssertEqual(virtual.map(\.text).first, "-[GLTableView touchesBegan:withEvent:]")
    assertSame(liveTranscript(session, firstTouch: 0.2), virtual)
  }

  func testALongPressReadLateIsTheLongPress() throws {
    let time = ManualTime(1000)
    let session = try session("table-cell-conflict", time: time)
    time.seconds = 1000.201
    session.handle(PollWakeup(events: [mouse(.down, 100, 120, at: 1_000_200)], readTime: time.seconds))
    // No wake-up for the timers (stopped), then the lift read 0.4 s after it happened.
    time.seconds = 1001.6
    session.handle(PollWakeup(events: [mouse(.up, 100, 120, at: 1_001_200)], deadlineReached: true, readTime: 1001.6))
    settle(session, time: time)
    let virtual = try RepositoryLayouts.virtualTranscript(
      of: "table-cell-conflict", steps: ["down: [100, 120]", "wait: 1.0", "up: 1"])
    XCTAssertTrue(virtual.map(\.text).contains("cell selected!"))
    assertSame(liveTranscript(session, firstTouch: 0.2), virtual)
  }

  func testADoubleTapReadLateIsADoubleTap() throws {
    let time = ManualTime(1000)
    let session = try session("multi-tap", time: time)
    time.seconds = 1000.2005
    session.handle(PollWakeup(events: [mouse(.down, 187, 200, at: 1_000_200)], readTime: time.seconds))
    // The rest read 0.6 s late, past the first tap's 0.35 s wait for a second.
    time.seconds = 1000.9
    session.handle(
      PollWakeup(
        events: [
          mouse(.up, 187, 200, at: 1_000_250), mouse(.down, 187, 200, at: 1_000_350),
          mouse(.up, 187, 200, at: 1_000_400),
        ], deadlineReached: true, readTime: time.seconds))
    settle(session, time: time)
    let virtual = try RepositoryLayouts.virtualTranscript(
      of: "multi-tap",
      steps: [
        "down: [187, 200]", "wait: 0.05", "up: 1", "wait: 0.1", "down: [187, 200]",
        "wait: 0.05", "up: 1",
      ])
    XCTAssertTrue(virtual.map(\.text).contains("double tap"))
    assertSame(liveTranscript(session, firstTouch: 0.2), virtual)
  }

  /// Events without a server time (made up, or of a kind that has none) are handled at the
  /// time they are read, as before.
  func testInputWithoutATimeIsHandledWhenRead() throws {
    let time = ManualTime(1000)
    let session = try session("table-cell-conflict", time: time)
    session.handle(PollWakeup(events: [mouse(.down, 100, 120, at: 0)]))
    time.seconds = 1000.63
    session.handle(PollWakeup(events: [mouse(.up, 100, 120, at: 0)], deadlineReached: true))
    XCTAssertEqual(
      session.transcript.recentLines.map { String($0.drop { $0 != "]" }.dropFirst(2)) }.first,
      "-[GLTableView touchesBegan:withEvent:]", "read late with no time: the short press")
  }
}
