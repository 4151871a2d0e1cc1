import Foundation
import TouchLabTestSupport
import XCTest

/// The window's size on a small monitor: fractional `--scale`, and a default that fits.
final class WindowScaleEndToEndTests: WindowTestCase {
  override func setUpWithError() throws {
    // A 1280 × 720 monitor: the 375 × 812 phone scene does not fit at 1:1.
    try start(width: 1280, height: 720, folder: try emptyFolder("scale"))
    try "title: Tall scene\nwindow: {size: [375, 812]}\ncontroller: {view: {color: white}}\n".write(
      to: folder.appendingPathComponent("tall.yaml"), atomically: true, encoding: .utf8)
  }

  /// Opens tall.yaml with `extra` and returns its window's size in pixels.
  func openedSize(_ extra: [String]) throws -> (width: Int, height: Int) {
    try opened(extra).size
  }

  /// Opens tall.yaml with `extra`: its window's size in pixels and what it said on standard error.
  func opened(_ extra: [String]) throws -> (size: (width: Int, height: Int), errors: String) {
    let touchlab = try TouchLabProcess(
      ["open", folder.appendingPathComponent("tall.yaml").path] + extra, display: server.displayName,
      folder: folder.appendingPathComponent("run"))
    defer { touchlab.stop() }
    let window = try XCTUnwrap(
      xdotool.waitForWindow(titled: "Tall scene", of: touchlab), "no window; stderr: \(touchlab.errors)")
    let geometry = try xdotool.run(["getwindowgeometry", "--shell", window])
    func value(_ name: String) -> Int? {
      geometry.split(separator: "\n").first { $0.hasPrefix(name + "=") }.flatMap { Int($0.dropFirst(name.count + 1)) }
    }
    return ((try XCTUnwrap(value("WIDTH")), try XCTUnwrap(value("HEIGHT"))), touchlab.errors)
  }

  func testTheDefaultScaleFitsTheWindowOnTheMonitor() throws {
    // The frame: 755 × 880 (812 and the strip's 68, kept under the scene even while live).
    // 720 × 0.9 / 880 = 0.736 → 0.7: 529 × 616.
    let size = try openedSize([])
    XCTAssertEqual(size.width, 529)
    XCTAssertEqual(size.height, 616)
  }

  func testAFractionalScaleIsHonoured() throws {
    let (size, errors) = try opened(["--scale", "0.5"])
    XCTAssertEqual(size.width, 378)
    XCTAssertEqual(size.height, 440)
    XCTAssertFalse(errors.contains("note:"), errors)
  }

  func testAScaleTooBigForTheMonitorIsMadeToFitAndSaidSo() throws {
    // --scale 2 asks for 1510 × 1760 pixels on a 1280 × 720 monitor: it opens as the default does.
    let (size, errors) = try opened(["--scale", "2"])
    XCTAssertEqual(size.width, 529)
    XCTAssertEqual(size.height, 616)
    XCTAssertTrue(
      errors.contains(
        "touchlab: note: --scale 2 would make a 1510×1760-pixel window, more than fits on the 1280×720 monitor; "
          + "the window opens at scale 0.7"), errors)
  }
}
