import Foundation
import TouchLabCanvas
import TouchLabEncoding
import TouchLabLayout
import TouchLabRender
import TouchLabSandbox
import TouchLabTestSupport
import XCTest

/// The inspector in the window under Xvfb: I opens it beside the panel, hovering a row
/// draws its hit-test path, a click on a property flips it and the playing scenario replays
/// with the change (its lines go to the transcript file), and a digit plays another scenario.
final class InspectorEndToEndTests: WindowTestCase {
  override func setUpWithError() throws {
    try start(width: 1600, height: 1200, folder: try emptyFolder("inspector"))
    try FileManager.default.copyItem(
      atPath: InspectorSessionTests.tableDemo, toPath: folder.appendingPathComponent("table.yaml").path)
  }

  func testTheInspectorShowsTheHitTestPathAndAFlipReplaysTheScenarioWithTheChange() throws {
    let layout = folder.appendingPathComponent("table.yaml").path
    let original = try String(contentsOfFile: layout, encoding: .utf8)
    let transcript = folder.appendingPathComponent("t.txt")
    let touchlab = try TouchLabProcess(
      ["open", layout, "--scenario", "quick-tap", "--scale", "1", "--transcript", transcript.path],
      display: server.displayName, folder: folder.appendingPathComponent("run"))
    let window = try XCTUnwrap(xdotool.waitForWindow(titled: "table-cell", of: touchlab), "stderr: \(touchlab.errors)")
    XCTAssertTrue(eventually { lines(of: transcript) == ["[0.050] backview taped"] }, "\(lines(of: transcript))")

    // I: the window grows by the inspector's width.
    try xdotool.key("i", window: window)
    let width = 390 + Int(SceneRenderer.panelWidth + SceneRenderer.inspectorWidth)
    XCTAssertTrue(eventually { (try? self.windowWidth(window)) == width }, "the window is \(width) wide")

    // Hovering row 0: the path to its content view is outlined in the "began" blue.
    try xdotool.run(["mousemove", "--sync", "200", "122"])
    let hovered = try screenshot(touchlab, window: window, number: 1)
    XCTAssertEqual(hovered.width, width)
    let outline = (141...146).map { hovered[200, $0] }
    XCTAssertTrue(outline.contains { $0.blue > 200 && $0.red < 60 && $0.green > 100 }, "\(outline)")
    try xdotool.run(["mousemove", "--sync", "600", "400"])  // over the panel: no path
    let away = try screenshot(touchlab, window: window, number: 2)
    XCTAssertFalse((141...146).map { away[200, $0] }.contains { $0.blue > 200 && $0.red < 60 && $0.green > 100 })

    // A click on backTap's cancelsTouchesInView, where the inspector shows it (laid out here
    // as the window lays it out): the scenario replays with it false, and the row is selected.
    let session = SandboxSession(scene: try LayoutLoader.load(path: layout), scale: 1, report: { _ in })
    try session.play(scenario: "quick-tap", speed: 1, loops: false)
    let renderer = SceneRenderer(theme: try Theme.loadDefault())
    session.perform(.toggleInspector)
    let inspection = try XCTUnwrap(session.frameContent.inspection)
    let property = try XCTUnwrap(
      inspection.rows.flatMap(\.properties).first { $0.path == "backTap.cancelsTouchesInView" })
    let rect = SceneRenderer.inspectorRect(
      frame: SceneRenderer.frameSize(
        for: session.scene.window, showsPanel: true, showsTimeline: true, showsInspector: true),
      sceneSize: CanvasSize(width: 390, height: 844))
    let chip = try XCTUnwrap(
      renderer.layoutInspector(inspection, in: rect, firstRow: 0).first { $0.target == .property(property) })
    try xdotool.click(Int(chip.rect.midX), Int(chip.rect.midY))
    let replayed = [
      "[0.050] backview taped", "[0.050] -[GLTableView touchesBegan:withEvent:]",
      "[0.050] -[GLTableView touchesEnded:withEvent:]", "[0.050] cell selected!",
    ]
    XCTAssertTrue(
      eventually { lines(of: transcript) == ["[0.050] backview taped"] + replayed }, "\(lines(of: transcript))")
    let flipped = try screenshot(touchlab, window: window, number: 3)
    XCTAssertEqual(flipped.width, width)

    // 4: the button-tap scenario plays (with the change still on).
    try xdotool.key("4", window: window)
    XCTAssertTrue(
      eventually { lines(of: transcript).last?.hasSuffix("button clicked!") == true }, "\(lines(of: transcript))")
    XCTAssertEqual(try String(contentsOfFile: layout, encoding: .utf8), original, "the file is not changed")

    try xdotool.key("q", window: window)
    XCTAssertEqual(touchlab.waitForExit(), 0, "stderr: \(touchlab.errors)")
  }

  func windowWidth(_ window: String) throws -> Int? {
    let geometry = try xdotool.run(["getwindowgeometry", "--shell", window])
    return geometry.split(separator: "\n").first { $0.hasPrefix("WIDTH=") }.flatMap { Int($0.dropFirst(6)) }
  }

  func screenshot(_ touchlab: TouchLabProcess, window: String, number: Int) throws -> PNGImage {
    try xdotool.screenshot(of: touchlab, window: window, number: number, keepingAs: "inspector-\(number).png")
  }
}
