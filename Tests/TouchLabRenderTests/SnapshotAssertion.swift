import Foundation
import TouchLabEncoding
import TouchLabRender
import XCTest

/// Compares an image with `References/<name>.png`, shipped with the tests.
///
/// Run with TOUCHLAB_RECORD=1 to write the image as the new reference into
/// the source tree instead (then look at it before committing it). On a
/// mismatch the actual image and a difference image (mismatches in red) are
/// written to a temporary folder named in the failure message.
func assertSnapshot(
  _ image: PNGImage, named name: String, tolerance: UInt8 = 0,
  file: StaticString = #filePath, line: UInt = #line
) {
  let sourceReferences = URL(fileURLWithPath: "\(#filePath)")
    .deletingLastPathComponent()
    .appendingPathComponent("References", isDirectory: true)
  if ProcessInfo.processInfo.environment["TOUCHLAB_RECORD"] == "1" {
    do {
      try image.writePNG(to: sourceReferences.appendingPathComponent("\(name).png"))
      print("Recorded reference \(name).png")
    } catch {
      XCTFail("Could not record \(name).png: \(error)", file: file, line: line)
    }
    return
  }
  guard
    let referenceURL = Bundle.module.resourceURL?
      .appendingPathComponent("References", isDirectory: true)
      .appendingPathComponent("\(name).png")
  else {
    XCTFail("The test bundle has no References folder", file: file, line: line)
    return
  }
  let expected: PNGImage
  do {
    expected = try PNGImage(contentsOf: referenceURL)
  } catch {
    XCTFail(
      "No usable reference \(name).png (\(error)); record one with TOUCHLAB_RECORD=1", file: file,
      line: line)
    return
  }
  let comparison = PNGComparison(actual: image, expected: expected, tolerance: tolerance)
  guard !comparison.matches else { return }
  let failures = FileManager.default.temporaryDirectory.appendingPathComponent(
    "touchlab-snapshot-failures", isDirectory: true)
  try? FileManager.default.createDirectory(at: failures, withIntermediateDirectories: true)
  let actualURL = failures.appendingPathComponent("\(name)-actual.png")
  let differenceURL = failures.appendingPathComponent("\(name)-difference.png")
  try? image.writePNG(to: actualURL)
  try? comparison.differenceImage?.writePNG(to: differenceURL)
  XCTFail(
    "\(name).png does not match: \(comparison.summary). See \(actualURL.path) and \(differenceURL.path)",
    file: file, line: line)
}
