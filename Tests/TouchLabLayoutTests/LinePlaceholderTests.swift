import Foundation
import XCTest

@testable import TouchLabEngine
@testable import TouchLabLayout
@testable import TouchLabRecords
@testable import TouchLabScripting

/// The placeholders of logged lines and printed actions (docs/layouts.md, "Values in lines"):
/// how they are found and replaced, and the loader's refusal of unknown ones. What each
/// value prints is pinned by Layouts/placeholders.yaml's golden transcripts.
final class LinePlaceholderTests: XCTestCase {
  func testNames_SkipMethodAndPercentSign() {
    let names = LinePlaceholder.names(in: "%s at %location, 100%% %vaule %").map(\.name)
    XCTAssertEqual(names, ["location", "vaule"])
  }

  func testExpand_ReplacesKnownLeavesUnknownAndPercentSigns() {
    let text = LinePlaceholder.expand(
      "%s: %state %result 100%% %unknown", LineContext(subject: nil, function: "-[A b]", result: "YES"))
    XCTAssertEqual(text, "-[A b]: (null) YES 100% %unknown")
  }

  func testExpand_ReadsTheSubject() {
    let slider = UISlider(frame: CGRect(x: 0, y: 0, width: 100, height: 30))
    slider.value = 0.375
    let toggle = UISwitch(frame: .zero)
    toggle.isOn = true
    XCTAssertEqual(LinePlaceholder.expand("%value", LineContext(subject: slider)), "0.38")
    XCTAssertEqual(LinePlaceholder.expand("%on %value", LineContext(subject: toggle)), "YES (null)")
    XCTAssertEqual(
      LinePlaceholder.expand("%row/%section", LineContext(subject: nil, indexPath: IndexPath(row: 4, section: 1))),
      "4/1")
  }

  func testResultDescriptions() {
    let view = UIView(frame: .zero)
    view.identifier = "box"
    XCTAssertEqual(LinePlaceholder.describe(true), "YES")
    XCTAssertEqual(LinePlaceholder.describe(view as UIView?), "box")
    XCTAssertEqual(LinePlaceholder.describe(nil as UIView?), "nil")
    XCTAssertNil(LinePlaceholder.describe(()))
  }

  func testUnknownPlaceholderInALayoutIsAnErrorWithASuggestion() {
    assertLayoutError(
      "controller:\n  view:\n    gestures:\n      - {class: UITapGestureRecognizer, action: {print: \"at %locaton\"}}\n",
      line: 4, column: 57, contains: "unknown placeholder '%locaton' in print (did you mean '%location'?)")
    assertLayoutError(
      "classes:\n  V: {base: UIView, log: {touchesBegan: \"%s %sate\"}}\ncontroller:\n  view: {class: V}\n",
      line: 2, column: 41, contains: "unknown placeholder '%sate' in log (did you mean '%state'?)")
  }

  /// docs/layouts.md's example of "Values in lines" loads, and prints what its comments say.
  func testTheDocumentedExamplePrintsWhatItsCommentsSay() throws {
    let example = try documentedExample(after: "### Values in lines")
    let expected = example.split(separator: "\n").compactMap { line -> String? in
      guard let hash = line.range(of: "# ") else { return nil }
      return String(line[hash.upperBound...])
    }
    XCTAssertEqual(expected.count, 3)
    let yaml =
      example + "scenarios:\n  drag:\n    - drag: {view: pad, at: [60, 80]}\n      by: [90, 0]\n      steps: 3\n"
    let scene = try LayoutLoader.load(yaml: yaml, file: "layouts.md")
    ScenarioPlayer(scene: scene).play(try XCTUnwrap(scene.scenario(named: "drag")))
    let lines = TranscriptFormatter().lines(scene.records.records)
    for line in expected { XCTAssertTrue(lines.contains(line), "\(line) not in \(lines)") }
  }

  /// Issue 44: a delegate line names the other recognizer's class and state, and the asking
  /// recognizer's class although it has an id.
  func testOtherClassOtherStateAndClass() {
    let asked = UITapGestureRecognizer()
    asked.identifier = "single"
    let other = UIPanGestureRecognizer()
    other.identifier = "drag"
    var context = LineContext(subject: asked)
    context.other = other
    XCTAssertEqual(
      LinePlaceholder.expand("%class %state / %other %otherClass %otherState", context),
      "UITapGestureRecognizer 0 / drag UIPanGestureRecognizer 0")
    XCTAssertEqual(LinePlaceholder.expand("%otherClass %otherState", LineContext(subject: asked)), "(null) (null)")
  }

  /// Issue 44: `when:` prints a recognizer's action only in the states it names, one line per
  /// gesture whatever the number of moves; it is refused elsewhere and names known states only.
  func testWhenFiltersARecognizersActionByState() throws {
    let yaml = """
      controller:
        view:
          subviews:
            - id: pad
              frame: [0, 0, 300, 300]
              gestures:
                - {class: UIPanGestureRecognizer, action: {print: "pan %state", when: [began, recognized]}}
      scenarios:
        drag:
          - drag: pad
            by: [120, 0]
            duration: 0.3
            steps: 12
      """
    let scene = try LayoutLoader.load(yaml: yaml, file: "when.yaml")
    ScenarioPlayer(scene: scene).play(try XCTUnwrap(scene.scenario(named: "drag")))
    XCTAssertEqual(TranscriptFormatter().lines(scene.records.records), ["pan 1", "pan 3"])
    assertLayoutError(
      "controller:\n  view:\n    gestures:\n      - {class: UITapGestureRecognizer, action: {print: x, when: begun}}\n",
      line: 4, column: 66, contains: "unknown state 'begun' in `when:`")
    assertLayoutError(
      "controller:\n  view:\n    subviews:\n"
        + "      - {class: UIButton, frame: [0, 0, 80, 40], targets: [{event: touchUpInside, action: {print: x, when: began}}]}\n",
      line: 4, column: 102, contains: "`when:` filters a gesture recognizer's action by its state")
  }

  /// The loader's check (`names(in:)`), its budget (`LineText.longestExpansion`) and the
  /// printing (`expand`) read placeholders alike: over every text of three pieces (lone and
  /// double `%`, `%s`, known and unknown words, non-ASCII letters, words split across pieces),
  /// the longest expansion exceeds what is printed by exactly what each placeholder found
  /// adds at its longest. A reader that split a text otherwise (`%%state` as `%` and
  /// `%state`, `%é` as a placeholder, `%stateX` as `%state`) breaks the sum.
  func testTheLoaderAndThePrintingReadPlaceholdersAlike() {
    let pieces = ["a", "é", "%", "%%", "%s", "s", "%state", "state", "X", "%result", "%vaule", "%other", " ", "%é"]
    // `%s` prints the marker, so that its number shows in the printed text.
    let context = LineContext(subject: nil, function: "§")
    func slack(_ name: String) -> Int {
      LineText.longestExpansion(of: "%" + name) - LinePlaceholder.expand("%" + name, context).count
    }
    var checked = 0
    for a in pieces {
      for b in pieces {
        for c in pieces {
          let text = a + b + c
          let printed = LinePlaceholder.expand(text, context)
          let functions = printed.filter { $0 == "§" }.count
          let expected =
            printed.count + functions * (LineText.longestMethodName - 1)
            + LinePlaceholder.names(in: text).map { slack($0.name) }.reduce(0, +)
          XCTAssertEqual(LineText.longestExpansion(of: text), expected, text)
          checked += 1
        }
      }
    }
    XCTAssertEqual(checked, pieces.count * pieces.count * pieces.count)
    // The pieces themselves, as the one scanner gives them.
    var found: [LinePlaceholder.TextPiece] = []
    LinePlaceholder.scan("%%state%é%s%") { found.append($0) }
    XCTAssertEqual(
      found,
      [
        .percent, .character("s"), .character("t"), .character("a"), .character("t"), .character("e"),
        .character("%"), .character("é"), .placeholder(name: "s", offset: 9), .character("%"),
      ])
  }
}
