import Foundation
import TouchLabEncoding
import TouchLabLayout
import TouchLabRender
import TouchLabSandbox
import TouchLabTestSupport
import TouchLabX11
import XCTest

/// The scene stays whole at any window size: a window smaller than the frame draws it
/// smaller, its aspect kept, and input is mapped back through the same scale.
final class WindowFitTests: XCTestCase {
  var time = ManualTime(50)

  func testASmallerWindowDrawsTheFrameSmallerAndMapsInputBack() throws {
    let session = SandboxSession(
      scene: try TestLayouts.scene("live"), scale: 2, timeSource: time.read, report: { _ in })
    XCTAssertEqual(session.drawingScale, 2, "no window size known yet")
    // The 780 × 568 frame (the strip's room under the scene) at scale 2 is 1560 × 1136; a
    // window half that size draws it at 1.
    session.handle(PollWakeup(events: [.resize(width: 780, height: 568)]))
    XCTAssertEqual(session.drawingScale, 1)
    XCTAssertTrue(session.needsFrame)
    // Narrower only: the width decides (the aspect is kept).
    session.handle(PollWakeup(events: [.resize(width: 390, height: 1000)]))
    XCTAssertEqual(session.drawingScale, 0.5)
    // In steps of a quarter of the scale: 400 / 1560 = 0.256 → 0.25 of 2.
    session.handle(PollWakeup(events: [.resize(width: 400, height: 1000)]))
    XCTAssertEqual(session.drawingScale, 0.5)
    session.handle(PollWakeup(events: [.resize(width: 390, height: 1000)]))
    // Button A at scene (105, 45) is window pixel (52.5, 22.5) now.
    time.seconds = 51
    session.handle(PollWakeup(events: TestEvents.click(52.5, 22.5)))
    XCTAssertEqual(session.transcript.recentLines, ["[1.000] button A tapped"])
    XCTAssertEqual(session.region(at: InputPoint(x: 205, y: 100)), .transcript, "scene x 410 is the panel")
    // Bigger than the frame: the scale asked for, no more.
    session.handle(PollWakeup(events: [.resize(width: 3000, height: 3000)]))
    XCTAssertEqual(session.drawingScale, 2)
    // A few pixels: the smallest scale.
    session.handle(PollWakeup(events: [.resize(width: 1, height: 1)]))
    XCTAssertEqual(session.drawingScale, WindowGeometry.minimumDrawingScale)
  }

  func testTheWindowResizedSmallerShowsTheWholeSceneAndClicksStillLand() throws {
    let server = try XvfbServer.shared(width: 1600, height: 1200)
    let xdotool = try XDoTool(display: server.displayName)
    let folder = try TestLayouts.copies(["live"])
    defer { try? FileManager.default.removeItem(at: folder) }
    let transcript = folder.appendingPathComponent("t.txt")
    let touchlab = try TouchLabProcess(
      ["open", folder.appendingPathComponent("live.yaml").path, "--scale", "1", "--transcript", transcript.path],
      display: server.displayName, folder: folder.appendingPathComponent("run"))
    let window = try XCTUnwrap(
      xdotool.waitForWindow(titled: "Live test scene", of: touchlab), "stderr: \(touchlab.errors)")

    // 600 × 500: the 780 × 568 frame is drawn at 0.75 (600 / 780 = 0.77, in steps of 0.25).
    try xdotool.run(["windowsize", "--sync", window, "600", "500"])
    let fit = 0.75
    try xdotool.key("s", window: window)
    XCTAssertTrue(eventually { touchlab.output.contains("saved screenshot") }, "stdout: \(touchlab.output)")
    XCTAssertTrue(touchlab.output.contains("(585×426 pixels)"), touchlab.output)
    let line = try XCTUnwrap(touchlab.output.split(separator: "\n").first { $0.contains("saved screenshot") })
    let path = try XCTUnwrap(line.split(separator: " ").first { $0.hasSuffix(".png") }.map(String.init))
    let image = try PNGImage(contentsOf: URL(fileURLWithPath: path))
    if let keep = ProcessInfo.processInfo.environment["TOUCHLAB_KEEP_SHOTS"] {
      try? image.writePNG(to: URL(fileURLWithPath: keep).appendingPathComponent("fit.png"))
    }
    // The whole scene is there: the long-press view's bottom edge (scene y 480) shows.
    XCTAssertEqual(image.height, 426)

    // Button A (scene (105, 45)) is clicked where it is drawn now.
    try xdotool.click(Int(105 * fit), Int(45 * fit))
    XCTAssertTrue(eventually { lines(of: transcript).last?.hasSuffix("button A tapped") == true })
    // And the tap view (scene (200, 125)).
    try xdotool.click(Int(200 * fit), Int(125 * fit))
    XCTAssertTrue(eventually { lines(of: transcript).last?.hasSuffix("tap view tapped") == true })

    // Back to its size: drawn at scale 1 again.
    try xdotool.run(["windowsize", "--sync", window, "780", "568"])
    try xdotool.click(105, 45)
    XCTAssertTrue(
      eventually { lines(of: transcript).filter { $0.hasSuffix("button A tapped") }.count == 2 },
      "\(lines(of: transcript))")
    try xdotool.key("q", window: window)
    XCTAssertEqual(touchlab.waitForExit(), 0, "stderr: \(touchlab.errors)")
  }
}
