import Foundation
import XCTest

@testable import TouchLabEngine

/// UIScreenEdgePanGestureRecognizer: only touches landing near one of its edges of the
/// window, moving away from that edge; touches beyond the first ignored.
final class ScreenEdgePanTests: XCTestCase {
  private func edgeScene(_ edges: UIRectEdge, viewFrame: CGRect = rect(0, 0, 390, 844)) -> (
    Scene, UIScreenEdgePanGestureRecognizer
  ) {
    let scene = Scene(size: CGSize(width: 390, height: 844))
    let view = scene.view("Root", viewFrame)
    let pan = scene.recognizer(UIScreenEdgePanGestureRecognizer(), "EdgePan", on: view)
    pan.edges = edges
    return (scene, pan)
  }

  private func states(_ scene: Scene) -> [String] {
    scene.trace([.state], only: ["EdgePan"]).filter { $0 != "EdgePan=reset" }
  }

  func testFromTheLeftEdgeInwards_Recognizes() {
    let (scene, _) = edgeScene(.left)
    scene.drag(from: pt(5, 300), to: pt(125, 300), at: 0, steps: 4)
    XCTAssertEqual(states(scene).first, "EdgePan=began")
    XCTAssertEqual(states(scene).last, "EdgePan=ended")
  }

  func testTheEdgeRegionIs20Points() {
    let (scene, _) = edgeScene(.left)
    scene.drag(from: pt(19, 300), to: pt(139, 300), at: 0, steps: 4)
    XCTAssertEqual(states(scene).first, "EdgePan=began")
    scene.clear()
    scene.drag(from: pt(21, 300), to: pt(141, 300), at: 1, steps: 4)
    XCTAssertEqual(states(scene), ["EdgePan=failed"])
  }

  func testNoEdgesRecognizesNothing() {
    let (scene, _) = edgeScene([])
    scene.drag(from: pt(5, 300), to: pt(125, 300), at: 0, steps: 4)
    XCTAssertEqual(states(scene), ["EdgePan=failed"])
  }

  func testAlongTheEdge_Fails() {
    let (scene, _) = edgeScene(.left)
    scene.drag(from: pt(5, 300), to: pt(5, 420), at: 0, steps: 4)
    XCTAssertEqual(states(scene), ["EdgePan=failed"])
  }

  func testOtherEdges_RightTopBottom() {
    let (scene, pan) = edgeScene([.right, .bottom])
    scene.drag(from: pt(385, 300), to: pt(265, 300), at: 0, steps: 4)
    XCTAssertEqual(states(scene).first, "EdgePan=began")
    XCTAssertEqual(pan.startEdge, [])  // reset after it ended
    scene.clear()
    scene.drag(from: pt(200, 840), to: pt(200, 700), at: 1, steps: 4)
    XCTAssertEqual(states(scene).first, "EdgePan=began")
    scene.clear()
    scene.drag(from: pt(200, 5), to: pt(200, 125), at: 2, steps: 4)
    XCTAssertEqual(states(scene), ["EdgePan=failed"])
  }

  func testTheEdgeIsTheWindows_NotTheViews() {
    // The view starts 40 pt in from the screen's left edge: a touch at its own left edge
    // is 45 pt from the window's, too far.
    let (scene, _) = edgeScene(.left, viewFrame: rect(40, 0, 350, 844))
    scene.drag(from: pt(45, 300), to: pt(165, 300), at: 0, steps: 4)
    XCTAssertEqual(states(scene), ["EdgePan=failed"])
  }

  func testASecondFingerIsIgnored() {
    let (scene, pan) = edgeScene(.left)
    scene.down(pt(5, 300), finger: 1, at: 0)
    scene.down(pt(200, 300), finger: 2, at: 0.02)
    XCTAssertEqual(pan.trackedTouches.count, 1)
    scene.move(pt(65, 300), finger: 1, at: 0.1)
    XCTAssertEqual(pan.state, .began)
    scene.up(pt(200, 300), finger: 2, at: 0.15)
    scene.up(pt(65, 300), finger: 1, at: 0.2)
    XCTAssertEqual(states(scene).last, "EdgePan=ended")
  }
}

/// `require(toFail:)` when the required recognizer has already begun: the dependent fails.
final class RequirementAlreadyBegunTests: XCTestCase {
  func testAScrollPanRequiredToWaitForAnEdgePanThatBegan_Fails() {
    let scene = Scene(size: CGSize(width: 390, height: 844))
    let root = scene.view("Root", rect(0, 0, 390, 844))
    let edge = scene.recognizer(UIScreenEdgePanGestureRecognizer(), "EdgePan", on: root)
    edge.edges = .left
    let scroll = scene.add(UIScrollView(frame: rect(0, 400, 390, 160)), "Carousel", base: "UIScrollView", in: root)
    scroll.contentSize = CGSize(width: 1170, height: 160)
    scroll.panGestureRecognizer.require(toFail: edge)
    scene.drag(from: pt(5, 480), to: pt(125, 480), at: 0, steps: 4)
    XCTAssertEqual(scene.trace([.state], only: ["EdgePan"]).first, "EdgePan=began")
    XCTAssertEqual(scroll.contentOffset, .zero)
    XCTAssertFalse(scene.trace([.state]).contains("UIScrollViewPanGestureRecognizer=began"))
    let failed = scene.records.last { record in
      if case .stateChange(let recognizer, _, .failed) = record.event {
        return recognizer.className == "UIScrollViewPanGestureRecognizer"
      }
      return false
    }
    XCTAssertEqual(
      failed?.cause, DeliveryCause(.requireToFail, by: "EdgePan"), "it waited for the edge pan, which began")
  }
}
