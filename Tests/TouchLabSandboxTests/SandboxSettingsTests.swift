import Foundation
import TouchLabSandbox
import TouchLabX11
import XCTest

/// The scale from Xft.dpi, the default layout's search, screenshot names.
final class SandboxSettingsTests: XCTestCase {
  func testTheScaleIsXftDpiOver96ToTheNearestQuarterFromOneToThree() {
    XCTAssertEqual(DisplayScale.scale(forDPI: 96), 1)
    XCTAssertEqual(DisplayScale.scale(forDPI: 120), 1.25)
    XCTAssertEqual(DisplayScale.scale(forDPI: 144), 1.5)
    XCTAssertEqual(DisplayScale.scale(forDPI: 168), 1.75)
    XCTAssertEqual(DisplayScale.scale(forDPI: 192), 2)
    XCTAssertEqual(DisplayScale.scale(forDPI: 288), 3)
    XCTAssertEqual(DisplayScale.scale(forDPI: 600), 3)
    XCTAssertEqual(DisplayScale.scale(forDPI: 30), 1)
    for broken in [nil, 0, -96, Double.nan, Double.infinity] {
      XCTAssertEqual(DisplayScale.scale(forDPI: broken), 1)
    }
  }

  func testAnAskedScaleMadeSmallerIsSaidOnlyWhenItWas() {
    let frame = (width: 770.0, height: 912.0)  // a 390 × 844 phone, the panel and the strip
    let monitor = (width: 1920, height: 1200)
    let fitted = DisplayScale.fitting(2, frame: frame, monitor: monitor)
    XCTAssertEqual(fitted, 1.15, accuracy: 1e-9, "1200 × 0.9 / 912 = 1.184")
    XCTAssertEqual(
      DisplayScale.scaledDownNote(asked: 2, fitted: fitted, frame: frame, monitor: monitor),
      "touchlab: note: --scale 2 would make a 1540×1824-pixel window, more than fits on the 1920×1200 monitor; "
        + "the window opens at scale 1.15 (made smaller again, the window draws smaller still)")
    XCTAssertNil(DisplayScale.scaledDownNote(asked: 1, fitted: 1, frame: frame, monitor: monitor))
  }

  func testTheDefaultScaleShrinksToFitTheMonitor() {
    // The 375 × 812 scene with its 380-point panel at 2 on a 1920 × 1200 monitor: 1624 pixels
    // high is too tall; 1200 × 0.9 / 812 = 1.33, stepped down to 1.3.
    let frame = (width: 755.0, height: 812.0)
    XCTAssertEqual(DisplayScale.fitting(2, frame: frame, monitor: (1920, 1200)), 1.3, accuracy: 1e-9)
    XCTAssertEqual(DisplayScale.fitting(1, frame: frame, monitor: (1920, 1200)), 1, "fits: kept")
    XCTAssertEqual(DisplayScale.fitting(2, frame: frame, monitor: (3840, 2160)), 2, "fits: kept")
    XCTAssertEqual(DisplayScale.fitting(2, frame: frame, monitor: (320, 240)), 0.5, "never below 0.5")
    XCTAssertEqual(DisplayScale.fitting(2, frame: frame, monitor: nil), 2, "no monitor known")
  }

  func testScaleFlagIsAPlainDecimalFromHalfToThree() {
    XCTAssertEqual(DisplayScale.parse("1.5"), 1.5)
    XCTAssertEqual(DisplayScale.parse("3"), 3)
    XCTAssertEqual(DisplayScale.parse("0.5"), 0.5)
    XCTAssertEqual(DisplayScale.parse("2."), 2)
    XCTAssertEqual(DisplayScale.parse(".75"), 0.75)
    for bad in ["0x3", "0.4", "4", "1e0", "", "-1", "nan", "inf", "1.2.3", " 2", "٢", ".", "1.5\n", "+1"] {
      XCTAssertNil(DisplayScale.parse(bad), bad)
    }
    XCTAssertEqual(DisplayScale.describe(2), "2")
    XCTAssertEqual(DisplayScale.describe(1.25), "1.25")
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

  func testAnInstalledProgramOpensItsInstalledPlayground() throws {
    let prefix = FileManager.default.temporaryDirectory.appendingPathComponent("touchlab-prefix-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: prefix) }
    let share = prefix.appendingPathComponent("share/touchlab")
    try FileManager.default.createDirectory(
      at: share.appendingPathComponent("Assets"), withIntermediateDirectories: true)
    try FileManager.default.createDirectory(
      at: share.appendingPathComponent("Layouts"), withIntermediateDirectories: true)
    try Data().write(to: share.appendingPathComponent("Assets/fonts.conf"))
    let playground = share.appendingPathComponent("Layouts/playground.yaml")
    try "controller: {view: {}}\n".write(to: playground, atomically: true, encoding: .utf8)
    XCTAssertEqual(
      LayoutFiles.findDefaultLayout(
        executablePath: prefix.appendingPathComponent("bin/touchlab").path, currentDirectory: "/"),
      playground.standardizedFileURL.path)
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
