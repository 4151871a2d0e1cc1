import Foundation
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
    server = try InputTestServer()
    let folder = try TestLayouts.copies(["live"])
    transcriptURL = folder.appendingPathComponent("transcript.txt")
    touchlab = try TouchLabProcess(
      ["open", folder.appendingPathComponent("live.yaml").path, "--scale", "1", "--transcript", transcriptURL.path],
      display: server.displayName, folder: folder)
    // No window manager: the window sits at the screen's top-left, so screen pixels are
    // window pixels and, at scale 1, scene points.
    let xdotool = try XDoTool(display: server.displayName)
    XCTAssertNotNil(xdotool.waitForWindow(titled: "Live test scene"), "no window; stderr: \(touchlab.errors)")
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
}
