import Foundation
import XCTest

@testable import TouchLabEngine
@testable import TouchLabRecords
@testable import TouchLabScripting

/// A view that refuses every recognizer of its touches (`gestureRecognizerShouldBegin`).
final class RefusingView: UIView {
  override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { false }
}

/// docs/BEHAVIOUR.md §4: who wins when several recognizers want a touch; failure requirements;
/// `gestureRecognizerShouldBegin`.
final class ArbitrationTests: XCTestCase {
  /// The last state each named recognizer reached before being reset, from the records.
  private func finalStates(_ scene: Scene, _ names: [String]) -> [String] {
    names.map { name in
      scene.trace([.state], only: [name]).last { !$0.hasSuffix("=reset") } ?? "\(name)=none"
    }
  }

  func testArbitration_ClosestViewWins() {
    // Precondition: taps on a parent and on its child ([A3] §4.1).
    let scene = Scene()
    let parent = scene.view("Grey", rect(0, 0, 300, 300))
    let child = scene.view("Red", rect(0, 0, 100, 100), in: parent)
    scene.tap("GreyTap", on: parent)
    scene.tap("RedTap", on: child)
    // Action: a tap on the child.
    scene.tap(at: pt(50, 50), at: 0)
    // Assertion: the parent's saw the touch first, yet the child's wins; the parent's fails.
    XCTAssertEqual(scene.calls("GreyTap"), ["touchesBegan[1]", "touchesEnded[1]"])
    XCTAssertEqual(
      scene.trace([.call], only: ["GreyTap", "RedTap"]).prefix(2),
      ["GreyTap.touchesBegan[1]", "RedTap.touchesBegan[1]"])
    XCTAssertEqual(scene.actions, ["-[Target RedTap]"])
    XCTAssertEqual(finalStates(scene, ["GreyTap", "RedTap"]), ["GreyTap=failed", "RedTap=ended"])
  }

  func testArbitration_OnOneViewTheLastAddedWins() {
    let scene = Scene()
    let view = scene.view("View", rect(0, 0, 300, 300))
    scene.tap("FirstTap", on: view)
    scene.tap("SecondTap", on: view)
    scene.tap(at: pt(50, 50), at: 0)
    XCTAssertEqual(scene.actions, ["-[Target SecondTap]"])
    XCTAssertEqual(finalStates(scene, ["FirstTap", "SecondTap"]), ["FirstTap=failed", "SecondTap=ended"])
  }

  func testArbitration_ClosestContinuousRecognizerWinsTheLoserNeverActs() {
    let scene = Scene()
    let parent = scene.view("Parent", rect(0, 0, 300, 300))
    let child = scene.view("Child", rect(0, 0, 200, 200), in: parent)
    let outer = scene.recognizer(UIPanGestureRecognizer(), "OuterPan", on: parent)
    scene.recognizer(UIPanGestureRecognizer(), "InnerPan", on: child)
    scene.down(pt(50, 50), at: 0)
    scene.move(pt(70, 50), at: 0.1)
    // Both began in this event; the loser had begun, so it is cancelled (docs/BEHAVIOUR.md §4).
    XCTAssertEqual(outer.state, .cancelled)
    scene.move(pt(90, 50), at: 0.2)
    scene.up(pt(90, 50), at: 0.3)
    XCTAssertEqual(scene.actions, ["-[Target InnerPan]", "-[Target InnerPan]", "-[Target InnerPan]"])
  }

  func testArbitration_PossibleRecognizersFailWhenAnotherBegins() {
    // Precondition: a pan on the parent, a tap on the child.
    let scene = Scene()
    let parent = scene.view("Parent", rect(0, 0, 300, 300))
    let child = scene.view("Child", rect(0, 0, 200, 200), in: parent)
    scene.recognizer(UIPanGestureRecognizer(), "Pan", on: parent)
    let tap = scene.tap("Tap", on: child)
    // Action: a 20 pt drag (within a tap's 45 pt): the pan begins.
    scene.down(pt(50, 50), at: 0)
    scene.move(pt(70, 50), at: 0.1)
    // Assertion: the still-possible tap failed then.
    XCTAssertEqual(tap.state, .failed)
    scene.up(pt(70, 50), at: 0.2)
    XCTAssertEqual(scene.actions, ["-[Target Pan]", "-[Target Pan]"])
  }

  func testArbitration_ShouldRecognizeSimultaneouslyLetsBothAct() {
    let scene = Scene()
    let parent = scene.view("Grey", rect(0, 0, 300, 300))
    let child = scene.view("Red", rect(0, 0, 100, 100), in: parent)
    let greyTap = scene.tap("GreyTap", on: parent)
    scene.tap("RedTap", on: child)
    let delegate = RuleGestureDelegate()
    delegate.simultaneousWithAll = true
    greyTap.delegate = delegate
    scene.tap(at: pt(50, 50), at: 0)
    XCTAssertEqual(scene.actions.sorted(), ["-[Target GreyTap]", "-[Target RedTap]"])
    XCTAssertEqual(finalStates(scene, ["GreyTap", "RedTap"]), ["GreyTap=ended", "RedTap=ended"])
  }

  func testArbitration_SimultaneousPanAndPinchBothRun() {
    let scene = Scene()
    let view = scene.view("View", rect(0, 0, 400, 400))
    view.isMultipleTouchEnabled = true
    let pan = scene.recognizer(UIPanGestureRecognizer(), "Pan", on: view)
    let pinch = scene.recognizer(UIPinchGestureRecognizer(), "Pinch", on: view)
    let delegate = RuleGestureDelegate()
    delegate.simultaneousWith = [pinch]
    pan.delegate = delegate
    scene.send(
      at: 0,
      [
        TouchInput(finger: 1, phase: .began, location: pt(100, 200)),
        TouchInput(finger: 2, phase: .began, location: pt(200, 200)),
      ])
    scene.send(
      at: 0.1,
      [
        TouchInput(finger: 1, phase: .moved, location: pt(80, 220)),
        TouchInput(finger: 2, phase: .moved, location: pt(240, 220)),
      ])
    XCTAssertEqual(pan.state, .began)
    XCTAssertEqual(pinch.state, .began)
  }

  /// Found by the property tests (Tests/TouchLabPropertyTests): two continuous recognizers
  /// that each began in their own, earlier event and then end in the same event both end.
  /// Arbitration is for recognizers that have just left possible; one that began back then
  /// won back then, and ending is no new claim on the touch. (The engine used to count any
  /// recognizer whose first new state was "ended" as a newcomer, and revoked the other
  /// ender to failed: its ended action never ran and a scroll view stayed `isDragging`.)
  func testArbitration_TwoPansThatBeganEarlierBothEndInTheSameEvent() {
    // Precondition: a pan on a parent; a scroll view inside it.
    let scene = Scene()
    let parent = scene.view("Parent", rect(0, 0, 400, 800))
    parent.isMultipleTouchEnabled = true
    let parentPan = scene.recognizer(UIPanGestureRecognizer(), "ParentPan", on: parent)
    let scroll = scene.add(UIScrollView(frame: rect(0, 0, 200, 200)), in: parent)
    scroll.contentSize = CGSize(width: 200, height: 1000)
    // Action: one finger pans the parent; a second finger, on the scroll view, scrolls it
    // (the parent's pan, begun earlier, takes that touch too and is left alone)…
    scene.down(pt(300, 600), finger: 1, at: 0)
    scene.move(pt(300, 630), finger: 1, at: 0.1)
    XCTAssertEqual(parentPan.state, .began)
    scene.down(pt(100, 150), finger: 2, at: 0.2)
    scene.move(pt(100, 100), finger: 2, at: 0.3)
    XCTAssertEqual(scroll.panGestureRecognizer.state, .began)
    XCTAssertTrue(scroll.isDragging)
    // …then both fingers lift together.
    scene.send(
      at: 0.4,
      [
        TouchInput(finger: 1, phase: .ended, location: pt(300, 630)),
        TouchInput(finger: 2, phase: .ended, location: pt(100, 100)),
      ])
    // Assertion: both ended, neither was revoked to failed; the parent's ended action ran,
    // and the scroll view heard its pan end.
    XCTAssertFalse(scene.trace([.state]).contains("ParentPan=failed"))
    XCTAssertFalse(scene.trace([.state]).contains("UIScrollViewPanGestureRecognizer=failed"))
    XCTAssertEqual(scene.actions.last, "-[Target ParentPan]")
    XCTAssertEqual(scene.trace([.state], only: ["ParentPan"]).suffix(2), ["ParentPan=ended", "ParentPan=reset"])
    XCTAssertFalse(scroll.isDragging)
    XCTAssertEqual(parentPan.illegalTransitionCount, 0)
  }

  // MARK: Failure requirements

  /// A view with a single tap that requires a double tap to fail, as apps set them up.
  private func doubleTapScene() -> (Scene, UITapGestureRecognizer, UITapGestureRecognizer) {
    let scene = Scene()
    let view = scene.view("View", rect(0, 0, 400, 400))
    let single = scene.tap("Single", on: view)
    let double = scene.tap("Double", on: view, taps: 2)
    return (scene, single, double)
  }

  func testRequireToFail_SingleTapWaitsForTheDoubleTapToFail() {
    // Precondition: single.require(toFail: double).
    let (scene, single, double) = doubleTapScene()
    single.require(toFail: double)
    // Action: one tap (lifts at 0.05).
    scene.tap(at: pt(100, 100), at: 0)
    // Assertion: nothing yet; 0.35 s after the lift the double fails and the single recognizes.
    XCTAssertEqual(scene.actions, [])
    XCTAssertEqual(single.state, .possible)
    scene.app.clock.advance(to: 0.39)
    XCTAssertEqual(scene.actions, [])
    scene.app.clock.advance(to: 1)
    XCTAssertEqual(scene.actions, ["-[Target Single]"])
    XCTAssertEqual(scene.time(of: "-[Target Single]")!, 0.40, accuracy: 1e-9)
    XCTAssertEqual(
      scene.trace(only: ["View"]), ["View.touchesBegan[1]", "-[Target Single]", "View.touchesCancelled[1]"])
  }

  func testRequireToFail_SingleTapFailsWhenTheDoubleTapRecognizes() {
    let (scene, single, double) = doubleTapScene()
    single.require(toFail: double)
    scene.tap(at: pt(100, 100), at: 0)
    scene.tap(at: pt(100, 100), at: 0.2)
    scene.app.clock.advance(to: 2)
    XCTAssertEqual(scene.actions, ["-[Target Double]"])
    XCTAssertEqual(finalStates(scene, ["Single", "Double"]), ["Single=failed", "Double=ended"])
  }

  func testRequireToFail_WithoutTheRequirementTheSingleTapFiresAtOnce() {
    // The control case: without require(toFail:), the single tap recognizes at the first lift.
    let (scene, _, _) = doubleTapScene()
    scene.tap(at: pt(100, 100), at: 0)
    XCTAssertEqual(scene.actions, ["-[Target Single]"])
    XCTAssertEqual(scene.time(of: "-[Target Single]")!, 0.05, accuracy: 1e-9)
  }

  /// Found by the property tests: a chain of requirements, A waits for B, B waits for C.
  /// C fails, so B recognizes, so A fails — once. (A used to be failed by B's win and then
  /// again from the list of waiting recognizers it was still on: two "failed" records.)
  func testRequireToFail_AChainSettlesWithEachStateChangeRecordedOnce() {
    let scene = Scene()
    let view = scene.view("View", rect(0, 0, 400, 400))
    let a = scene.tap("A", on: view)
    let b = scene.tap("B", on: view)
    let c = scene.tap("C", on: view)
    let refusing = RuleGestureDelegate()
    refusing.shouldBegin = false
    c.delegate = refusing
    a.require(toFail: b)
    b.require(toFail: c)
    scene.tap(at: pt(100, 100), at: 0)
    XCTAssertEqual(scene.actions, ["-[Target B]"])
    XCTAssertEqual(scene.trace([.state], only: ["A"]), ["A=failed", "A=reset"])
    XCTAssertEqual(scene.trace([.state], only: ["B"]), ["B=ended", "B=reset"])
    XCTAssertEqual(scene.trace([.state], only: ["C"]), ["C=failed", "C=reset"])
  }

  /// Found by the property tests: two recognizers that each require the other to fail can
  /// never recognize. Once both wait, both fail — the view gets the touch's end they held
  /// back, and they take part in the next touch. (They used to wait for ever: the view never
  /// heard the touch end, and the recognizers never reset.) A recognizer required to fail by
  /// itself is the same circle, of one.
  func testRequireToFail_ACircleOfRequirementsFailsOnceEveryoneInItWaits() {
    let scene = Scene()
    let view = scene.add(ProbeView(frame: rect(0, 0, 400, 400)), "View")
    let a = scene.tap("A", on: view)
    let b = scene.tap("B", on: view)
    a.require(toFail: b)
    b.require(toFail: a)
    let c = scene.tap("C", on: scene.view("Other", rect(0, 500, 100, 100)))
    c.require(toFail: c)
    for (i, p) in [pt(100, 100), pt(100, 100), pt(50, 550)].enumerated() {
      scene.tap(at: p, at: Double(i))
      scene.app.clock.advance(to: Double(i) + 0.9)
    }
    XCTAssertEqual(scene.actions, [])
    XCTAssertEqual(
      scene.trace([.state], only: ["A", "B"]),
      Array(repeating: ["A=failed", "B=failed", "A=reset", "B=reset"], count: 2).flatMap { $0 })
    XCTAssertEqual(scene.trace([.state], only: ["C"]), ["C=failed", "C=reset"])
    XCTAssertEqual(view.seen.map(\.phase), [.began, .ended, .began, .ended])
    for r in [a, b, c] { XCTAssertEqual(r.state, .possible) }
  }

  func testDelegate_ShouldRequireFailureOfMakesTheSingleTapWait() {
    let (scene, single, double) = doubleTapScene()
    let delegate = RuleGestureDelegate()
    delegate.requiresFailureOf = [double]
    single.delegate = delegate
    scene.tap(at: pt(100, 100), at: 0)
    XCTAssertEqual(scene.actions, [])
    scene.app.clock.advance(to: 1)
    XCTAssertEqual(scene.actions, ["-[Target Single]"])
    XCTAssertEqual(scene.time(of: "-[Target Single]")!, 0.40, accuracy: 1e-9)
  }

  func testDelegate_ShouldBeRequiredToFailByMakesTheSingleTapWait() {
    let (scene, single, double) = doubleTapScene()
    let delegate = RuleGestureDelegate()
    delegate.requiredToFailBy = [single]
    double.delegate = delegate
    scene.tap(at: pt(100, 100), at: 0)
    scene.tap(at: pt(100, 100), at: 0.2)
    scene.app.clock.advance(to: 2)
    XCTAssertEqual(scene.actions, ["-[Target Double]"])
    // And a single tap waits for the double's failure.
    scene.clear()
    scene.tap(at: pt(100, 100), at: 3)
    XCTAssertEqual(scene.actions, [])
    scene.app.clock.advance(to: 4)
    XCTAssertEqual(scene.actions, ["-[Target Single]"])
  }

  // MARK: gestureRecognizerShouldBegin

  func testShouldBegin_ViewSayingNoFailsTheRecognizerAtOnce() {
    // Precondition ([A1]): a view refusing recognizers; its tap logs its state after touchesEnded.
    let scene = Scene()
    let view = scene.add(RefusingView(frame: rect(0, 0, 300, 300)), "GLView")
    let tap = scene.tap("GLTap", on: view)
    tap.scriptedClass?.logs[.touchesEnded] = .init(text: "after called state = %state", afterSuper: true)
    // Action: a tap.
    scene.tap(at: pt(50, 50), at: 0)
    // Assertion: failed (5) right in touchesEnded; no action; the view gets its touchesEnded.
    XCTAssertEqual(scene.transcript, ["after called state = 5"])
    XCTAssertEqual(scene.actions, [])
    XCTAssertEqual(scene.calls("GLView"), ["touchesBegan[1]", "touchesEnded[1]"])
    XCTAssertEqual(scene.time(of: "GLView.touchesEnded[1]")!, 0.05, accuracy: 1e-9)
  }

  func testShouldBegin_DelegateSayingNoFailsTheRecognizer() {
    let scene = Scene()
    let view = scene.view("View", rect(0, 0, 300, 300))
    let pan = scene.recognizer(UIPanGestureRecognizer(), "Pan", on: view)
    let delegate = RuleGestureDelegate()
    delegate.shouldBegin = false
    pan.delegate = delegate
    scene.down(pt(50, 50), at: 0)
    scene.move(pt(80, 50), at: 0.1)
    XCTAssertEqual(pan.state, .failed)
    scene.move(pt(100, 50), at: 0.2)
    scene.up(pt(100, 50), at: 0.3)
    XCTAssertEqual(scene.actions, [])
    XCTAssertEqual(
      scene.calls("View"), ["touchesBegan[1]", "touchesMoved[1]", "touchesMoved[1]", "touchesEnded[1]"])
  }
}

/// Issue 16: failure requirements cost time near-linear in the recognizers involved. A
/// thousand taps on one view, each requiring the next to fail, took 41 s (and 3,000 over
/// 300 s: the requirements were asked of every pair in every pass, and circles searched
/// from every waiting recognizer); now requirements are worked out once per settle and
/// circles found in one pass over the graph (Tarjan's components). The time is measured by
/// Benchmarks/hostile; these tests check that the outcome is still right at that size.
final class RequirementChainTests: XCTestCase {
  func testAThousandTapsEachRequiringTheNextToFailSettleQuicklyAndCorrectly() {
    let scene = Scene()
    let view = scene.view("View", rect(0, 0, 400, 400))
    let taps = (0..<1_000).map { scene.tap("T\($0)", on: view) }
    for (tap, next) in zip(taps, taps.dropFirst()) { tap.require(toFail: next) }
    scene.tap(at: pt(100, 100), at: 0)
    // The last one needs no one to fail: it recognizes, and the rest fail.
    XCTAssertEqual(scene.actions, ["-[Target T999]"])
    XCTAssertEqual(scene.trace([.state], only: ["T998"]), ["T998=failed", "T998=reset"])
    XCTAssertEqual(scene.trace([.state], only: ["T0"]), ["T0=failed", "T0=reset"])
    XCTAssertTrue(taps.allSatisfy { $0.state == .possible })
  }

  func testACircleOfAThousandFailsAsOne() {
    let scene = Scene()
    let view = scene.view("View", rect(0, 0, 400, 400))
    let taps = (0..<1_000).map { scene.tap("T\($0)", on: view) }
    for (index, tap) in taps.enumerated() { tap.require(toFail: taps[(index + 1) % taps.count]) }
    scene.tap(at: pt(100, 100), at: 0)
    XCTAssertEqual(scene.actions, [])
    XCTAssertEqual(scene.trace([.state], only: ["T500"]), ["T500=failed", "T500=reset"])
    XCTAssertTrue(taps.allSatisfy { $0.state == .possible })
  }

  func testNodesOnCyclesAreThoseInComponentsOfTwoOrMoreOrWithASelfLoop() {
    XCTAssertEqual(GestureArenaGraph.nodesOnCycles([[1], [2], [0], [0]]), [true, true, true, false])
    XCTAssertEqual(GestureArenaGraph.nodesOnCycles([[0], [], [1]]), [true, false, false])
    XCTAssertEqual(GestureArenaGraph.nodesOnCycles([[1], [2], [3], []]), [false, false, false, false])
    XCTAssertEqual(GestureArenaGraph.nodesOnCycles([[1, 2], [0], [3], [2]]), [true, true, true, true])
    // A long chain back to its start: one component, without deep recursion.
    let ring = (0..<100_000).map { [($0 + 1) % 100_000] }
    XCTAssertTrue(GestureArenaGraph.nodesOnCycles(ring).allSatisfy { $0 })
  }
}
