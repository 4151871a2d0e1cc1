import Foundation
import TouchLabTestSupport
import XCTest

@testable import TouchLabCanvas
@testable import TouchLabEncoding
@testable import TouchLabRender

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// `SVGCanvas`: SVG written by TouchLab itself through the `Canvas` protocol — shapes, clips,
/// groups, images and `<text>` — the same bytes every time, looking like the PNG the same
/// drawing gives, and no Cairo SVG surface anywhere in the program.
final class SVGCanvasTests: XCTestCase {
  /// Every kind of call: shapes filled and stroked (dashed, round), a clip, a rotated group
  /// faded as one, pixels copied in, and text in a bold weight and a colour.
  private func drawSample(on canvas: Canvas) throws {
    canvas.clear(to: .white)
    canvas.fill(CanvasRect(x: 10, y: 10, width: 60, height: 30), color: CanvasColor(red: 1, green: 0, blue: 0))
    canvas.strokeRoundedRect(
      CanvasRect(x: 80, y: 10, width: 60, height: 30), cornerRadius: 8, color: .black,
      style: .dashed(2, on: 4, off: 2))
    canvas.fillCircle(center: CanvasPoint(x: 30, y: 70), radius: 15, color: CanvasColor(red: 0, green: 0.5, blue: 1))
    canvas.strokeArc(
      center: CanvasPoint(x: 70, y: 70), radius: 12, startAngle: -Double.pi / 2, endAngle: Double.pi, color: .black,
      style: .rounded(3))
    canvas.strokePolyline(
      [CanvasPoint(x: 95, y: 60), CanvasPoint(x: 110, y: 80), CanvasPoint(x: 125, y: 60)], color: .black,
      style: .solid(2))
    canvas.withSavedState {
      canvas.clip(to: CanvasRect(x: 10, y: 95, width: 40, height: 20))
      canvas.fillPolygon(
        [CanvasPoint(x: 0, y: 90), CanvasPoint(x: 80, y: 90), CanvasPoint(x: 40, y: 130)], color: .black)
    }
    canvas.withSavedState {
      canvas.translate(x: 110, y: 105)
      canvas.rotate(radians: 0.3)
      canvas.withAlpha(0.5) {
        canvas.fill(CanvasRect(x: -15, y: -10, width: 30, height: 20), color: CanvasColor(red: 0, green: 0.6, blue: 0))
        canvas.fill(CanvasRect(x: -5, y: -5, width: 30, height: 20), color: CanvasColor(red: 0, green: 0.6, blue: 0))
      }
    }
    let pixels = try CairoCanvas(pixelWidth: 8, pixelHeight: 8, scale: 1)
    pixels.clear(to: CanvasColor(red: 1, green: 0.8, blue: 0))
    canvas.copyPixels(of: pixels, toPixelX: 300, y: 250)
    canvas.draw(
      "Touch 1", in: CanvasRect(x: 10, y: 130, width: 140, height: 24),
      style: TextStyle(fontSize: 16, weight: .bold, color: CanvasColor(red: 0.6, green: 0.2, blue: 0.8)))
  }

  func testShapesClipsGroupsImagesAndTextAreElementsOfTheirOwn() throws {
    let canvas = try SVGCanvas(size: CanvasSize(width: 160, height: 160), scale: 2)
    try drawSample(on: canvas)
    let data = canvas.data()
    // Read without its default namespace, so that XPath and attributes name SVG's elements plainly.
    let plain = String(decoding: data, as: UTF8.self).replacingOccurrences(
      of: " xmlns=\"http://www.w3.org/2000/svg\"", with: "")
    let document = try XMLDocument(xmlString: plain, options: [])
    let root = try XCTUnwrap(document.rootElement())
    XCTAssertEqual(root.name, "svg")
    XCTAssertEqual(root.attribute(forName: "viewBox")?.stringValue, "0 0 320 320")
    XCTAssertEqual(root.attribute(forName: "width")?.stringValue, "320px")
    func elements(_ path: String) throws -> [XMLElement] {
      try root.nodes(forXPath: path).compactMap { $0 as? XMLElement }
    }
    // Eight shapes and the clear, each a path under the transform it was drawn with.
    let paths = try elements("//path[not(ancestor::clipPath)]")
    XCTAssertEqual(paths.count, 9)
    XCTAssertTrue(paths.contains { $0.attribute(forName: "stroke-dasharray")?.stringValue == "4 2" })
    XCTAssertTrue(paths.contains { $0.attribute(forName: "stroke-linecap")?.stringValue == "round" })
    XCTAssertTrue(paths.contains { $0.attribute(forName: "fill")?.stringValue == "rgb(255,0,0)" })
    // The clip: a clipPath and the group using it, holding the polygon.
    let clipped = try elements("//g[@clip-path]")
    XCTAssertEqual(clipped.count, 1)
    XCTAssertEqual(clipped.first?.children?.count, 1)
    XCTAssertEqual(try elements("//clipPath").count, 1)
    // The layer: one group at half opacity holding both rectangles, turned by their transform.
    let layer = try XCTUnwrap(try elements("//g[@opacity]").first)
    XCTAssertEqual(layer.attribute(forName: "opacity")?.stringValue, "0.5")
    XCTAssertEqual(layer.children?.count, 2)
    XCTAssertTrue(
      layer.children?.allSatisfy {
        ($0 as? XMLElement)?.attribute(forName: "transform")?.stringValue?.hasPrefix("matrix(1.91067 0.59104 ") == true
      } == true, layer.xmlString)
    // The pixels: an embedded PNG where they were copied.
    let image = try XCTUnwrap(try elements("//image").first)
    XCTAssertEqual(image.attribute(forName: "x")?.stringValue, "300")
    XCTAssertEqual(image.attribute(forName: "width")?.stringValue, "8")
    XCTAssertTrue(image.xmlString.contains("data:image/png;base64,iVBORw0KGgo"), image.xmlString)
    // The text: text, in its font, size (document pixels), weight and colour.
    let text = try XCTUnwrap(try elements("//text").first)
    XCTAssertEqual(text.stringValue, "Touch 1")
    XCTAssertEqual(text.attribute(forName: "font-family")?.stringValue, "'DejaVu Sans', sans-serif")
    XCTAssertEqual(text.attribute(forName: "font-size")?.stringValue, "32")
    XCTAssertEqual(text.attribute(forName: "font-weight")?.stringValue, "700")
    XCTAssertEqual(text.attribute(forName: "fill")?.stringValue, "rgb(153,51,204)")
    // Drawn again, the same bytes.
    let again = try SVGCanvas(size: CanvasSize(width: 160, height: 160), scale: 2)
    try drawSample(on: again)
    XCTAssertEqual(again.data(), data)
  }

  func testRasterizedItLooksLikeThePNG() throws {
    let tool = "/usr/bin/rsvg-convert"
    guard FileManager.default.isExecutableFile(atPath: tool) else {
      throw XCTSkip("rsvg-convert is not installed (bash .ci/setup installs librsvg2-bin)")
    }
    let svg = try SVGCanvas(size: CanvasSize(width: 160, height: 160), scale: 2)
    try drawSample(on: svg)
    let png = try CairoCanvas(size: CanvasSize(width: 160, height: 160), scale: 2)
    try drawSample(on: png)
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("svg-canvas-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try svg.data().write(to: folder.appendingPathComponent("sample.svg"))
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tool)
    process.arguments = [
      folder.appendingPathComponent("sample.svg").path, "-o", folder.appendingPathComponent("r.png").path,
    ]
    try process.run()
    process.waitUntilExit()
    XCTAssertEqual(process.terminationStatus, 0)
    let raster = try PNGImage(contentsOf: folder.appendingPathComponent("r.png"))
    if let keep = ProcessInfo.processInfo.environment["TOUCHLAB_KEEP_SHOTS"] {
      try? raster.pngData().write(to: URL(fileURLWithPath: keep).appendingPathComponent("svg-canvas-rsvg.png"))
      try? png.pngData().write(to: URL(fileURLWithPath: keep).appendingPathComponent("svg-canvas-cairo.png"))
    }
    // The tolerance of SVGTextTests: edges (of glyphs and curves) may differ by antialiasing.
    let comparison = PNGComparison(actual: raster, expected: png.makeImage(), tolerance: 96)
    XCTAssertTrue(comparison.sizesMatch)
    XCTAssertLessThan(Double(comparison.mismatchedPixelCount), 0.005 * 320 * 320, comparison.summary)
    // The copied pixels and the faded group are where the PNG has them.
    XCTAssertEqual(raster[302, 252], png.makeImage()[302, 252])
  }

  func testARegionDrawsInsideItsRectangleOnly() throws {
    let canvas = try SVGCanvas(size: CanvasSize(width: 100, height: 50), scale: 1)
    canvas.clear(to: .black)
    let right = try canvas.region(CanvasRect(x: 50, y: 0, width: 50, height: 50))
    XCTAssertEqual(right.size, CanvasSize(width: 50, height: 50))
    right.clear(to: .white)
    right.fill(CanvasRect(x: -40, y: 10, width: 60, height: 10), color: CanvasColor(red: 1, green: 0, blue: 0))
    XCTAssertEqual(right.currentTransform, CanvasTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0))
    XCTAssertThrowsError(try canvas.region(CanvasRect(x: 60, y: 0, width: 50, height: 50)))
    // A size that is no number is refused, not a trap (it reached `Int(...)` unclamped).
    XCTAssertThrowsError(try canvas.region(CanvasRect(x: 0, y: 0, width: .nan, height: .infinity)))
    XCTAssertThrowsError(try SVGCanvas(size: CanvasSize(width: .nan, height: .infinity)))
    XCTAssertEqual(
      SVGCanvas.color(CanvasColor(red: .nan, green: 2, blue: -1)),
      SVGCanvas.color(CanvasColor(red: 0, green: 1, blue: 0)))
    let text = String(decoding: canvas.data(), as: UTF8.self)
    // The region's drawing is inside the group clipping to it, at its corner.
    XCTAssertTrue(
      text.contains(
        "<clipPath id=\"clip1\"><path transform=\"matrix(1 0 0 1 50 0)\" d=\"M 0 0 H 50 V 50 H 0 Z\"/></clipPath>\n"
          + "<g clip-path=\"url(#clip1)\">\n"
          + "<path transform=\"matrix(1 0 0 1 50 0)\" fill=\"rgb(255,255,255)\" d=\"M 0 0 H 50 V 50 H 0 Z\"/>\n"
          + "<path transform=\"matrix(1 0 0 1 50 0)\" fill=\"rgb(255,0,0)\" d=\"M -40 10 H 20 V 20 H -40 Z\"/>\n"
          + "</g>\n</svg>\n"), text)
  }

  /// The program has no use of Cairo's SVG surface: the SVG it writes cannot depend on how a
  /// Cairo version writes one.
  func testTheProgramDoesNotUseCairosSVGSurface() throws {
    let program = try XCTUnwrap(TouchLabCommand.builtExecutable, "touchlab is built beside the tests")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/nm")
    process.arguments = ["-D", "--undefined-only", program.path]
    let out = Pipe()
    process.standardOutput = out
    try process.run()
    let symbols = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    XCTAssertEqual(process.terminationStatus, 0)
    XCTAssertTrue(symbols.contains("cairo_pdf_surface_create_for_stream"), "the symbols are Cairo's, as linked")
    XCTAssertFalse(symbols.contains("cairo_svg_"), "no Cairo SVG surface")
  }
}
