import Foundation
import TouchLabCanvas
import TouchLabEncoding
import TouchLabLayout
import TouchLabRender
import TouchLabSandbox
import TouchLabTestSupport
import XCTest

/// The panel's transcript in the window under Xvfb: N starts a section under the next
/// layout's header, the wheel over the panel scrolls it back, T counts from the first
/// touch. The panel's pixels are checked against the panel drawn here from the transcript
/// file's lines.
final class TranscriptPanelEndToEndTests: WindowTestCase {
  override func setUpWithError() throws {
    try start(width: 1600, height: 1200, folder: try TestLayouts.copies(["live", "second"]))
    // Taller, so that the panel has room for the transcript beside the keys.
    let second = folder.appendingPathComponent("second.yaml")
    try String(contentsOf: second, encoding: .utf8).replacingOccurrences(of: "[300, 300]", with: "[300, 640]")
      .write(to: second, atomically: true, encoding: .utf8)
  }

  var transcriptURL: URL { folder.appendingPathComponent("transcript.txt") }
  /// The window's line about real time, once it has started.
  var realTimeLine: String?

  func testNextLayoutStartsASectionAndTheWheelScrollsThePanelBack() throws {
    let touchlab = try TouchLabProcess(
      ["open", folder.appendingPathComponent("live.yaml").path, "--scale", "1", "--transcript", transcriptURL.path],
      display: server.displayName, folder: folder.appendingPathComponent("run"))
    let live = try XCTUnwrap(
      xdotool.waitForWindow(titled: "Live test scene", of: touchlab), "stderr: \(touchlab.errors)")
    XCTAssertTrue(eventually { !touchlab.realTimeLines.isEmpty }, touchlab.allErrors)
    realTimeLine = touchlab.realTimeLines.first
    for count in 1...3 {
      try xdotool.click(100 + count, 45)  // button A (`mousemove --sync` waits for a move)
      XCTAssertTrue(eventually { lines(of: self.transcriptURL).count == count }, "\(lines(of: transcriptURL))")
    }
    try xdotool.key("n", window: live)
    let window = try XCTUnwrap(xdotool.waitForWindow(titled: "Second scene", of: touchlab))
    for count in 4...6 {
      try xdotool.click(100 + count, 70)  // the second scene's button
      XCTAssertTrue(eventually { lines(of: self.transcriptURL).count == count }, "\(lines(of: transcriptURL))")
    }
    let logged = lines(of: transcriptURL)
    let entries: [TranscriptEntry] =
      [.header("Live test scene (live.yaml)")] + logged[0..<3].map(entry(fromFileLine:))
      + [.header("Second scene (second.yaml)")] + logged[3..<6].map(entry(fromFileLine:))

    // Each layout's lines under its own header.
    var shot = try screenshot(touchlab, window: window, number: 1)
    try assertPanel(of: shot, shows: entries, newer: 0)

    // Two notches of the wheel up over the panel: every entry fits, so nothing scrolls (the
    // panel is never scrolled nearly empty; TranscriptSectionTests.testTheWheelKeepsThePanelFull
    // scrolls a full one back).
    try xdotool.run(["mousemove", "--sync", "500", "150", "click", "4", "click", "4"])
    shot = try screenshot(touchlab, window: window, number: 2)
    try assertPanel(of: shot, shows: entries, newer: 0)

    // Down again: the newest in sight, as before.
    try xdotool.run(["click", "5", "click", "5", "click", "5"])
    shot = try screenshot(touchlab, window: window, number: 3)
    try assertPanel(of: shot, shows: entries, newer: 0)

    // T: the times count from the first touch, and the panel says so; T again goes back.
    try xdotool.key("t", window: window)
    let fromFirstTouch = try screenshot(touchlab, window: window, number: 4)
    XCTAssertNotEqual(panel(of: fromFirstTouch), panel(of: shot))
    try xdotool.key("t", window: window)
    try assertPanel(of: try screenshot(touchlab, window: window, number: 5), shows: entries, newer: 0)

    try xdotool.key("q", window: window)
    XCTAssertEqual(touchlab.waitForExit(), 0, "stderr: \(touchlab.errors)")
  }

  func screenshot(_ touchlab: TouchLabProcess, window: String, number: Int) throws -> PNGImage {
    try xdotool.screenshot(of: touchlab, window: window, number: number)
  }

  /// The panel's columns of a frame of the 300-point second scene, without the subtitle
  /// (for 4 s after S it says "Saved FILE" on the screen).
  func panel(of image: PNGImage) -> PNGImage {
    var panel = PNGImage(width: image.width - 300, height: image.height)
    for y in 0..<image.height where !(28..<56).contains(y) {
      for x in 300..<image.width { panel[x - 300, y] = image[x, y] }
    }
    return panel
  }

  /// A `--transcript` file's line, `[1.234] TEXT`, as the panel's entry.
  func entry(fromFileLine line: String) -> TranscriptEntry {
    let close = line.firstIndex(of: "]")!
    let seconds = Double(line[line.index(after: line.startIndex)..<close])!
    return .line(TranscriptTime(seconds), String(line[line.index(close, offsetBy: 2)...]))
  }

  /// The screenshot's panel is the panel drawn here for `entries` with `newer` lines below.
  func assertPanel(
    of image: PNGImage, shows entries: [TranscriptEntry], newer: Int, file: StaticString = #filePath,
    line: UInt = #line
  ) throws {
    let scene = try LayoutLoader.load(path: folder.appendingPathComponent("second.yaml").path)
    let renderer = SceneRenderer(theme: try Theme.loadDefault())
    let canvas = try CairoCanvas(
      size: SceneRenderer.frameSize(for: scene.window, showsPanel: true, showsTimeline: true), scale: 1)
    // Under the keys, what the window said it got for its timers (its standard error).
    let note = realTimeLine.map { String($0.dropFirst("touchlab: ".count)) }
    var content = FrameContent(
      window: scene.window, title: "Second scene", keyHelp: SandboxKeys.help(realTimeNote: note),
      subtitle: "second.yaml")
    content.transcript = entries
    content.newerLineCount = newer
    renderer.draw(content, on: canvas)
    let comparison = PNGComparison(actual: panel(of: image), expected: panel(of: canvas.makeImage()))
    XCTAssertTrue(comparison.matches, comparison.summary, file: file, line: line)
  }
}
