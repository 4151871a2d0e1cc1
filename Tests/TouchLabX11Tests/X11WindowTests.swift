import CX11
import Foundation
import TouchLabCanvas
import TouchLabEncoding
import TouchLabTestSupport
import XCTest

@testable import TouchLabX11

final class X11WindowErrorTests: XCTestCase {
  func testMissingDisplayExplainsHowToRunHeadless() {
    XCTAssertThrowsError(try X11Window(title: "t", width: 10, height: 10, displayName: ":987")) {
      error in
      XCTAssertEqual(error as? X11Error, .cannotOpenDisplay(name: ":987"))
      let message = "\(error)"
      XCTAssertTrue(message.contains("touchlab replay"), message)
      XCTAssertTrue(message.contains("touchlab shot"), message)
      XCTAssertTrue(message.contains("xvfb-run"), message)
    }
  }

  func testInvalidSize() {
    XCTAssertThrowsError(try X11Window(title: "t", width: 0, height: 10, displayName: ":987")) {
      error in
      XCTAssertEqual(error as? X11Error, .invalidSize(width: 0, height: 10))
    }
  }
}

/// The strip's arithmetic, which needs no X server.
final class FrameBufferLayoutTests: XCTestCase {
  /// The columns the server reads a strip's segment through hold a pixel of every page of it,
  /// whatever the row's width: rows narrower than a page, a page wide and wider, pages of 4
  /// and 16 KiB.
  func testTheMapInColumnsReadEveryPageOfTheStrip() {
    for pageSize in [4096, 16384] {
      for width in [1, 100, 1023, 1024, 1025, 2047, 2560, 4096, 4100] {
        let bytesPerRow = width * 4
        let rows = 5
        var pagesRead = Set<Int>()
        for row in 0..<rows {
          for column in FrameBuffer.mapInColumns(width: width, pageSize: pageSize) {
            let first = row * bytesPerRow + column * 4
            pagesRead.insert(first / pageSize)
            pagesRead.insert((first + 3) / pageSize)
          }
        }
        let pages = Set(0...((rows * bytesPerRow - 1) / pageSize))
        XCTAssertEqual(pagesRead, pages, "width \(width), pages of \(pageSize) bytes")
        XCTAssertLessThanOrEqual(
          FrameBuffer.mapInColumns(width: width, pageSize: pageSize).count, width / (pageSize / 4) + 2)
      }
    }
  }
}

/// Runs against a real X server (Xvfb); skipped when Xvfb cannot start.
final class X11WindowIntegrationTests: XCTestCase {
  var server: XvfbServer!
  var window: X11Window!

  override func setUpWithError() throws {
    // The shared server, but a test that changes the server itself (adds a master device,
    // which would stay for the tests after it) has one of its own.
    server = name.contains("testAddingAMasterDevice") ? try XvfbServer() : try XvfbServer.shared()
    window = try X11Window(
      title: "TouchLab 按钮点击", width: 200, height: 150, displayName: server.displayName)
    // Wait (bounded) until the window is mapped: its first Expose.
    let events = waitForEvents(timeout: 5) { $0.contains(.expose) }
    XCTAssertTrue(events.contains(.expose), "the window was never exposed: \(events)")
  }

  override func tearDown() {
    window?.close()
    window = nil
    server?.stop()  // a private server; the shared one stays
    server = nil
  }

  /// Collects events through a PollLoop until `done` says so or time runs out.
  func waitForEvents(timeout: Double, until done: ([InputEvent]) -> Bool) -> [InputEvent] {
    PollLoop(source: window).collectEvents(timeout: timeout, until: done)
  }

  func testAFrameSentThroughTheStripIsOnScreen() throws {
    let canvas = try CairoCanvas(pixelWidth: 200, pixelHeight: 150)
    canvas.clear(to: CanvasColor(hex: "#204080")!)
    canvas.fill(
      CanvasRect(x: 20, y: 30, width: 40, height: 20), color: CanvasColor(hex: "#FF8000")!)
    canvas.fillCircle(center: CanvasPoint(x: 150, y: 100), radius: 20, color: .white)
    XCTAssertEqual(window.show(canvas), true)
    XCTAssertEqual(window.lastSentRects, [PixelRect(x: 0, y: 0, width: 200, height: 150)], "one band: 4 MB hold it")
    let shown = try XCTUnwrap(window.captureImage())
    XCTAssertEqual(shown.width, 200)
    XCTAssertEqual(shown[0, 0], PNGPixel(red: 0x20, green: 0x40, blue: 0x80))
    XCTAssertEqual(shown[20, 30], PNGPixel(red: 0xFF, green: 0x80, blue: 0x00))
    XCTAssertEqual(shown[59, 49], PNGPixel(red: 0xFF, green: 0x80, blue: 0x00))
    XCTAssertEqual(shown[60, 50], PNGPixel(red: 0x20, green: 0x40, blue: 0x80))
    XCTAssertEqual(shown[150, 100], PNGPixel(red: 255, green: 255, blue: 255))
    // Every pixel, not just samples: the frame on screen is the canvas.
    let comparison = PNGComparison(actual: shown, expected: canvas.makeImage())
    XCTAssertTrue(comparison.matches, comparison.summary)
  }

  /// Several rectangles in one pass (`drawAndSend(passes:…)`): drawn once, each sent, the
  /// rest of the window as it was; through MIT-SHM and the `XPutImage` fallback alike.
  func testAPassOfSeveralRectanglesIsDrawnOnceAndSendsEach() throws {
    XCTAssertTrue(try sendsAPass(window), "MIT-SHM")
    let fallback = try X11Window(
      title: "no shm", width: 200, height: 150, displayName: server.displayName, sharedMemory: false)
    defer { fallback.close() }
    XCTAssertTrue(try sendsAPass(fallback), "XPutImage")
    XCTAssertFalse(fallback.sendsThroughSharedMemory)
  }

  private func sendsAPass(_ window: X11Window) throws -> Bool {
    let before = try CairoCanvas(pixelWidth: 200, pixelHeight: 150)
    before.clear(to: CanvasColor(hex: "#204080")!)
    XCTAssertEqual(window.show(before), true)
    let after = try CairoCanvas(pixelWidth: 200, pixelHeight: 150)
    after.clear(to: .white)
    let rects = [PixelRect(x: 10, y: 10, width: 30, height: 20), PixelRect(x: 120, y: 90, width: 50, height: 40)]
    var drawings = 0
    let sent = window.drawAndSend(passes: [rects], frameWidth: 200, frameHeight: 150, scale: 1) { canvas, pass in
      drawings += 1
      XCTAssertEqual(pass, rects)
      canvas.copyPixels(of: after, toPixelX: 0, y: 0)
      return true
    }
    XCTAssertEqual(sent, true)
    XCTAssertEqual(drawings, 1, "one drawing for the pass")
    XCTAssertEqual(window.lastSentRects, rects)
    var expected = before.makeImage()
    let white = after.makeImage()
    for rect in rects {
      for y in rect.y..<rect.maxY { for x in rect.x..<rect.maxX { expected[x, y] = white[x, y] } }
    }
    let comparison = PNGComparison(actual: try XCTUnwrap(window.captureImage()), expected: expected)
    XCTAssertTrue(comparison.matches, "the pass's rectangles sent, the rest as it was: " + comparison.summary)
    return comparison.matches
  }

  /// A pass narrower than the frame has the strip laid out at its own width
  /// (`X11Window.stripRows(passWidth:…)`): a strip of 16 rows of 200 pixels holds 80 rows of
  /// 40, so rows 10–70 of a 40-pixel column are one drawing, not four; sent where they belong;
  /// two small passes share the strip; and a whole frame after them is laid out at the
  /// frame's width again. Through MIT-SHM and
  /// the `XPutImage` fallback alike.
  func testANarrowPassHasTheStripLaidOutAtItsWidth() throws {
    XCTAssertEqual(X11Window.stripRows(frameWidth: 200, frameHeight: 150, maximumBytes: 1600), 16)
    XCTAssertEqual(X11Window.stripRows(passWidth: 40, frameWidth: 200, frameHeight: 150, maximumBytes: 1600), 80)
    XCTAssertEqual(X11Window.stripRows(passWidth: 20, frameWidth: 200, frameHeight: 150, maximumBytes: 1600), 150)
    XCTAssertEqual(X11Window.stripRows(passWidth: 400, frameWidth: 200, frameHeight: 150, maximumBytes: 1600), 16)
    XCTAssertTrue(try sendsANarrowPass(window), "MIT-SHM")
    let fallback = try X11Window(
      title: "no shm", width: 200, height: 150, displayName: server.displayName, sharedMemory: false)
    defer { fallback.close() }
    XCTAssertTrue(try sendsANarrowPass(fallback), "XPutImage")
  }

  /// The strip is made with the window, for frames of its size, before its first frame (its
  /// round trips to the server and its pages are then out of the first frame's way): the
  /// first frame of that size is drawn through it, not through a new one.
  func testTheStripIsMadeWithTheWindow() throws {
    let strip = try XCTUnwrap(window.stripBuffer, "no strip before the first frame")
    XCTAssertEqual(strip.width, 200)
    XCTAssertEqual(strip.height, X11Window.stripRows(frameWidth: 200, frameHeight: 150))
    let sent = window.drawAndSend(
      passes: [[PixelRect(x: 0, y: 0, width: 200, height: 150)]], frameWidth: 200, frameHeight: 150, scale: 1
    ) { canvas, _ in
      canvas.clear(to: .white)
      return true
    }
    XCTAssertEqual(sent, true)
    XCTAssertTrue(window.stripBuffer === strip, "the first frame made a strip of its own")
  }

  /// A shared strip's every page is read by the server once, before the first frame's first
  /// pass is drawn (`FrameBuffer.haveServerMapIn`), so that the pass does not wait for the
  /// server to map the segment's pages in; a later frame does not have it read again, the
  /// frame on screen is the one drawn, and a strip sent with `XPutImage` is never read so.
  func testTheServerReadsASharedStripOnceBeforeTheFirstFrame() throws {
    func sendWhole(_ window: X11Window, _ color: CanvasColor) -> Bool? {
      window.drawAndSend(
        passes: [[PixelRect(x: 0, y: 0, width: 200, height: 150)]], frameWidth: 200, frameHeight: 150, scale: 1
      ) { canvas, _ in
        canvas.clear(to: color)
        return true
      }
    }
    let strip = try XCTUnwrap(window.stripBuffer)
    XCTAssertTrue(strip.isShared, "Xvfb on this machine offers MIT-SHM")
    XCTAssertFalse(strip.serverMappedIn)
    XCTAssertEqual(sendWhole(window, CanvasColor(hex: "#204080")!), true)
    XCTAssertTrue(strip.serverMappedIn)
    XCTAssertEqual(sendWhole(window, CanvasColor(hex: "#FF8000")!), true)
    XCTAssertEqual(try XCTUnwrap(window.captureImage())[100, 75], PNGPixel(red: 0xFF, green: 0x80, blue: 0x00))

    let fallback = try X11Window(
      title: "no shm", width: 200, height: 150, displayName: server.displayName, sharedMemory: false)
    defer { fallback.close() }
    XCTAssertEqual(sendWhole(fallback, .white), true)
    XCTAssertEqual(fallback.stripBuffer?.serverMappedIn, false)
  }

  /// `FrameBuffer.mapIn` maps a new strip's pages in without writing them: every page of a
  /// fresh mapping resident afterwards, none before, and every byte still zero.
  func testMappingInMakesEveryPageResidentWithoutWritingIt() throws {
    let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
    let pages = 64
    let bytes = pages * pageSize
    let mapped = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
    guard let memory = mapped, memory != UnsafeMutableRawPointer(bitPattern: -1) else {
      throw XCTSkip("no memory for the test")
    }
    defer { munmap(memory, bytes) }
    func residentPages() -> Int {
      var vector = [UInt8](repeating: 0, count: pages)
      XCTAssertEqual(mincore(memory, bytes, &vector), 0)
      return vector.filter { $0 & 1 != 0 }.count
    }
    XCTAssertEqual(residentPages(), 0)
    let refusal = FrameBuffer.mapIn(memory, bytes: bytes)
    if refusal == EINVAL { throw XCTSkip("the kernel has no MADV_POPULATE_WRITE (before Linux 5.14)") }
    XCTAssertEqual(refusal, 0)
    XCTAssertEqual(residentPages(), pages)
    let contents = UnsafeRawBufferPointer(start: memory, count: bytes)
    XCTAssertTrue(contents.allSatisfy { $0 == 0 })
  }

  private func sendsANarrowPass(_ window: X11Window) throws -> Bool {
    func paint(_ canvas: CairoCanvas, shade: Int) {
      canvas.clear(to: CanvasColor(hex: "#204080")!)
      for y in stride(from: 0, to: 150, by: 10) {
        let color = CanvasColor(red: Double((y * 3 + shade) % 256) / 255, green: 0.5, blue: Double(shade) / 255)
        canvas.fill(CanvasRect(x: 0, y: Double(y), width: 200, height: 10), color: color)
      }
      canvas.fillCircle(center: CanvasPoint(x: 40, y: 40), radius: 25, color: .white)
    }
    // The whole frame in bands of the frame's width; `rects` of `image` laid over `expected`.
    let bands = stride(from: 0, to: 150, by: 16).map { PixelRect(x: 0, y: $0, width: 200, height: min(16, 150 - $0)) }
    func sendWhole() -> Bool? {
      window.drawAndSend(
        passes: bands.map { [$0] }, frameWidth: 200, frameHeight: 150, scale: 1, maximumStripBytes: 1600
      ) { canvas, _ in
        paint(canvas, shade: 0)
        return true
      }
    }
    func lay<Rects: Sequence<PixelRect>>(_ rects: Rects, of image: PNGImage, over expected: inout PNGImage) {
      for rect in rects {
        for y in rect.y..<rect.maxY { for x in rect.x..<rect.maxX { expected[x, y] = image[x, y] } }
      }
    }
    let before = try CairoCanvas(pixelWidth: 200, pixelHeight: 150)
    paint(before, shade: 0)
    XCTAssertEqual(sendWhole(), true)
    let after = try CairoCanvas(pixelWidth: 200, pixelHeight: 150)
    paint(after, shade: 200)
    let rects = [PixelRect(x: 20, y: 10, width: 30, height: 40), PixelRect(x: 30, y: 40, width: 30, height: 30)]
    var drawings = 0
    let sent = window.drawAndSend(
      passes: [rects], frameWidth: 200, frameHeight: 150, scale: 1, maximumStripBytes: 1600
    ) { canvas, pass in
      drawings += 1
      XCTAssertEqual(canvas.pixelWidth, 200, "the canvas is the whole frame")
      XCTAssertEqual(canvas.pixelHeight, 150)
      paint(canvas, shade: 200)
      return true
    }
    XCTAssertEqual(sent, true)
    XCTAssertEqual(drawings, 1, "60 rows of a 40-pixel pass: one drawing")
    var expected = before.makeImage()
    lay(rects, of: after.makeImage(), over: &expected)
    var comparison = PNGComparison(actual: try XCTUnwrap(window.captureImage()), expected: expected)
    XCTAssertTrue(comparison.matches, "the narrow pass where it belongs: " + comparison.summary)
    // Two passes that fit the strip together: the second is drawn after the first in its
    // memory (while the server may still read the first), and both land where they belong.
    let again = try CairoCanvas(pixelWidth: 200, pixelHeight: 150)
    paint(again, shade: 90)
    let passes = [[PixelRect(x: 100, y: 20, width: 30, height: 40)], [PixelRect(x: 60, y: 100, width: 40, height: 20)]]
    XCTAssertEqual(
      window.drawAndSend(passes: passes, frameWidth: 200, frameHeight: 150, scale: 1, maximumStripBytes: 1600) {
        canvas, _ in
        paint(canvas, shade: 90)
        return true
      }, true)
    lay(passes.joined(), of: again.makeImage(), over: &expected)
    comparison = PNGComparison(actual: try XCTUnwrap(window.captureImage()), expected: expected)
    XCTAssertTrue(comparison.matches, "two passes in one strip: " + comparison.summary)
    // The frame's width again: the strip's rows are the frame's rows once more.
    XCTAssertEqual(sendWhole(), true)
    XCTAssertEqual(window.lastSentRects, bands)
    comparison = PNGComparison(actual: try XCTUnwrap(window.captureImage()), expected: before.makeImage())
    XCTAssertTrue(comparison.matches, "whole again: " + comparison.summary)
    return comparison.matches
  }

  /// Frames drawn band by band through the strip (`drawAndSend`): the first whole, later ones
  /// only their bands, and the window shows every pixel of the frame; through MIT-SHM and the
  /// `XPutImage` fallback alike. A strip of 1,600 bytes holds 2 rows of 200 pixels… but 16
  /// at least, so a 150-row frame takes 10 bands.
  func testFramesDrawnBandByBandThroughTheStripAreShownWhole() throws {
    XCTAssertTrue(try drawsThroughTheStrip(window), "MIT-SHM")
    XCTAssertTrue(window.sendsThroughSharedMemory, "Xvfb offers MIT-SHM on the same machine")
    let fallback = try X11Window(
      title: "no shm", width: 200, height: 150, displayName: server.displayName, sharedMemory: false)
    defer { fallback.close() }
    XCTAssertTrue(try drawsThroughTheStrip(fallback), "XPutImage")
    XCTAssertFalse(fallback.sendsThroughSharedMemory)
  }

  private func drawsThroughTheStrip(_ window: X11Window) throws -> Bool {
    func paint(_ canvas: CairoCanvas, moved: Bool) {
      canvas.clear(to: CanvasColor(hex: "#204080")!)
      canvas.fill(CanvasRect(x: moved ? 60 : 20, y: 30, width: 40, height: 90), color: CanvasColor(hex: "#FF8000")!)
      canvas.fillCircle(center: CanvasPoint(x: 150, y: 100), radius: 20, color: .white)
    }
    XCTAssertTrue(window.needsWholeFrame, "nothing drawn yet")
    let rows = X11Window.stripRows(frameWidth: 200, frameHeight: 150, maximumBytes: 1600)
    XCTAssertEqual(rows, 16)
    let bands = stride(from: 0, to: 150, by: rows).map {
      PixelRect(x: 0, y: $0, width: 200, height: min(rows, 150 - $0))
    }
    var drawn: [PixelRect] = []
    let first = window.drawAndSend(bands, frameWidth: 200, frameHeight: 150, scale: 1, maximumStripBytes: 1600) {
      canvas, band in
      XCTAssertEqual(canvas.pixelHeight, 150, "the canvas is the whole frame")
      drawn.append(band)
      paint(canvas, moved: false)
      return true
    }
    XCTAssertEqual(first, true)
    XCTAssertEqual(drawn, bands)
    XCTAssertEqual(window.lastSentRects, bands)
    XCTAssertFalse(window.needsWholeFrame)
    let expected = try CairoCanvas(pixelWidth: 200, pixelHeight: 150)
    paint(expected, moved: false)
    var comparison = PNGComparison(actual: try XCTUnwrap(window.captureImage()), expected: expected.makeImage())
    XCTAssertTrue(comparison.matches, "the first frame: " + comparison.summary)

    // The bar moves right by 40: only the band of rows 30–45 and below it is drawn (two bands).
    let changed = [PixelRect(x: 20, y: 30, width: 80, height: 16), PixelRect(x: 20, y: 46, width: 80, height: 16)]
    let later = window.drawAndSend(changed, frameWidth: 200, frameHeight: 150, scale: 1, maximumStripBytes: 1600) {
      canvas, band in
      canvas.withSavedState {
        canvas.clip(to: CanvasRect(x: Double(band.x), y: Double(band.y), width: Double(band.width), height: 16))
        paint(canvas, moved: true)
      }
      return true
    }
    XCTAssertEqual(later, true)
    XCTAssertEqual(window.lastSentRects, changed)
    paint(expected, moved: true)
    var partly = expected.makeImage()
    let old = try CairoCanvas(pixelWidth: 200, pixelHeight: 150)
    paint(old, moved: false)
    let oldImage = old.makeImage()
    for y in 62..<150 { for x in 0..<200 { partly[x, y] = oldImage[x, y] } }  // rows below 62 were not sent
    comparison = PNGComparison(actual: try XCTUnwrap(window.captureImage()), expected: partly)
    XCTAssertTrue(comparison.matches, "the bands drawn, the rest as it was: " + comparison.summary)

    // A drawing that stops sends nothing more.
    let stopped = window.drawAndSend(bands, frameWidth: 200, frameHeight: 150, scale: 1, maximumStripBytes: 1600) {
      _, band in band.y < 32
    }
    XCTAssertEqual(stopped, false)
    XCTAssertEqual(window.lastSentRects, Array(bands.prefix(2)))
    return comparison.matches
  }

  /// The strip's way: after an Expose the window asks for a whole frame.
  func testAnExposeAsksTheStripForAWholeFrame() throws {
    let whole = [PixelRect(x: 0, y: 0, width: 200, height: 150)]
    XCTAssertEqual(
      window.drawAndSend(whole, frameWidth: 200, frameHeight: 150, scale: 1) { canvas, _ in
        canvas.clear(to: .white)
        return true
      }, true)
    XCTAssertFalse(window.needsWholeFrame)
    XClearArea(window.display, window.window, 0, 0, 50, 50, 1)
    window.synchronize()
    XCTAssertTrue(waitForEvents(timeout: 5) { $0.contains(.expose) }.contains(.expose))
    XCTAssertTrue(window.needsWholeFrame, "the server lost pixels")
  }

  func testSyntheticClickArrivesAsPointerDownAndUp() throws {
    guard let xdotool = XvfbServer.findExecutable("xdotool") else {
      throw XCTSkip("xdotool is not installed (apt-get install xdotool)")
    }
    // With no window manager the window sits at the root's origin; ask the
    // server anyway, so a server that places windows elsewhere still works.
    var rootX: Int32 = 0
    var rootY: Int32 = 0
    var child: Window = 0
    let root = touchlab_root_window(window.display, touchlab_default_screen(window.display))
    XTranslateCoordinates(window.display, window.window, root, 0, 0, &rootX, &rootY, &child)
    let result = try runProgram(
      xdotool, ["mousemove", "\(rootX + 37)", "\(rootY + 61)", "click", "1"],
      environment: ["DISPLAY": server.displayName])
    XCTAssertEqual(result.status, 0, result.output)
    // xdotool has closed its connection, so the server has handled its
    // requests; one round trip of ours then has their events queued.
    window.synchronize()
    let events = waitForEvents(timeout: 5) { events in
      events.contains {
        if case .pointer(let p) = $0 { return p.phase == .up } else { return false }
      }
    }
    let pointer = events.compactMap { event -> PointerInput? in
      if case .pointer(let input) = event { return input }
      return nil
    }
    let down = try XCTUnwrap(pointer.first { $0.phase == .down }, "no pointer down in \(events)")
    let up = try XCTUnwrap(pointer.first { $0.phase == .up }, "no pointer up in \(events)")
    XCTAssertEqual(down.button, 1)
    XCTAssertEqual(down.location, InputPoint(x: 37, y: 61))
    XCTAssertEqual(down.pressedButtons, [1])
    XCTAssertEqual(up.button, 1)
    XCTAssertEqual(up.location, InputPoint(x: 37, y: 61))
    XCTAssertEqual(up.pressedButtons, [])
    let downIndex = try XCTUnwrap(pointer.firstIndex { $0.phase == .down })
    let upIndex = try XCTUnwrap(pointer.firstIndex { $0.phase == .up })
    XCTAssertLessThan(downIndex, upIndex)
  }

  func testResizeIsReported() {
    window.resize(width: 320, height: 240)
    let events = waitForEvents(timeout: 5) { $0.contains(.resize(width: 320, height: 240)) }
    XCTAssertTrue(events.contains(.resize(width: 320, height: 240)), "\(events)")
    XCTAssertEqual(window.width, 320)
    XCTAssertEqual(window.height, 240)
  }

  func testWindowManagerCloseRequestIsReported() throws {
    // Send what a window manager sends when the close button is clicked.
    let other = try XCTUnwrap(XOpenDisplay(server.displayName))
    defer { XCloseDisplay(other) }
    var message = XEvent()
    message.xclient.type = ClientMessage
    message.xclient.window = window.window
    message.xclient.message_type = XInternAtom(other, "WM_PROTOCOLS", 0)
    message.xclient.format = 32
    message.xclient.data.l.0 = Int(bitPattern: XInternAtom(other, "WM_DELETE_WINDOW", 0))
    XSendEvent(other, window.window, 0, 0, &message)
    XSync(other, 0)
    let events = waitForEvents(timeout: 5) { $0.contains(.close) }
    XCTAssertTrue(events.contains(.close), "\(events)")
  }

  func testAddingAMasterDeviceReportsAHierarchyChange() throws {
    let other = try XCTUnwrap(XOpenDisplay(server.displayName))
    defer { XCloseDisplay(other) }
    var major: Int32 = 2
    var minor: Int32 = 2
    XCTAssertEqual(XIQueryVersion(other, &major, &minor), Success)
    "touchlab test".withCString { name in
      var change = XIAnyHierarchyChangeInfo()
      change.add = XIAddMasterInfo(
        type: XIAddMaster, name: UnsafeMutablePointer(mutating: name), send_core: 1, enable: 1)
      XIChangeHierarchy(other, &change, 1)
    }
    XSync(other, 0)
    let events = waitForEvents(timeout: 5) { $0.contains(.deviceHierarchyChanged) }
    XCTAssertTrue(events.contains(.deviceHierarchyChanged), "\(events)")
  }

  func testTitleAndIconProperties() throws {
    // The window starts with Assets/icon.png; setting it again must give the same.
    let initial = try readProperty("_NET_WM_ICON", as: Int.self)
    window.setIcon(try AppIcon.canvas().makeImage())
    window.synchronize()
    let iconValues = try readProperty("_NET_WM_ICON", as: Int.self)
    XCTAssertEqual(iconValues.count, 2 + 64 * 64)
    XCTAssertEqual(iconValues.prefix(2), [64, 64])
    let centre = UInt32(truncatingIfNeeded: iconValues[2 + 28 * 64 + 38])
    XCTAssertEqual(centre, 0xFFFF_FFFF, "the icon's white centre, straight ARGB")
    XCTAssertEqual(initial, iconValues)
    let title = try readProperty("_NET_WM_NAME", as: UInt8.self)
    XCTAssertEqual(String(decoding: title, as: UTF8.self), "TouchLab 按钮点击")
  }

  func testLegacyTitleIsLatin1OrCompoundTextNeverUTF8TypedAsLatin1() throws {
    window.setTitle("TouchLab — playground")
    window.synchronize()
    // "—" is not in Latin-1: ICCCM wants COMPOUND_TEXT then, never raw UTF-8 typed STRING.
    XCTAssertEqual(try propertyType("WM_NAME"), "COMPOUND_TEXT")
    window.setTitle("TouchLab café")
    window.synchronize()
    XCTAssertEqual(try propertyType("WM_NAME"), "STRING")
    XCTAssertEqual(try readProperty("WM_NAME", as: UInt8.self), [UInt8]("TouchLab caf".utf8) + [0xE9])
  }

  func testWindowNamesItsProcessAndMachine() throws {
    let pid = try readProperty("_NET_WM_PID", as: Int.self)
    XCTAssertEqual(pid.map { Int32(truncatingIfNeeded: $0) }, [getpid()])
    XCTAssertEqual(try propertyType("_NET_WM_PID"), "CARDINAL")
    var host = [CChar](repeating: 0, count: 256)
    XCTAssertEqual(gethostname(&host, 255), 0)
    let machine = try readProperty("WM_CLIENT_MACHINE", as: UInt8.self)
    XCTAssertEqual(String(decoding: machine, as: UTF8.self), String(cString: host))
  }

  func propertyType(_ name: String) throws -> String? {
    let property = XInternAtom(window.display, name, 0)
    var actualType: Atom = 0
    var actualFormat: Int32 = 0
    var count: UInt = 0
    var remaining: UInt = 0
    var data: UnsafeMutablePointer<UInt8>?
    let status = XGetWindowProperty(
      window.display, window.window, property, 0, 0, 0, Atom(0), &actualType, &actualFormat,
      &count, &remaining, &data)
    XCTAssertEqual(status, Success)
    if let data { XFree(data) }
    guard actualType != 0, let atomName = XGetAtomName(window.display, actualType) else { return nil }
    defer { XFree(atomName) }
    return String(cString: atomName)
  }

  func testIdleWaitSleepsUntilTheDeadline() {
    _ = window.drainEvents()
    let loop = PollLoop(source: window)
    let start = MonotonicClock.now()
    let wakeup = loop.wait(until: start + 0.05)
    XCTAssertTrue(wakeup.deadlineReached)
    XCTAssertGreaterThanOrEqual(MonotonicClock.now() - start, 0.05)
    XCTAssertLessThanOrEqual(loop.sleepCount, 2, "an idle window must not spin")
  }

  func readProperty<Element>(_ name: String, as: Element.Type) throws -> [Element] {
    let property = XInternAtom(window.display, name, 0)
    var actualType: Atom = 0
    var actualFormat: Int32 = 0
    var count: UInt = 0
    var remaining: UInt = 0
    var data: UnsafeMutablePointer<UInt8>?
    let status = XGetWindowProperty(
      window.display, window.window, property, 0, 1 << 20, 0, Atom(0), &actualType, &actualFormat,
      &count, &remaining, &data)
    XCTAssertEqual(status, Success)
    guard let data else { return [] }
    defer { XFree(data) }
    return Array(
      UnsafeBufferPointer(
        start: UnsafeRawPointer(data).assumingMemoryBound(to: Element.self), count: Int(count)))
  }
}

extension X11Window {
  /// Sends `canvas` as a whole frame through the strip (`drawAndSend`), as tests show one.
  func show(_ canvas: CairoCanvas) -> Bool? {
    let rows = Self.stripRows(frameWidth: canvas.pixelWidth, frameHeight: canvas.pixelHeight)
    let bands = stride(from: 0, to: canvas.pixelHeight, by: rows).map {
      PixelRect(x: 0, y: $0, width: canvas.pixelWidth, height: min(rows, canvas.pixelHeight - $0))
    }
    return drawAndSend(bands, frameWidth: canvas.pixelWidth, frameHeight: canvas.pixelHeight, scale: canvas.scale) {
      strip, _ in
      strip.copyPixels(of: canvas, toPixelX: 0, y: 0)
      return true
    }
  }
}
