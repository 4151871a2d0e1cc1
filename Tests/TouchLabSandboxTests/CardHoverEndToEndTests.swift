import Foundation
import TouchLabCanvas
import TouchLabEncoding
import TouchLabRender
import TouchLabSandbox
import TouchLabTestSupport
import TouchLabX11
import XCTest

/// Collapsed cards in the window under Xvfb (issue 30): four fingers held on a small scene
/// leave room for no card whole, so each is collapsed to one line; the pointer on one shows
/// it whole over the others, off it collapses it, a click pins it whole and a second click
/// collapses it again.
final class CardHoverEndToEndTests: WindowTestCase {
  override func setUpWithError() throws {
    try start(width: 1200, height: 900, folder: try TestLayouts.copies(["cards"]))
  }

  func testThePointerOnACollapsedCardShowsItWholeAndAClickPinsIt() throws {
    let layout = folder.appendingPathComponent("cards.yaml").path
    let touchlab = try TouchLabProcess(
      ["open", layout, "--scenario", "four", "--scale", "1"], display: server.displayName,
      folder: folder.appendingPathComponent("run"))
    let window = try XCTUnwrap(
      xdotool.waitForWindow(titled: "Cards test scene", of: touchlab), "stderr: \(touchlab.errors)")
    // `.` steps to each record and then to the end (1.0 s), where the play pauses.
    for _ in 0..<8 { try xdotool.key("period", window: window) }

    // The cards as the window lays them out at the end (its theme, the scene at 1.0 s).
    let time = ManualTime(50)
    let session = SandboxSession(
      scene: try TestLayouts.scene("cards"), scale: 1, timeSource: time.read, report: { _ in })
    try session.play(scenario: "four", speed: 1, loops: false)
    let renderer = SceneRenderer(theme: try Theme.loadDefault())
    time.seconds = 60
    session.handle(PollWakeup(events: [], deadlineReached: true))
    let collapsed = renderer.cards(in: session.frameContent)
    XCTAssertEqual(collapsed.count, 4)
    XCTAssertTrue(collapsed.allSatisfy(\.hit.isCollapsed))
    let first = try XCTUnwrap(collapsed.first { $0.hit.touch == 1 })
    let on = (x: Int(first.frame.midX), y: Int(first.frame.minY) + 12)
    session.handleOnShownFrame(
      PollWakeup(
        events: [
          .pointer(
            PointerInput(
              phase: .moved, button: 0, pressedButtons: [], location: InputPoint(x: Double(on.x), y: Double(on.y))))
        ]), renderer: renderer)
    let whole = try XCTUnwrap(renderer.cards(in: session.frameContent).last)
    XCTAssertEqual(whole.hit.touch, 1)
    // A point the whole card covers that no collapsed card does, away from the fingers: the
    // scene's light blue, or the card's dark.
    let fingers: [CanvasPoint] = [
      CanvasPoint(x: 120, y: 200), CanvasPoint(x: 270, y: 200), CanvasPoint(x: 120, y: 330),
      CanvasPoint(x: 270, y: 330),
    ]
    func isFree(_ point: CanvasPoint) -> Bool {
      for card in collapsed {
        let box = card.frame.insetBy(dx: -4, dy: -4)
        if point.x >= box.minX && point.x <= box.maxX && point.y >= box.minY && point.y <= box.maxY { return false }
      }
      for finger in fingers where abs(finger.x - point.x) < 40 && abs(finger.y - point.y) < 40 { return false }
      return true
    }
    var candidates: [CanvasPoint] = []
    for y in stride(from: whole.frame.maxY - 8, to: whole.frame.minY, by: -4) {
      for x in stride(from: whole.frame.minX + 8, to: whole.frame.maxX - 8, by: 4) {
        candidates.append(CanvasPoint(x: x, y: y))
      }
    }
    let probe = try XCTUnwrap(candidates.first(where: isFree), "a point only the whole card covers")
    func isCard(_ image: PNGImage) -> Bool { image[Int(probe.x), Int(probe.y)].red < 90 }

    let atEnd = try shot(touchlab, window, 1)
    XCTAssertFalse(isCard(atEnd), "collapsed: the scene shows at \(probe)")
    try xdotool.run(["mousemove", "--sync", "\(on.x)", "\(on.y)"])
    let hovered = try shot(touchlab, window, 2)
    XCTAssertTrue(isCard(hovered), "the pointer on it: whole, over the others, at \(probe)")
    try xdotool.run(["mousemove", "--sync", "385", "515"])
    XCTAssertFalse(isCard(try shot(touchlab, window, 3)), "the pointer off it: collapsed again")
    // Straight out of the window from the card (below it: the window is 588 pixels tall).
    try xdotool.run(["mousemove", "--sync", "\(on.x)", "\(on.y)"])
    XCTAssertTrue(isCard(try shot(touchlab, window, 4)), "on it again: whole")
    try xdotool.run(["mousemove", "--sync", "\(on.x)", "800"])
    XCTAssertFalse(isCard(try shot(touchlab, window, 5)), "the pointer out of the window: collapsed")

    // The click moves the pointer onto the card first (`mousemove --sync` to where the pointer
    // already is waits for a move that never comes, many seconds).
    try xdotool.click(on.x, on.y)
    try xdotool.run(["mousemove", "--sync", "385", "515"])
    XCTAssertTrue(isCard(try shot(touchlab, window, 6)), "clicked: pinned whole, the pointer gone")
    try xdotool.click(on.x, on.y)
    try xdotool.run(["mousemove", "--sync", "385", "515"])
    XCTAssertFalse(isCard(try shot(touchlab, window, 7)), "clicked again: collapsed")

    try xdotool.key("q", window: window)
    XCTAssertEqual(touchlab.waitForExit(), 0, "stderr: \(touchlab.errors)")
  }

  private func shot(_ touchlab: TouchLabProcess, _ window: String, _ number: Int) throws -> PNGImage {
    try xdotool.screenshot(of: touchlab, window: window, number: number, keepingAs: "cards-\(number).png")
  }
}
