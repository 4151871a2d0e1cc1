import Foundation
import TouchLabEngine
import TouchLabLayout
import TouchLabRecords
import XCTest

/// The layout keys of `UITabBar`, `UITabBarButton` and `UITextView`: what they build, and a
/// FILE:LINE:COLUMN error for each mistake.
final class TabBarAndTextViewLayoutTests: XCTestCase {
  private func bar(_ keys: String) -> String {
    """
    controller:
      view:
        subviews:
          - id: bar
            class: UITabBar
            frame: [0, 700, 390, 83]
    \(keys)
    """
  }

  func testItemsMakeOneButtonEach_AndSelectedIndexSelects() throws {
    let scene = try LayoutLoader.load(
      yaml: bar("        selectedIndex: 1\n        items: [Home, {title: Search}]"), file: "t.yaml")
    let tabBar = try XCTUnwrap(scene.objects["bar"] as? UITabBar)
    XCTAssertEqual(tabBar.items?.map(\.title), ["Home", "Search"])
    XCTAssertEqual(tabBar.selectedIndex, 1)
    XCTAssertEqual(tabBar.buttons.map(\.frame), [rect(0, 0, 195, 49), rect(195, 0, 195, 49)])
  }

  func testTabBarMistakes() {
    assertLayoutError(
      bar("        selectedIndex: 0"), line: 7, column: 24, contains: "the tab bar has 0 items (give items: before it)")
    assertLayoutError(
      bar("        items: [Home]\n        selectedIndex: 3"), line: 8, column: 24,
      contains: "selectedIndex 3 names no item")
    assertLayoutError(
      bar("        items: [{name: Home}]"), line: 7, column: 18, contains: "unknown key 'name' in a tab bar item")
    let many = (0..<21).map { "T\($0)" }.joined(separator: ", ")
    assertLayoutError(bar("        items: [\(many)]"), line: 7, column: 16, contains: "at most 20 tab bar items")
    assertLayoutError(
      """
      controller:
        view:
          didSelectItem: {print: "x"}
      """, line: 3, column: 5, contains: "'didSelectItem' is for a UICollectionView")
  }

  func testButtonsGivenAsSubviewsAreTabs() throws {
    let scene = try LayoutLoader.load(
      yaml: bar(
        """
                didSelectItem: {print: "selected %value"}
                subviews:
                  - {id: one, class: UITabBarButton, frame: [2, 1, 190, 48], title: One}
                  - {id: two, class: UITabBarButton, frame: [196, 1, 190, 48], title: Two}
        scenarios:
          tap-two:
            - tap: two
        """), file: "t.yaml")
    let tabBar = try XCTUnwrap(scene.objects["bar"] as? UITabBar)
    XCTAssertEqual(tabBar.items?.map(\.title), ["One", "Two"])
    XCTAssertEqual((scene.objects["two"] as? UIView)?.frame, rect(196, 1, 190, 48))
    ScenarioPlayer(scene: scene).play(scene.scenarios[0])
    XCTAssertEqual(scene.records.transcript, ["selected 1"])
  }

  func testTextViewKeysAndDelegate() throws {
    let scene = try LayoutLoader.load(
      yaml: """
        controller:
          view:
            subviews:
              - id: notes
                class: UITextView
                frame: [0, 100, 390, 200]
                text: "Hello"
                isSelectable: false
                contentSize: [390, 500]
                didBeginEditing: {print: "began"}
        scenarios:
          tap:
            - tap: notes
        """, file: "t.yaml")
    let notes = try XCTUnwrap(scene.objects["notes"] as? UITextView)
    XCTAssertEqual(notes.text, "Hello")
    XCTAssertTrue(notes.isEditable)
    XCTAssertFalse(notes.isSelectable)
    ScenarioPlayer(scene: scene).play(scene.scenarios[0])
    XCTAssertEqual(scene.records.transcript, ["began"])
    XCTAssertTrue(notes.isEditing)
  }
}

private func rect(_ x: CGFloat, _ y: CGFloat, _ w: CGFloat, _ h: CGFloat) -> CGRect {
  CGRect(x: x, y: y, width: w, height: h)
}

/// A key's meaning is worked out once for each class and remembered (`SceneBuilder.viewKeyMeaning`):
/// one key that means different things for different classes in one file keeps each meaning.
final class ViewKeyMeaningTests: XCTestCase {
  func testOneKeyKeepsEachClasssMeaningInOneFile() throws {
    let scene = try LayoutLoader.load(
      yaml: """
        controller:
          view:
            subviews:
              - {id: firstBar, class: UITabBar, frame: [0, 0, 390, 49], items: [A, B], didSelectItem: {print: "bar 1 %value"}}
              - id: grid
                class: UICollectionView
                frame: [0, 100, 390, 200]
                itemSize: [100, 100]
                numberOfItems: 3
                didSelectItem: {print: "grid %row"}
              - {id: secondBar, class: UITabBar, frame: [0, 700, 390, 49], items: [C, D], didSelectItem: {print: "bar 2 %value"}}
        scenarios:
          taps:
            - tap: [300, 20]
            - tap: [50, 150]
            - tap: [300, 720]
        """, file: "t.yaml")
    XCTAssertEqual((scene.objects["firstBar"] as? UITabBar)?.items?.map(\.title), ["A", "B"])
    XCTAssertEqual((scene.objects["secondBar"] as? UITabBar)?.items?.map(\.title), ["C", "D"])
    ScenarioPlayer(scene: scene).play(scene.scenarios[0])
    XCTAssertEqual(scene.records.transcript, ["bar 1 1", "grid 0", "bar 2 1"])
  }

  func testAViewWithoutTheClassGetsTheFirstOwnersErrorAfterOthersHadIt() {
    assertLayoutError(
      """
      controller:
        view:
          subviews:
            - {class: UITabBar, frame: [0, 0, 390, 49], items: [A], didSelectItem: {print: "x"}}
            - {frame: [0, 100, 10, 10], didSelectItem: {print: "x"}}
      """, line: 5, column: 35, contains: "'didSelectItem' is for a UICollectionView")
  }
}
