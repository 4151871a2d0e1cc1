import Foundation
import TouchLabEngine
import TouchLabRecords
import XCTest

@testable import TouchLabCanvas
@testable import TouchLabRender

/// The inspector's layout (issue 30): the hit-test path takes the same room hovered or not,
/// so the rows below never move under the mouse, and its text never runs into the rule.
final class InspectorLayoutTests: XCTestCase {
  func testTheHitTestPathKeepsItsRoomAndTheRowsStayPut() throws {
    let scene = try RenderSupport.bundledScene("table-cell-conflict.yaml")
    let renderer = SceneRenderer(theme: .standard)
    let rect = CanvasRect(x: 0, y: 0, width: SceneRenderer.inspectorWidth, height: 900)
    var inspection = SceneInspection(window: scene.window, layoutID: { _ in nil }, changed: { _ in false })
    func layout() -> (pathItem: InspectorItem, rule: CanvasRect, rowTops: [Double]) {
      let items = renderer.layoutInspector(inspection, in: rect, firstRow: 0)
      let pathItem = items.first { item in
        if case .text(let text, _, _) = item.look { return text.hasPrefix("Hit-test") || text.hasPrefix("Hover") }
        return false
      }!
      let rule = items.first { if case .rule = $0.look { true } else { false } }!.rect
      let rowTops = items.compactMap { item -> Double? in
        if case .rowTitle = item.look { return item.rect.minY }
        return nil
      }
      return (pathItem, rule, rowTops)
    }
    let idle = layout()
    // The deepest row of the table: a long path (window › backView › table › cell › content).
    inspection.hitTest = scene.application.traceHitTest(at: CGPoint(x: 195, y: 122))
    let hovered = layout()
    guard case .text(let text, _, let lines) = hovered.pathItem.look else { return XCTFail() }
    XCTAssertTrue(text.contains("›"), text)
    XCTAssertEqual(lines, SceneRenderer.hitPathLines)
    XCTAssertEqual(hovered.pathItem.rect, idle.pathItem.rect, "the same room, hovered or not")
    XCTAssertEqual(hovered.rowTops, idle.rowTops, "the rows below stay put")
    XCTAssertLessThanOrEqual(hovered.pathItem.rect.maxY, hovered.rule.minY, "the path ends above the rule")
    var style = TextStyle(fontSize: 11)
    style.maximumLines = 3
    let wrapped = TextFonts.measure(text, style: style, maximumWidth: hovered.pathItem.rect.width)
    XCTAssertGreaterThan(wrapped.height, 15, "the path wraps onto more than a line")
  }
}

/// Issue 30: a tag naming a view at the scene's right edge is moved left, whole, not cut.
final class TagPlacementTests: XCTestCase {
  func testATagStaysWholeInsideTheScene() {
    XCTAssertEqual(SceneRenderer.tagX(10, width: 100, sceneWidth: 390), 10, "room: where it was")
    XCTAssertEqual(SceneRenderer.tagX(-1.25, width: 100, sceneWidth: 390), -1.25, "the left edge as before")
    XCTAssertEqual(SceneRenderer.tagX(350, width: 100, sceneWidth: 390), 290, "moved left to end at the edge")
    XCTAssertEqual(SceneRenderer.tagX(350, width: 500, sceneWidth: 390), 0, "wider than the scene: from its left")
  }
}
