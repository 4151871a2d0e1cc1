import Foundation
import XCTest

@testable import TouchLabEngine
@testable import TouchLabRecords
@testable import TouchLabScripting

/// docs/BEHAVIOUR.md §2: hit-testing.
final class HitTestingTests: XCTestCase {
  /// The class name of the view a touch at `p` lands on (nil: none).
  private func hit(_ scene: Scene, _ p: CGPoint) -> String? {
    scene.window.hitTest(p, with: nil)?.className
  }

  func testHitTest_LastAddedSubviewFirst() {
    // Precondition: two overlapping siblings.
    let scene = Scene()
    let first = scene.view("First", rect(0, 0, 200, 200))
    scene.view("Second", rect(100, 100, 200, 200))
    // Action + assertion: the overlap goes to the last added; elsewhere to whoever is there.
    XCTAssertEqual(hit(scene, pt(150, 150)), "Second")
    XCTAssertEqual(hit(scene, pt(50, 50)), "First")
    XCTAssertEqual(hit(scene, pt(350, 50)), "UIWindow")
    scene.window.bringSubviewToFront(first)
    XCTAssertEqual(hit(scene, pt(150, 150)), "First")
    // And a real touch records the same view.
    scene.down(pt(150, 150), at: 0)
    XCTAssertEqual(scene.lastHit, "First")
  }

  func testHitTest_SkipsHiddenTransparentAndNonInteractiveViews() {
    // Precondition: a bottom view under a top view, both covering the point.
    let scene = Scene()
    scene.view("Bottom", rect(0, 0, 200, 200))
    let top = scene.view("Top", rect(0, 0, 200, 200))
    let p = pt(100, 100)
    XCTAssertEqual(hit(scene, p), "Top")
    // Action + assertion: each of the three switches hides the top view.
    top.isHidden = true
    XCTAssertEqual(hit(scene, p), "Bottom")
    top.isHidden = false
    top.alpha = 0.01
    XCTAssertEqual(hit(scene, p), "Bottom", "0.01 reads back as the Float 0.0099999998: less than 0.01")
    top.alpha = 0.011
    XCTAssertEqual(hit(scene, p), "Top")
    top.alpha = 0.010_000_000_1
    XCTAssertEqual(hit(scene, p), "Bottom", "above 0.01 as a Double, 0.01 as a Float: still ignored")
    top.alpha = 0.010_000_001
    XCTAssertEqual(hit(scene, p), "Top", "the next Float above 0.01's")
    top.alpha = .nan
    XCTAssertEqual(hit(scene, p), "Top", "NaN is not less than 0.01")
    top.alpha = 1
    top.isUserInteractionEnabled = false
    XCTAssertEqual(hit(scene, p), "Bottom")
  }

  func testHitTest_HiddenOrTransparentParentHidesItsChildren() {
    let scene = Scene()
    scene.view("Bottom", rect(0, 0, 200, 200))
    let parent = scene.view("Parent", rect(0, 0, 200, 200))
    scene.view("Child", rect(50, 50, 100, 100), in: parent)
    XCTAssertEqual(hit(scene, pt(100, 100)), "Child")
    parent.isHidden = true
    XCTAssertEqual(hit(scene, pt(100, 100)), "Bottom")
    parent.isHidden = false
    parent.alpha = 0
    XCTAssertEqual(hit(scene, pt(100, 100)), "Bottom")
    parent.alpha = 1
    parent.isUserInteractionEnabled = false
    XCTAssertEqual(hit(scene, pt(100, 100)), "Bottom")
  }

  func testHitTest_ParentRejectingPointHidesChildrenOutsideItsBounds() {
    // Precondition: a child drawn outside its parent's bounds.
    let scene = Scene()
    let parent = scene.view("Parent", rect(0, 0, 100, 100))
    scene.view("Child", rect(120, 0, 50, 50), in: parent)
    // Action + assertion: a touch on the child lands on the window; inside the parent, on the parent.
    XCTAssertEqual(hit(scene, pt(140, 20)), "UIWindow")
    XCTAssertEqual(hit(scene, pt(50, 50)), "Parent")
  }

  func testHitTest_ConvertsThroughBoundsOrigin() {
    // Precondition: a scroll-view-like parent scrolled down by 100 pt.
    let scene = Scene()
    let parent = scene.view("Scroller", rect(0, 0, 200, 200))
    scene.view("Row", rect(0, 150, 200, 40), in: parent)
    parent.bounds.origin = pt(0, 100)
    // Assertion: the row (content y 150…190) shows at window y 50…90.
    XCTAssertEqual(hit(scene, pt(100, 60)), "Row")
    XCTAssertEqual(hit(scene, pt(100, 160)), "Scroller")
    let probe = scene.add(ProbeView(frame: rect(0, 250, 10, 10)), in: parent)
    scene.down(pt(5, 155), at: 0)  // content (5, 255) → the probe's (5, 5)
    assertPoint(probe.seen.first?.location ?? .zero, pt(5, 5))
  }

  func testHitTest_ConvertsThroughTransforms() {
    // Precondition: a 100×100 view centred at (200, 200), scaled ×2, with a child in its
    // bottom-right quarter.
    let scene = Scene()
    let scaled = scene.view("Scaled", rect(150, 150, 100, 100))
    scene.view("Corner", rect(50, 50, 50, 50), in: scaled)
    scaled.transform = CGAffineTransform(scaleX: 2, y: 2)
    // Assertion: the scaled view covers 100…300; its corner child 200…300.
    XCTAssertEqual(hit(scene, pt(110, 110)), "Scaled")
    XCTAssertEqual(hit(scene, pt(290, 290)), "Corner")
    XCTAssertEqual(hit(scene, pt(190, 190)), "Scaled")
    XCTAssertEqual(hit(scene, pt(305, 200)), "UIWindow")
    // A 45° rotation: the square's corners stick out along the axes, its edge midpoints' corners are cut off.
    scaled.transform = CGAffineTransform(rotationAngle: .pi / 4)
    XCTAssertEqual(hit(scene, pt(200, 135)), "Scaled")  // 65 pt up: inside the diamond (reaches 70.7)
    XCTAssertEqual(hit(scene, pt(155, 155)), "UIWindow")  // the old corner, now outside
  }

  func testHitTest_RunsTheWholePassTwice() {
    // Precondition: a parent and a child that log hitTest and pointInside.
    let scene = Scene()
    let parent = scene.view("Parent", rect(0, 0, 200, 200))
    let child = scene.view("Child", rect(0, 0, 100, 100), in: parent)
    for v in [parent, child] {
      v.scriptedClass?.logs[.hitTest] = .init()
      v.scriptedClass?.logs[.pointInside] = .init()
    }
    // Action: one touch lands on the child.
    scene.down(pt(50, 50), at: 0)
    // Assertion: the whole pass twice, then the child alone gets the began.
    let pass = [
      "-[Parent hitTest:withEvent:]", "-[Parent pointInside:withEvent:]",
      "-[Child hitTest:withEvent:]", "-[Child pointInside:withEvent:]",
    ]
    XCTAssertEqual(scene.transcript, pass + pass)
    XCTAssertEqual(scene.records.filter { $0.kind == .hitTest }.map(\.receiver), ["Child"])
    // A move does not hit-test again.
    scene.move(pt(60, 60), at: 0.1)
    XCTAssertEqual(scene.transcript.count, 8)
  }

  // MARK: Rules a layout can give pointInside / hitTest

  private func scripted(_ view: UIView) -> ScriptedClass { view.scriptedClass! }

  func testHitTestRule_InsetGrowsTheTouchArea() {
    let scene = Scene()
    let button = scene.view("SlopButton", rect(100, 100, 40, 40))
    scripted(button).pointInside = .inset(UIEdgeInsets(top: -20, left: -20, bottom: -20, right: -20))
    XCTAssertEqual(hit(scene, pt(85, 85)), "SlopButton")
    XCTAssertEqual(hit(scene, pt(159, 159)), "SlopButton")
    XCTAssertEqual(hit(scene, pt(79, 120)), "UIWindow")
    XCTAssertEqual(hit(scene, pt(160, 120)), "UIWindow")
  }

  func testHitTestRule_MinimumSizeGrowsSmallViews() {
    let scene = Scene()
    let small = scene.view("Small", rect(100, 100, 20, 20))
    scripted(small).pointInside = .minimumSize(CGSize(width: 44, height: 44))
    XCTAssertEqual(hit(scene, pt(88, 110)), "Small")  // 12 pt left of the frame
    XCTAssertEqual(hit(scene, pt(87, 110)), "UIWindow")
    XCTAssertEqual(hit(scene, pt(110, 131)), "Small")
    XCTAssertEqual(hit(scene, pt(110, 132)), "UIWindow")
  }

  func testHitTestRule_SubviewsMakesOnlyTheSubviewsInside() {
    let scene = Scene()
    let parent = scene.view("Parent", rect(0, 0, 100, 100))
    scene.view("Outside", rect(120, 0, 50, 50), in: parent)
    scripted(parent).pointInside = .subviews
    XCTAssertEqual(hit(scene, pt(140, 20)), "Outside")
    XCTAssertEqual(hit(scene, pt(50, 50)), "UIWindow")
  }

  func testHitTestRule_ControlSubviewsLetsTouchesThroughElsewhere() {
    // Precondition: an overlay over a background, holding a button and a plain view.
    let scene = Scene()
    scene.view("Background", rect(0, 0, 300, 300))
    let overlay = scene.view("Overlay", rect(0, 0, 300, 300))
    scene.add(UIButton(frame: rect(0, 0, 100, 100)), "Button", base: "UIButton", in: overlay)
    scene.view("Plain", rect(150, 0, 100, 100), in: overlay)
    scripted(overlay).pointInside = .controlSubviews
    XCTAssertEqual(hit(scene, pt(50, 50)), "Button")
    XCTAssertEqual(hit(scene, pt(200, 50)), "Background")
    XCTAssertEqual(hit(scene, pt(50, 200)), "Background")
  }

  func testHitTestRule_OrInsideAddsOtherViewsAreas() {
    // Precondition: a tab bar whose centre button sticks out above it.
    let scene = Scene()
    let bar = scene.view("TabBar", rect(0, 700, 400, 100))
    let centre = scene.view("Centre", rect(170, -30, 60, 60), in: bar)
    centre.identifier = "centre"
    scripted(bar).pointInside = .orInside(["centre"])
    // Assertion: the part above the bar is reachable; beside it, not.
    XCTAssertEqual(hit(scene, pt(200, 680)), "Centre")
    XCTAssertEqual(hit(scene, pt(100, 680)), "UIWindow")
    XCTAssertEqual(hit(scene, pt(100, 750)), "TabBar")
  }

  func testHitTestRule_SuperviewReturnsTheParent() {
    let scene = Scene()
    let parent = scene.view("Parent", rect(0, 0, 200, 200))
    let child = scene.view("Child", rect(50, 50, 50, 50), in: parent)
    scripted(child).hitTest = .superview
    XCTAssertEqual(hit(scene, pt(60, 60)), "Parent")
    XCTAssertEqual(hit(scene, pt(10, 10)), "Parent")
    XCTAssertEqual(hit(scene, pt(300, 300)), "UIWindow")
  }

  func testHitTestRule_NoneTakesNoTouches() {
    let scene = Scene()
    scene.view("Below", rect(0, 0, 200, 200))
    let blind = scene.view("Blind", rect(0, 0, 200, 200))
    scene.view("Inner", rect(0, 0, 100, 100), in: blind)
    scripted(blind).hitTest = hitTestRuleNone
    XCTAssertEqual(hit(scene, pt(50, 50)), "Below")
    XCTAssertEqual(hit(scene, pt(150, 150)), "Below")
  }

  func testHitTestRule_SelfKeepsTouchesFromSubviews() {
    let scene = Scene()
    let container = scene.view("Container", rect(0, 0, 200, 200))
    scene.view("Inner", rect(0, 0, 100, 100), in: container)
    scripted(container).hitTest = .self
    XCTAssertEqual(hit(scene, pt(50, 50)), "Container")
    XCTAssertEqual(hit(scene, pt(300, 300)), "UIWindow")
  }

  func testHitTestRule_PassThroughReturnsNilForItself() {
    let scene = Scene()
    scene.view("Below", rect(0, 0, 300, 300))
    let container = scene.view("PassThrough", rect(0, 0, 300, 300))
    scene.view("Button", rect(0, 0, 100, 100), in: container)
    scripted(container).hitTest = .passThrough
    XCTAssertEqual(hit(scene, pt(50, 50)), "Button")
    XCTAssertEqual(hit(scene, pt(200, 200)), "Below")
  }

  func testHitTestRule_ForwardToSendsEveryHitToTheNamedView() {
    let scene = Scene()
    let container = scene.view("Container", rect(0, 0, 400, 200))
    let scroll = scene.view("Scroll", rect(100, 0, 200, 200), in: container)
    scroll.identifier = "scroll"
    scripted(container).hitTest = .forwardTo("scroll")
    XCTAssertEqual(hit(scene, pt(20, 100)), "Scroll")
    XCTAssertEqual(hit(scene, pt(380, 100)), "Scroll")
    XCTAssertEqual(hit(scene, pt(200, 300)), "UIWindow")
  }

  func testHitTestRule_OutsideBoundsReachesChildrenBeyondTheBounds() {
    let scene = Scene()
    let parent = scene.view("Parent", rect(0, 0, 100, 100))
    scene.view("Outside", rect(120, 0, 50, 50), in: parent)
    scripted(parent).hitTest = .outsideBounds
    XCTAssertEqual(hit(scene, pt(140, 20)), "Outside")
    XCTAssertEqual(hit(scene, pt(50, 50)), "Parent")
    XCTAssertEqual(hit(scene, pt(140, 80)), "UIWindow")
    // Hidden, it still hides everything.
    parent.isHidden = true
    XCTAssertEqual(hit(scene, pt(140, 20)), "UIWindow")
  }

  func testHitTest_ImageViewIgnoresTouchesUntilUserInteractionIsEnabled() {
    // Precondition: an image view over a card, with a tap recognizer of its own.
    let scene = Scene()
    let card = scene.view("Card", rect(0, 0, 300, 300))
    let photo = scene.add(UIImageView(image: "photo.jpg"), "Photo", base: "UIImageView", in: card)
    photo.frame = rect(50, 50, 200, 200)
    let tap = UITapGestureRecognizer()
    photo.addGestureRecognizer(tap)
    XCTAssertFalse(photo.isUserInteractionEnabled, "UIKit's default for an image view")
    // Action + assertion: the touch skips the image view, so its recognizer never sees it.
    XCTAssertEqual(hit(scene, pt(150, 150)), "Card")
    scene.down(pt(150, 150), at: 0)
    scene.up(pt(150, 150), at: 0.05)
    XCTAssertEqual(tap.state, .possible)
    XCTAssertTrue(scene.app.records.records.filter { $0.kind == .state }.isEmpty, "no recognizer moved")
    // The fix: enable user interaction.
    photo.isUserInteractionEnabled = true
    XCTAssertEqual(hit(scene, pt(150, 150)), "Photo")
  }

  func testHitTest_FollowsABoundsOriginOnAnyView() {
    // Precondition: a child whose superview's bounds origin is (0, 100).
    let scene = Scene()
    let parent = scene.view("Parent", rect(0, 0, 300, 300))
    scene.view("Child", rect(0, 150, 300, 100), in: parent)
    XCTAssertEqual(hit(scene, pt(150, 200)), "Child")
    // Action: move the bounds origin; the child moves up 100 points on screen.
    parent.bounds.origin = pt(0, 100)
    // Assertion: the child is hit at its new place only.
    XCTAssertEqual(hit(scene, pt(150, 100)), "Child")
    XCTAssertEqual(hit(scene, pt(150, 200)), "Parent")
  }
}

/// `.none` spelled out: `ScriptedClass.HitTestRule.none`, not Optional's none.
let hitTestRuleNone = ScriptedClass.HitTestRule.none
