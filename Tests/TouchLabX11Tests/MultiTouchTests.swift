import Foundation
import TouchLabCanvas
import TouchLabTestSupport
import TouchLabX11
import XCTest

/// Real XI2 multi-touch, end to end: a virtual touch screen in Xorg
/// (`InputTestServer`), the window's XI2 selection, and the converter.
/// Skipped unless Xorg with the dummy and inputtest drivers can run (root).
final class MultiTouchTests: XCTestCase {
  var server: InputTestServer!
  var window: X11Window!

  override func setUpWithError() throws {
    server = try InputTestServer()
    // Full screen, so screen and window coordinates agree (no window manager).
    window = try X11Window(
      title: "multi-touch", width: server.width, height: server.height,
      displayName: server.displayName)
    let canvas = try CairoCanvas(pixelWidth: server.width, pixelHeight: server.height)
    canvas.clear(to: .white)
    XCTAssertEqual(window.show(canvas), true)
    let mapped = collect(timeout: 10) { $0.contains(.expose) }
    XCTAssertTrue(mapped.contains(.expose), "the window was never exposed")
  }

  override func tearDown() {
    window?.close()
    window = nil
    server?.stop()
    server = nil
  }

  func collect(timeout: Double, until done: ([InputEvent]) -> Bool) -> [InputEvent] {
    PollLoop(source: window).collectEvents(timeout: timeout, until: done)
  }

  func touches(_ events: [InputEvent]) -> [X11TouchInput] {
    events.compactMap { event in
      if case .touch(let touch) = event { return touch }
      return nil
    }
  }

  func testTwoSimultaneousTouchesArriveWithDistinctIds() throws {
    try server.touchDown(id: 0, x: 100, y: 150)
    try server.touchDown(id: 1, x: 600, y: 400)
    try server.touchMove(id: 0, x: 120, y: 170)
    try server.touchMove(id: 1, x: 580, y: 380)
    try server.touchUp(id: 0)
    try server.touchUp(id: 1)
    try server.sync()
    window.synchronize()
    let events = collect(timeout: 10) { self.touches($0).filter { $0.phase == .ended }.count == 2 }
    let all = touches(events)

    let began = all.filter { $0.phase == .began }
    XCTAssertEqual(began.count, 2, "\(events)")
    guard began.count == 2 else { return }
    XCTAssertNotEqual(began[0].touchID, began[1].touchID)
    XCTAssertEqual(began[0].location.x, 100, accuracy: 1)
    XCTAssertEqual(began[0].location.y, 150, accuracy: 1)
    XCTAssertEqual(began[1].location.x, 600, accuracy: 1)
    XCTAssertEqual(began[1].location.y, 400, accuracy: 1)
    XCTAssertEqual(began[0].sourceID, began[1].sourceID, "both fingers are on the one touch screen")
    XCTAssertNotEqual(began[0].sourceID, began[0].deviceID, "the source is the slave touch screen")

    // Each finger's later events keep its id, and both end.
    let first = all.filter { $0.touchID == began[0].touchID }
    let second = all.filter { $0.touchID == began[1].touchID }
    XCTAssertEqual(first.map(\.phase), [.began, .moved, .ended])
    XCTAssertEqual(second.map(\.phase), [.began, .moved, .ended])
    XCTAssertEqual(first[1].location.x, 120, accuracy: 1)
    XCTAssertEqual(second[1].location.y, 380, accuracy: 1)

    // The server's pointer emulation of the first touch must not show up
    // as clicks: the window selected touch events, so none are sent.
    let pointer = events.filter { if case .pointer = $0 { return true } else { return false } }
    XCTAssertEqual(pointer, [], "\(pointer)")
  }

  /// Disabling the touch screen (what unplugging it looks like to clients), the X server
  /// ends its touches as though lifted, then reports the hierarchy change. The window drops
  /// those made-up ends (their device is no longer enabled) and reports the change.
  func testTheEndsOfADeviceBeingDisabledAreDroppedAndTheChangeReported() throws {
    try server.touchDown(id: 0, x: 100, y: 150)
    try server.touchDown(id: 1, x: 600, y: 400)
    try server.sync()
    let down = collect(timeout: 10) { self.touches($0).count == 2 }
    XCTAssertEqual(touches(down).map(\.phase), [.began, .began], "\(down)")
    try server.setDeviceEnabled(false)
    let events = collect(timeout: 10) { $0.contains(.deviceHierarchyChanged) }
    XCTAssertTrue(events.contains(.deviceHierarchyChanged), "\(events)")
    XCTAssertEqual(touches(events), [], "no made-up ends: \(events)")

    // Enabled again, its touches end as usual.
    try server.setDeviceEnabled(true)
    try server.touchDown(id: 0, x: 200, y: 200)
    try server.touchUp(id: 0)
    try server.sync()
    let tap = collect(timeout: 10) { self.touches($0).contains { $0.phase == .ended } }
    XCTAssertEqual(touches(tap).map(\.phase), [.began, .ended], "\(tap)")
  }
}
