import Foundation
import TouchLabEngine
import TouchLabImport
import TouchLabLayout
import XCTest

/// Every reason `hit` gives for a view under the point that the touch does not go to.
final class HitReasonTests: XCTestCase {
  func report(at point: CGPoint) throws -> HitReport {
    let result = try DumpImporter.importTexts([
      (
        "d.txt",
        """
        <UIView: 0x1; frame = (0 0; 390 844)>
           | <UIView: 0x2; frame = (0 0; 100 100)>
           |    | <UIButton: 0x3; frame = (80 80; 60 60)>
           | <UIView: 0x4; frame = (0 200; 100 100); userInteractionEnabled = NO>
           |    | <UIButton: 0x5; frame = (10 10; 50 50)>
           | <UIView: 0x6; frame = (0 400; 100 100); hidden = YES>
           | <UIView: 0x7; frame = (0 400; 100 100); alpha = 0>
           | <UIView: 0x8; frame = (200 200; 100 100)>
           | <UIView: 0x9; frame = (200 200; 100 100)>
        """
      )
    ])
    let scene = try LayoutLoader.load(yaml: result.yaml, file: "d.yaml")
    return HitReport(scene: scene, at: point)
  }

  func reason(_ report: HitReport, _ address: String) -> String? {
    report.skipped.first { $0.view.address == address }?.reason
  }

  func testReasons() throws {
    // The button sticks out of its 100 × 100 parent: (120, 120) is on it, outside the parent.
    let outside = try report(at: CGPoint(x: 120, y: 120))
    XCTAssertEqual(outside.view?.address, "0x1")
    XCTAssertTrue(reason(outside, "0x3")?.hasPrefix("outside its parent's bounds") == true, outside.text)
    // Inside the parent, the button takes it.
    XCTAssertEqual(try report(at: CGPoint(x: 90, y: 90)).view?.address, "0x3")

    let disabled = try report(at: CGPoint(x: 20, y: 220))
    XCTAssertEqual(disabled.view?.address, "0x1")
    XCTAssertEqual(reason(disabled, "0x4"), "userInteractionEnabled = NO")
    XCTAssertTrue(reason(disabled, "0x5")?.hasPrefix("userInteractionEnabled = NO on an ancestor") == true)

    let invisible = try report(at: CGPoint(x: 20, y: 420))
    XCTAssertEqual(reason(invisible, "0x6"), "hidden")
    XCTAssertEqual(reason(invisible, "0x7"), "alpha 0 < 0.01")

    let covered = try report(at: CGPoint(x: 250, y: 250))
    XCTAssertEqual(covered.view?.address, "0x9")
    XCTAssertTrue(reason(covered, "0x8")?.hasPrefix("covered by a later sibling") == true)
    XCTAssertEqual(covered.responders.map(\.address).prefix(2), ["0x9", "0x1"])
  }
}
