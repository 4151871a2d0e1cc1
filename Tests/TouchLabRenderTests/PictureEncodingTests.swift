import Foundation
import TouchLabCanvas
import TouchLabEncoding
import TouchLabRender
import XCTest

/// The encoders behind `shot`, `record` and `compare`: PNG through libpng, vector canvases,
/// regions of a canvas and the GIF encoder's own checks.
final class PictureEncodingTests: XCTestCase {
  private func drawnCanvas(background: CanvasColor) throws -> CairoCanvas {
    let canvas = try CairoCanvas(pixelWidth: 60, pixelHeight: 40, scale: 2)
    canvas.clear(to: background)
    canvas.fillCircle(center: CanvasPoint(x: 10, y: 10), radius: 7, color: CanvasColor(red: 1, green: 0.2, blue: 0.1))
    canvas.strokeLine(
      from: CanvasPoint(x: 0, y: 19), to: CanvasPoint(x: 30, y: 2),
      color: CanvasColor(red: 0, green: 0, blue: 1, alpha: 0.5),
      style: .solid(1.5))
    return canvas
  }

  /// The colour type byte of a PNG's IHDR: 2 is RGB, 6 RGBA.
  private func colourType(_ data: Data) -> UInt8 { [UInt8](data)[25] }

  private func decoded(_ data: Data) throws -> PNGImage {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("encoding-\(UUID().uuidString).png")
    defer { try? FileManager.default.removeItem(at: url) }
    try data.write(to: url)
    return try PNGImage(contentsOf: url)
  }

  func testAnOpaqueCanvasIsWrittenAsRGBWithEveryPixelKept() throws {
    let canvas = try drawnCanvas(background: CanvasColor(red: 0.95, green: 0.95, blue: 0.97))
    let data = try canvas.pngData()
    XCTAssertEqual(colourType(data), 2)
    XCTAssertEqual(try decoded(data), canvas.makeImage())
    XCTAssertEqual(try canvas.pngData(), data, "same pixels, same bytes")
  }

  func testATranslucentCanvasKeepsItsAlpha() throws {
    let canvas = try drawnCanvas(background: CanvasColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.5))
    let data = try canvas.pngData()
    XCTAssertEqual(colourType(data), 6)
    XCTAssertEqual(try decoded(data), canvas.makeImage())
  }

  func testARegionDrawsOnlyInsideItsRectangle() throws {
    let canvas = try CairoCanvas(pixelWidth: 40, pixelHeight: 20, scale: 2)
    canvas.clear(to: .white)
    let region = try canvas.region(CanvasRect(x: 10, y: 0, width: 10, height: 10))
    XCTAssertEqual(region.size, CanvasSize(width: 10, height: 10))
    region.clear(to: .black)
    let image = canvas.makeImage()
    XCTAssertEqual(image[19, 5], PNGPixel(red: 255, green: 255, blue: 255))
    XCTAssertEqual(image[20, 5], PNGPixel(red: 0, green: 0, blue: 0))
    XCTAssertEqual(image[39, 19], PNGPixel(red: 0, green: 0, blue: 0))
    XCTAssertThrowsError(try canvas.region(CanvasRect(x: 15, y: 0, width: 10, height: 10)))
  }

  func testVectorCanvasesGiveDocumentsAndImageCanvasesRefuse() throws {
    let pdf = try CairoCanvas(vector: .pdf, size: CanvasSize(width: 30, height: 20), scale: 2)
    XCTAssertEqual(pdf.size, CanvasSize(width: 30, height: 20))
    pdf.fill(CanvasRect(x: 1, y: 1, width: 5, height: 5), color: .black)
    let pdfText = String(decoding: try pdf.vectorData(), as: UTF8.self)
    XCTAssertTrue(pdfText.hasPrefix("%PDF-"))
    // A PDF page in points, at scale 1, whatever the scale.
    XCTAssertTrue(pdfText.contains("/MediaBox [ 0 0 30 20 ]"), String(pdfText.prefix(400)))
    let svg = try SVGCanvas(size: CanvasSize(width: 30, height: 20), scale: 2)
    XCTAssertEqual(svg.size, CanvasSize(width: 30, height: 20))
    svg.fill(CanvasRect(x: 1, y: 1, width: 5, height: 5), color: .black)
    XCTAssertTrue(String(decoding: svg.data(), as: UTF8.self).hasPrefix("<?xml"))
    XCTAssertThrowsError(try CairoCanvas(pixelWidth: 2, pixelHeight: 2).vectorData())
    XCTAssertThrowsError(try CairoCanvas(vector: .pdf, size: CanvasSize(width: 0, height: 5)))
    XCTAssertThrowsError(try SVGCanvas(size: CanvasSize(width: 0, height: 5)))
  }

  func testTheGIFEncoderChecksFramesAndMergesUnchangedOnes() throws {
    let encoder = try GIFAnimationEncoder(pixelWidth: 60, pixelHeight: 40)
    XCTAssertThrowsError(try encoder.gifData()) { XCTAssertEqual($0 as? AnimationError, .noFrames) }
    let canvas = try drawnCanvas(background: .white)
    try encoder.addFrame(canvas, delay: 3)
    try encoder.addFrame(canvas, delay: 4)
    XCTAssertEqual(encoder.frameCount, 1, "an unchanged frame lengthens the one before")
    canvas.fill(CanvasRect(x: 20, y: 10, width: 2, height: 2), color: .black)
    try encoder.addFrame(canvas, delay: 3)
    XCTAssertEqual(encoder.frameCount, 2)
    XCTAssertThrowsError(try encoder.addFrame(try CairoCanvas(pixelWidth: 10, pixelHeight: 10), delay: 3)) {
      XCTAssertEqual($0 as? AnimationError, .frameSizeMismatch(expected: "60×40", got: "10×10"))
    }
    let data = try encoder.gifData()
    XCTAssertEqual(String(decoding: data.prefix(6), as: UTF8.self), "GIF89a")
    XCTAssertEqual(data.last, 0x3B)
  }
}
