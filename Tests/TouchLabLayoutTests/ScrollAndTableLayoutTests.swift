import Foundation
import TouchLabEngine
import TouchLabLayout
import TouchLabRecords
import XCTest

/// The scroll-view and table keys of a layout (LAYOUTS.md, docs/layouts.md): what they
/// build, what `--set` changes, and the mistakes they report.
final class ScrollAndTableLayoutTests: XCTestCase {
  private func assertError(
    _ yaml: String, line: Int, column: Int, contains text: String, file: StaticString = #filePath,
    lineNumber: UInt = #line
  ) {
    assertLayoutError(yaml, line: line, column: column, contains: text, file: file, lineNumber: lineNumber)
  }

  func testScrollViewKeysBuildTheScrollView() throws {
    let scene = try LayoutLoader.load(
      yaml: """
        controller:
          view:
            subviews:
              - id: s
                class: UIScrollView
                frame: [0, 0, 300, 400]
                contentSize: [300, 2000]
                contentOffset: [0, 100]
                contentInset: [10, 0, 20, 0]
                bounces: false
                alwaysBounceHorizontal: true
                isPagingEnabled: true
                delaysContentTouches: false
                canCancelContentTouches: false
                decelerationRate: fast
                isScrollEnabled: false
        """, file: "t.yaml")
    let s = try XCTUnwrap(scene.objects["s"] as? UIScrollView)
    XCTAssertEqual(s.contentSize, CGSize(width: 300, height: 2000))
    XCTAssertEqual(s.contentOffset, CGPoint(x: 0, y: 100))
    XCTAssertEqual(s.contentInset, UIEdgeInsets(top: 10, left: 0, bottom: 20, right: 0))
    XCTAssertFalse(s.bounces)
    XCTAssertTrue(s.alwaysBounceHorizontal)
    XCTAssertTrue(s.isPagingEnabled)
    XCTAssertFalse(s.delaysContentTouches)
    XCTAssertFalse(s.delayedTouchesRecognizer.delaysTouchesBegan)
    XCTAssertFalse(s.canCancelContentTouches)
    XCTAssertEqual(s.decelerationRate, .fast)
    XCTAssertFalse(s.panGestureRecognizer.isEnabled)
  }

  func testSetChangesScrollAndTableProperties() throws {
    let scene = try LayoutLoader.load(
      path: GoldenTranscriptTests.layouts.appendingPathComponent("scroll-demo.yaml").path)
    try scene.set("scroll.canCancelContentTouches=false")
    try scene.set("scroll.delaysContentTouches=false")
    let s = try XCTUnwrap(scene.objects["scroll"] as? UIScrollView)
    XCTAssertFalse(s.canCancelContentTouches)
    XCTAssertFalse(s.delaysContentTouches)
    let table = try LayoutLoader.load(
      path: GoldenTranscriptTests.layouts.appendingPathComponent("table-cell-conflict.yaml").path)
    try table.set("table.rowHeight=60")
    XCTAssertEqual((table.objects["table"] as? UITableView)?.rowHeight, 60)
    XCTAssertThrowsError(try table.set("table.rowHieght=60")) {
      XCTAssertTrue("\($0)".contains("did you mean 'rowHeight'"), "\($0)")
    }
  }

  func testTableKeysBuildSectionsRowsAndTheSelectionDelegate() throws {
    let scene = try LayoutLoader.load(
      yaml: """
        controller:
          view:
            subviews:
              - id: t
                class: UITableView
                frame: [0, 0, 300, 400]
                rowHeight: 50
                didSelectRow: {print: picked}
                sections:
                  - header: First
                    rows: [A, {text: B, subviews: [{id: b, class: UIButton, frame: [200, 5, 80, 40]}]}]
                  - numberOfRows: 10000
                    rowText: "Item %d"
        scenarios:
          pick:
            - tap: {row: 9999, section: 1, in: t}
        """, file: "t.yaml")
    let t = try XCTUnwrap(scene.objects["t"] as? UITableView)
    XCTAssertEqual(t.numberOfSections, 2)
    XCTAssertEqual(t.numberOfRows(inSection: 1), 10_000)
    XCTAssertEqual(t.sections[0].header, "First")
    XCTAssertTrue(
      (scene.objects["b"] as? UIView)?.superview
        === t.cellForRow(at: IndexPath(row: 1, section: 0))?
        .contentView)
    // The scenario's row is far off screen: scroll to it first, then tap.
    t.contentOffset = CGPoint(x: 0, y: t.contentSize.height - 400)
    ScenarioPlayer(scene: scene).play(scene.scenarios[0])
    XCTAssertEqual(scene.records.transcript, ["picked"])
    XCTAssertEqual(t.indexPathForSelectedRow, IndexPath(row: 9999, section: 1))
  }

  func testClassAnswersForTouchesShouldBeginAndCancel() throws {
    let yaml = """
      classes:
        EagerScroll:
          base: UIScrollView
          touchesShouldCancel: true
          log: [touchesShouldCancel]
      controller:
        view:
          subviews:
            - id: s
              class: EagerScroll
              frame: [0, 0, 300, 400]
              contentSize: [300, 2000]
              subviews:
                - {id: b, class: UIButton, frame: [0, 0, 300, 100], targets: [{event: touchUpInside, action: {print: tapped}}]}
      scenarios:
        drag:
          - down: b
          - wait: 0.3
          - move: [150, 0]
            duration: 0.2
            steps: 10
          - up: 1
      """
    let s = try LayoutLoader.load(yaml: yaml, file: "t.yaml")
    ScenarioPlayer(scene: s).play(s.scenarios[0])
    XCTAssertEqual(s.records.transcript, ["-[EagerScroll touchesShouldCancelInContentView:]"])
    XCTAssertGreaterThan((s.objects["s"] as? UIScrollView)?.contentOffset.y ?? 0, 20, "the drag on the button scrolled")
  }

  func testMistakesInScrollAndTableKeys() {
    let view = "controller:\n  view:\n    subviews:\n"
    assertError(
      view + "      - {frame: [0, 0, 10, 10], rows: [A]}\n", line: 4, column: 33,
      contains: "'rows' is for a UITableView, and UIView is not one")
    assertError(
      view + "      - {class: UIView, frame: [0, 0, 10, 10], didEndDecelerating: {print: x}}\n", line: 4, column: 48,
      contains: "is for a UIScrollView or UITableView")
    assertError(
      view + "      - {class: UITableView, frame: [0, 0, 10, 10], rows: [A], sections: []}\n", line: 4, column: 53,
      contains: "either 'rows' (one section) or 'sections'")
    assertError(
      view + "      - {class: UITableView, frame: [0, 0, 10, 10], sections: [{rowz: 3}]}\n", line: 4, column: 65,
      contains: "unknown key 'rowz' in a section")
    assertError(
      view + "      - {class: UIScrollView, frame: [0, 0, 10, 10], decelerationRate: slow}\n", line: 4, column: 72,
      contains: "decelerationRate must be normal, fast")
    assertError(
      view + "      - {class: UIScrollView, frame: [0, 0, 10, 10], contentSize: [10, .nan]}\n", line: 4, column: 72,
      contains: "contentSize must be a finite number")
    assertError(
      "classes:\n  V: {base: UIView, touchesShouldCancel: true}\n" + view + "      - {frame: [0, 0, 1, 1]}\n",
      line: 2, column: 21, contains: "is not a scroll view")
    let table = "      - {id: t, class: UITableView, frame: [0, 0, 10, 10], rows: [A, B]}\nscenarios:\n  s:\n"
    assertError(
      view + table + "    - tap: {row: 2, in: t}\n", line: 7, column: 12, contains: "has 2 row(s); there is no row 2")
    assertError(
      view + table + "    - tap: {row: 0, section: 1, in: t}\n", line: 7, column: 12, contains: "there is no section 1")
    assertError(
      view + table + "    - tap: {row: 0, in: x}\n", line: 7, column: 12, contains: "'x' is not a UITableView")
  }
}
