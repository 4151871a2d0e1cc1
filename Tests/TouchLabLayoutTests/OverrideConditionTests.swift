import Foundation
import TouchLabEngine
import TouchLabLayout
import TouchLabRecords
import TouchLabScripting
import XCTest

/// Overrides with a condition (docs/layouts.md): the answer is given when every fact named
/// holds, super's answer otherwise; bad conditions are FILE:LINE:COLUMN errors.
/// Layouts/conditions.yaml's golden transcripts pin beginTracking, touchesShouldCancel and
/// shouldReceiveTouch; these tests the other places a condition may go.
final class OverrideConditionTests: XCTestCase {
  private func transcript(_ yaml: String, _ scenario: String) throws -> [String] {
    let scene = try LayoutLoader.load(yaml: yaml, file: "t.yaml")
    ScenarioPlayer(scene: scene).play(try XCTUnwrap(scene.scenario(named: scenario)))
    return TranscriptFormatter().lines(scene.records.records)
  }

  /// A cover over a button passes a double tap's second touch through (`hitTest` returns nil
  /// for tapCount 2) and keeps the first.
  func testHitTestRuleAppliesOnlyWhenItsConditionHolds() throws {
    let yaml = """
      classes:
        Cover: {base: UIView, hitTest: {returns: none, when: {tapCount: 2}}}
      controller:
        view:
          id: root
          gestures:
            - {class: UITapGestureRecognizer, action: {print: "root tapped %tapCount"}, cancelsTouchesInView: false}
          subviews:
            - {id: button, class: UIButton, frame: [0, 0, 100, 100], targets: [{event: touchUpInside, action: {print: "button"}}]}
            - {id: cover, class: Cover, frame: [0, 0, 100, 100]}
      scenarios:
        double:
          - tap: {view: cover, at: [50, 50]}
          - wait: 0.1
          - tap: {view: cover, at: [50, 50]}
      """
    // The first touch lands on the cover (a plain view: only the root's tap acts); the second
    // passes through the cover to the button, which sends its action too (the root's tap does
    // not cancel touches, so the control does not stop it, §6).
    XCTAssertEqual(try transcript(yaml, "double"), ["root tapped 1", "root tapped 2", "button"])
  }

  func testPointInsideRuleAppliesOnlyWhenItsConditionHolds() throws {
    let yaml = """
      classes:
        Slop: {base: UIButton, pointInside: {inset: [-30, -30, -30, -30], when: {touches: 1}}}
      controller:
        view:
          subviews:
            - {id: b, class: Slop, frame: [100, 100, 40, 40], targets: [{event: touchDown, action: {print: "down"}}]}
      scenarios:
        near: [{tap: [90, 90]}]
        twoFingers:
          - {down: [300, 300], finger: 2}
          - {down: [90, 90], finger: 1}
          - {up: 1}
          - {up: 2}
      """
    XCTAssertEqual(try transcript(yaml, "near"), ["down"])
    XCTAssertEqual(try transcript(yaml, "twoFingers"), [], "with two fingers down the slop does not apply")
  }

  func testDelegateShouldBeginWithACondition() throws {
    let yaml = """
      controller:
        view:
          gestures:
            - class: UITapGestureRecognizer
              numberOfTapsRequired: 1
              action: {print: "tap %tapCount"}
              delegate: {shouldBegin: {returns: false, when: {tapCount: 2}}}
      scenarios:
        two:
          - tap: [50, 50]
          - wait: 0.1
          - tap: [50, 50]
      """
    XCTAssertEqual(try transcript(yaml, "two"), ["tap 1"])
  }

  func testGestureRecognizerShouldBeginOverrideWithACondition() throws {
    let yaml = """
      classes:
        Picky: {base: UIView, gestureRecognizerShouldBegin: {returns: false, when: {tapCount: 1}}}
      controller:
        view:
          subviews:
            - id: v
              class: Picky
              frame: [0, 0, 200, 200]
              gestures: [{class: UITapGestureRecognizer, action: {print: "tap %tapCount"}}]
      scenarios:
        two:
          - tap: v
          - wait: 0.1
          - tap: v
      """
    XCTAssertEqual(try transcript(yaml, "two"), ["tap 2"])
  }

  func testBadConditionsAreErrors() {
    assertLayoutError(
      "classes:\n  B: {base: UIButton, beginTracking: {returns: false, when: {tapcount: 1}}}\ncontroller:\n  view: {}\n",
      line: 2, column: 62, contains: "unknown fact 'tapcount' in when (did you mean 'tapCount'?)")
    assertLayoutError(
      "classes:\n  B: {base: UIButton, beginTracking: {when: {tapCount: 1}}}\ncontroller:\n  view: {}\n",
      line: 2, column: 38, contains: "beginTracking needs returns: true or false")
    assertLayoutError(
      "classes:\n  V: {base: UIView, hitTest: {returns: none, when: {view: v}}}\ncontroller:\n  view: {}\n",
      line: 2, column: 53, contains: "the touched view is not known yet while hit-testing")
    assertLayoutError(
      "classes:\n  V: {base: UIView, beginTracking: false}\ncontroller:\n  view: {}\n",
      line: 2, column: 21, contains: "has no method 'beginTracking'")
    assertLayoutError(
      "controller:\n  view:\n    subviews:\n      - id: a\n        frame: [0, 0, 10, 10]\n        gestures:\n          - class: UITapGestureRecognizer\n            delegate: {shouldBegin: {returns: false, when: {view: [nope]}}}\n",
      line: 8, column: 67, contains: "unknown view id 'nope' in when")
  }

  /// docs/layouts.md's example of "Overrides with a condition" loads, and each scenario
  /// prints what its comment says.
  func testTheDocumentedExamplePrintsWhatItsCommentsSay() throws {
    let example = try documentedExample(after: "### Overrides with a condition")
    XCTAssertEqual(try transcript(example, "triple-tap-button"), ["button tapped"])
    XCTAssertEqual(try transcript(example, "tap-outside-card"), ["background tapped"])
    XCTAssertTrue(example.contains("triple-tap-button:   # button tapped (once: the third tap)"))
    XCTAssertTrue(example.contains("tap-outside-card:    # background tapped"))
  }
}
