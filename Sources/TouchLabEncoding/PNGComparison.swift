import Foundation

/// The outcome of comparing an image against a reference, pixel by pixel.
public struct PNGComparison: Sendable {
  /// False when the two images differ in width or height; then every pixel
  /// counts as mismatched and there is no difference image.
  public let sizesMatch: Bool
  /// Pixels where some channel differs by more than the tolerance.
  public let mismatchedPixelCount: Int
  /// The largest difference in any channel of any pixel (0...255).
  public let largestChannelDifference: Int
  /// The reference faded to light grey, with every mismatched pixel in
  /// opaque red: a picture of where the images differ.
  public var differenceImage: PNGImage? {
    if let differences { return differences }
    return sameImage.map { Self.difference(between: $0, and: $0, tolerance: 0).image }
  }
  /// The picture of where they differ, made when some pixel did.
  private let differences: PNGImage?
  /// Both images when every byte of them is the same (the picture made only when asked for).
  private let sameImage: PNGImage?

  /// True when every pixel is within tolerance.
  public var matches: Bool {
    sizesMatch && mismatchedPixelCount == 0
  }

  /// Compares `actual` with `expected`. A pixel matches when each of its four
  /// channels differs by at most `tolerance`; fully transparent pixels match
  /// whatever colour they carry.
  public init(actual: PNGImage, expected: PNGImage, tolerance: UInt8 = 0) {
    guard actual.width == expected.width, actual.height == expected.height else {
      sizesMatch = false
      mismatchedPixelCount = max(actual.width * actual.height, expected.width * expected.height)
      largestChannelDifference = 255
      differences = nil
      sameImage = nil
      return
    }
    sizesMatch = true
    // The same bytes: no pixel differs, and the picture of where they do is made only when
    // asked for (a debug build makes it slowly, and a test asks for it only on a failure).
    let sameBytes = actual.rgba.withUnsafeBytes { a in
      expected.rgba.withUnsafeBytes { e in
        a.count == e.count && (a.isEmpty || memcmp(a.baseAddress!, e.baseAddress!, a.count) == 0)
      }
    }
    if sameBytes {
      mismatchedPixelCount = 0
      largestChannelDifference = 0
      differences = nil
      sameImage = expected
      return
    }
    (differences, mismatchedPixelCount, largestChannelDifference) = Self.difference(
      between: actual, and: expected, tolerance: tolerance)
    sameImage = nil
  }

  private static func difference(
    between actual: PNGImage, and expected: PNGImage, tolerance: UInt8
  ) -> (image: PNGImage, mismatches: Int, largest: Int) {
    var difference = PNGImage(width: expected.width, height: expected.height)
    var mismatches = 0
    var largest = 0
    for y in 0..<expected.height {
      for x in 0..<expected.width {
        let a = actual[x, y]
        let e = expected[x, y]
        let delta =
          (a.alpha == 0 && e.alpha == 0)
          ? 0
          : max(
            abs(Int(a.red) - Int(e.red)), abs(Int(a.green) - Int(e.green)),
            abs(Int(a.blue) - Int(e.blue)), abs(Int(a.alpha) - Int(e.alpha)))
        largest = max(largest, delta)
        if delta > Int(tolerance) {
          mismatches += 1
          difference[x, y] = PNGPixel(red: 255, green: 0, blue: 0)
        } else {
          // Light grey keeps the picture recognisable while red stands out.
          let luma = (299 * Int(e.red) + 587 * Int(e.green) + 114 * Int(e.blue)) / 1000
          let faded = UInt8(255 - (255 - luma) * Int(e.alpha) / 255 / 4)
          difference[x, y] = PNGPixel(red: faded, green: faded, blue: faded)
        }
      }
    }
    return (difference, mismatches, largest)
  }

  /// One line for a test failure message.
  public var summary: String {
    if !sizesMatch { return "image sizes differ" }
    return
      "\(mismatchedPixelCount) pixel(s) differ, largest channel difference \(largestChannelDifference)"
  }
}
