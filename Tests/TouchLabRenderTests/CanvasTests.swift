import Foundation
import TouchLabCanvas
import TouchLabEncoding
import TouchLabRender
import XCTest

final class CanvasTests: XCTestCase {
  let red = CanvasColor(red: 1, green: 0, blue: 0)
  let blue = CanvasColor(red: 0, green: 0, blue: 1)

  func testPixelSizeFollowsScale() throws {
    let canvas = try CairoCanvas(size: CanvasSize(width: 10.5, height: 4), scale: 2)
    XCTAssertEqual(canvas.pixelWidth, 21)
    XCTAssertEqual(canvas.pixelHeight, 8)
    XCTAssertEqual(canvas.size, CanvasSize(width: 10.5, height: 4))
    XCTAssertGreaterThanOrEqual(canvas.bytesPerRow, 21 * 4)
  }

  func testRejectsEmptySizeAndBadScale() {
    XCTAssertThrowsError(try CairoCanvas(pixelWidth: 0, pixelHeight: 10)) { error in
      XCTAssertEqual(error as? CanvasError, .invalidSize(width: 0, height: 10))
    }
    XCTAssertThrowsError(try CairoCanvas(pixelWidth: 10, pixelHeight: 10, scale: 0))
    XCTAssertThrowsError(try CairoCanvas(pixelWidth: 10, pixelHeight: 10, scale: .nan))
  }

  func testFillUsesPointsTimesScale() throws {
    let canvas = try CairoCanvas(pixelWidth: 20, pixelHeight: 20, scale: 2)
    canvas.clear(to: .white)
    canvas.fill(CanvasRect(x: 2, y: 3, width: 4, height: 5), color: red)
    // Points 2..6 × 3..8 are pixels 4..12 × 6..16.
    XCTAssertEqual(canvas.pixel(x: 4, y: 6), PNGPixel(red: 255, green: 0, blue: 0))
    XCTAssertEqual(canvas.pixel(x: 11, y: 15), PNGPixel(red: 255, green: 0, blue: 0))
    XCTAssertEqual(canvas.pixel(x: 3, y: 6), PNGPixel(red: 255, green: 255, blue: 255))
    XCTAssertEqual(canvas.pixel(x: 12, y: 15), PNGPixel(red: 255, green: 255, blue: 255))
    XCTAssertEqual(canvas.pixel(x: 4, y: 16), PNGPixel(red: 255, green: 255, blue: 255))
  }

  func testSaveRestoreAndTransforms() throws {
    let canvas = try CairoCanvas(pixelWidth: 40, pixelHeight: 40)
    canvas.clear(to: .white)
    canvas.withSavedState {
      canvas.translate(x: 10, y: 10)
      XCTAssertEqual(
        canvas.currentTransform, CanvasTransform(a: 1, b: 0, c: 0, d: 1, tx: 10, ty: 10))
      canvas.fill(CanvasRect(x: 0, y: 0, width: 2, height: 2), color: red)
    }
    XCTAssertEqual(canvas.currentTransform, .identity)
    // A transform like a view's: scale by 2 about the origin, then move.
    canvas.concatenate(CanvasTransform(a: 2, b: 0, c: 0, d: 2, tx: 20, ty: 0))
    canvas.fill(CanvasRect(x: 0, y: 0, width: 3, height: 3), color: blue)
    canvas.resetTransform()
    XCTAssertEqual(canvas.pixel(x: 10, y: 10).red, 255)
    XCTAssertEqual(canvas.pixel(x: 12, y: 12), PNGPixel(red: 255, green: 255, blue: 255))
    XCTAssertEqual(canvas.pixel(x: 25, y: 5), PNGPixel(red: 0, green: 0, blue: 255))
    XCTAssertEqual(canvas.pixel(x: 26, y: 6), PNGPixel(red: 255, green: 255, blue: 255))
  }

  func testCurrentTransformLeavesOutPixelScale() throws {
    let canvas = try CairoCanvas(pixelWidth: 10, pixelHeight: 10, scale: 3)
    XCTAssertEqual(canvas.currentTransform, .identity)
    canvas.scale(x: 2, y: 2)
    XCTAssertEqual(canvas.currentTransform, CanvasTransform(a: 2, b: 0, c: 0, d: 2, tx: 0, ty: 0))
  }

  func testClipToRectAndRoundedRect() throws {
    let canvas = try CairoCanvas(pixelWidth: 40, pixelHeight: 40)
    canvas.clear(to: .white)
    canvas.withSavedState {
      canvas.clip(to: CanvasRect(x: 10, y: 10, width: 10, height: 10))
      canvas.fill(canvas.bounds, color: red)
    }
    XCTAssertEqual(canvas.pixel(x: 15, y: 15).green, 0)
    XCTAssertEqual(canvas.pixel(x: 25, y: 15), PNGPixel(red: 255, green: 255, blue: 255))
    canvas.clear(to: .white)
    canvas.withSavedState {
      canvas.clip(toRoundedRect: CanvasRect(x: 0, y: 0, width: 40, height: 40), cornerRadius: 20)
      canvas.fill(canvas.bounds, color: red)
    }
    // The corner lies outside the circle the radius makes; the middle inside.
    XCTAssertEqual(canvas.pixel(x: 1, y: 1), PNGPixel(red: 255, green: 255, blue: 255))
    XCTAssertEqual(canvas.pixel(x: 20, y: 20), PNGPixel(red: 255, green: 0, blue: 0))
  }

  func testGroupAlphaFadesOverlapAsOne() throws {
    let canvas = try CairoCanvas(pixelWidth: 30, pixelHeight: 10)
    canvas.clear(to: .white)
    canvas.withAlpha(0.5) {
      canvas.fill(CanvasRect(x: 0, y: 0, width: 20, height: 10), color: blue)
      canvas.fill(CanvasRect(x: 10, y: 0, width: 20, height: 10), color: blue)
    }
    // Inside a layer the overlap is no darker than a single rectangle.
    XCTAssertEqual(canvas.pixel(x: 5, y: 5), canvas.pixel(x: 15, y: 5))
    XCTAssertEqual(canvas.pixel(x: 15, y: 5).blue, 255)
    XCTAssertEqual(Int(canvas.pixel(x: 15, y: 5).red), 127, accuracy: 1)
  }

  func testDashedStrokeLeavesGaps() throws {
    let canvas = try CairoCanvas(pixelWidth: 40, pixelHeight: 4)
    canvas.clear(to: .white)
    canvas.strokeLine(
      from: CanvasPoint(x: 0, y: 2), to: CanvasPoint(x: 40, y: 2), color: .black,
      style: .dashed(2, on: 5, off: 5))
    XCTAssertEqual(canvas.pixel(x: 2, y: 2), PNGPixel(red: 0, green: 0, blue: 0))
    XCTAssertEqual(canvas.pixel(x: 7, y: 2), PNGPixel(red: 255, green: 255, blue: 255))
    XCTAssertEqual(canvas.pixel(x: 12, y: 2), PNGPixel(red: 0, green: 0, blue: 0))
  }

  func testShapesMatchReference() throws {
    assertSnapshot(try drawShapes(scale: 2).makeImage(), named: "shapes@2x")
  }

  func testSameDrawingGivesSameBytes() throws {
    let first = try drawShapes(scale: 2).pngData()
    let second = try drawShapes(scale: 2).pngData()
    XCTAssertEqual(first, second)
    XCTAssertEqual(Array(first.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
  }

  func testPNGRoundTripKeepsPixels() throws {
    let canvas = try drawShapes(scale: 1)
    let folder = try makeTemporaryFolder()
    let url = folder.appendingPathComponent("round-trip.png")
    try canvas.writePNG(to: url)
    let decoded = try PNGImage(contentsOf: url)
    let comparison = PNGComparison(actual: decoded, expected: canvas.makeImage())
    XCTAssertTrue(comparison.matches, comparison.summary)
  }

  /// A small scene using every kind of shape: what the view layer will use.
  func drawShapes(scale: Double) throws -> CairoCanvas {
    let canvas = try CairoCanvas(size: CanvasSize(width: 160, height: 120), scale: scale)
    canvas.clear(to: CanvasColor(hex: "#F2F2F7")!)
    canvas.fill(
      CanvasRect(x: 10, y: 10, width: 40, height: 30), color: CanvasColor(hex: "#FF3B30")!)
    canvas.stroke(
      CanvasRect(x: 10.5, y: 50.5, width: 40, height: 30), color: CanvasColor(hex: "#1C1C1E")!,
      style: .solid(1))
    canvas.fillRoundedRect(
      CanvasRect(x: 60, y: 10, width: 50, height: 30), cornerRadius: 8,
      color: CanvasColor(hex: "#007AFF")!)
    canvas.strokeRoundedRect(
      CanvasRect(x: 60, y: 50, width: 50, height: 30), cornerRadius: 15,
      color: CanvasColor(hex: "#34C759")!, style: .dashed(2, on: 4, off: 3))
    canvas.fillCircle(
      center: CanvasPoint(x: 135, y: 25), radius: 15, color: CanvasColor(hex: "#FF9F0ACC")!)
    canvas.strokeCircle(
      center: CanvasPoint(x: 135, y: 65), radius: 15, color: CanvasColor(hex: "#BF5AF2")!,
      style: .solid(3))
    canvas.strokeLine(
      from: CanvasPoint(x: 10, y: 95), to: CanvasPoint(x: 150, y: 95), color: .black,
      style: .solid(0.5))
    canvas.strokePolyline(
      [
        CanvasPoint(x: 10, y: 110), CanvasPoint(x: 40, y: 100), CanvasPoint(x: 70, y: 112),
        CanvasPoint(x: 100, y: 102), CanvasPoint(x: 150, y: 110),
      ], color: CanvasColor(hex: "#FF2D55B3")!, style: .rounded(4))
    // A rotated, clipped, half-transparent group, like a transformed view
    // with clipsToBounds and alpha 0.5.
    canvas.withSavedState {
      canvas.concatenate(CanvasTransform(a: 0.966, b: 0.259, c: -0.259, d: 0.966, tx: 125, ty: 88))
      canvas.withAlpha(0.5) {
        canvas.clip(
          toRoundedRect: CanvasRect(x: -12, y: -8, width: 24, height: 16), cornerRadius: 4)
        canvas.fill(
          CanvasRect(x: -20, y: -20, width: 40, height: 40), color: CanvasColor(hex: "#5856D6")!)
        canvas.fill(
          CanvasRect(x: -20, y: -20, width: 20, height: 20), color: CanvasColor(hex: "#FFD60A")!)
      }
    }
    return canvas
  }
}

func makeTemporaryFolder() throws -> URL {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
    "touchlab-tests-\(UUID().uuidString)", isDirectory: true)
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  return folder
}

final class AppIconTests: XCTestCase {
  /// Assets/icon.png must be what `AppIcon.canvas()` draws; TOUCHLAB_RECORD=1
  /// rewrites it.
  func testIconAssetMatchesTheDrawing() throws {
    let icon = try AppIcon.canvas()
    XCTAssertEqual(icon.pixelWidth, 64)
    XCTAssertEqual(icon.pixel(x: 0, y: 0).alpha, 0, "corners are transparent")
    XCTAssertEqual(icon.pixel(x: 38, y: 28), PNGPixel(red: 255, green: 255, blue: 255))
    let url = try XCTUnwrap(AssetLocator.url(forAsset: "icon.png"))
    if ProcessInfo.processInfo.environment["TOUCHLAB_RECORD"] == "1" {
      try icon.writePNG(to: url)
    }
    let stored = try PNGImage(contentsOf: url)
    let comparison = PNGComparison(actual: icon.makeImage(), expected: stored)
    XCTAssertTrue(comparison.matches, comparison.summary)
  }
}
