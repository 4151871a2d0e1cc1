import Foundation
import TouchLabCanvas
import TouchLabRender
import XCTest

final class ThemeTests: XCTestCase {
  func testHexColours() {
    XCTAssertEqual(CanvasColor(hex: "#FF0000"), CanvasColor(red: 1, green: 0, blue: 0))
    XCTAssertEqual(CanvasColor(hex: "00ff0080")?.alpha ?? 0, 128.0 / 255, accuracy: 1e-9)
    XCTAssertNil(CanvasColor(hex: "#FFF"))
    XCTAssertNil(CanvasColor(hex: "#GGGGGG"))
    XCTAssertEqual(CanvasColor(hex: "#0A84FFCC")?.hexString, "#0A84FFCC")
  }

  func testShippedThemeFileLoadsAndMatchesTheBuiltInTheme() throws {
    let url = try XCTUnwrap(AssetLocator.url(forAsset: "theme.json"))
    let theme = try Theme(contentsOf: url)
    // Equal so a run without the Assets folder looks the same.
    XCTAssertEqual(theme, Theme.standard)
    XCTAssertEqual(try Theme.loadDefault(), Theme.standard)
  }

  func testMissingKeysKeepDefaults() throws {
    let url = try write(##"{"overlay": {"touchRadius": 30, "touchColors": ["#112233"]}}"##)
    let theme = try Theme(contentsOf: url)
    XCTAssertEqual(theme.overlay.touchRadius, 30)
    XCTAssertEqual(theme.overlay.touchColor(at: 5), CanvasColor(hex: "#112233"))
    XCTAssertEqual(theme.colors, Theme.standard.colors)
    XCTAssertEqual(theme.overlay.trailWidth, Theme.standard.overlay.trailWidth)
  }

  func testUnknownKeyIsAnError() throws {
    let url = try write(#"{"overlay": {"touchRadus": 30}}"#)
    XCTAssertThrowsError(try Theme(contentsOf: url)) { error in
      XCTAssertEqual(error as? ThemeError, .unknownKey(path: url.path, key: "overlay.touchRadus"))
    }
  }

  func testBadColourNamesTheKey() throws {
    let url = try write(#"{"colors": {"text": "blue"}}"#)
    XCTAssertThrowsError(try Theme(contentsOf: url)) { error in
      let message = "\(error)"
      XCTAssertTrue(message.contains("colors.text"), message)
      XCTAssertTrue(message.contains("\"blue\""), message)
    }
  }

  func testMissingFileIsAnError() {
    XCTAssertThrowsError(try Theme(contentsOf: URL(fileURLWithPath: "/nonexistent/theme.json"))) {
      error in
      guard case .unreadable = error as? ThemeError else { return XCTFail("got \(error)") }
    }
  }

  func testEncodingRoundTrips() throws {
    var theme = Theme.standard
    theme.overlay.hitTestDash = [2, 2]
    theme.metrics.fontSize = 15
    let data = try JSONEncoder().encode(theme)
    XCTAssertEqual(try JSONDecoder().decode(Theme.self, from: data), theme)
  }

  func testTouchColoursCycle() {
    let overlay = ThemeOverlay()
    XCTAssertEqual(overlay.touchColor(at: 0), overlay.touchColors[0])
    XCTAssertEqual(overlay.touchColor(at: overlay.touchColors.count), overlay.touchColors[0])
    XCTAssertEqual(overlay.touchColor(at: -1), overlay.touchColors.last)
  }

  /// A touch's colour never reads as an outcome: each is far (in RGB) from every outcome
  /// colour of the cards, and the touches are told apart from each other too.
  func testTouchColoursAreNotOutcomeColours() {
    let overlay = ThemeOverlay()
    let outcomes = [
      overlay.gesturePossible, overlay.gestureBegan, overlay.gestureChanged, overlay.gestureRecognized,
      overlay.gestureFailed, overlay.gestureCancelled, overlay.gestureHeld,
    ]
    func distance(_ a: CanvasColor, _ b: CanvasColor) -> Double {
      let (dr, dg, db) = (a.red - b.red, a.green - b.green, a.blue - b.blue)
      return (dr * dr + dg * dg + db * db).squareRoot() * 255
    }
    for (index, touch) in overlay.touchColors.enumerated() {
      for outcome in outcomes {
        XCTAssertGreaterThan(
          distance(touch, outcome), 90, "touch colour \(index) \(touch.hexString) ~ \(outcome.hexString)")
      }
      for other in overlay.touchColors[(index + 1)...] {
        XCTAssertGreaterThan(distance(touch, other), 90, "\(touch.hexString) ~ \(other.hexString)")
      }
    }
  }

  func write(_ json: String) throws -> URL {
    let url = try makeTemporaryFolder().appendingPathComponent("theme.json")
    try Data(json.utf8).write(to: url)
    return url
  }
}

final class AssetLocatorTests: XCTestCase {
  func testEnvironmentVariableWins() {
    let found = AssetLocator.assetsFolder(
      environment: ["TOUCHLAB_ASSETS": "/opt/touchlab/Assets"], executablePath: nil,
      currentDirectory: "/")
    XCTAssertEqual(found?.path, "/opt/touchlab/Assets")
  }

  func testWalksUpFromTheExecutableThenTheCurrentDirectory() throws {
    let root = try makeTemporaryFolder()
    let assets = root.appendingPathComponent("checkout/Assets", isDirectory: true)
    try FileManager.default.createDirectory(at: assets, withIntermediateDirectories: true)
    try Data().write(to: assets.appendingPathComponent("fonts.conf"))
    let binary = root.appendingPathComponent("checkout/.build/debug/touchlab").path
    let elsewhere = root.appendingPathComponent("elsewhere", isDirectory: true)
    try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)

    let fromExecutable = AssetLocator.assetsFolder(
      environment: [:], executablePath: binary, currentDirectory: elsewhere.path)
    XCTAssertEqual(fromExecutable?.resolvingSymlinksInPath(), assets.resolvingSymlinksInPath())

    let fromDirectory = AssetLocator.assetsFolder(
      environment: [:], executablePath: elsewhere.appendingPathComponent("touchlab").path,
      currentDirectory: root.appendingPathComponent("checkout/Layouts").path)
    XCTAssertEqual(fromDirectory?.resolvingSymlinksInPath(), assets.resolvingSymlinksInPath())

    XCTAssertNil(
      AssetLocator.assetsFolder(
        environment: [:], executablePath: elsewhere.appendingPathComponent("touchlab").path,
        currentDirectory: elsewhere.path))
  }

  /// `make install PREFIX=P`: P/bin/touchlab finds P/share/touchlab/Assets from any folder,
  /// before any checkout round the current folder.
  func testAnInstalledProgramFindsItsShareFolder() throws {
    let root = try makeTemporaryFolder()
    let share = root.appendingPathComponent("prefix/share/touchlab", isDirectory: true)
    let assets = share.appendingPathComponent("Assets", isDirectory: true)
    try FileManager.default.createDirectory(at: assets, withIntermediateDirectories: true)
    let program = root.appendingPathComponent("prefix/bin/touchlab").path
    XCTAssertNil(AssetLocator.installedShareFolder(executablePath: program), "no Assets/fonts.conf yet")
    try Data().write(to: assets.appendingPathComponent("fonts.conf"))
    let checkout = root.appendingPathComponent("checkout/Assets", isDirectory: true)
    try FileManager.default.createDirectory(at: checkout, withIntermediateDirectories: true)
    try Data().write(to: checkout.appendingPathComponent("fonts.conf"))
    XCTAssertEqual(
      AssetLocator.installedShareFolder(executablePath: program)?.resolvingSymlinksInPath(),
      share.resolvingSymlinksInPath())
    let found = AssetLocator.assetsFolder(
      environment: [:], executablePath: program, currentDirectory: root.appendingPathComponent("checkout").path)
    XCTAssertEqual(found?.resolvingSymlinksInPath(), assets.resolvingSymlinksInPath())
    XCTAssertEqual(
      AssetLocator.assetsFolder(environment: [:], executablePath: program, currentDirectory: "/")?
        .resolvingSymlinksInPath(), assets.resolvingSymlinksInPath())
  }
}
