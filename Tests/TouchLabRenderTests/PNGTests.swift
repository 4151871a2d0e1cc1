import Foundation
import TouchLabCanvas
import TouchLabEncoding
import TouchLabRender
import XCTest

#if canImport(Glibc)
  import Glibc
#endif

final class PNGTests: XCTestCase {
  var folder: URL!

  override func setUpWithError() throws {
    folder = try makeTemporaryFolder()
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: folder)
  }

  func smallCanvas() throws -> CairoCanvas {
    let canvas = try CairoCanvas(pixelWidth: 8, pixelHeight: 8)
    canvas.clear(to: CanvasColor(red: 0, green: 0.5, blue: 1))
    return canvas
  }

  func folderContents() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
  }

  func testWriteCreatesAndReplacesTheFileLeavingNoTemporaryFile() throws {
    let url = folder.appendingPathComponent("shot.png")
    try smallCanvas().writePNG(to: url)
    XCTAssertEqual(try folderContents(), ["shot.png"])
    let canvas = try CairoCanvas(pixelWidth: 3, pixelHeight: 2)
    canvas.clear(to: .white)
    try canvas.writePNG(to: url)
    XCTAssertEqual(try folderContents(), ["shot.png"])
    let image = try PNGImage(contentsOf: url)
    XCTAssertEqual(image.width, 3)
    XCTAssertEqual(image[2, 1], PNGPixel(red: 255, green: 255, blue: 255))
  }

  func testMissingFolderIsAClearError() throws {
    let url = folder.appendingPathComponent("no/such/folder/shot.png")
    XCTAssertThrowsError(try smallCanvas().writePNG(to: url)) { error in
      XCTAssertEqual(
        error as? PNGWriteError, .folderMissing(path: url.path, folder: folder.path + "/no/such/folder"))
      XCTAssertTrue("\(error)".contains("does not exist"), "\(error)")
    }
  }

  func testFolderAsDestinationIsAClearError() throws {
    let subfolder = folder.appendingPathComponent("shots", isDirectory: true)
    try FileManager.default.createDirectory(at: subfolder, withIntermediateDirectories: false)
    XCTAssertThrowsError(try smallCanvas().writePNG(to: subfolder)) { error in
      XCTAssertEqual(error as? PNGWriteError, .destinationIsFolder(path: subfolder.path))
    }
    XCTAssertEqual(try folderContents(), ["shots"])
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: subfolder.path), [])
  }

  func testReadOnlyPlaceIsAClearErrorAndLeavesNothing() throws {
    // Root ignores permission bits, so as root use sysfs, which refuses new
    // files to everyone; otherwise a folder without write permission.
    let target: URL
    if geteuid() == 0 {
      target = URL(fileURLWithPath: "/sys/touchlab-\(getpid()).png")
    } else {
      let locked = folder.appendingPathComponent("locked", isDirectory: true)
      try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: false)
      XCTAssertEqual(chmod(locked.path, 0o555), 0)
      target = locked.appendingPathComponent("shot.png")
    }
    defer { chmod(target.deletingLastPathComponent().path, 0o755) }
    XCTAssertThrowsError(try smallCanvas().writePNG(to: target)) { error in
      guard case .notWritable(_, let failedFolder, _) = error as? PNGWriteError else {
        return XCTFail("expected notWritable, got \(error)")
      }
      XCTAssertEqual(failedFolder, target.deletingLastPathComponent().path)
    }
    XCTAssertFalse(FileManager.default.fileExists(atPath: target.path))
  }

  func testFailedWriteKeepsTheOldFile() throws {
    let url = folder.appendingPathComponent("keep.png")
    try smallCanvas().writePNG(to: url)
    let before = try Data(contentsOf: url)
    XCTAssertThrowsError(try PNGImage(width: 0, height: 0).writePNG(to: url))
    XCTAssertEqual(try Data(contentsOf: url), before)
    XCTAssertEqual(try folderContents(), ["keep.png"])
  }

  func testReadingMissingOrInvalidFilesFailsClearly() throws {
    let missing = folder.appendingPathComponent("missing.png")
    XCTAssertThrowsError(try PNGImage(contentsOf: missing)) { error in
      XCTAssertEqual(error as? PNGReadError, .fileNotFound(path: missing.path))
    }
    let text = folder.appendingPathComponent("text.png")
    try Data("not a png".utf8).write(to: text)
    XCTAssertThrowsError(try PNGImage(contentsOf: text)) { error in
      guard case .notPNG = error as? PNGReadError else { return XCTFail("got \(error)") }
    }
  }

  func testTranslucentPixelsSurviveAFileRoundTrip() throws {
    var image = PNGImage(width: 2, height: 1)
    image[0, 0] = PNGPixel(red: 255, green: 0, blue: 0, alpha: 128)
    image[1, 0] = PNGPixel(red: 10, green: 200, blue: 30, alpha: 255)
    let url = folder.appendingPathComponent("alpha.png")
    try image.writePNG(to: url)
    let decoded = try PNGImage(contentsOf: url)
    XCTAssertEqual(decoded[1, 0], image[1, 0])
    XCTAssertEqual(decoded[0, 0].alpha, 128)
    XCTAssertEqual(Int(decoded[0, 0].red), 255, accuracy: 1)
  }

  func testComparisonCountsPixelsBeyondTolerance() throws {
    let expected = PNGImage(width: 4, height: 4, fill: PNGPixel(red: 100, green: 100, blue: 100))
    var actual = expected
    actual[0, 0] = PNGPixel(red: 103, green: 100, blue: 100)
    actual[3, 3] = PNGPixel(red: 100, green: 100, blue: 180)

    let strict = PNGComparison(actual: actual, expected: expected)
    XCTAssertFalse(strict.matches)
    XCTAssertEqual(strict.mismatchedPixelCount, 2)
    XCTAssertEqual(strict.largestChannelDifference, 80)

    let tolerant = PNGComparison(actual: actual, expected: expected, tolerance: 3)
    XCTAssertEqual(tolerant.mismatchedPixelCount, 1)
    let difference = try XCTUnwrap(tolerant.differenceImage)
    XCTAssertEqual(difference[3, 3], PNGPixel(red: 255, green: 0, blue: 0))
    XCTAssertNotEqual(difference[0, 0], PNGPixel(red: 255, green: 0, blue: 0))

    let url = folder.appendingPathComponent("difference.png")
    try difference.writePNG(to: url)
    XCTAssertEqual(try PNGImage(contentsOf: url), difference)

    XCTAssertTrue(PNGComparison(actual: expected, expected: expected).matches)
    let otherSize = PNGComparison(actual: PNGImage(width: 4, height: 5), expected: expected)
    XCTAssertFalse(otherSize.sizesMatch)
    XCTAssertNil(otherSize.differenceImage)
  }

  /// Cairo's rows to straight pixels: every alpha (the opaque and the clear ones taken a
  /// shorter way) gives what `PNGPixel(premultipliedARGB:)` gives for the word.
  func testCairoRowsGiveEachWordsStraightPixel() {
    var words: [UInt32] = []
    for alpha in UInt32(0)...255 {
      for value in [UInt32(0), 1, 77, 128, 200, 254, 255] where value <= alpha {
        words.append(alpha << 24 | value << 16 | (alpha - value) << 8 | (alpha / 2))
      }
    }
    words.append(0x00AB_CDEF)  // clear, with colour bytes cairo never leaves: still all zero
    let width = 7
    let height = (words.count + width - 1) / width
    words += [UInt32](repeating: 0xFF12_3456, count: width * height - words.count)
    // Two words of padding a row, as a surface's stride may have.
    var rows: [UInt32] = []
    for y in 0..<height { rows += words[(y * width)..<((y + 1) * width)] + [0xDEAD_BEEF, 0] }
    let image = rows.withUnsafeBytes {
      PNGImage(premultipliedARGB: $0, width: width, height: height, bytesPerRow: (width + 2) * 4)
    }
    for (index, word) in words.enumerated() {
      let expected = word >> 24 == 0 ? PNGPixel(red: 0, green: 0, blue: 0, alpha: 0) : PNGPixel(premultipliedARGB: word)
      XCTAssertEqual(image[index % width, index / width], expected, "word \(String(word, radix: 16))")
    }
  }

  /// Two images of the same bytes (compared without looking at each pixel) have the picture of
  /// where they differ that a comparison looking at each pixel makes: the reference faded.
  func testAComparisonOfTheSameBytesFadesTheReference() throws {
    var expected = PNGImage(width: 3, height: 2, fill: PNGPixel(red: 10, green: 200, blue: 90))
    expected[1, 0] = PNGPixel(red: 255, green: 0, blue: 0, alpha: 128)
    expected[2, 1] = PNGPixel(red: 0, green: 0, blue: 0, alpha: 0)
    let same = PNGComparison(actual: expected, expected: expected)
    XCTAssertTrue(same.matches)
    XCTAssertEqual(same.largestChannelDifference, 0)
    var apart = expected
    apart[0, 0] = PNGPixel(red: 11, green: 200, blue: 90)
    let looked = PNGComparison(actual: apart, expected: expected, tolerance: 1)
    XCTAssertTrue(looked.matches)
    XCTAssertEqual(looked.largestChannelDifference, 1)
    XCTAssertEqual(try XCTUnwrap(same.differenceImage), try XCTUnwrap(looked.differenceImage))
  }

  func testImageFromBytesChecksCount() {
    XCTAssertNil(PNGImage(width: 2, height: 2, rgba: [0, 0, 0]))
    XCTAssertNotNil(PNGImage(width: 1, height: 1, rgba: [1, 2, 3, 4]))
  }
}
