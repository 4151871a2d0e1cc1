import CX11
import Foundation
import TouchLabCanvas
import TouchLabEncoding
import TouchLabLayout
import TouchLabRender
import TouchLabSandbox
import TouchLabTestSupport
import TouchLabX11
import XCTest

/// The live window's way of drawing (`LiveSandbox.drawDamage`) on a real X server: a drag
/// that adds panel lines every motion has the server move the panel's pixels
/// (`X11Window.copyArea`) and draws only the rest, and every pixel on screen is the whole
/// drawing's of the same state, frame after frame. A move from a covered part of the window
/// has the next frame drawn whole.
final class PanelScrollOnScreenTests: XCTestCase {
  private var server: XvfbServer!
  private var window: X11Window!
  private let time = ManualTime(1000)
  private let renderer = SceneRenderer(theme: .standard)
  private let tracker = FrameDamageTracker()
  private var session: SandboxSession!
  private var pixels = (width: 0, height: 0)

  override func setUpWithError() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let scene = try LayoutLoader.load(path: root.appendingPathComponent("Layouts/seed000-gestures.yaml").path)
    session = SandboxSession(scene: scene, scale: 1, timeSource: time.read, report: { _ in })
    pixels = LiveSandbox.pixelSize(of: session.frameSize, scale: 1)
    server = try XvfbServer.shared(width: 1600, height: 1200)
    window = try X11Window(
      title: "TouchLab", width: pixels.width, height: pixels.height, displayName: server.displayName)
    XCTAssertTrue(events(timeout: 5) { $0.contains(.expose) }.contains(.expose), "the window was never exposed")
  }

  override func tearDown() {
    window?.close()
    window = nil
    server?.stop()
    server = nil
  }

  private func events(timeout: Double, until done: ([InputEvent]) -> Bool) -> [InputEvent] {
    PollLoop(source: window).collectEvents(timeout: timeout, until: done)
  }

  /// Draws the session's frame as the window does and compares every pixel on screen with a
  /// whole drawing; returns the move the drawing made.
  @discardableResult
  private func drawAndCompare(_ what: String, line: UInt = #line) throws -> PixelMove? {
    let content = session.frameContent
    XCTAssertEqual(
      LiveSandbox.drawDamage(content, renderer: renderer, tracking: tracker, on: window, pixels: pixels, scale: 1)
        .drawn,
      true,
      what, line: line)
    let move = tracker.scroll
    let whole = try CairoCanvas(pixelWidth: pixels.width, pixelHeight: pixels.height, scale: 1)
    SceneRenderer(theme: .standard).draw(content, on: whole)
    // Read straight from the server's memory and the canvas's when both allow it; the slow
    // comparison (straight RGBA images) only to say where they differ, or when they do not.
    if screenShows(whole, in: window) != true {
      let comparison = PNGComparison(actual: try XCTUnwrap(window.captureImage()), expected: whole.makeImage())
      XCTAssertTrue(comparison.matches, "\(what): \(comparison.summary)", line: line)
    }
    session.frameDrawn()
    return move
  }

  func testADragAddingPanelLinesMovesThePanelOnTheServerAndShowsTheWholeDrawing() throws {
    try drawAndCompare("the first frame")
    var moved = 0
    for drag in 0..<3 {
      time.seconds += 1
      var x = 150.0
      session.handle(PollWakeup(events: [TestEvents.mouse(.down, x, 200)]))
      try drawAndCompare("drag \(drag): the press")
      for step in 1...16 {
        time.seconds += 0.008
        x += 2
        session.handle(PollWakeup(events: [TestEvents.mouse(.moved, x, 200)]))
        if let move = try drawAndCompare("drag \(drag) step \(step)") {
          moved += 1
          XCTAssertGreaterThan(move.destination.height, 100, "drag \(drag) step \(step): the lines moved")
          XCTAssertLessThan(
            window.lastSentRects.reduce(0) { $0 + $1.width * $1.height }, move.destination.area,
            "drag \(drag) step \(step): less drawn and sent than moved")
        }
      }
      time.seconds += 0.008
      session.handle(PollWakeup(events: [TestEvents.mouse(.up, x, 200)]))
      try drawAndCompare("drag \(drag): the lift")
    }
    XCTAssertGreaterThanOrEqual(moved, 30, "most motions moved the panel's lines")
    let panelPoint = InputPoint(x: 390 + 100, y: 400)
    session.handle(PollWakeup(events: [.wheel(WheelInput(steps: -3, location: panelPoint))]))
    try drawAndCompare("the panel scrolled back")
    session.handle(PollWakeup(events: [.wheel(WheelInput(steps: 50, location: panelPoint))]))
    try drawAndCompare("the panel scrolled to the end")
  }

  /// The straight read the comparisons above trust when it says the same (`screenShows`) sees a
  /// pixel a level apart in one channel, and one that is not opaque, as the slow comparison does.
  func testTheStraightReadSeesOnePixelChanged() throws {
    try drawAndCompare("the first frame")
    for (x, y, change) in [(1, 1, UInt32(1)), (pixels.width - 1, pixels.height - 1, UInt32(0x0100_0000))] {
      let whole = try CairoCanvas(pixelWidth: pixels.width, pixelHeight: pixels.height, scale: 1)
      SceneRenderer(theme: .standard).draw(session.frameContent, on: whole)
      XCTAssertEqual(screenShows(whole, in: window), true, "the same frame")
      whole.withUnsafePixelBytes { bytes in
        let memory = UnsafeMutableRawPointer(mutating: bytes.baseAddress!)
        let offset = y * whole.bytesPerRow + x * 4
        memory.storeBytes(
          of: memory.load(fromByteOffset: offset, as: UInt32.self) ^ change, toByteOffset: offset, as: UInt32.self)
      }
      XCTAssertEqual(screenShows(whole, in: window), false, "(\(x), \(y)) changed by \(change)")
      let comparison = PNGComparison(actual: try XCTUnwrap(window.captureImage()), expected: whole.makeImage())
      XCTAssertEqual(comparison.mismatchedPixelCount, 1, "(\(x), \(y)): \(comparison.summary)")
    }
  }

  /// Pixels moved from where another window covers this one are not the frame's: the server
  /// says so (GraphicsExpose) and the next frame is drawn whole.
  func testAMoveFromACoveredPartAsksForAWholeFrame() throws {
    try drawAndCompare("the first frame")
    XCTAssertFalse(window.needsWholeFrame)
    let display = window.display
    var attributes = XSetWindowAttributes()
    attributes.override_redirect = 1
    let cover = XCreateWindow(
      display, XDefaultRootWindow(display), 0, 100, 200, 100, 0, Int32(CopyFromParent), UInt32(InputOutput), nil,
      UInt(CWOverrideRedirect), &attributes)
    XMapRaised(display, cover)
    window.synchronize()
    defer { XDestroyWindow(display, cover) }
    window.copyArea(PixelRect(x: 0, y: 100, width: 100, height: 50), toX: 0, y: 0)
    window.synchronize()
    XCTAssertTrue(events(timeout: 5) { $0.contains(.expose) }.contains(.expose), "a GraphicsExpose arrived")
    XCTAssertTrue(window.needsWholeFrame, "the moved pixels are not the frame's")
  }
}
