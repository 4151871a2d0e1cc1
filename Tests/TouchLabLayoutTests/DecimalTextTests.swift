import Foundation
import TouchLabRecords
import XCTest

/// Issue 49: numbers written without Foundation's formatting are those `String(format:)`
/// writes, byte for byte: transcripts' times, JSON numbers, a live `.jsonl`'s clock.
final class DecimalTextTests: XCTestCase {
  func testEveryNumberIsWrittenAsPrintfWritesIt() {
    var values: [Double] = [
      0, -0.0, 0.0005, 0.0015, 0.0025, -0.0004, -0.0005, 1.0005, 2.675, 1e-7, 0.1, 0.15, 0.25, 12.5, 99.9995,
      999_999.9999995, 123_456.789_012_5, 4_000.123_456_5, 1e12, -1e12, 3e15, 1.5e300, -7.25,
      .nan, .infinity, -.infinity, .ulpOfOne, .leastNonzeroMagnitude, .greatestFiniteMagnitude,
    ]
    // Times as a drag has them: thousandths, a 125 Hz mouse, a monotonic clock's seconds.
    var time = 0.0
    for step in 0..<20_000 {
      time += 0.008 + Double(step % 7) * 1e-7
      values.append(time)
      values.append(-time / 3)
      values.append(12_345.678 + time * 1.000_001)
    }
    for value in values {
      for places in [0, 1, 2, 3, 6, 9] {
        XCTAssertEqual(
          DecimalText.fixed(value, places: places), String(format: "%.\(places)f", value), "\(value), \(places) places")
      }
    }
    XCTAssertEqual(DecimalText.fixed(1.25, places: 12), String(format: "%.12f", 1.25))
  }
}
