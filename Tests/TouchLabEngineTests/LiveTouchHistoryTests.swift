import Foundation
import TouchLabEngine
import TouchLabRecords
import XCTest

/// What Space reviews of the live scene (`LiveTouchHistory`): folded from the recorder's
/// records alone, from the moment it follows them.
final class LiveTouchHistoryTests: XCTestCase {
  func testItKeepsTheLatestGestureAndEveryInputSinceItFollowed() {
    let scene = Scene()
    scene.view("Box", rect(0, 0, 100, 100))
    // Before the history follows the records: neither kept.
    scene.down(pt(10, 10), at: 0.25)
    scene.up(pt(10, 10), at: 0.5)
    let history = LiveTouchHistory(following: scene.app.records)
    scene.down(pt(20, 20), at: 1)
    scene.up(pt(20, 20), at: 1.25)
    // The next gesture: a touch beginning while another is down is part of it.
    scene.down(pt(30, 30), finger: 1, at: 2)
    scene.down(pt(40, 40), finger: 2, at: 2.25)
    scene.up(pt(30, 30), finger: 1, at: 2.5)
    scene.down(pt(50, 50), finger: 1, at: 2.75)
    scene.up(pt(40, 40), finger: 2, at: 3)
    scene.up(pt(50, 50), finger: 1, at: 3.25)

    XCTAssertEqual(history.inputs?.map(\.time), [1, 1.25, 2, 2.25, 2.5, 2.75, 3, 3.25])
    XCTAssertEqual(
      history.inputs?.map { $0.samples.map(\.phase) },
      [[.began], [.ended], [.began], [.began], [.ended], [.began], [.ended], [.ended]])
    XCTAssertEqual(history.inputs?[3].samples.map(\.location), [RecordPoint(x: 40, y: 40)])
    // The records: the latest gesture's, from its first touch's input record on.
    let gesture = scene.records.filter { $0.time >= 2 }
    XCTAssertGreaterThan(gesture.count, 8)
    XCTAssertEqual(history.records.map(\.time), gesture.map(\.time))
    XCTAssertEqual(history.records.map(\.line), gesture.map(\.line))
    guard case .input(let samples) = history.records.first?.event else {
      return XCTFail("the gesture's records start at its first input")
    }
    XCTAssertEqual(samples.map(\.phase), [.began])
  }
}
