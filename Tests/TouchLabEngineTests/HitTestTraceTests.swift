import Foundation
import XCTest

@testable import TouchLabEngine
@testable import TouchLabRecords
@testable import TouchLabScripting

/// `UIApplication.traceHitTest(at:)`: which views hit-testing asked and what each answered,
/// without recording anything.
final class HitTestTraceTests: XCTestCase {
  /// Each step as "Name: verdict" (indented by depth).
  private func steps(_ trace: HitTestTrace) -> [String] {
    trace.steps.map { String(repeating: "  ", count: $0.depth) + "\($0.view.className): \($0.verdict)" }
  }

  func testTheViewsAskedFromTheLastAddedAndWhatEachAnswered() {
    let scene = Scene()
    let back = scene.view("Back", rect(0, 0, 400, 400))
    let left = scene.view("Left", rect(0, 0, 200, 200), in: back)
    scene.view("Button", rect(20, 20, 100, 50), in: left)
    scene.view("Right", rect(200, 0, 200, 200), in: back)
    let hidden = scene.view("Hidden", rect(0, 0, 400, 400), in: back)
    hidden.isHidden = true
    let off = scene.view("Off", rect(0, 0, 400, 400), in: back)
    off.isUserInteractionEnabled = false
    let faint = scene.view("Faint", rect(0, 0, 400, 400), in: back)
    faint.alpha = 0.005

    let trace = scene.app.traceHitTest(at: pt(50, 40))
    XCTAssertEqual(
      steps(trace),
      [
        "UIWindow: subviewAnswered",
        "  Back: subviewAnswered",
        "    Faint: transparent",
        "    Off: interactionDisabled",
        "    Hidden: hidden",
        "    Right: outside",
        "    Left: subviewAnswered",
        "      Button: answeredItself",
      ])
    XCTAssertEqual(trace.hitView?.className, "Button")
    XCTAssertEqual(trace.answeringSteps.map(\.view.className), ["UIWindow", "Back", "Left", "Button"])
    // The point in each view's coordinates, and where each view is in the window's.
    let button = trace.steps[7]
    XCTAssertEqual(button.point, RecordPoint(x: 30, y: 20))
    XCTAssertEqual(
      button.corners,
      [RecordPoint(x: 20, y: 20), RecordPoint(x: 120, y: 20), RecordPoint(x: 120, y: 70), RecordPoint(x: 20, y: 70)])
    XCTAssertEqual(trace.steps[7].answer?.className, "Button")
    XCTAssertEqual(trace.steps[1].answer?.className, "Button", "an ancestor passes its subview's answer up")

    // A point on nothing but the background: it answers itself.
    XCTAssertEqual(scene.app.traceHitTest(at: pt(100, 300)).hitView?.className, "Back")
    XCTAssertEqual(
      scene.app.traceHitTest(at: pt(100, 300)).steps.last.map { "\($0.view.className): \($0.verdict)" },
      "Left: outside")
  }

  func testRulesThatRefuseOrRedirectAreNamedAndNothingIsRecorded() {
    let scene = Scene()
    let parent = scene.view("Parent", rect(0, 0, 200, 200))
    let child = scene.view("Child", rect(0, 0, 100, 100), in: parent)
    for view in [parent, child] {
      view.scriptedClass?.logs[.hitTest] = .init()
      view.scriptedClass?.logs[.pointInside] = .init()
    }
    child.scriptedClass?.hitTest = .superview
    var trace = scene.app.traceHitTest(at: pt(50, 50))
    XCTAssertEqual(steps(trace), ["UIWindow: subviewAnswered", "  Parent: subviewAnswered", "    Child: redirected"])
    XCTAssertEqual(trace.hitView?.className, "Parent")
    XCTAssertEqual(trace.steps[2].answer?.className, "Parent", "the child answered its superview")

    child.scriptedClass?.hitTest = HitTestRuleNone.none
    trace = scene.app.traceHitTest(at: pt(50, 50))
    XCTAssertEqual(steps(trace), ["UIWindow: subviewAnswered", "  Parent: answeredItself", "    Child: refused"])

    // The logging classes printed nothing, and no record was made.
    XCTAssertEqual(scene.app.records.records, [])
    // Touches still log and record as before.
    scene.down(pt(150, 150), at: 0)
    XCTAssertEqual(scene.transcript.first, "-[Parent hitTest:withEvent:]")
  }

  func testAHigherWindowIsAskedFirstAndALowerOneWhenItAnswersNil() {
    let scene = Scene()
    scene.view("Below", rect(0, 0, 400, 400))
    let alert = UIWindow(frame: scene.window.frame)
    alert.windowLevel = .alert
    scene.app.addWindow(alert)
    let box = scene.view("Box", rect(0, 0, 50, 50), in: alert)
    XCTAssertEqual(scene.app.traceHitTest(at: pt(20, 20)).hitObject, ObjectIdentifier(box))
    alert.isUserInteractionEnabled = false
    let passed = scene.app.traceHitTest(at: pt(20, 20))
    XCTAssertEqual(
      steps(passed), ["UIWindow: interactionDisabled", "UIWindow: subviewAnswered", "  Below: answeredItself"],
      "the alert window, then the main one")
    XCTAssertEqual(passed.hitView?.className, "Below")
  }
}

/// `.none` spelled so it is not read as Optional's.
private typealias HitTestRuleNone = ScriptedClass.HitTestRule
