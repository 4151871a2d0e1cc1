import Foundation
import TouchLabLayout
import TouchLabX11
import XCTest

@testable import TouchLabSandbox

/// `TOUCHLAB_FRAME_LOG` (the live benchmark's pairing of motions with the frames that show
/// them): a line a frame, appended to a regular file that already exists, never anything else.
final class FrameLogTests: XCTestCase {
  private var folder: URL!

  override func setUpWithError() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("framelog-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: folder)
  }

  func testAFrameIsALineOfWhenItWasSentTheInputItShowsAndItsCPUTime() throws {
    let path = folder.appendingPathComponent("frames.log").path
    XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data("kept\n".utf8)))
    let log = try FrameLog(path: path)
    log.note(sent: 12.5, shows: nil)
    log.note(sent: 12.516, shows: 12.5083, cpu: 0.0012346)
    XCTAssertEqual(
      try String(contentsOfFile: path, encoding: .utf8), "kept\n12.500000 - -\n12.516000 12.508300 0.001235\n")
  }

  func testAStartUpStepIsALineOfItsNameAndWhenItEndedNotedOnce() throws {
    let path = folder.appendingPathComponent("startup.log").path
    XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: nil))
    let log = StartUpLog(log: try FrameLog(path: path))
    let before = MonotonicClock.now()
    log.note("layout")
    log.note("window")
    log.note("layout")
    let after = MonotonicClock.now()
    let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
    XCTAssertEqual(lines.map { $0.split(separator: " ").first }, ["layout", "window"], "each step once")
    for line in lines {
      let time = try XCTUnwrap(Double(line.split(separator: " ")[1]))
      XCTAssertTrue(time >= before - 1e-6 && time <= after + 1e-6, "\(line): on the monotonic clock")
    }
  }

  func testOnlyAnExistingRegularFileIsWritten() throws {
    let missing = folder.appendingPathComponent("missing.log").path
    XCTAssertThrowsError(try FrameLog(path: missing))
    XCTAssertFalse(FileManager.default.fileExists(atPath: missing), "no file is made")
    XCTAssertThrowsError(try FrameLog(path: folder.path)) { error in
      XCTAssertTrue("\(error)".contains("cannot open") || "\(error)".contains("not a regular file"), "\(error)")
    }
    let target = folder.appendingPathComponent("target.log").path
    XCTAssertTrue(FileManager.default.createFile(atPath: target, contents: nil))
    let link = folder.appendingPathComponent("link.log").path
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
    XCTAssertThrowsError(try FrameLog(path: link), "a link is not followed")
    let fifo = folder.appendingPathComponent("fifo").path
    XCTAssertEqual(mkfifo(fifo, 0o600), 0)
    // With no reader, opening it fails (ENXIO: it never blocks); with one, fstat refuses it.
    XCTAssertThrowsError(try FrameLog(path: fifo))
    let reader = open(fifo, O_RDONLY | O_NONBLOCK)
    XCTAssertGreaterThanOrEqual(reader, 0)
    defer { close(reader) }
    XCTAssertThrowsError(try FrameLog(path: fifo)) { error in
      XCTAssertTrue("\(error)".contains("not a regular file"), "\(error)")
    }
    XCTAssertNil(FrameLog.fromEnvironment([:]))
    XCTAssertNil(FrameLog.fromEnvironment(["TOUCHLAB_FRAME_LOG": fifo]))
    XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: target)), Data(), "nothing written through the link")
  }

  /// The session keeps the time of the latest input it handled — the X server's time of the
  /// event on the monotonic clock, not when it was read — for the frame log's second field.
  func testTheSessionKnowsWhenTheLatestInputHappened() throws {
    let time = ManualTime(1000)
    let scene = try LayoutLoader.load(path: RepositoryLayouts.url("playground").path)
    let session = SandboxSession(scene: scene, scale: 1, timeSource: time.read, report: { _ in })
    session.serverClock.learn(serverTime: 1_000_000, readAt: 1000.0005)
    XCTAssertNil(session.lastInputTime)
    time.seconds = 1000.300
    let down = InputEvent.pointer(
      PointerInput(phase: .down, button: 1, pressedButtons: [1], location: InputPoint(x: 101, y: 156), time: 1_000_200))
    session.handle(PollWakeup(events: [down], readTime: time.seconds))
    XCTAssertEqual(try XCTUnwrap(session.lastInputTime), 1000.2, accuracy: 0.0011, "when it happened, not when read")
  }
}
