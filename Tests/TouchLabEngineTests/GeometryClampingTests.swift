import Foundation
import XCTest

@testable import TouchLabEngine

/// Doubles made Ints where geometry gives them: clamped as Doubles first (issue 43).
final class GeometryClampingTests: XCTestCase {
  func testClampingTakesEveryDoubleIntoTheBounds() {
    XCTAssertEqual(Int(clamping: 3.9, within: 0...10), 3)
    XCTAssertEqual(Int(clamping: -3.9, within: -10...10), -3)
    XCTAssertEqual(Int(clamping: 1e300, within: 0...10), 10)
    XCTAssertEqual(Int(clamping: -1e300, within: 0...10), 0)
    XCTAssertEqual(Int(clamping: Double.infinity, within: 0...10), 10)
    XCTAssertEqual(Int(clamping: -Double.infinity, within: 0...10), 0)
    XCTAssertEqual(Int(clamping: Double.nan, within: 2...10), 2)
    XCTAssertEqual(Int(clamping: 1e19, within: 0...Int.max), Int.max)
    XCTAssertEqual(Int(clamping: -1e19, within: Int.min...0), Int.min)
    XCTAssertEqual(Int(clamping: 9.2e18, within: 0...Int.max), 9_200_000_000_000_000_000)
    XCTAssertEqual(Int(clamping: CGFloat(7.5), within: 0...10), 7)
  }

  /// The trap: a touch 1e32 points along a control scaled by a transform of 1e-30.
  func testASegmentIndexFarOutsideTheControlIsTheNearestSegment() {
    let control = UISegmentedControl(items: ["A", "B", "C"])  // 240 points wide
    XCTAssertEqual(control.segmentIndex(atX: 1e32), 2)
    XCTAssertEqual(control.segmentIndex(atX: -1e32), 0)
    XCTAssertEqual(control.segmentIndex(atX: .infinity), 2)
    XCTAssertEqual(control.segmentIndex(atX: .nan), 0)
    XCTAssertEqual(control.segmentIndex(atX: 100), 1)
  }
}
