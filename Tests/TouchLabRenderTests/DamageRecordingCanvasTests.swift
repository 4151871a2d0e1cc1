import XCTest

@testable import TouchLabCanvas
@testable import TouchLabRender

/// The damage recorder as a canvas wrapper (`DamageRecordingCanvas`): it notes calls, draws
/// nothing, forwards the state to the canvas it wraps, and keys what decides the pixels.
final class DamageRecordingCanvasTests: XCTestCase {
  private let red = CanvasColor(red: 1, green: 0, blue: 0)

  private func recorder(scale: Double = 2) throws -> DamageRecordingCanvas {
    DamageRecordingCanvas(wrapping: try DamageRecordingCanvas.makeBase(pixelWidth: 200, pixelHeight: 100, scale: scale))
  }

  func testNotesWhereACallReachesUnderTheWrappedCanvasTransformAndDrawsNothing() throws {
    let canvas = try recorder()
    canvas.translate(x: 10, y: 5)
    canvas.fill(CanvasRect(x: 0, y: 0, width: 20, height: 10), color: red)
    // (10, 5)–(30, 15) points at scale 2, with a pixel more for antialiasing.
    XCTAssertEqual(canvas.items.map(\.rect), [DamageRect(x: 19, y: 9, width: 42, height: 22)])
    XCTAssertEqual(canvas.items.first?.isBox, true)
    XCTAssertEqual(canvas.currentTransform, canvas.base.currentTransform)
    XCTAssertEqual(canvas.base.pixel(x: 0, y: 0).alpha, 0, "the wrapped canvas's single pixel stays clear")
  }

  func testAClipsShapeJoinsTheKeyAndItsExtentsCutTheItems() throws {
    let rect = CanvasRect(x: 0, y: 0, width: 40, height: 40)
    func noted(_ clip: (DamageRecordingCanvas) -> Void) throws -> DrawingItem {
      let canvas = try recorder()
      canvas.withSavedState {
        clip(canvas)
        canvas.fillCircle(center: CanvasPoint(x: 20, y: 20), radius: 30, color: red)
      }
      XCTAssertEqual(canvas.clipKey, 0, "restore() brings the clip back")
      return try XCTUnwrap(canvas.items.first)
    }
    let square = try noted { $0.clip(to: rect) }
    let rounded = try noted { $0.clip(toRoundedRect: rect, cornerRadius: 8) }
    XCTAssertEqual(square.rect, DamageRect(x: 0, y: 0, width: 80, height: 80))
    XCTAssertEqual(rounded.rect, square.rect)
    XCTAssertNotEqual(square.key, rounded.key, "a rounded clip draws other pixels than a square one")
  }

  /// An upright mitred stroke is drawn as rectangles, which a clip cuts exactly only when
  /// their edges are whole pixels: a 2-point stroke along y = 572 at scale 2 or 3, not at
  /// 1.25 (its edges at 713.75 and 716.25 pixels).
  func testAnUprightStrokeCutsExactlyOnlyWithWholePixelEdges() throws {
    func noted(scale: Double, width: Double, y: Double = 40, join: CanvasStrokeStyle = .solid(2)) throws -> Bool {
      let canvas = try recorder(scale: scale)
      var style = join
      style.width = width
      canvas.strokePolyline(
        [CanvasPoint(x: 0, y: y), CanvasPoint(x: 60, y: y), CanvasPoint(x: 60, y: y + 20)], color: red, style: style)
      return try XCTUnwrap(canvas.items.first).cutsExactly
    }
    XCTAssertTrue(try noted(scale: 2, width: 2))
    XCTAssertTrue(try noted(scale: 3, width: 2))
    XCTAssertTrue(try noted(scale: 1, width: 4))
    XCTAssertFalse(try noted(scale: 1.25, width: 2), "edges at 48.75 and 51.25 pixels")
    XCTAssertFalse(try noted(scale: 1, width: 3), "edges at 38.5 and 41.5 pixels")
    XCTAssertFalse(try noted(scale: 2, width: 2, y: 40.3), "the line between pixels")
    XCTAssertFalse(try noted(scale: 2, width: 2, join: .rounded(2)), "round joins are curves")
  }

  func testLayersAlphasJoinTheKeyAndMakeAFillNoLongerABox() throws {
    let canvas = try recorder()
    let rect = CanvasRect(x: 0, y: 0, width: 10, height: 10)
    canvas.fill(rect, color: red)
    canvas.withAlpha(0.5) { canvas.fill(rect, color: red) }
    canvas.fill(rect, color: red)
    XCTAssertEqual(canvas.items.count, 3)
    XCTAssertNotEqual(canvas.items[0].key, canvas.items[1].key)
    XCTAssertEqual(canvas.items[0].key, canvas.items[2].key)
    XCTAssertEqual(canvas.items.map(\.isBox), [true, false, true])
  }

  func testCopiedPixelsAreChangedInEveryFrame() throws {
    let pixels = try CairoCanvas(pixelWidth: 4, pixelHeight: 4)
    let first = try recorder()
    let second = try recorder()
    first.copyPixels(of: pixels, toPixelX: 8, y: 8)
    second.copyPixels(of: pixels, toPixelX: 8, y: 8)
    XCTAssertEqual(first.items.map(\.rect), [DamageRect(x: 8, y: 8, width: 4, height: 4)])
    XCTAssertNotEqual(first.items.first?.key, second.items.first?.key)
  }
}
