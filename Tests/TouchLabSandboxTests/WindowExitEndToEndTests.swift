import Foundation
import TouchLabTestSupport
import TouchLabX11
import XCTest

#if canImport(Glibc)
  import Glibc
#endif

/// Issue 16, the window's last unclean exits: a transcript reader or standard output that
/// goes away, another client destroying the window, a FIFO transcript with no reader.
final class WindowExitEndToEndTests: WindowTestCase {
  override func setUpWithError() throws {
    try start(width: 1600, height: 1200, folder: try TestLayouts.copies(["live"]))
  }

  var layout: String { folder.appendingPathComponent("live.yaml").path }

  /// `--transcript >(head -n1)`: the reader takes a line and goes. The window used to die of
  /// SIGPIPE (exit 141, no word); now it says so once and carries on without the transcript.
  func testATranscriptReaderThatGoesAwayIsSaidOnceAndTheWindowCarriesOn() throws {
    let fifo = folder.appendingPathComponent("transcript.fifo").path
    XCTAssertEqual(mkfifo(fifo, 0o600), 0)
    // Close-on-exec: touchlab (and xdotool) must not inherit the reader and keep it open.
    let reader = open(fifo, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    XCTAssertGreaterThanOrEqual(reader, 0)
    let touchlab = try TouchLabProcess(
      ["open", layout, "--scale", "1", "--transcript", fifo], display: server.displayName,
      folder: folder.appendingPathComponent("run"))
    let window = try XCTUnwrap(
      xdotool.waitForWindow(titled: "Live test scene", of: touchlab), "stderr: \(touchlab.errors)")
    try xdotool.click(105, 45)  // button A
    var buffer = [UInt8](repeating: 0, count: 256)
    var received = ""
    XCTAssertTrue(
      eventually {
        let count = read(reader, &buffer, buffer.count)
        if count > 0 { received += String(decoding: buffer[0..<count], as: UTF8.self) }
        return received.hasSuffix("button A tapped\n")
      }, "read: \(received); stderr: \(touchlab.errors)")
    close(reader)  // the reader goes away
    // Elsewhere each time: `mousemove --sync` to where the pointer already is waits.
    try xdotool.click(200, 125)  // the tap view
    try xdotool.click(105, 45)
    try xdotool.click(200, 125)
    let said = "touchlab: error: cannot write '\(fifo)': Broken pipe; no more lines will be written to it\n"
    XCTAssertTrue(eventually { touchlab.errors.contains(said) }, "stderr: \(touchlab.errors)")
    // Still alive and answering: a screenshot, then Q.
    try xdotool.key("s", window: window)
    XCTAssertTrue(eventually { touchlab.output.contains("touchlab: saved screenshot ") }, touchlab.errors)
    try xdotool.key("q", window: window)
    XCTAssertEqual(touchlab.waitForExit(), 0)
    XCTAssertEqual(touchlab.errors, said, "said once")
  }

  /// Standard output closed (its reader gone) and S pressed: a warning once, no SIGPIPE.
  func testClosedStandardOutputIsSaidOnceAndTheWindowCarriesOn() throws {
    let pipe = Pipe()
    let touchlab = try TouchLabProcess(
      ["open", layout, "--scale", "1"], display: server.displayName, folder: folder.appendingPathComponent("run"),
      standardOutput: pipe.fileHandleForWriting)
    try pipe.fileHandleForWriting.close()
    try pipe.fileHandleForReading.close()
    let window = try XCTUnwrap(
      xdotool.waitForWindow(titled: "Live test scene", of: touchlab), "stderr: \(touchlab.errors)")
    try xdotool.key("s", window: window)
    try xdotool.key("s", window: window)
    let warning =
      "touchlab: warning: cannot write to standard output: Broken pipe; the window carries on without printing there\n"
    XCTAssertTrue(eventually { touchlab.errors.contains(warning) }, "stderr: \(touchlab.errors)")
    try xdotool.key("q", window: window)
    XCTAssertEqual(touchlab.waitForExit(), 0, touchlab.errors)
    XCTAssertEqual(touchlab.errors, warning)
    let screenshots = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("run").path)
      .filter { $0.hasSuffix(".png") }
    XCTAssertEqual(screenshots.count, 2, "both screenshots were saved")
  }

  /// `TOUCHLAB_EXIT_AFTER_FIRST_FRAME=1` (counting the start-up's instructions with callgrind,
  /// docs/PERFORMANCE.md): the window ends by itself, status 0, once its first frame is sent —
  /// every start-up step noted, the first frame last; and nothing said of real time for the
  /// timers, which is asked for (RealtimeKit's round trip on a desktop) only after it.
  func testExitAfterFirstFrameEndsTheWindowOnceItsFirstFrameIsSent() throws {
    let run = folder.appendingPathComponent("run")
    try FileManager.default.createDirectory(at: run, withIntermediateDirectories: true)
    let log = run.appendingPathComponent("startup.log").path
    XCTAssertTrue(FileManager.default.createFile(atPath: log, contents: nil))
    let touchlab = try TouchLabProcess(
      ["open", layout, "--scale", "1"], display: server.displayName, folder: run,
      environment: ["TOUCHLAB_EXIT_AFTER_FIRST_FRAME": "1", "TOUCHLAB_STARTUP_LOG": log])
    XCTAssertEqual(touchlab.waitForExit(), 0, touchlab.errors)
    XCTAssertEqual(touchlab.allErrors, "", "the timers' priority is set up once the first frame is out, not before")
    let steps = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
      .map { $0.split(separator: " ")[0] }
    XCTAssertEqual(steps, ["command-line", "layout", "theme", "monitor", "session", "window", "first-frame"])
  }

  /// `xdotool windowclose` (XDestroyWindow from another connection) used to end in Xlib's
  /// raw "X Error of failed request: BadDrawable".
  func testAnotherClientDestroyingTheWindowEndsItWithTheDocumentedMessage() throws {
    let touchlab = try TouchLabProcess(
      ["open", layout, "--scale", "1"], display: server.displayName, folder: folder.appendingPathComponent("run"))
    let window = try XCTUnwrap(
      xdotool.waitForWindow(titled: "Live test scene", of: touchlab), "stderr: \(touchlab.errors)")
    try xdotool.click(105, 45)  // something drawn, something going on
    _ = try xdotool.run(["windowclose", window])
    XCTAssertEqual(touchlab.waitForExit(), 1, touchlab.errors)
    XCTAssertEqual(touchlab.errors, X11Window.windowDestroyedMessage + "\n")
  }
}

/// The FIFO with no reader needs no X server: it is refused before the window opens.
final class TranscriptFIFOTests: XCTestCase {
  func testATranscriptFIFOWithNoReaderIsAnErrorAtOnceNotAHang() throws {
    let folder = try TestLayouts.copies(["live"])
    defer { try? FileManager.default.removeItem(at: folder) }
    let fifo = folder.appendingPathComponent("t.fifo").path
    XCTAssertEqual(mkfifo(fifo, 0o600), 0)
    let touchlab = try TouchLabProcess(
      ["open", folder.appendingPathComponent("live.yaml").path, "--transcript", fifo], display: ":987")
    XCTAssertEqual(touchlab.waitForExit(timeout: 10), 1, "it hung; stderr: \(touchlab.errors)")
    XCTAssertEqual(touchlab.errors, "touchlab: error: cannot write '\(fifo)': it is a FIFO with no reader\n")
  }
}
