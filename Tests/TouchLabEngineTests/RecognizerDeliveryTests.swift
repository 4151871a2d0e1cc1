import Foundation
import XCTest

@testable import TouchLabEngine
@testable import TouchLabScripting

/// A recognizer whose touches methods run the test's closure (to drive the state machine by hand).
final class ManualRecognizer: UIGestureRecognizer {
  var discrete = false
  var onTouches: ((ManualRecognizer, UITouch.Phase) -> Void)?
  override var isDiscrete: Bool { discrete }
  override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) { onTouches?(self, .began) }
  override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) { onTouches?(self, .moved) }
  override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) { onTouches?(self, .ended) }
  override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) { onTouches?(self, .cancelled) }
}

/// docs/BEHAVIOUR.md §3 (which recognizers see a touch) and §4 (states, the three delivery
/// switches, and the order of things within one event).
final class RecognizerDeliveryTests: XCTestCase {
  // MARK: §3

  func testRecognizers_CollectedFromHitViewAndAncestorsOutermostFirst() {
    // Precondition: recognizers on the window, a parent, the touched child, and a sibling;
    // a disabled one on the parent.
    let scene = Scene()
    let parent = scene.view("Parent", rect(0, 0, 300, 300))
    let child = scene.view("Child", rect(0, 0, 100, 100), in: parent)
    let sibling = scene.view("Sibling", rect(200, 0, 100, 100), in: parent)
    scene.tap("ChildTap", on: child)
    scene.tap("WindowTap", on: scene.window)
    scene.recognizer(UIPanGestureRecognizer(), "ParentPan", on: parent)
    scene.tap("Disabled", on: parent).isEnabled = false
    scene.tap("SiblingTap", on: sibling)
    // Action: a finger lands on the child.
    scene.down(pt(50, 50), at: 0)
    // Assertion: the touch holds the outermost first; they get the began before the view.
    let touch = scene.app.touchesOnScreen.first
    XCTAssertEqual(touch?.gestureRecognizers.map(\.className), ["WindowTap", "ParentPan", "ChildTap"])
    XCTAssertEqual(
      scene.trace(only: ["WindowTap", "ParentPan", "ChildTap", "Disabled", "SiblingTap", "Child"]),
      ["WindowTap.touchesBegan[1]", "ParentPan.touchesBegan[1]", "ChildTap.touchesBegan[1]", "Child.touchesBegan[1]"])
  }

  func testDelegateShouldReceive_FalseKeepsTheTouchFromTheRecognizer() {
    // Precondition: a background tap whose delegate refuses touches in the cell.
    let scene = Scene()
    let background = scene.view("Background", rect(0, 0, 300, 300))
    let cell = scene.view("Cell", rect(0, 0, 300, 50), in: background)
    scene.tap("BackgroundTap", on: background)
    let delegate = RuleGestureDelegate()
    delegate.refuseTouchesInside = [cell]
    background.gestureRecognizers[0].delegate = delegate
    // Action: a tap on the cell, then one beside it.
    scene.tap(at: pt(20, 20), at: 0)
    scene.tap(at: pt(20, 200), at: 1)
    // Assertion: the cell's touch never reaches the recognizer; the other one does and recognizes.
    XCTAssertEqual(
      scene.trace(only: ["BackgroundTap", "Cell", "Background"]),
      [
        "Cell.touchesBegan[1]", "Background.touchesBegan[1]", "Cell.touchesEnded[1]", "Background.touchesEnded[1]",
        "BackgroundTap.touchesBegan[2]", "Background.touchesBegan[2]", "BackgroundTap.touchesEnded[2]",
        "-[Target BackgroundTap]", "Background.touchesCancelled[2]",
      ])
    // A delegate that refuses everything: the recognizer is never involved.
    delegate.acceptsTouches = false
    scene.clear()
    scene.tap(at: pt(20, 200), at: 2)
    XCTAssertEqual(scene.actions, [])
    XCTAssertEqual(scene.calls("BackgroundTap"), [])
  }

  // MARK: §4 state machine

  func testStateMachine_LegalTransitionTable() {
    // Precondition: every pair of states, for both kinds.
    let all: [UIGestureRecognizer.State] = [.possible, .began, .changed, .ended, .cancelled, .failed]
    let continuous: Set<String> = [
      "possible->began", "possible->ended", "possible->failed",
      "began->changed", "began->ended", "began->cancelled",
      "changed->changed", "changed->ended", "changed->cancelled",
    ]
    let discrete: Set<String> = ["possible->ended", "possible->failed"]
    // Action + assertion: the table allows exactly these.
    for old in all {
      for new in all {
        let key = "\(old)->\(new)"
        XCTAssertEqual(
          UIGestureRecognizer.isLegal(from: old, to: new, discrete: false), continuous.contains(key),
          "continuous \(key)")
        XCTAssertEqual(
          UIGestureRecognizer.isLegal(from: old, to: new, discrete: true), discrete.contains(key), "discrete \(key)")
      }
    }
  }

  func testStateMachine_IllegalTransitionsIgnoredAndCounted() {
    // Precondition: a continuous recognizer driven by hand, trying illegal steps.
    let scene = Scene()
    let view = scene.view("View", rect(0, 0, 200, 200))
    let manual = scene.recognizer(ManualRecognizer(), "Manual", on: view)
    manual.onTouches = { r, phase in
      switch phase {
      case .began:
        r.state = .changed  // illegal: possible → changed
        r.state = .began
        r.state = .began  // illegal: began → began
      case .moved:
        r.state = .changed
        r.state = .failed  // illegal: changed → failed
      case .ended:
        r.state = .ended
        r.state = .changed  // illegal: ended → changed
      default: break
      }
    }
    // Action: down, move, up.
    scene.down(pt(10, 10), at: 0)
    XCTAssertEqual(manual.state, .began)
    scene.move(pt(20, 10), at: 0.1)
    XCTAssertEqual(manual.state, .changed)
    scene.up(pt(20, 10), at: 0.2)
    // Assertion: four ignored, the rest went through, one action per legal state. An
    // illegal attempt is recorded at once; a state is recorded when it settles, just
    // before its action.
    XCTAssertEqual(manual.illegalTransitionCount, 4)
    XCTAssertEqual(
      scene.trace([.state, .action], only: ["Manual"]),
      [
        "Manual=possible->changed", "Manual=began->began", "Manual=began", "-[Target Manual]",
        "Manual=changed->failed", "Manual=changed", "-[Target Manual]",
        "Manual=ended->changed", "Manual=ended", "-[Target Manual]", "Manual=reset",
      ])
  }

  func testStateMachine_DiscreteRecognizerCannotBegin() {
    let scene = Scene()
    let view = scene.view("View", rect(0, 0, 200, 200))
    let manual = scene.recognizer(ManualRecognizer(), "Manual", on: view)
    manual.discrete = true
    manual.onTouches = { r, phase in
      if phase == .began { r.state = .began }
      if phase == .ended { r.state = .recognized }
    }
    scene.down(pt(10, 10), at: 0)
    XCTAssertEqual(manual.state, .possible)
    scene.up(pt(10, 10), at: 0.1)
    XCTAssertEqual(manual.illegalTransitionCount, 1)
    XCTAssertEqual(scene.actions, ["-[Target Manual]"])
  }

  func testActions_FireOnBeganEachChangedAndEnded() {
    // Precondition: a pan.
    let scene = Scene()
    let view = scene.view("View", rect(0, 0, 400, 400))
    scene.recognizer(UIPanGestureRecognizer(), "Pan", on: view)
    // Action: a drag of four 15 pt steps.
    scene.drag(from: pt(100, 100), to: pt(160, 100), at: 0, steps: 4)
    // Assertion: an action after each of began, changed ×3, ended.
    XCTAssertEqual(
      scene.trace([.state, .action], only: ["Pan"]),
      [
        "Pan=began", "-[Target Pan]", "Pan=changed", "-[Target Pan]", "Pan=changed", "-[Target Pan]",
        "Pan=changed", "-[Target Pan]", "Pan=ended", "-[Target Pan]", "Pan=reset",
      ])
  }

  func testActions_FireOnCancelled() {
    // Precondition: a pan that has begun.
    let scene = Scene()
    let view = scene.view("View", rect(0, 0, 400, 400))
    let pan = scene.recognizer(UIPanGestureRecognizer(), "Pan", on: view)
    scene.down(pt(100, 100), at: 0)
    scene.move(pt(120, 100), at: 0.1)
    XCTAssertEqual(pan.state, .began)
    // Action: the touch is cancelled.
    scene.send(at: 0.2, [TouchInput(finger: 1, phase: .cancelled, location: pt(120, 100))])
    // Assertion: the cancelled state fires the action too.
    XCTAssertEqual(
      scene.trace([.state, .action], only: ["Pan"]),
      ["Pan=began", "-[Target Pan]", "Pan=cancelled", "-[Target Pan]", "Pan=reset"])
  }

  func testActions_FireOnRecognizedOnly() {
    let scene = Scene()
    let view = scene.view("View", rect(0, 0, 400, 400))
    scene.tap("Tap", on: view)
    scene.down(pt(100, 100), at: 0)
    XCTAssertEqual(scene.actions, [])
    scene.up(pt(100, 100), at: 0.1)
    XCTAssertEqual(scene.trace([.state, .action], only: ["Tap"]), ["Tap=ended", "-[Target Tap]", "Tap=reset"])
  }

  func testRecognizers_BackToPossibleBeforeTheNextSequence() {
    // Precondition: a tap recognizer that recognizes, then one that fails.
    let scene = Scene()
    let view = scene.view("View", rect(0, 0, 400, 400))
    let tap = scene.tap("Tap", on: view)
    scene.tap(at: pt(100, 100), at: 0)
    XCTAssertEqual(tap.state, .possible)
    scene.drag(from: pt(100, 100), to: pt(200, 100), at: 1)  // moves too far: fails
    XCTAssertEqual(tap.state, .possible)
    // Action: another tap.
    scene.tap(at: pt(100, 100), at: 2)
    // Assertion: it recognized twice, failed once, and is possible again.
    XCTAssertEqual(scene.actions, ["-[Target Tap]", "-[Target Tap]"])
    XCTAssertEqual(
      scene.trace([.state], only: ["Tap"]),
      ["Tap=ended", "Tap=reset", "Tap=failed", "Tap=reset", "Tap=ended", "Tap=reset"])
    XCTAssertEqual(tap.state, .possible)
  }

  // MARK: §4 cancelsTouchesInView

  func testCancelsTouchesInView_True_TapActionThenViewCancelled() {
    // Precondition: a tap on a view, UIKit's defaults.
    let scene = Scene()
    let view = scene.view("View", rect(0, 0, 400, 400))
    let tap = scene.tap("Tap", on: view)
    XCTAssertTrue(tap.cancelsTouchesInView)
    XCTAssertFalse(tap.delaysTouchesBegan)
    XCTAssertTrue(tap.delaysTouchesEnded)
    // Action: a tap.
    scene.tap(at: pt(100, 100), at: 0)
    // Assertion: the action runs before the view's touchesCancelled; no touchesEnded.
    XCTAssertEqual(
      scene.trace(only: ["Tap", "View"]),
      [
        "Tap.touchesBegan[1]", "View.touchesBegan[1]", "Tap.touchesEnded[1]", "-[Target Tap]",
        "View.touchesCancelled[1]",
      ])
  }

  func testCancelsTouchesInView_True_ViewHearsNothingMoreAfterCancel() {
    let scene = Scene()
    let view = scene.view("View", rect(0, 0, 400, 400))
    scene.recognizer(UIPanGestureRecognizer(), "Pan", on: view)
    scene.drag(from: pt(100, 100), to: pt(160, 100), at: 0, steps: 4)
    XCTAssertEqual(scene.calls("View"), ["touchesBegan[1]", "touchesMoved[1]", "touchesCancelled[1]"])
  }

  func testCancelsTouchesInView_False_ViewGetsTheFullSequence() {
    // Precondition: a tap that does not cancel touches in its view.
    let scene = Scene()
    let view = scene.view("View", rect(0, 0, 400, 400))
    scene.tap("Tap", on: view).cancelsTouchesInView = false
    // Action: a tap.
    scene.tap(at: pt(100, 100), at: 0)
    // Assertion: both respond; the held touchesEnded comes after the action.
    XCTAssertEqual(
      scene.trace(only: ["Tap", "View"]),
      ["Tap.touchesBegan[1]", "View.touchesBegan[1]", "Tap.touchesEnded[1]", "-[Target Tap]", "View.touchesEnded[1]"])
  }

  func testCancelsTouchesInView_False_PanLetsTheViewKeepMoving() {
    let scene = Scene()
    let view = scene.view("View", rect(0, 0, 400, 400))
    scene.recognizer(UIPanGestureRecognizer(), "Pan", on: view).cancelsTouchesInView = false
    scene.drag(from: pt(100, 100), to: pt(160, 100), at: 0, steps: 4)
    XCTAssertEqual(
      scene.calls("View"),
      [
        "touchesBegan[1]", "touchesMoved[1]", "touchesMoved[1]", "touchesMoved[1]", "touchesMoved[1]",
        "touchesEnded[1]",
      ])
    XCTAssertEqual(scene.actions.count, 5)
  }

  // MARK: §4 delaysTouchesBegan

  func testDelaysTouchesBegan_RecognizeDropsTheHeldTouch() {
    // Precondition: a tap that delays touches began.
    let scene = Scene()
    let view = scene.view("View", rect(0, 0, 400, 400))
    scene.tap("Tap", on: view).delaysTouchesBegan = true
    // Action: a tap.
    scene.tap(at: pt(100, 100), at: 0)
    // Assertion: the view never hears of the touch; the began was held, then dropped.
    XCTAssertEqual(scene.calls("View"), [])
    XCTAssertEqual(
      scene.trace([.call, .action, .hold, .drop], only: ["Tap", "View"]),
      [
        "Tap.touchesBegan[1]", "hold View.touchesBegan[1]", "Tap.touchesEnded[1]", "-[Target Tap]",
        "drop View.touchesBegan[1]",
      ])
  }

  func testDelaysTouchesBegan_FailReleasesBeganThenMoveToTheCurrentLocation() {
    // Precondition: a tap that delays touches began, over a probe view.
    let scene = Scene()
    let probe = scene.add(ProbeView(frame: rect(0, 0, 400, 400)), "Probe")
    scene.tap("Tap", on: probe).delaysTouchesBegan = true
    // Action: the finger lands, moves a little (held), then too far for a tap (the tap fails).
    scene.down(pt(100, 100), at: 0)
    scene.move(pt(110, 100), at: 0.05)
    XCTAssertEqual(scene.calls("Probe"), [])
    scene.move(pt(160, 100), at: 0.1)
    scene.up(pt(170, 100), at: 0.2)
    // Assertion: the held began, then a move to where the touch is now; then the rest as usual.
    XCTAssertEqual(
      scene.trace(only: ["Tap", "Probe"]),
      [
        "Tap.touchesBegan[1]", "Tap.touchesMoved[1]", "Tap.touchesMoved[1]",
        "Probe.touchesBegan[1]", "Probe.touchesMoved[1]", "Probe.touchesEnded[1]",
      ])
    XCTAssertEqual(probe.seen.count, 3)
    assertPoint(probe.seen[1].location, pt(160, 100))
    XCTAssertEqual(scene.time(of: "Probe.touchesBegan[1]"), 0.1)
  }

  func testDelaysTouchesBegan_FailByTimeoutReleasesBeganAlone() {
    let scene = Scene()
    let view = scene.view("View", rect(0, 0, 400, 400))
    scene.tap("Tap", on: view).delaysTouchesBegan = true
    scene.down(pt(100, 100), at: 0)
    scene.app.clock.advance(to: 0.74)
    XCTAssertEqual(scene.calls("View"), [])
    scene.app.clock.advance(to: 0.76)
    XCTAssertEqual(scene.calls("View"), ["touchesBegan[1]"])
    XCTAssertEqual(scene.time(of: "View.touchesBegan[1]"), 0.75)
  }

  // MARK: §4 delaysTouchesEnded

  func testDelaysTouchesEnded_HeldUntilRecognizerSettles() {
    // Precondition: a double tap on a view (delaysTouchesEnded defaults to true).
    let scene = Scene()
    let view = scene.view("View", rect(0, 0, 400, 400))
    scene.tap("DoubleTap", on: view, taps: 2)
    // Action: a single tap; the double tap fails 0.35 s after the lift.
    scene.tap(at: pt(100, 100), at: 0)
    XCTAssertEqual(scene.calls("View"), ["touchesBegan[1]"])
    XCTAssertEqual(scene.app.records.records.last { $0.kind == .hold }?.method, "touchesEnded:withEvent:")
    scene.app.clock.advance(to: 1)
    // Assertion: the view's touchesEnded waited for the failure.
    XCTAssertEqual(scene.calls("View"), ["touchesBegan[1]", "touchesEnded[1]"])
    XCTAssertEqual(scene.time(of: "View.touchesEnded[1]")!, 0.40, accuracy: 1e-9)
  }

  func testDelaysTouchesEnded_RecognizedGivesTouchesCancelled() {
    let scene = Scene()
    let view = scene.view("View", rect(0, 0, 400, 400))
    scene.tap("DoubleTap", on: view, taps: 2)
    scene.tap(at: pt(100, 100), at: 0)
    scene.tap(at: pt(100, 100), at: 0.2)
    // §9: the second tap is kept from the view.
    XCTAssertEqual(
      scene.trace(only: ["View"]), ["View.touchesBegan[1]", "-[Target DoubleTap]", "View.touchesCancelled[1]"])
  }

  func testDelaysTouchesEnded_False_EndedGoesAtOnce() {
    let scene = Scene()
    let view = scene.view("View", rect(0, 0, 400, 400))
    scene.tap("DoubleTap", on: view, taps: 2).delaysTouchesEnded = false
    scene.tap(at: pt(100, 100), at: 0)
    XCTAssertEqual(scene.calls("View"), ["touchesBegan[1]", "touchesEnded[1]"])
    XCTAssertEqual(scene.time(of: "View.touchesEnded[1]")!, 0.05, accuracy: 1e-9)
  }

  func testDelaysTouchesEnded_False_WithoutCancellingEndedComesBeforeTheAction() {
    let scene = Scene()
    let view = scene.view("View", rect(0, 0, 400, 400))
    let tap = scene.tap("Tap", on: view)
    tap.delaysTouchesEnded = false
    tap.cancelsTouchesInView = false
    scene.tap(at: pt(100, 100), at: 0)
    XCTAssertEqual(
      scene.trace(only: ["Tap", "View"]),
      ["Tap.touchesBegan[1]", "View.touchesBegan[1]", "Tap.touchesEnded[1]", "View.touchesEnded[1]", "-[Target Tap]"])
  }

  // MARK: §4 order within one event

  func testOrder_PanFirstMovedReachesViewThenActionThenCancel() {
    // Precondition: a pan on a view.
    let scene = Scene()
    let view = scene.view("View", rect(0, 0, 400, 400))
    scene.recognizer(UIPanGestureRecognizer(), "Pan", on: view)
    // Action: a 5 pt move (nothing yet), then a 15 pt one (the pan begins), another, the lift.
    scene.down(pt(100, 100), at: 0)
    scene.move(pt(105, 100), at: 0.05)
    scene.move(pt(115, 100), at: 0.1)
    scene.move(pt(130, 100), at: 0.15)
    scene.up(pt(130, 100), at: 0.2)
    // Assertion: [A0] §0x02.
    XCTAssertEqual(
      scene.trace(only: ["Pan", "View"]),
      [
        "Pan.touchesBegan[1]", "View.touchesBegan[1]",
        "Pan.touchesMoved[1]", "View.touchesMoved[1]",
        "Pan.touchesMoved[1]", "View.touchesMoved[1]", "-[Target Pan]", "View.touchesCancelled[1]",
        "Pan.touchesMoved[1]", "-[Target Pan]",
        "Pan.touchesEnded[1]", "-[Target Pan]",
      ])
  }

  func testSettle_RecognitionsBeforeFailures() {
    // Precondition ([A1] 现象一): a background tap; inside, a "table" whose own recognizer
    // holds touches began and fails at the lift.
    let scene = Scene()
    let background = scene.view("Background", rect(0, 0, 400, 400))
    let table = scene.view("Table", rect(0, 0, 400, 300), in: background)
    scene.tap("BackgroundTap", on: background)
    let delay = scene.recognizer(UILongPressGestureRecognizer(), "Delay", on: table)
    delay.delaysTouchesBegan = true
    // Action: a quick tap: the lift both fails the delaying recognizer and completes the tap.
    scene.tap(at: pt(100, 100), at: 0)
    // Assertion: the tap wins; the table hears nothing.
    XCTAssertEqual(scene.actions, ["-[Target BackgroundTap]"])
    XCTAssertEqual(scene.calls("Table"), [])
    XCTAssertEqual(scene.calls("Background"), [])
    XCTAssertEqual(
      scene.trace([.state], only: ["BackgroundTap", "Delay"]),
      ["BackgroundTap=ended", "Delay=failed", "BackgroundTap=reset", "Delay=reset"])
  }

  func testTimers_FireBetweenEventsAndSettle() {
    // Precondition: a long press on a view.
    let scene = Scene()
    let view = scene.view("View", rect(0, 0, 400, 400))
    scene.recognizer(UILongPressGestureRecognizer(), "Press", on: view)
    // Action: the finger stays down; only the clock moves.
    scene.down(pt(100, 100), at: 0)
    XCTAssertTrue(scene.app.clock.fireNextTimer())
    // Assertion: at 0.5 s the press began, its action ran and the view was cancelled.
    XCTAssertEqual(scene.now, 0.5)
    XCTAssertEqual(
      scene.trace(only: ["View"]), ["View.touchesBegan[1]", "-[Target Press]", "View.touchesCancelled[1]"])
    XCTAssertEqual(scene.time(of: "View.touchesCancelled[1]"), 0.5)
  }
}
