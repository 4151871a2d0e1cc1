import Foundation
import XCTest

@testable import TouchLabEngine

/// A scroll delegate that notes what it is told, and can change the target at the lift.
final class NotingScrollDelegate: UIScrollViewDelegate {
  var told: [String] = []
  var didScrollTimes: [TimeInterval] = []
  var velocity = CGPoint.zero
  var target = CGPoint.zero
  var newTarget: CGPoint?
  var stopAtLift = false
  func scrollViewDidScroll(_ scrollView: UIScrollView) {
    told.append("didScroll")
    didScrollTimes.append(scrollView.application?.clock.now ?? -1)
  }
  func scrollViewWillBeginDragging(_ scrollView: UIScrollView) { told.append("willBeginDragging") }
  func scrollViewWillEndDragging(
    _ scrollView: UIScrollView, withVelocity velocity: CGPoint, targetContentOffset: inout CGPoint
  ) {
    told.append("willEndDragging")
    self.velocity = velocity
    if let newTarget { targetContentOffset = newTarget }
    if stopAtLift { targetContentOffset = scrollView.contentOffset }
    target = targetContentOffset
  }
  func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
    told.append("didEndDragging \(decelerate)")
    deceleratingAtDidEndDragging.append(scrollView.isDecelerating)
  }
  var deceleratingAtDidEndDragging: [Bool] = []
  func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) { told.append("willBeginDecelerating") }
  func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) { told.append("didEndDecelerating") }
  func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) { told.append("didEndScrollingAnimation") }
}

/// A scroll view whose `touchesShouldBegin`/`touchesShouldCancel` answers are set by the test.
final class ScriptableScrollView: UIScrollView {
  var shouldBegin = true
  var shouldCancel: Bool?
  var askedToBegin: [String] = []
  var askedToCancel: [String] = []

  override func touchesShouldBegin(_ touches: Set<UITouch>, with event: UIEvent?, in view: UIView) -> Bool {
    askedToBegin.append(view.className)
    return shouldBegin
  }

  override func touchesShouldCancel(in view: UIView) -> Bool {
    askedToCancel.append(view.className)
    return shouldCancel ?? super.touchesShouldCancel(in: view)
  }
}

/// docs/BEHAVIOUR.md §7: UIScrollView, its pan and its delayed-touches-began recognizer.
final class ScrollViewTests: XCTestCase {
  /// A 300×400 scroll view at (50, 100) with 1,200 pt of content, a `Content` view at its
  /// top (content coordinates 0…300 × 0…200) and a button below it.
  private func makeScene(_ configure: (ScriptableScrollView) -> Void = { _ in }) -> (
    Scene, ScriptableScrollView, UIView, UIButton
  ) {
    let scene = Scene()
    let scroll = scene.add(ScriptableScrollView(frame: rect(50, 100, 300, 400)), "Scroll", base: "UIScrollView")
    scroll.contentSize = CGSize(width: 300, height: 1200)
    let content = scene.view("Content", rect(0, 0, 300, 200), in: scroll)
    let button = scene.add(UIButton(frame: rect(20, 220, 200, 50)), "Button", base: "UIButton", in: scroll)
    button.addTarget(scene.target, action: .selector("buttonTapped"), for: .touchUpInside)
    configure(scroll)
    return (scene, scroll, content, button)
  }

  // MARK: The recognizers

  func testScrollView_OwnsDelayedTouchesAndPanRecognizersByUIKitClassNames() {
    let (_, scroll, _, _) = makeScene()
    XCTAssertEqual(
      scroll.gestureRecognizers.map(\.className),
      ["UIScrollViewDelayedTouchesBeganGestureRecognizer", "UIScrollViewPanGestureRecognizer"])
    XCTAssertTrue(scroll.gestureRecognizers[0].delaysTouchesBegan)
    XCTAssertTrue(scroll.panGestureRecognizer === scroll.gestureRecognizers[1])
    XCTAssertTrue(scroll.clipsToBounds, "UIScrollView clips to its bounds by default")
  }

  func testContentOffset_IsTheBoundsOriginAndHitTestingFollowsIt() {
    let (scene, scroll, _, _) = makeScene()
    scroll.contentOffset = pt(0, 150)
    XCTAssertEqual(scroll.bounds.origin, pt(0, 150))
    // Window (100, 200) is content (50, 250): the button (20…220 × 220…270), not the content view.
    scene.down(pt(100, 200), at: 0)
    XCTAssertEqual(scene.lastHit, "Button")
  }

  // MARK: Delayed touches (0.15 s)

  func testDelayedTouches_TimerFiresWithFingerDown_ContentGetsBeganAtExactly0_15AfterTouchesShouldBegin() {
    let (scene, scroll, _, _) = makeScene()
    scene.down(pt(100, 150), at: 0)
    XCTAssertEqual(scene.calls("Content"), [], "held back at first")
    XCTAssertTrue(scene.trace([.hold]).contains("hold Content.touchesBegan[1]"))
    scene.app.clock.advance(to: 0.149)
    XCTAssertEqual(scene.calls("Content"), [])
    scene.app.clock.advance(to: 0.2)
    XCTAssertEqual(scene.calls("Content"), ["touchesBegan[1]"])
    XCTAssertEqual(scene.time(of: "Content.touchesBegan[1]"), 0.15)
    XCTAssertEqual(scroll.askedToBegin, ["Content"])
    scene.up(pt(100, 150), at: 0.3)
    XCTAssertEqual(scene.calls("Content"), ["touchesBegan[1]", "touchesEnded[1]"])
  }

  func testDelayedTouches_TouchesShouldBeginFalse_ContentNeverHearsOfTheTouch() {
    let (scene, scroll, _, _) = makeScene { $0.shouldBegin = false }
    scene.tap(at: pt(100, 150), at: 0, duration: 0.3)
    XCTAssertEqual(scene.calls("Content"), [])
    XCTAssertEqual(scroll.askedToBegin, ["Content"])
    XCTAssertTrue(scene.trace([.drop]).contains("drop Content.touchesBegan[1]"))
  }

  func testDelayedTouches_FingerLiftsFirst_BeganAndEndedTogetherAtTheLift() {
    let (scene, _, _, _) = makeScene()
    scene.tap(at: pt(100, 150), at: 0, duration: 0.05)
    XCTAssertEqual(scene.calls("Content"), ["touchesBegan[1]", "touchesEnded[1]"])
    XCTAssertEqual(scene.time(of: "Content.touchesBegan[1]"), 0.05)
    XCTAssertEqual(scene.time(of: "Content.touchesEnded[1]"), 0.05)
  }

  func testDelayedTouches_PanRecognizesFirst_ContentNeverHearsOfTheTouch() {
    let (scene, scroll, _, _) = makeScene()
    scene.drag(from: pt(100, 250), to: pt(100, 150), at: 0, duration: 0.1, steps: 10)
    XCTAssertEqual(scene.lastHit, "Content")
    XCTAssertEqual(scene.calls("Content"), [])
    XCTAssertGreaterThan(scroll.contentOffset.y, 50, "it scrolled")
    XCTAssertTrue(scene.trace([.drop]).contains("drop Content.touchesBegan[1]"))
  }

  func testDelaysContentTouchesFalse_ContentGetsBeganAtOnce() {
    let (scene, scroll, _, _) = makeScene { $0.delaysContentTouches = false }
    scene.down(pt(100, 150), at: 0)
    XCTAssertEqual(scene.calls("Content"), ["touchesBegan[1]"])
    XCTAssertEqual(scroll.askedToBegin, ["Content"], "touchesShouldBegin is asked at once")
  }

  func testDelaysContentTouchesFalse_TouchesShouldBeginFalse_KeepsTheTouchFromTheContent() {
    let (scene, _, _, _) = makeScene {
      $0.delaysContentTouches = false
      $0.shouldBegin = false
    }
    scene.tap(at: pt(100, 150), at: 0)
    XCTAssertEqual(scene.calls("Content"), [])
  }

  // MARK: Cancelling content touches

  /// Down on the content, held past 0.15 s, then dragged up 150 pt.
  private func holdAndDrag(_ scene: Scene, from start: CGPoint) {
    scene.down(start, at: 0)
    scene.app.clock.advance(to: 0.3)
    for i in 1...15 { scene.move(pt(start.x, start.y - CGFloat(i) * 10), at: 0.3 + Double(i) * 0.02) }
    scene.up(pt(start.x, start.y - 150), at: 0.7)
  }

  func testCanCancelContentTouches_DragOnPlainView_ScrollsAndCancelsTheView() {
    let (scene, scroll, _, _) = makeScene()
    holdAndDrag(scene, from: pt(100, 250))
    // The move that starts the scroll reaches the view before its cancel, as [A0]'s pan log shows.
    XCTAssertEqual(scene.calls("Content"), ["touchesBegan[1]", "touchesMoved[1]", "touchesCancelled[1]"])
    XCTAssertEqual(scroll.askedToCancel, ["Content"])
    XCTAssertGreaterThan(scroll.contentOffset.y, 100)
  }

  func testCanCancelContentTouches_DragStartingOnButton_DoesNotScroll() {
    let (scene, scroll, _, button) = makeScene()
    // Window (100, 345) is the button's centre (content 120, 245).
    holdAndDrag(scene, from: pt(100, 345))
    XCTAssertEqual(scroll.askedToCancel, ["Button"])
    XCTAssertEqual(scroll.contentOffset, .zero)
    let moves = Array(repeating: "touchesMoved[1]", count: 15)
    XCTAssertEqual(scene.calls("Button"), ["touchesBegan[1]"] + moves + ["touchesEnded[1]"])
    XCTAssertFalse(button.isTracking)
  }

  func testTouchesShouldCancelTrue_DragStartingOnButton_ScrollsAndCancelsTheButton() {
    let (scene, scroll, _, _) = makeScene { $0.shouldCancel = true }
    holdAndDrag(scene, from: pt(100, 345))
    XCTAssertEqual(scene.calls("Button").first, "touchesBegan[1]")
    XCTAssertEqual(scene.calls("Button").last, "touchesCancelled[1]")
    XCTAssertGreaterThan(scroll.contentOffset.y, 100)
    XCTAssertFalse(scene.actions.contains("-[Target buttonTapped]"))
  }

  func testCanCancelContentTouchesFalse_DragAfterTheContentHasItsTouch_DoesNotScroll() {
    let (scene, scroll, _, _) = makeScene { $0.canCancelContentTouches = false }
    holdAndDrag(scene, from: pt(100, 250))
    XCTAssertEqual(scroll.contentOffset, .zero)
    XCTAssertEqual(scene.calls("Content").first, "touchesBegan[1]")
    XCTAssertEqual(scene.calls("Content").last, "touchesEnded[1]")
    XCTAssertEqual(scroll.askedToCancel, [], "touchesShouldCancel is not asked")
  }

  func testCanCancelContentTouchesFalse_DragBeforeTheDelay_StillScrolls() {
    let (scene, scroll, _, _) = makeScene { $0.canCancelContentTouches = false }
    scene.drag(from: pt(100, 300), to: pt(100, 200), at: 0, duration: 0.1, steps: 10)
    XCTAssertGreaterThan(scroll.contentOffset.y, 50)
    XCTAssertEqual(scene.calls("Content"), [])
  }

  // MARK: The responder chain

  func testScrollView_DoesNotPassTouchesUpTheChain() {
    let scene = Scene()
    let parent = scene.view("Parent", rect(0, 0, 400, 800))
    let scroll = scene.add(UIScrollView(frame: rect(0, 0, 400, 400)), "Scroll", base: "UIScrollView", in: parent)
    scene.view("Inner", rect(0, 0, 100, 100), in: scroll)
    scene.tap(at: pt(50, 50), at: 0)
    XCTAssertEqual(scene.calls("Inner"), ["touchesBegan[1]", "touchesEnded[1]"])
    XCTAssertEqual(scene.calls("Scroll"), ["touchesBegan[1]", "touchesEnded[1]"])
    XCTAssertEqual(scene.calls("Parent"), [], "the scroll view ends the chain ([A3] §3.2)")
  }

  // MARK: Scrolling

  func testPan_ScrollsOneToOneWithTheFinger() {
    let (scene, scroll, _, _) = makeScene()
    scene.down(pt(100, 400), at: 0)
    scene.move(pt(100, 385), at: 0.02)  // the pan begins: scrolling starts from here
    XCTAssertEqual(scroll.contentOffset.y, 0)
    scene.move(pt(100, 300), at: 0.2)
    XCTAssertEqual(scroll.contentOffset.y, 85, accuracy: 0.001)
    scene.move(pt(100, 320), at: 0.4)
    XCTAssertEqual(scroll.contentOffset.y, 65, accuracy: 0.001)
    XCTAssertTrue(scroll.isDragging)
    XCTAssertNotNil(scroll.verticalScrollIndicatorFrame, "the indicator shows while dragging")
  }

  func testFlick_DeceleratesAtTheNormalRate_Deterministically() {
    func flick() -> (CGFloat, TimeInterval, [CGFloat]) {
      let (scene, scroll, _, _) = makeScene()
      scene.drag(from: pt(100, 450), to: pt(100, 350), at: 0, duration: 0.1, steps: 10)
      let lifted = scroll.contentOffset.y
      XCTAssertTrue(scroll.isDecelerating)
      var samples: [CGFloat] = []
      while scene.app.clock.fireNextTimer() { samples.append(scroll.contentOffset.y) }
      XCTAssertFalse(scroll.isDecelerating)
      XCTAssertNil(scroll.verticalScrollIndicatorFrame, "the indicator hides at rest")
      return (scroll.contentOffset.y - lifted, scene.now, samples)
    }
    let first = flick()
    let second = flick()
    XCTAssertEqual(first.0, second.0)
    XCTAssertEqual(first.2, second.2, "a replayed flick is the same frame by frame")
    // Velocity 1,000 pt/s decaying by 0.998 per ms travels v / (1000·ln(1/0.998)) ≈ 499.5 pt
    // in all; it stops when slower than 5 pt/s, 2.5 pt short of that.
    XCTAssertEqual(first.0, 497, accuracy: 3)
    XCTAssertGreaterThan(first.1, 2.5)
  }

  func testFastDecelerationRate_StopsSooner() {
    let (scene, scroll, _, _) = makeScene { $0.decelerationRate = .fast }
    scene.drag(from: pt(100, 450), to: pt(100, 350), at: 0, duration: 0.1, steps: 10)
    let lifted = scroll.contentOffset.y
    while scene.app.clock.fireNextTimer() {}
    // 1,000 pt/s at 0.99 per ms: v / (1000·ln(1/0.99)) ≈ 99.5 pt.
    XCTAssertEqual(scroll.contentOffset.y - lifted, 99, accuracy: 3)
  }

  func testDragPastTheTopEdge_StretchesLikeARubberBandAndSpringsBack() {
    let (scene, scroll, _, _) = makeScene()
    scene.down(pt(100, 150), at: 0)
    scene.move(pt(100, 165), at: 0.02)
    scene.move(pt(100, 365), at: 0.3)
    // 200 pt of finger past the edge shows as UIKit's rubber band, (1 − 1/(200·0.55/400 + 1))·400.
    XCTAssertEqual(scroll.contentOffset.y, -UIScrollView.rubberBand(200, 400), accuracy: 0.001)
    XCTAssertEqual(scroll.contentOffset.y, -86.27, accuracy: 0.01)
    scene.up(pt(100, 365), at: 0.5)
    while scene.app.clock.fireNextTimer() {}
    XCTAssertEqual(scroll.contentOffset.y, 0)
  }

  func testFlickPastTheBottomEdge_BouncesBackToTheEdge() {
    let (scene, scroll, _, _) = makeScene()
    scroll.contentOffset = pt(0, 700)
    scene.drag(from: pt(100, 450), to: pt(100, 250), at: 0, duration: 0.05, steps: 5)
    var furthest: CGFloat = 0
    while scene.app.clock.fireNextTimer() { furthest = max(furthest, scroll.contentOffset.y) }
    XCTAssertGreaterThan(furthest, 800, "it ran past the edge")
    XCTAssertEqual(scroll.contentOffset.y, 800, "and came back to rest on it")
  }

  func testBouncesFalse_StopsAtTheEdges() {
    let (scene, scroll, _, _) = makeScene { $0.bounces = false }
    scene.down(pt(100, 150), at: 0)
    scene.move(pt(100, 165), at: 0.02)
    scene.move(pt(100, 365), at: 0.3)
    XCTAssertEqual(scroll.contentOffset.y, 0)
    scroll.contentOffset = pt(0, 700)
    scene.up(pt(100, 365), at: 0.4)
    scene.drag(from: pt(100, 450), to: pt(100, 250), at: 1, duration: 0.05, steps: 5)
    var furthest: CGFloat = 0
    while scene.app.clock.fireNextTimer() { furthest = max(furthest, scroll.contentOffset.y) }
    XCTAssertEqual(furthest, 800)
  }

  func testPaging_ComesToRestOnAPage() {
    let scene = Scene()
    let pager = scene.add(UIScrollView(frame: rect(0, 0, 200, 100)), "Pager", base: "UIScrollView")
    pager.contentSize = CGSize(width: 1000, height: 100)
    pager.isPagingEnabled = true
    // A slow drag of 80 pt: less than half a page, back to page 0.
    scene.drag(from: pt(150, 50), to: pt(70, 50), at: 0, duration: 1, steps: 40)
    while scene.app.clock.fireNextTimer() {}
    XCTAssertEqual(pager.contentOffset.x, 0)
    // A slow drag of 120 pt: more than half, page 1.
    scene.drag(from: pt(150, 50), to: pt(30, 50), at: 5, duration: 1, steps: 40)
    while scene.app.clock.fireNextTimer() {}
    XCTAssertEqual(pager.contentOffset.x, 200)
    // A quick flick of 40 pt goes on to the next page.
    scene.drag(from: pt(150, 50), to: pt(110, 50), at: 10, duration: 0.05, steps: 5)
    while scene.app.clock.fireNextTimer() {}
    XCTAssertEqual(pager.contentOffset.x, 400)
  }

  func testScrollEnabledFalse_DoesNotScroll_AndTheContentKeepsItsTouch() {
    let (scene, scroll, _, _) = makeScene { $0.isScrollEnabled = false }
    holdAndDrag(scene, from: pt(100, 250))
    XCTAssertEqual(scroll.contentOffset, .zero)
    XCTAssertEqual(scene.calls("Content").last, "touchesEnded[1]")
  }

  func testContentThatFits_DoesNotScrollUnlessAlwaysBounce() {
    let scene = Scene()
    let scroll = scene.add(UIScrollView(frame: rect(0, 0, 300, 400)), "Scroll", base: "UIScrollView")
    scroll.contentSize = CGSize(width: 300, height: 300)
    scene.drag(from: pt(100, 300), to: pt(100, 200), at: 0, duration: 0.1, steps: 10, lift: false)
    XCTAssertEqual(scroll.contentOffset, .zero)
    XCTAssertEqual(scroll.panGestureRecognizer.state, .failed)
    scene.up(pt(100, 200), at: 0.2)
    scroll.alwaysBounceVertical = true
    scene.drag(from: pt(100, 300), to: pt(100, 200), at: 1, duration: 0.1, steps: 10, lift: false)
    // The finger went up 100 pt (90 after the pan began): the content stretches past its end.
    XCTAssertEqual(scroll.contentOffset.y, UIScrollView.rubberBand(90, 400), accuracy: 0.001)
  }

  func testTouchWhileDecelerating_StopsTheScroll_AndTheContentDoesNotHearIt() {
    let (scene, scroll, _, _) = makeScene()
    scene.drag(from: pt(100, 450), to: pt(100, 350), at: 0, duration: 0.1, steps: 10)
    scene.app.clock.advance(to: 0.3)
    XCTAssertTrue(scroll.isDecelerating)
    let stoppedAt = scroll.contentOffset
    scene.tap(at: pt(100, 250), at: 0.3, duration: 0.3)
    XCTAssertFalse(scroll.isDecelerating)
    XCTAssertEqual(scroll.contentOffset, stoppedAt)
    XCTAssertEqual(scene.calls("Content"), [])
    XCTAssertEqual(scene.calls("Button"), [])
  }

  func testIndicator_ProportionalToTheVisibleContent() {
    // 400 of 1,200 pt visible: a third of the 394 pt track, at the top.
    let frame = UIScrollView.indicator(offset: 0, low: 0, high: 800, visible: 400, content: 1200)
    XCTAssertEqual(frame?.start ?? -1, 3, accuracy: 0.001)
    XCTAssertEqual(frame?.length ?? -1, 394.0 / 3, accuracy: 0.001)
    let bottom = UIScrollView.indicator(offset: 800, low: 0, high: 800, visible: 400, content: 1200)
    XCTAssertEqual((bottom?.start ?? 0) + (bottom?.length ?? 0), 397, accuracy: 0.001)
  }

  // MARK: Nested scroll views and directional lock (issue 28, docs/BEHAVIOUR.md §7.5–§7.7)

  /// A horizontal pager (3 pages of 300 × 400) whose middle page is a vertical-only scroll view.
  private func nestedScene() -> (Scene, UIScrollView, UIScrollView) {
    let scene = Scene()
    let pager = scene.add(UIScrollView(frame: rect(0, 0, 300, 400)), "Pager", base: "UIScrollView")
    pager.contentSize = CGSize(width: 900, height: 400)
    pager.isPagingEnabled = true
    pager.contentOffset = pt(300, 0)
    let list = scene.add(UIScrollView(frame: rect(300, 0, 300, 400)), "List", base: "UIScrollView", in: pager)
    list.contentSize = CGSize(width: 300, height: 1200)
    return (scene, pager, list)
  }

  func testNested_ASidewaysDragOnAVerticalOnlyScrollViewPagesTheHorizontalOne() {
    let (scene, pager, list) = nestedScene()
    scene.drag(from: pt(250, 200), to: pt(50, 200), at: 0, duration: 0.2, steps: 10, lift: false)
    // The pager's pan began; the list's, which counted none of the movement, never did.
    XCTAssertTrue(pager.isDragging)
    XCTAssertFalse(list.isDragging)
    XCTAssertEqual(list.panGestureRecognizer.state, .failed)
    scene.up(pt(50, 200), at: 0.21)
    while scene.app.clock.fireNextTimer() {}
    XCTAssertEqual(pager.contentOffset, pt(600, 0))
    XCTAssertEqual(list.contentOffset, .zero)
  }

  func testNested_AVerticalDragScrollsTheInnerOneOnly() {
    let (scene, pager, list) = nestedScene()
    scene.drag(from: pt(150, 300), to: pt(150, 150), at: 0, duration: 0.2, steps: 10, lift: false)
    XCTAssertEqual(list.contentOffset.x, 0)
    XCTAssertGreaterThan(list.contentOffset.y, 100)
    XCTAssertEqual(pager.contentOffset, pt(300, 0))
    XCTAssertTrue(list.isDragging)
    XCTAssertFalse(pager.isDragging)
  }

  func testNested_ASidewaysMoveDoesNotCountTowardsTheVerticalPansHysteresis() {
    // Alone (no pager around it), a vertical-only scroll view's pan stays possible through a
    // 200 pt sideways drag; 10 pt of vertical movement then begins it.
    let scene = Scene()
    let list = scene.add(UIScrollView(frame: rect(0, 0, 300, 400)), "List", base: "UIScrollView")
    list.contentSize = CGSize(width: 300, height: 1200)
    scene.drag(from: pt(250, 200), to: pt(50, 200), at: 0, duration: 0.2, steps: 10, lift: false)
    XCTAssertEqual(list.panGestureRecognizer.state, .possible)
    scene.move(pt(50, 190), at: 0.3)
    XCTAssertEqual(list.panGestureRecognizer.state, .began)
  }

  func testNested_SameDirection_TheInnerKeepsTheDragPastItsEnd() {
    let scene = Scene()
    let outer = scene.add(UIScrollView(frame: rect(0, 0, 300, 400)), "Outer", base: "UIScrollView")
    outer.contentSize = CGSize(width: 300, height: 1200)
    let inner = scene.add(UIScrollView(frame: rect(0, 0, 300, 200)), "Inner", base: "UIScrollView", in: outer)
    inner.contentSize = CGSize(width: 300, height: 300)
    // 250 pt up: the inner can scroll 100; it stretches past its end, the outer stays put.
    scene.drag(from: pt(150, 190), to: pt(150, -60), at: 0, duration: 0.3, steps: 10, lift: false)
    XCTAssertGreaterThan(inner.contentOffset.y, 100)
    XCTAssertEqual(outer.contentOffset, .zero)
    XCTAssertTrue(inner.isDragging)
    XCTAssertFalse(outer.isDragging)
  }

  private func mapScene(locked: Bool) -> (Scene, UIScrollView) {
    let scene = Scene()
    let map = scene.add(UIScrollView(frame: rect(0, 0, 300, 400)), "Map", base: "UIScrollView")
    map.contentSize = CGSize(width: 1200, height: 1600)
    map.contentOffset = pt(300, 300)
    map.isDirectionalLockEnabled = locked
    return (scene, map)
  }

  func testDirectionalLock_ADragBeganAlongAnAxisMovesOnlyThatAxis() {
    let (scene, map) = mapScene(locked: true)
    // 100 left, 30 up: 17° off the horizontal, then on diagonally: still x only.
    scene.drag(from: pt(200, 200), to: pt(100, 170), at: 0, duration: 0.2, steps: 10, lift: false)
    scene.move(pt(50, 100), at: 0.3)
    XCTAssertEqual(map.contentOffset.y, 300)
    XCTAssertGreaterThan(map.contentOffset.x, 400)
  }

  func testDirectionalLock_ADiagonalDragIsNotLocked() {
    let (scene, map) = mapScene(locked: true)
    scene.drag(from: pt(200, 200), to: pt(120, 120), at: 0, duration: 0.2, steps: 10, lift: false)
    XCTAssertGreaterThan(map.contentOffset.x, 360)
    XCTAssertGreaterThan(map.contentOffset.y, 360)
  }

  func testDirectionalLock_OffByDefault() {
    XCTAssertFalse(UIScrollView(frame: .zero).isDirectionalLockEnabled)
    let (scene, map) = mapScene(locked: false)
    scene.drag(from: pt(200, 200), to: pt(100, 170), at: 0, duration: 0.2, steps: 10, lift: false)
    XCTAssertGreaterThan(map.contentOffset.y, 300)
  }

  // MARK: The scroll delegate (issue 28, docs/BEHAVIOUR.md §21)

  func testDelegate_TheOrderOfAFlicksCallbacks() {
    let (scene, scroll, _, _) = makeScene()
    let delegate = NotingScrollDelegate()
    scroll.scrollDelegate = delegate
    scene.drag(from: pt(100, 450), to: pt(100, 250), at: 0, duration: 0.1, steps: 5)
    while scene.app.clock.fireNextTimer() {}
    let calls = delegate.told.filter { $0 != "didScroll" }
    XCTAssertEqual(
      calls,
      ["willBeginDragging", "willEndDragging", "didEndDragging true", "willBeginDecelerating", "didEndDecelerating"])
    // willEndDragging's target is where the deceleration comes to rest (within the spring's half point).
    XCTAssertEqual(scroll.contentOffset.y, delegate.target.y, accuracy: 3)
    XCTAssertGreaterThan(delegate.velocity.y, 1, "points per millisecond")
  }

  func testDelegate_DidScrollAtMostOnceAFrame() {
    let (scene, scroll, _, _) = makeScene()
    let delegate = NotingScrollDelegate()
    scroll.scrollDelegate = delegate
    // 40 moves in 0.1 s: one every 2.5 ms, six frames.
    scene.drag(from: pt(100, 450), to: pt(100, 250), at: 0, duration: 0.1, steps: 40, lift: false)
    scene.app.clock.advance(to: 0.2)
    let frames = delegate.didScrollTimes.map { Int(($0 * 60 + 1e-6).rounded(.down)) }
    XCTAssertEqual(frames.count, Set(frames).count, "two didScroll in one frame: \(delegate.didScrollTimes)")
    XCTAssertLessThanOrEqual(frames.count, 8)
    XCTAssertGreaterThanOrEqual(frames.count, 5)
  }

  func testDelegate_AChangedTargetIsWhereItComesToRest() {
    let (scene, scroll, _, _) = makeScene()
    let delegate = NotingScrollDelegate()
    delegate.newTarget = pt(0, 500)
    scroll.scrollDelegate = delegate
    scene.drag(from: pt(100, 450), to: pt(100, 250), at: 0, duration: 0.1, steps: 5)
    while scene.app.clock.fireNextTimer() {}
    XCTAssertEqual(scroll.contentOffset, pt(0, 500))
  }

  func testDelegate_TheTargetSetToTheCurrentOffsetStopsTheScroll() {
    let (scene, scroll, _, _) = makeScene()
    let delegate = NotingScrollDelegate()
    delegate.stopAtLift = true
    scroll.scrollDelegate = delegate
    scene.drag(from: pt(100, 450), to: pt(100, 250), at: 0, duration: 0.1, steps: 5)
    XCTAssertFalse(scroll.isDecelerating)
    XCTAssertEqual(delegate.told.filter { $0 != "didScroll" }.last, "didEndDragging false")
  }

  func testDelegate_AnAnimatedSetContentOffsetEndsWithDidEndScrollingAnimation() {
    let (scene, scroll, _, _) = makeScene()
    let delegate = NotingScrollDelegate()
    scroll.scrollDelegate = delegate
    scroll.setContentOffset(pt(0, 300), animated: true)
    XCTAssertFalse(scroll.isDecelerating, "an animated setContentOffset is not a deceleration")
    while scene.app.clock.fireNextTimer() {}
    XCTAssertEqual(scroll.contentOffset, pt(0, 300))
    XCTAssertEqual(delegate.told.filter { $0 != "didScroll" }, ["didEndScrollingAnimation"])
    XCTAssertTrue(delegate.told.contains("didScroll"))
  }

  // MARK: Resting before the lift, catching a deceleration (docs/BEHAVIOUR.md §21)

  func testRestedDrag_NoVelocityAtTheLift_NoDeceleration_ThoughThePanKeepsItsVelocity() {
    let (scene, scroll, _, _) = makeScene()
    let delegate = NotingScrollDelegate()
    scroll.scrollDelegate = delegate
    var panVelocityAtEnd: CGPoint?
    let pan = scroll.panGestureRecognizer
    let handler = pan.builtInHandler
    pan.builtInHandler = { state in
      if state == .ended { panVelocityAtEnd = pan.velocity(in: scroll) }
      handler?(state)
    }
    scene.drag(from: pt(100, 450), to: pt(100, 250), at: 0, duration: 0.1, steps: 5, lift: false)
    scene.up(pt(100, 250), at: 0.1 + UIKitConstants.scrollViewRestBeforeLift + 0.01)
    while scene.app.clock.fireNextTimer() {}
    XCTAssertEqual(
      delegate.told.filter { $0 != "didScroll" }, ["willBeginDragging", "willEndDragging", "didEndDragging false"])
    XCTAssertEqual(delegate.velocity, .zero)
    XCTAssertFalse(scroll.isDecelerating)
    XCTAssertLessThan(panVelocityAtEnd?.y ?? 0, -1000, "the recognizer's own velocity is still the last move's")
  }

  func testLiftWithinTheRestInterval_StillDecelerates() {
    let (scene, scroll, _, _) = makeScene()
    let delegate = NotingScrollDelegate()
    scroll.scrollDelegate = delegate
    scene.drag(from: pt(100, 450), to: pt(100, 250), at: 0, duration: 0.1, steps: 5, lift: false)
    scene.up(pt(100, 250), at: 0.1 + UIKitConstants.scrollViewRestBeforeLift - 0.01)
    XCTAssertTrue(scroll.isDecelerating)
    XCTAssertEqual(delegate.told.filter { $0 != "didScroll" }.last, "willBeginDecelerating")
  }

  func testFlick_DidEndDraggingSeesIsDeceleratingNo_WillBeginDeceleratingYes() {
    let (scene, scroll, _, _) = makeScene()
    let delegate = NotingScrollDelegate()
    scroll.scrollDelegate = delegate
    scene.drag(from: pt(100, 450), to: pt(100, 250), at: 0, duration: 0.1, steps: 5)
    XCTAssertEqual(delegate.deceleratingAtDidEndDragging, [false])
    XCTAssertTrue(scroll.isDecelerating)
  }

  func testCatchingADeceleration_PanBeginsAtOnce_DidEndDraggingNoThenDidEndDecelerating() {
    let (scene, scroll, _, _) = makeScene()
    let delegate = NotingScrollDelegate()
    scroll.scrollDelegate = delegate
    scene.drag(from: pt(100, 450), to: pt(100, 250), at: 0, duration: 0.1, steps: 5)
    scene.app.clock.advance(to: 0.3)
    delegate.told.removeAll()
    delegate.deceleratingAtDidEndDragging.removeAll()
    scene.down(pt(100, 300), at: 0.3)
    XCTAssertTrue(scroll.isDragging, "the catching touch begins the pan without moving")
    XCTAssertTrue(scroll.isDecelerating, "still decelerating while the finger holds it")
    let heldAt = scroll.contentOffset
    scene.app.clock.advance(to: 0.5)
    XCTAssertEqual(scroll.contentOffset, heldAt)
    scene.up(pt(100, 300), at: 0.5)
    XCTAssertEqual(
      delegate.told.filter { $0 != "didScroll" },
      ["willBeginDragging", "willEndDragging", "didEndDragging false", "didEndDecelerating"])
    XCTAssertEqual(delegate.deceleratingAtDidEndDragging, [true])
    XCTAssertFalse(scroll.isDecelerating)
    XCTAssertEqual(scene.calls("Content"), [])
  }

  func testCatchingADeceleration_ThenFlickingAgain_OneDidEndDecelerating() {
    let (scene, scroll, _, _) = makeScene()
    let delegate = NotingScrollDelegate()
    scroll.scrollDelegate = delegate
    scene.drag(from: pt(100, 450), to: pt(100, 250), at: 0, duration: 0.1, steps: 5)
    scene.app.clock.advance(to: 0.3)
    delegate.told.removeAll()
    scene.drag(from: pt(100, 450), to: pt(100, 250), at: 0.3, duration: 0.1, steps: 5)
    while scene.app.clock.fireNextTimer() {}
    XCTAssertEqual(
      delegate.told.filter { $0 != "didScroll" },
      ["willBeginDragging", "willEndDragging", "didEndDragging true", "willBeginDecelerating", "didEndDecelerating"])
  }
}
