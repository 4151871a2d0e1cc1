import Foundation
import TouchLabEngine
import TouchLabLayout
import XCTest

/// Every mistake in a layout is a FILE:LINE:COLUMN error, never a crash or a guess.
/// The error a layout's text gives, or nil when it loads.
func layoutError(_ yaml: String) -> LayoutError? {
  do {
    _ = try LayoutLoader.load(yaml: yaml, file: "t.yaml")
    return nil
  } catch let error as LayoutError {
    return error
  } catch {
    XCTFail("not a LayoutError: \(error)")
    return nil
  }
}

/// Asserts that a layout's text fails with `t.yaml:LINE:COLUMN: error: …TEXT…`.
func assertLayoutError(
  _ yaml: String, line: Int, column: Int, contains text: String, file: StaticString = #filePath,
  lineNumber: UInt = #line
) {
  guard let e = layoutError(yaml) else {
    XCTFail("expected an error containing '\(text)'", file: file, line: lineNumber)
    return
  }
  XCTAssertEqual(e.line, line, "\(e)", file: file, line: lineNumber)
  XCTAssertEqual(e.column, column, "\(e)", file: file, line: lineNumber)
  XCTAssertTrue(e.message.contains(text), "\(e)", file: file, line: lineNumber)
  XCTAssertTrue(e.description.hasPrefix("t.yaml:\(line):\(column): error: "), file: file, line: lineNumber)
}

final class LayoutErrorTests: XCTestCase {
  func assertError(
    _ yaml: String, line: Int, column: Int, contains text: String, file: StaticString = #filePath,
    lineNumber: UInt = #line
  ) {
    assertLayoutError(yaml, line: line, column: column, contains: text, file: file, lineNumber: lineNumber)
  }

  func testYAMLSyntaxError() {
    assertError("controller:\n  view: [1, 2\n", line: 3, column: 1, contains: "YAML syntax")
  }

  func testUnknownTopLevelKey() {
    assertError("controler:\n  view: {}\n", line: 1, column: 1, contains: "did you mean 'controller'")
  }

  func testUnknownViewKeySuggestsTheRightOne() {
    assertError(
      "controller:\n  view:\n    subviews:\n      - {id: a, frame: [0, 0, 10, 10], colour: red}\n", line: 4, column: 40,
      contains: "did you mean 'color'")
  }

  func testWrongType() {
    assertError(
      "controller:\n  view:\n    alpha: lots\n", line: 3, column: 12, contains: "alpha must be a finite number")
  }

  func testNaNAndInfinityAreRejected() {
    assertError("controller:\n  view:\n    alpha: .nan\n", line: 3, column: 12, contains: "finite")
    assertError(
      "controller:\n  view:\n    subviews: [{frame: [0, 0, .inf, 1]}]\n", line: 3, column: 31, contains: "frame")
  }

  /// A frame's mistakes, each at its place: `rect` reads its four numbers without an array
  /// and must say what `numbers` says.
  func testFrameMistakes() {
    func frame(_ text: String) -> String { "controller:\n  view:\n    subviews:\n      - frame: \(text)\n" }
    assertError(frame("tall"), line: 4, column: 16, contains: "frame must be a list, not a scalar")
    assertError(frame("{x: 1}"), line: 4, column: 16, contains: "frame must be a list, not a mapping")
    assertError(frame("[0, 0, 10]"), line: 4, column: 16, contains: "frame must be a list of 4 numbers")
    assertError(frame("[0, 0, 10, 1, 2]"), line: 4, column: 16, contains: "frame must be a list of 4 numbers")
    assertError(frame("[0, zero, 10, 1]"), line: 4, column: 20, contains: "frame must be a finite number")
    assertError(frame("[0, 0, -10, 1]"), line: 4, column: 16, contains: "with sizes ≥ 0")
    assertError(frame("[0, 100001, 10, 1]"), line: 4, column: 16, contains: "values within ±100000")
  }

  func testUnknownClass() {
    assertError(
      "controller:\n  view:\n    subviews: [{class: UIButon, frame: [0, 0, 1, 1]}]\n", line: 3, column: 24,
      contains: "did you mean 'UIButton'")
  }

  func testClassOfTheWrongFamily() {
    assertError(
      "controller:\n  view:\n    subviews: [{class: UITapGestureRecognizer, frame: [0, 0, 1, 1]}]\n", line: 3,
      column: 24, contains: "must be a view")
  }

  func testUnknownBaseAndBaseCycles() {
    assertError(
      "classes:\n  A: {base: UIVew}\ncontroller: {view: {}}\n", line: 2, column: 13, contains: "unknown base class")
    assertError(
      "classes:\n  A: {base: B}\n  B: {base: A}\ncontroller: {view: {}}\n", line: 2, column: 6,
      contains: "cycle in base classes: A → B → A")
  }

  func testDuplicateIDs() {
    assertError(
      "controller:\n  view:\n    subviews:\n      - {id: a, frame: [0, 0, 1, 1]}\n      - {id: a, frame: [0, 0, 1, 1]}\n",
      line: 5, column: 14, contains: "duplicate id 'a'")
  }

  func testDuplicateKeys() {
    assertError(
      "controller:\n  view:\n    alpha: 1\n    alpha: 0.5\n", line: 4, column: 5, contains: "duplicate key 'alpha'")
  }

  /// The reader shares one text between the keys of the same bytes and compares keys by it;
  /// a key written otherwise (quoted with an escape), one in a flow mapping, and keys it no
  /// longer shares (past the hundreds it keeps) are still compared by their text.
  func testDuplicateKeysHoweverTheyAreWritten() {
    assertError(
      "controller:\n  view:\n    {alpha: 1, \"alpha\": 0.5}\n", line: 3, column: 16, contains: "duplicate key 'alpha'")
    // `\/` is `/`: the quoted key's text is not its bytes.
    assertError(
      "controller:\n  view:\n    id: a\n    \"i\\/d\": b\n    i/d: c\n", line: 5, column: 5,
      contains: "duplicate key 'i/d'")
    assertError(
      "controller:\n  view:\n    'id': a\n    id: b\n", line: 4, column: 5, contains: "duplicate key 'id'")
    // 600 keys before (more than are shared), then a mapping with one key twice: each time the
    // reader has no room left to share it.
    let many = (0..<600).map { "k\($0): 1" }.joined(separator: ", ")
    assertError(
      "controller: {view: {\(many)}}\nfresh: 1\nfresh: 2\n", line: 3, column: 1, contains: "duplicate key 'fresh'")
    // Distinct keys of the same length and the same first bytes are not taken for each other.
    XCTAssertNotEqual(
      layoutError("controller:\n  view:\n    {alpha: 1, alphb: 2}\n")?.message.contains("duplicate key"), true)
  }

  func testUnknownIDs() {
    assertError(
      "controller:\n  view:\n    gestures: [{class: UITapGestureRecognizer, requireToFail: [nope]}]\n", line: 3,
      column: 63, contains: "unknown gesture id 'nope'")
    assertError(
      "controller: {view: {}}\nscenarios:\n  s:\n    - tap: nowhere\n", line: 4, column: 12, contains: "unknown view id"
    )
  }

  func testMethodsAClassDoesNotHave() {
    assertError(
      "classes:\n  V: {base: UIView, log: [beginTracking]}\ncontroller: {view: {}}\n", line: 2, column: 27,
      contains: "has no method 'beginTracking'")
  }

  func testFingerBookkeeping() {
    assertError(
      "controller: {view: {}}\nscenarios:\n  s:\n    - up: 1\n", line: 4, column: 11, contains: "finger 1 is not down")
    assertError(
      "controller: {view: {}}\nscenarios:\n  s:\n    - down: [1, 1]\n    - tap: [2, 2]\n", line: 5, column: 7,
      contains: "finger 1 is already down")
  }

  func testPressNeedsADuration() {
    assertError(
      "controller: {view: {}}\nscenarios:\n  s:\n    - press: [1, 1]\n", line: 4, column: 7,
      contains: "needs a duration")
  }

  func testMissingFrame() {
    assertError("controller:\n  view:\n    subviews: [{id: a}]\n", line: 3, column: 16, contains: "needs a frame")
  }

  func testDeepNestingIsAnErrorNotACrash() {
    var yaml = "controller:\n  view:\n"
    var indent = "    "
    for _ in 0..<250 {
      yaml += "\(indent)subviews:\n\(indent)  - frame: [0, 0, 1, 1]\n"
      indent += "    "
    }
    XCTAssertNotNil(layoutError(yaml)?.message.contains("deeper"))
  }

  /// Found by the layout fuzzer: YAML nested thousands of levels deep overflowed the stack
  /// in Yams (which builds and frees its tree recursively) and killed the process — whether
  /// the depth is in the text or made by a chain of aliases. Now an error where it goes too deep.
  func testYAMLNestedThousandsDeepIsAnErrorNotAStackOverflow() {
    let brackets = "controller: " + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    assertError(brackets, line: 1, column: 1012, contains: "nests deeper than 1000 levels")
    var chain = "a0: &a0 [x]\n"
    for i in 1..<100_000 { chain += "a\(i): &a\(i) [*a\(i - 1)]\n" }
    assertError(chain, line: 1000, column: 14, contains: "an alias as deep as what it names")
    var views = "controller:\n  view:\n    frame: [0, 0, 1, 1]\n    subviews:\n      - &v0 {frame: [0, 0, 1, 1]}\n"
    for i in 1..<5_000 { views += "      - &v\(i) {frame: [0, 0, 1, 1], subviews: [*v\(i - 1)]}\n" }
    // Each view here holds the one before it: the tree grows as the square of the lines, and
    // passes LayoutLimits.maximumExpandedNodes (line 476) before it nests too deep (line 503).
    assertError(views, line: 476, column: 48, contains: "once its aliases are expanded")
    // Deep enough for any real layout: 200 nested views (the builder's own limit) load.
    var deep = "controller:\n  view:\n"
    var indent = "    "
    for _ in 0..<199 {
      deep += "\(indent)subviews:\n\(indent)  - frame: [0, 0, 1, 1]\n"
      indent += "    "
    }
    XCTAssertNil(layoutError(deep))
  }

  func testATableShowingTooManyRowsAtOnceIsAnError() {
    assertError(
      "controller:\n  view:\n    subviews:\n      - {class: UITableView, frame: [0, 0, 390, 100000], rowHeight: 1,\n"
        + "         rows: {numberOfRows: 10000000}}\n",
      line: 4, column: 9, contains: "would show 100000 rows at once")
    // Ten thousand rows in a table of ordinary height load, at once.
    let rows = (0..<10_000).map { "          - Row \($0)" }.joined(separator: "\n")
    XCTAssertNil(
      layoutError(
        "controller:\n  view:\n    subviews:\n      - class: UITableView\n        frame: [0, 0, 390, 800]\n"
          + "        rows:\n" + rows + "\n"))
  }

  func testSetAssignments() throws {
    let scene = try LayoutLoader.load(
      yaml: "controller:\n  view:\n    subviews: [{id: v, frame: [0, 0, 10, 10]}]\n", file: "t.yaml")
    try scene.set("v.alpha=0.5")
    XCTAssertEqual((scene.objects["v"] as? UIView)?.alpha, 0.5)
    XCTAssertThrowsError(try scene.set("v.alpah=1")) { XCTAssertTrue("\($0)".contains("did you mean 'alpha'")) }
    XCTAssertThrowsError(try scene.set("w.alpha=1")) { XCTAssertTrue("\($0)".contains("unknown id 'w'")) }
    XCTAssertThrowsError(try scene.set("v.alpha")) { XCTAssertTrue("\($0)".contains("ID.PROPERTY=VALUE")) }
  }

  func testEveryBundledLayoutChecksClean() throws {
    for file in try GoldenTranscriptTests.layoutFiles() {
      XCTAssertNoThrow(try LayoutLoader.load(path: file.path), file.lastPathComponent)
    }
  }
}

final class ControlLayoutErrorTests: XCTestCase {
  private func slider(_ keys: String) -> String {
    "controller:\n  view:\n    subviews:\n      - class: UISlider\n        frame: [0, 0, 200, 31]\n" + keys
  }

  func testSliderUnknownKeySuggestsTheProperty() {
    assertLayoutError(slider("        minimumValu: 3\n"), line: 6, column: 9, contains: "did you mean 'minimumValue'")
  }

  func testSliderValueOutsideTheRangeIsAnError() {
    assertLayoutError(
      slider("        value: 150\n        maximumValue: 100\n"), line: 6, column: 16,
      contains: "value 150 is outside minimumValue…maximumValue (0…100)")
  }

  func testSliderValueIsAppliedAfterTheRangeWhateverTheOrder() throws {
    let scene = try LayoutLoader.load(
      yaml: slider("        id: s\n        value: 50\n        maximumValue: 100\n"), file: "t.yaml")
    XCTAssertEqual((scene.objects["s"] as? UISlider)?.value, 50)
  }

  func testSliderValueMustBeANumber() {
    assertLayoutError(slider("        value: half\n"), line: 6, column: 16, contains: "value must be a finite number")
  }
}

final class ValueControlLayoutErrorTests: XCTestCase {
  private func control(_ cls: String, _ keys: String) -> String {
    "controller:\n  view:\n    subviews:\n      - class: \(cls)\n        frame: [0, 0, 200, 32]\n" + keys
  }

  func testSegmentedIndexBeyondTheSegmentsIsAnError() {
    assertLayoutError(
      control("UISegmentedControl", "        selectedSegmentIndex: 2\n        segments: [A, B]\n"), line: 6,
      column: 31, contains: "selectedSegmentIndex 2 names no segment: there are 2")
  }

  func testSegmentsMustBeAList() {
    assertLayoutError(
      control("UISegmentedControl", "        segments: {a: 1}\n"), line: 6, column: 19, contains: "segments")
  }

  func testSegmentedUnknownKeySuggests() {
    assertLayoutError(
      control("UISegmentedControl", "        segment: [A, B]\n"), line: 6, column: 9,
      contains: "did you mean 'segments'")
  }

  func testStepperValueOutsideTheRange() {
    assertLayoutError(
      control("UIStepper", "        value: 120\n"), line: 6, column: 16,
      contains: "value 120 is outside minimumValue…maximumValue (0…100)")
  }

  func testStepperStepValueMustBePositive() {
    assertLayoutError(control("UIStepper", "        stepValue: 0\n"), line: 6, column: 20, contains: "above 0")
  }

  func testStepperNeedsNoFrame() throws {
    let scene = try LayoutLoader.load(
      yaml: "controller:\n  view:\n    subviews:\n      - {id: s, class: UIStepper, autorepeat: false}\n",
      file: "t.yaml")
    XCTAssertEqual((scene.objects["s"] as? UIStepper)?.bounds.size, CGSize(width: 94, height: 32))
  }

  func testStepperUnknownKeySuggests() {
    assertLayoutError(
      control("UIStepper", "        autoRepeat: true\n"), line: 6, column: 9, contains: "did you mean 'autorepeat'")
  }

  func testCurrentPageBeyondThePagesIsAnError() {
    assertLayoutError(
      control("UIPageControl", "        currentPage: 3\n        numberOfPages: 3\n"), line: 6, column: 22,
      contains: "currentPage 3 is not a page: numberOfPages is 3")
  }

  func testPageControlUnknownKeySuggests() {
    assertLayoutError(
      control("UIPageControl", "        numberOfPage: 3\n"), line: 6, column: 9,
      contains: "did you mean 'numberOfPages'")
  }
}

final class CollectionLayoutErrorTests: XCTestCase {
  private func grid(_ keys: String) -> String {
    "controller:\n  view:\n    subviews:\n      - id: grid\n        class: UICollectionView\n"
      + "        frame: [0, 0, 390, 400]\n" + keys
  }

  func testItemsOnANonCollectionViewIsAnError() {
    assertLayoutError(
      "controller:\n  view:\n    items: [a]\n", line: 3, column: 5, contains: "'items' is for a UICollectionView")
  }

  func testItemTextWithoutNumberOfItems() {
    assertLayoutError(grid("        itemText: \"Cell %d\"\n"), line: 7, column: 19, contains: "give numberOfItems too")
  }

  func testUnknownKeyInAnItem() {
    assertLayoutError(
      grid("        items:\n          - {txt: A}\n"), line: 8, column: 14, contains: "unknown key 'txt'")
  }

  func testTinyItemsPuttingTooManyOnScreenIsAnError() {
    assertLayoutError(
      grid("        itemSize: [1, 1]\n        minimumLineSpacing: 0\n        minimumInteritemSpacing: 0\n"), line: 4,
      column: 9, contains: "at most 10000")
  }

  func testMisspeltFlowKeySuggests() {
    assertLayoutError(
      grid("        minimumLineSpace: 4\n"), line: 7, column: 9, contains: "did you mean 'minimumLineSpacing'")
  }

  func testItemTargetBeyondTheItems() {
    assertLayoutError(
      grid("        numberOfItems: 3\nscenarios:\n  s:\n    - tap: {item: 3, in: grid}\n"), line: 10, column: 12,
      contains: "has 3 item(s); there is no item 3")
  }
}

final class TextFieldLayoutErrorTests: XCTestCase {
  private func field(_ keys: String) -> String {
    "controller:\n  view:\n    subviews:\n      - class: UITextField\n        frame: [0, 0, 200, 40]\n" + keys
  }

  func testMisspeltPlaceholderSuggests() {
    assertLayoutError(field("        placehoder: Hi\n"), line: 6, column: 9, contains: "did you mean 'placeholder'")
  }

  func testMisspeltEditingEventSuggests() {
    assertLayoutError(
      field("        targets: [{event: editingDidBgin, action: {print: x}}]\n"), line: 6, column: 27,
      contains: "did you mean 'editingDidBegin'")
  }
}

final class EdgePanLayoutErrorTests: XCTestCase {
  func testUnknownEdgeSuggests() {
    assertLayoutError(
      "controller:\n  view:\n    gestures:\n      - {class: UIScreenEdgePanGestureRecognizer, edges: lefft}\n", line: 4,
      column: 58, contains: "did you mean 'left'")
  }

  func testEdgesIsOnlyForTheEdgePan() {
    assertLayoutError(
      "controller:\n  view:\n    gestures:\n      - {class: UIPanGestureRecognizer, edges: left}\n", line: 4,
      column: 41, contains: "unknown key 'edges'")
  }
}

/// docs/layouts.md "Several windows": the `windows:` list's mistakes.
final class WindowsLayoutErrorTests: XCTestCase {
  private let head = "controller:\n  view: {}\nwindows:\n"

  func testUnknownWindowKeySuggests() {
    assertLayoutError(
      head + "  - {windowLevl: alert, view: {}}\n", line: 4, column: 6, contains: "did you mean 'windowLevel'")
  }

  func testUnknownLevelNameSuggests() {
    assertLayoutError(
      head + "  - {windowLevel: alrt, view: {}}\n", line: 4, column: 19, contains: "did you mean 'alert'")
  }

  func testAWindowNeedsContent() {
    assertLayoutError(head + "  - {windowLevel: 1}\n", line: 4, column: 5, contains: "a window needs a 'view'")
  }

  func testOneContentOnly() {
    assertLayoutError(
      head + "  - {view: {}, controller: {view: {}}}\n", line: 4, column: 16, contains: "one content")
  }

  func testLevelMustBeANumberInRange() {
    assertLayoutError(head + "  - {windowLevel: 1e9, view: {}}\n", line: 4, column: 19, contains: "between")
  }

  func testTheBundledLayoutLoadsItsWindowsInOrder() throws {
    let file = GoldenTranscriptTests.layouts.appendingPathComponent("windows.yaml")
    let scene = try LayoutLoader.load(path: file.path)
    let windows = scene.application.windows
    XCTAssertEqual(windows.count, 3)
    XCTAssertTrue(scene.application.keyWindow === scene.window)
    XCTAssertEqual(scene.application.windowsFrontToBack.map(\.windowLevel), [.alert, .statusBar, .normal])
  }
}

/// docs/layouts.md "Hierarchy steps": their mistakes.
final class HierarchyStepErrorTests: XCTestCase {
  private let head =
    "controller:\n  view:\n    subviews:\n      - id: card\n        frame: [0, 0, 10, 10]\n        gestures:\n          - {id: cardTap, class: UITapGestureRecognizer}\nscenarios:\n  s:\n"

  func testUnknownViewSuggests() {
    assertLayoutError(head + "    - remove: crad\n", line: 10, column: 15, contains: "did you mean 'card'")
  }

  func testUnknownRecognizerSuggests() {
    assertLayoutError(head + "    - removeGesture: cardTp\n", line: 10, column: 22, contains: "did you mean 'cardTap'")
  }

  func testMoveViewNeedsBothKeys() {
    assertLayoutError(head + "    - moveView: {view: card}\n", line: 10, column: 17, contains: "needs view and to")
  }

  func testMoveViewUnknownKeySuggests() {
    assertLayoutError(
      head + "    - moveView: {view: card, too: card}\n", line: 10, column: 30, contains: "did you mean 'to'")
  }

  func testCannotMoveAViewIntoItself() {
    assertLayoutError(head + "    - moveView: {view: card, to: card}\n", line: 10, column: 34, contains: "into itself")
  }
}
