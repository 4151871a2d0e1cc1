import Foundation
import TouchLabSandbox
import TouchLabX11
import XCTest

/// The scale from Xft.dpi, the default layout's search, screenshot names.
final class SandboxSettingsTests: XCTestCase {
  func testTheScaleIsXftDpiOver96RoundedFromOneToThree() {
    XCTAssertEqual(DisplayScale.scale(forDPI: 96), 1)
    XCTAssertEqual(DisplayScale.scale(forDPI: 120), 1)
    XCTAssertEqual(DisplayScale.scale(forDPI: 144), 2)
    XCTAssertEqual(DisplayScale.scale(forDPI: 192), 2)
    XCTAssertEqual(DisplayScale.scale(forDPI: 288), 3)
    XCTAssertEqual(DisplayScale.scale(forDPI: 600), 3)
    XCTAssertEqual(DisplayScale.scale(forDPI: 30), 1)
    for broken in [nil, 0, -96, Double.nan, Double.infinity] {
      XCTAssertEqual(DisplayScale.scale(forDPI: broken), 1)
    }
  }

  func testXftDpiIsReadFromTheResourceManagerText() {
    let text = "*customization:\t-color\nXft.antialias:\t1\nXft.dpi:\t192\nXft.hinting:\t1\n"
    XCTAssertEqual(X11Resources.value(of: "Xft.dpi", in: text), "192")
    XCTAssertEqual(DisplayScale.scale(resources: text), 2)
    XCTAssertEqual(DisplayScale.scale(resources: "Xft.dpi: 96\nXft.dpi: 288\n"), 3, "the last one wins")
    XCTAssertEqual(DisplayScale.scale(resources: "*dpi: 192\nXft.dpix: 192\n"), 1, "only the exact name")
    XCTAssertEqual(DisplayScale.scale(resources: "Xft.dpi: lots\n"), 1)
    XCTAssertEqual(DisplayScale.scale(resources: nil), 1)
  }

  func testTheDefaultLayoutIsFoundAboveTheExecutableOrTheCurrentFolder() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("touchlab-default-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    let build = root.appendingPathComponent(".build/debug")
    try FileManager.default.createDirectory(at: build, withIntermediateDirectories: true)
    let elsewhere = FileManager.default.temporaryDirectory.path

    XCTAssertNil(
      LayoutFiles.findDefaultLayout(
        executablePath: build.appendingPathComponent("touchlab").path, currentDirectory: "/"))
    try FileManager.default.createDirectory(
      at: root.appendingPathComponent("Layouts"), withIntermediateDirectories: true)
    let playground = root.appendingPathComponent("Layouts/playground.yaml")
    try "controller: {view: {}}\n".write(to: playground, atomically: true, encoding: .utf8)
    XCTAssertEqual(
      LayoutFiles.findDefaultLayout(
        executablePath: build.appendingPathComponent("touchlab").path, currentDirectory: elsewhere),
      playground.standardizedFileURL.path)
    XCTAssertEqual(
      LayoutFiles.findDefaultLayout(executablePath: "/usr/bin/touchlab", currentDirectory: build.path),
      playground.standardizedFileURL.path)
    XCTAssertTrue(LayoutFiles.defaultLayoutMissingMessage.contains("touchlab open FILE.yaml"))
  }

  func testScreenshotsAreNamedAfterTheLayoutAndTheTime() {
    let folder = URL(fileURLWithPath: "/pictures")
    let date = Date(timeIntervalSince1970: 0)
    let formatter = DateFormatter()
    formatter.dateFormat = "yyyyMMdd-HHmmss"
    let stamp = formatter.string(from: date)
    var taken: Set<String> = []
    let first = Screenshots.url(forLayout: "Layouts/seed 003.yaml", in: folder, date: date) { taken.contains($0) }
    XCTAssertEqual(first.path, "/pictures/touchlab-seed-003-\(stamp).png")
    taken.insert(first.path)
    let second = Screenshots.url(forLayout: "Layouts/seed 003.yaml", in: folder, date: date) { taken.contains($0) }
    XCTAssertEqual(second.path, "/pictures/touchlab-seed-003-\(stamp)-2.png")
  }
}
