import Foundation
import TouchLabSandbox
import TouchLabTestSupport
import XCTest

/// Real XI2 multi-touch into `touchlab open`: Xorg with a virtual touch screen
/// (`InputTestServer`: the dummy video driver and the inputtest input driver), fingers put
/// down, moved and lifted through its socket, the result read from the transcript file.
/// Skipped where Xorg cannot run here (not root, or the drivers are missing).
final class MultiTouchEndToEndTests: XCTestCase {
  var server: InputTestServer!
  var touchlab: TouchLabProcess!
  var transcriptURL: URL!

  override func setUpWithError() throws {
    // Two contacts more than the sandbox follows (`TouchInputMapper.maximumFingerCount`).
    server = try InputTestServer(touchCount: 12)
    let folder = try TestLayouts.copies(["live"])
    transcriptURL = folder.appendingPathComponent("transcript.txt")
    touchlab = try TouchLabProcess(
      ["open", folder.appendingPathComponent("live.yaml").path, "--scale", "1", "--transcript", transcriptURL.path],
      display: server.displayName, folder: folder)
    // No window manager: the window sits at the screen's top-left, so screen pixels are
    // window pixels and, at scale 1, scene points.
    let xdotool = try XDoTool(display: server.displayName)
    XCTAssertNotNil(
      xdotool.waitForWindow(titled: "Live test scene", of: touchlab), "no window; stderr: \(touchlab.errors)")
  }

  override func tearDown() {
    touchlab?.stop()
    touchlab = nil
    server?.stop()
    server = nil
  }

  /// The transcript's lines without their `[time] ` prefixes.
  var transcript: [String] {
    lines(of: transcriptURL).map { line in
      line.firstIndex(of: "]").map { String(line[line.index($0, offsetBy: 2)...]) } ?? line
    }
  }

  func waitForTranscript(_ condition: @escaping ([String]) -> Bool) {
    XCTAssertTrue(eventually { condition(self.transcript) }, "transcript: \(transcript); stderr: \(touchlab.errors)")
  }

  func testTwoFingersOnTwoButtonsAtOnce() throws {
    try server.touchDown(id: 0, x: 105, y: 45)  // button A
    try server.touchDown(id: 1, x: 295, y: 45)  // button B
    try server.sync()
    try server.touchUp(id: 0)
    try server.touchUp(id: 1)
    try server.sync()
    waitForTranscript { $0.contains("button A tapped") && $0.contains("button B tapped") }
    XCTAssertEqual(transcript.sorted(), ["button A tapped", "button B tapped"])
  }

  func testTwoFingersOnOneView() throws {
    // The view's two-finger tap recognizes only when both touches reach it.
    try server.touchDown(id: 0, x: 100, y: 375)
    try server.touchDown(id: 1, x: 300, y: 375)
    try server.sync()
    try server.touchUp(id: 0)
    try server.touchUp(id: 1)
    try server.sync()
    waitForTranscript { $0.contains("two-finger tap") && $0.last == "-[TwoFingerView touchesEnded:withEvent:]" }
    let lines = transcript
    // Two fingers landing in one frame of the touch screen come as one touchesBegan with
    // both; landing in two frames, as two. Either way the view hears of both.
    XCTAssertTrue((1...2).contains(lines.filter { $0 == "-[TwoFingerView touchesBegan:withEvent:]" }.count), "\(lines)")
    XCTAssertEqual(lines.filter { $0 == "two-finger tap" }.count, 1, "\(lines)")
    XCTAssertEqual(lines.first, "-[TwoFingerView touchesBegan:withEvent:]")
  }

  func testTwoFingersSpreadingApartPinch() throws {
    // Both fingers in the pinch view, moving apart by 10 points a step.
    try server.touchDown(id: 0, x: 180, y: 250)
    try server.touchDown(id: 1, x: 220, y: 250)
    try server.sync()
    for step in 1...6 {
      let offset = Double(step) * 5
      try server.touchMove(id: 0, x: 180 - offset, y: 250)
      try server.touchMove(id: 1, x: 220 + offset, y: 250)
      try server.sync()
    }
    try server.touchUp(id: 0)
    try server.touchUp(id: 1)
    try server.sync()
    waitForTranscript { $0.filter { $0 == "-[LiveController pinched:]" }.count >= 3 }
    XCTAssertEqual(Set(transcript), ["-[LiveController pinched:]"], "began, changed…, ended; nothing else")
  }

  /// Twelve fingers at once: the first ten are fingers, the last two (on buttons A and B)
  /// are ignored to their end. One of the ten lifting frees a finger for the next contact;
  /// once all are up, a tap works as usual.
  func testMoreFingersThanTheSandboxFollowsAreIgnoredUntilOneLifts() throws {
    XCTAssertEqual(TouchInputMapper.maximumFingerCount, 10)
    for id in 0..<10 {
      try server.touchDown(id: UInt32(id), x: 30 + Double(id) * 35, y: 375)  // the two-finger view
      try server.sync()
    }
    try server.touchDown(id: 10, x: 105, y: 45)  // button A: the 11th finger
    try server.touchDown(id: 11, x: 295, y: 45)  // button B: the 12th
    try server.sync()
    waitForTranscript { $0.contains("-[TwoFingerView touchesBegan:withEvent:]") }
    for id in 0..<12 {
      try server.touchMove(id: UInt32(id), x: id < 10 ? 31 + Double(id) * 35 : 106 + Double(id - 10) * 190, y: 376)
    }
    try server.sync()
    // One of the ten lifts; the next contact, on button B, is a finger again.
    try server.touchUp(id: 0)
    try server.touchDown(id: 0, x: 300, y: 40)
    try server.touchUp(id: 0)
    try server.sync()
    waitForTranscript { $0.contains("button B tapped") }
    for id in 1..<12 { try server.touchUp(id: UInt32(id)) }
    try server.sync()
    waitForTranscript { $0.last == "-[TwoFingerView touchesEnded:withEvent:]" }
    try server.touchDown(id: 3, x: 105, y: 45)
    try server.touchUp(id: 3)
    try server.sync()
    waitForTranscript { $0.last == "button A tapped" }
    let lines = transcript
    XCTAssertEqual(
      Set(lines),
      [
        "-[TwoFingerView touchesBegan:withEvent:]", "-[TwoFingerView touchesEnded:withEvent:]", "button B tapped",
        "button A tapped",
      ],
      "ten fingers on the view (too many for its two-finger tap), the 11th and 12th nowhere: \(lines)")
    XCTAssertEqual(lines.filter { $0 == "button A tapped" }.count, 1, "only the later tap: \(lines)")
    XCTAssertEqual(lines.filter { $0 == "button B tapped" }.count, 1, "only the freed finger's: \(lines)")
    XCTAssertTrue(touchlab.process.isRunning)
    XCTAssertEqual(touchlab.errors, "")
  }

  /// The touch screen disabled (to the X server and its clients, unplugged) while two fingers
  /// are down: their touches are cancelled, not ended (the X server ends them as though
  /// lifted first), so the button under one sends no action. Plugged back, it works again.
  func testTheTouchScreenGoingAwayMidTouchCancelsTheTouches() throws {
    try server.touchDown(id: 0, x: 100, y: 375)  // the two-finger view
    try server.touchDown(id: 1, x: 105, y: 45)  // button A
    try server.sync()
    waitForTranscript { $0 == ["-[TwoFingerView touchesBegan:withEvent:]"] }
    try server.setDeviceEnabled(false)
    waitForTranscript { $0.count >= 2 }
    XCTAssertEqual(
      transcript, ["-[TwoFingerView touchesBegan:withEvent:]", "-[TwoFingerView touchesCancelled:withEvent:]"])
    try server.setDeviceEnabled(true)
    try server.touchDown(id: 1, x: 295, y: 45)  // button B
    try server.touchUp(id: 1)
    try server.sync()
    waitForTranscript { $0.last == "button B tapped" }
    XCTAssertEqual(transcript.count, 3, "\(transcript)")
    XCTAssertTrue(touchlab.process.isRunning)
  }
}
