import Foundation
import TouchLabEncoding
import TouchLabRecords
import TouchLabRender
import TouchLabTestSupport
import XCTest

/// `touchlab open play.yaml --scenario hold --speed 0.1` under Xvfb: the scenario plays in
/// the window ten times slower than the virtual clock (the scroll view's 0.15 s takes 1.5 s),
/// `.` steps to the next record, and the window is the scene plus the strip under it.
final class PlaybackEndToEndTests: WindowTestCase {
  override func setUpWithError() throws {
    try start(width: 1200, height: 900, folder: try TestLayouts.copies(["play"]))
  }

  func testAScenarioPlaysAtATenthOfItsSpeedAndStepsWithTheKeys() throws {
    let transcript = folder.appendingPathComponent("transcript.txt")
    // Taken before the window starts: a busy machine can only make the time to the first
    // line longer, never shorter (taken once the window was found, a slow search of the
    // window ate into the 1.5 s).
    let launched = Date()
    let touchlab = try TouchLabProcess(
      [
        "open", folder.appendingPathComponent("play.yaml").path, "--scenario", "hold", "--speed", "0.1",
        "--scale", "1", "--transcript", transcript.path,
      ],
      display: server.displayName, folder: folder.appendingPathComponent("run"))
    let window = try XCTUnwrap(
      xdotool.waitForWindow(titled: "Play test scene", of: touchlab), "stderr: \(touchlab.errors)")
    let began = "[0.150] -[LoggingView touchesBegan:withEvent:]"
    let ended = "[0.500] -[LoggingView touchesEnded:withEvent:]"
    XCTAssertTrue(eventually { lines(of: transcript).contains(began) }, "stderr: \(touchlab.errors)")
    // Virtual 0.15 s at speed 0.1 is 1.5 s of real time, counted from before the window showed.
    XCTAssertGreaterThan(Date().timeIntervalSince(launched), 1.0, "the 0.15 s is played slowed down")
    XCTAssertEqual(lines(of: transcript), [began], "the lift at 0.5 s is 5 s away")

    // `.` pauses at the next record time: the lift.
    try xdotool.key("period", window: window)
    XCTAssertTrue(eventually { lines(of: transcript) == [began, ended] }, "\(lines(of: transcript))")

    // The window is the 300-point scene with the strip under it and the panel beside.
    try xdotool.key("s", window: window)
    XCTAssertTrue(eventually { touchlab.output.contains("saved screenshot") }, "stdout: \(touchlab.output)")
    XCTAssertTrue(
      touchlab.output.contains("(\(300 + 380)×\(300 + Int(TimelineStrip.height)) pixels)"), touchlab.output)
    let line = touchlab.output.split(separator: "\n").first { $0.contains("saved screenshot") }!
    let path = try XCTUnwrap(line.split(separator: " ").first { $0.hasSuffix(".png") }.map(String.init))
    let image = try PNGImage(contentsOf: URL(fileURLWithPath: path))
    // The cursor's knob sits at the end of the axis, in the "began" blue.
    let knob = image[300 - Int(TimelineStrip.axisInset), 300 + Int(TimelineStrip.height) - 10]
    XCTAssertTrue(knob.blue > 200 && knob.red < 60, "the cursor at the end: \(knob)")

    try xdotool.key("q", window: window)
    XCTAssertEqual(touchlab.waitForExit(), 0, "stderr: \(touchlab.errors)")
  }

  /// `--loop` holds the end 1.5 s; a key that is no command (here X) ends the hold at once:
  /// the play starts again from the start, where the strip's cursor then is.
  func testAKeyThatIsNoCommandEndsTheLoopsHold() throws {
    let transcript = folder.appendingPathComponent("transcript.txt")
    let touchlab = try TouchLabProcess(
      [
        "open", folder.appendingPathComponent("play.yaml").path, "--scenario", "hold", "--speed", "0.1", "--loop",
        "--scale", "1", "--transcript", transcript.path,
      ],
      display: server.displayName, folder: folder.appendingPathComponent("run"))
    let window = try XCTUnwrap(
      xdotool.waitForWindow(titled: "Play test scene", of: touchlab), "stderr: \(touchlab.errors)")
    // The lift's line is written when the play passes 0.5 s, its end: the hold begins.
    let ended = "[0.500] -[LoggingView touchesEnded:withEvent:]"
    XCTAssertTrue(eventually { lines(of: transcript).contains(ended) }, "stderr: \(touchlab.errors)")
    try xdotool.key("x", window: window)
    try xdotool.key("s", window: window)
    XCTAssertTrue(eventually { touchlab.output.contains("saved screenshot") }, "stdout: \(touchlab.output)")
    let line = touchlab.output.split(separator: "\n").first { $0.contains("saved screenshot") }!
    let path = try XCTUnwrap(line.split(separator: " ").first { $0.hasSuffix(".png") }.map(String.init))
    let image = try PNGImage(contentsOf: URL(fileURLWithPath: path))
    // The cursor's knob, in the "began" blue: near the start of the axis (at 0.1 the end
    // comes again only 5 s later), not held at its end (300 - 14).
    let row = 300 + Int(TimelineStrip.height) - 10
    func isKnob(_ x: Int) -> Bool { image[x, row].blue > 200 && image[x, row].red < 60 }
    XCTAssertFalse(isKnob(300 - Int(TimelineStrip.axisInset)), "the hold ended")
    XCTAssertTrue((Int(TimelineStrip.axisInset) - 4..<150).contains(where: isKnob), "playing from the start again")

    try xdotool.key("q", window: window)
    XCTAssertEqual(touchlab.waitForExit(), 0, "stderr: \(touchlab.errors)")
  }

  func testBadPlayFlagsAreClearErrors() throws {
    let file = folder.appendingPathComponent("play.yaml").path
    let cases: [([String], String)] = [
      (["--scenario", "nope"], "touchlab: error: \(file) has no scenario 'nope'; it has: hold, tap, flick\n"),
      (
        ["--scenario", "hold", "--speed", "10"],
        "touchlab: error: --speed must be a decimal number from 0.05 to 4, such as 0.1, not '10'\n"
      ),
      (["--speed", "0.5"], "touchlab: error: --speed needs --scenario NAME\n"),
      (["--loop"], "touchlab: error: --loop needs --scenario NAME\n"),
    ]
    for (arguments, message) in cases {
      let touchlab = try TouchLabProcess(
        ["open", file] + arguments, display: server.displayName, folder: folder.appendingPathComponent("run"))
      XCTAssertEqual(touchlab.waitForExit(), 1, "\(arguments)")
      XCTAssertEqual(touchlab.errors, message, "\(arguments)")
    }
  }
}
