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
    let touchlab = try TouchLabProcess(
      ["open", folder.appendingPathComponent("tall.yaml").path] + extra, display: server.displayName,
      folder: folder.appendingPathComponent("run"))
    defer { touchlab.stop() }
    let window = try XCTUnwrap(xdotool.waitForWindow(titled: "Tall scene"), "no window; stderr: \(touchlab.errors)")
    let geometry = try xdotool.run(["getwindowgeometry", "--shell", window])
    func value(_ name: String) -> Int? {
      geometry.split(separator: "\n").first { $0.hasPrefix(name + "=") }.flatMap { Int($0.dropFirst(name.count + 1)) }
    }
    return (try XCTUnwrap(value("WIDTH")), try XCTUnwrap(value("HEIGHT")))
  }

  func testTheDefaultScaleFitsTheWindowOnTheMonitor() throws {
    // 720 × 0.9 / 812 = 0.798 → 0.75: the 755 × 812 frame becomes 567 × 609.
    let size = try openedSize([])
    XCTAssertEqual(size.width, 567)
    XCTAssertEqual(size.height, 609)
  }

  func testAFractionalScaleIsHonoured() throws {
    let size = try openedSize(["--scale", "0.5"])
    XCTAssertEqual(size.width, 378)
    XCTAssertEqual(size.height, 406)
  }
}
