import Foundation
import TouchLabLayout
import XCTest

@testable import TouchLabEngine
@testable import TouchLabTranscript

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
}
