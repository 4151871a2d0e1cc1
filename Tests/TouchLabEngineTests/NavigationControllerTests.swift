import Foundation
import XCTest

@testable import TouchLabEngine

/// UINavigationController: pushes and pops on the engine clock, the interactive pop under
/// the finger with UIKit's completion rule, its recognizer's delegate rule, the back button.
final class NavigationControllerTests: XCTestCase {
  private final class ShownLog: UINavigationControllerDelegate {
    var lines: [String] = []
    func navigationController(
      _ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool
    ) { lines.append("willShow \(viewController.title ?? "?")") }
    func navigationController(
      _ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool
    ) { lines.append("didShow \(viewController.title ?? "?")") }
  }

  private func controller(_ title: String) -> UIViewController {
    let controller = UIViewController(view: UIView(frame: rect(0, 0, 390, 844)))
    controller.title = title
    return controller
  }

  /// A window with a navigation controller holding `titles` (the last on top).
  private func navigationScene(_ titles: [String]) -> (Scene, UINavigationController, ShownLog) {
    let scene = Scene(size: CGSize(width: 390, height: 844))
    let navigation = UINavigationController(
      viewControllers: titles.map(controller), frame: rect(0, 0, 390, 844))
    scene.window.rootViewController = navigation
    let log = ShownLog()
    navigation.delegate = log
    return (scene, navigation, log)
  }

  private func transitions(_ scene: Scene) -> [String] {
    scene.records.compactMap { record in
      guard case .navigation(_, let operation, let phase, _, _, let interactive) = record.event else { return nil }
      return "\(operation.rawValue) \(phase.rawValue)\(interactive ? " interactive" : "")"
    }
  }

  func testTheTopControllersViewIsShownUnderTheBar() {
    let (_, navigation, _) = navigationScene(["Inbox", "Photos"])
    XCTAssertEqual(navigation.view.subviews.count, 2)
    XCTAssertTrue(navigation.view.subviews[0] === navigation.viewControllers[1].view)
    XCTAssertTrue(navigation.view.subviews[1] === navigation.navigationBar)
    XCTAssertEqual(navigation.navigationBar.frame, rect(0, 47, 390, 44))
    XCTAssertEqual(navigation.navigationBar.topItemTitle, "Photos")
    XCTAssertFalse(navigation.navigationBar.backButton.isHidden)
    XCTAssertEqual(navigation.navigationBar.backButton.title, "Inbox")
    XCTAssertTrue(navigation.viewControllers[0].view.superview == nil)
  }

  func testAPushSlidesInOverTheDurationThenChangesTheStack() {
    let (scene, navigation, log) = navigationScene(["Inbox"])
    XCTAssertTrue(navigation.navigationBar.backButton.isHidden)
    let detail = controller("Detail")
    navigation.pushViewController(detail, animated: true)
    XCTAssertEqual(navigation.viewControllers.count, 1, "the stack changes when the transition finishes")
    XCTAssertEqual(log.lines, ["willShow Detail"])
    scene.app.clock.advance(to: 0.175)
    let halfway = detail.view.transform.tx
    XCTAssertGreaterThan(halfway, 0)
    XCTAssertLessThan(halfway, 390)
    XCTAssertLessThan(navigation.viewControllers[0].view.transform.tx, 0, "the view beneath moves left (parallax)")
    XCTAssertGreaterThanOrEqual(navigation.viewControllers[0].view.transform.tx, -0.3 * 390)
    scene.app.clock.advance(to: 0.4)
    XCTAssertEqual(navigation.viewControllers.map(\.title), ["Inbox", "Detail"])
    XCTAssertEqual(detail.view.transform, .identity)
    XCTAssertEqual(log.lines, ["willShow Detail", "didShow Detail"])
    XCTAssertEqual(transitions(scene), ["push began", "push finished"])
  }

  func testTheSwipeBackFollowsTheFingerAndCompletesPastHalfTheWidth() {
    let (scene, navigation, log) = navigationScene(["Inbox", "Photos"])
    let photos = navigation.viewControllers[1]
    let inbox = navigation.viewControllers[0]
    scene.drag(from: pt(5, 300), to: pt(255, 300), at: 0, duration: 0.3, steps: 10, lift: false)
    // The top view follows the finger (the pan's translation since it began).
    let translation = navigation.interactivePopGestureRecognizer.translation(in: navigation.view).x
    XCTAssertEqual(photos.view.transform.tx, translation, accuracy: 0.001)
    XCTAssertGreaterThan(translation, 195)
    let fraction = translation / 390
    XCTAssertEqual(inbox.view.transform.tx, -0.3 * 390 * (1 - fraction), accuracy: 0.001)
    XCTAssertTrue(inbox.view.superview === navigation.view)
    XCTAssertEqual(log.lines, ["willShow Inbox"])
    scene.up(pt(255, 300), at: 0.31)
    XCTAssertEqual(navigation.viewControllers.count, 2, "animated to the end first")
    scene.app.clock.advance(to: 1)
    XCTAssertEqual(navigation.viewControllers.map(\.title), ["Inbox"])
    XCTAssertNil(photos.view.superview)
    XCTAssertEqual(inbox.view.transform, .identity)
    XCTAssertEqual(log.lines, ["willShow Inbox", "didShow Inbox"])
    XCTAssertEqual(transitions(scene), ["pop began interactive", "pop finished interactive"])
  }

  func testASlowShortSwipeIsCancelled() {
    let (scene, navigation, log) = navigationScene(["Inbox", "Photos"])
    // 80 pt in 1 s: under half the width and slower than 100 pt/s.
    scene.drag(from: pt(5, 300), to: pt(85, 300), at: 0, duration: 1, steps: 10)
    scene.app.clock.advance(to: 2)
    XCTAssertEqual(navigation.viewControllers.map(\.title), ["Inbox", "Photos"])
    XCTAssertEqual(navigation.viewControllers[1].view.transform, .identity)
    XCTAssertNil(navigation.viewControllers[0].view.superview)
    XCTAssertEqual(log.lines, ["willShow Inbox"])
    XCTAssertEqual(transitions(scene), ["pop began interactive", "pop cancelled interactive"])
  }

  func testAShortFlickCompletes() {
    let (scene, navigation, _) = navigationScene(["Inbox", "Photos"])
    // 60 pt in 0.1 s: 600 pt/s, over 100 pt/s.
    scene.drag(from: pt(5, 300), to: pt(65, 300), at: 0, duration: 0.1, steps: 3)
    scene.app.clock.advance(to: 1)
    XCTAssertEqual(navigation.viewControllers.map(\.title), ["Inbox"])
  }

  func testTheRestOfTheWayTakesTheDurationOrTheFingersPaceWhicheverIsShorter() {
    // Slow (100 pt/s): the whole 0.35 s.
    var (scene, navigation, _) = navigationScene(["Inbox", "Photos"])
    scene.drag(from: pt(5, 300), to: pt(305, 300), at: 0, duration: 3, steps: 30)
    XCTAssertEqual(navigation.viewControllers.count, 2)
    var lift = scene.now
    scene.app.clock.advance(to: 10)
    XCTAssertEqual(finishTime(scene)! - lift, 0.35, accuracy: UIKitConstants.frameInterval + 0.001)
    // Fast (about 1000 pt/s): the remaining distance at the finger's velocity.
    (scene, navigation, _) = navigationScene(["Inbox", "Photos"])
    scene.drag(from: pt(5, 300), to: pt(305, 300), at: 0, duration: 0.3, steps: 10)
    lift = scene.now
    scene.app.clock.advance(to: 10)
    // About 90 pt left at about 1000 pt/s: about 0.09 s (in frames), not 0.35 s.
    XCTAssertLessThan(finishTime(scene)! - lift, 0.2)
    XCTAssertEqual(navigation.viewControllers.count, 1)
  }

  private func finishTime(_ scene: Scene) -> TimeInterval? {
    scene.records.first {
      if case .navigation(_, _, .finished, _, _, _) = $0.event { return true }
      return false
    }?.time
  }

  func testUIKitsProjection_ASlowDragPastTheThresholdCompletesAndOneShortOfItIsCancelled() {
    // Threshold on a 390 pt view: min(187.5 / 390, 0.5) = 0.48 of the width, projected.
    // Slow drags (20 pt/s) add only 0.35 × 20 / 390 ≈ 0.018 to where the finger stops.
    for (distance, pops) in [(CGFloat(200), true), (170, false)] {
      let (scene, navigation, _) = navigationScene(["Inbox", "Photos"])
      scene.drag(from: pt(5, 300), to: pt(5 + distance, 300), at: 0, duration: Double(distance / 20), steps: 40)
      scene.app.clock.advance(to: 20)
      XCTAssertEqual(navigation.viewControllers.count, pops ? 1 : 2, "\(distance) pt")
    }
  }

  func testUIKitsProjection_AFlickBackwardsAtTheEndCancelsAPopPastHalfway() {
    let (scene, navigation, _) = navigationScene(["Inbox", "Photos"])
    scene.drag(from: pt(5, 300), to: pt(305, 300), at: 0, duration: 0.6, steps: 12, lift: false)
    // Back to the left quickly, then lift: the projection falls short of the threshold.
    scene.move(pt(255, 300), at: 0.63)
    scene.move(pt(205, 300), at: 0.66)
    scene.move(pt(155, 300), at: 0.69)
    scene.up(pt(155, 300), at: 0.70)
    scene.app.clock.advance(to: 5)
    XCTAssertEqual(navigation.viewControllers.count, 2)
  }

  func testTheDelegateRefusesOnTheRootScreen() {
    let (scene, navigation, log) = navigationScene(["Inbox"])
    scene.drag(from: pt(5, 300), to: pt(255, 300), at: 0, duration: 0.3, steps: 10)
    XCTAssertEqual(log.lines, [])
    XCTAssertTrue(transitions(scene).isEmpty)
    let refused = scene.records.contains {
      if case .stateChange(_, _, .failed) = $0.event, $0.cause?.rule == .shouldBegin { return true }
      return false
    }
    XCTAssertTrue(refused, "the pop recognizer fails: its delegate refused")
    XCTAssertEqual(navigation.viewControllers.count, 1)
  }

  func testDisabledThereIsNoSwipeBack() {
    let (scene, navigation, log) = navigationScene(["Inbox", "Photos"])
    navigation.interactivePopGestureRecognizer.isEnabled = false
    scene.drag(from: pt(5, 300), to: pt(255, 300), at: 0, duration: 0.3, steps: 10)
    scene.app.clock.advance(to: 1)
    XCTAssertEqual(log.lines, [])
    XCTAssertEqual(navigation.viewControllers.count, 2)
  }

  func testOverAHorizontalScrollViewTheScrollViewWinsUntilItWaitsForThePop() {
    for waits in [false, true] {
      let (scene, navigation, log) = navigationScene(["Inbox", "Photos"])
      let scroll = UIScrollView(frame: rect(0, 300, 390, 160))
      scroll.contentSize = CGSize(width: 1170, height: 160)
      navigation.viewControllers[1].view.addSubview(scroll)
      if waits { scroll.panGestureRecognizer.require(toFail: navigation.interactivePopGestureRecognizer) }
      scene.drag(from: pt(5, 380), to: pt(255, 380), at: 0, duration: 0.3, steps: 10)
      scene.app.clock.advance(to: 1)
      if waits {
        XCTAssertEqual(log.lines, ["willShow Inbox", "didShow Inbox"])
        XCTAssertEqual(navigation.viewControllers.count, 1)
      } else {
        XCTAssertEqual(log.lines, [], "the carousel's pan, closer to the touch, wins")
        XCTAssertEqual(navigation.viewControllers.count, 2)
        let scrolled = scene.records.contains {
          if case .scroll = $0.event { return true }
          return false
        }
        XCTAssertTrue(scrolled, "the carousel was pulled past its left edge")
      }
    }
  }

  func testTheBackButtonPopsAnimated() {
    let (scene, navigation, log) = navigationScene(["Inbox", "Photos"])
    scene.tap(at: pt(20, 69), at: 0)
    XCTAssertEqual(navigation.viewControllers.count, 2)
    XCTAssertEqual(transitions(scene), ["pop began"])
    scene.app.clock.advance(to: 1)
    XCTAssertEqual(navigation.viewControllers.map(\.title), ["Inbox"])
    XCTAssertEqual(log.lines, ["willShow Inbox", "didShow Inbox"])
    XCTAssertTrue(navigation.navigationBar.backButton.isHidden)
    XCTAssertEqual(navigation.navigationBar.topItemTitle, "Inbox")
  }

  func testNoPushOrPopDuringATransition() {
    let (scene, navigation, _) = navigationScene(["Inbox", "Photos"])
    XCTAssertNotNil(navigation.popViewController(animated: true))
    XCTAssertNil(navigation.popViewController(animated: true))
    navigation.pushViewController(controller("Other"), animated: true)
    scene.app.clock.advance(to: 1)
    XCTAssertEqual(navigation.viewControllers.map(\.title), ["Inbox"])
  }

  func testThePopRecognizerIsUIKitsParallaxPanAndBeginsAt15Points() {
    let (scene, navigation, log) = navigationScene(["Inbox", "Photos"])
    let pop = navigation.interactivePopGestureRecognizer
    XCTAssertTrue(pop is _UIParallaxTransitionPanGestureRecognizer)
    XCTAssertEqual(pop.edges, .left)
    XCTAssertEqual(pop.maximumNumberOfTouches, 1)
    scene.down(pt(5, 300), at: 0)
    scene.move(pt(17, 300), at: 0.05)  // 12 pt: a plain pan would have begun
    XCTAssertEqual(pop.state, .possible)
    scene.move(pt(21, 300), at: 0.1)  // 16 pt
    XCTAssertEqual(pop.state, .began)
    XCTAssertEqual(log.lines, ["willShow Inbox"])
  }

  // MARK: Appearance callbacks (docs/BEHAVIOUR.md §27.1)

  /// A controller that notes its appearance callbacks into a shared list.
  private final class NotingController: UIViewController {
    let name: String
    let notes: Notes
    init(_ name: String, _ notes: Notes) {
      self.name = name
      self.notes = notes
      super.init(view: UIView(frame: rect(0, 0, 390, 844)))
      title = name
    }
    override func viewWillAppear(_ animated: Bool) { notes.lines.append("\(name) willAppear \(animated)") }
    override func viewDidAppear(_ animated: Bool) { notes.lines.append("\(name) didAppear \(animated)") }
    override func viewWillDisappear(_ animated: Bool) { notes.lines.append("\(name) willDisappear \(animated)") }
    override func viewDidDisappear(_ animated: Bool) { notes.lines.append("\(name) didDisappear \(animated)") }
  }

  private final class Notes: UINavigationControllerDelegate {
    var lines: [String] = []
    func navigationController(
      _ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool
    ) { lines.append("willShow \(viewController.title ?? "?")") }
    func navigationController(
      _ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool
    ) { lines.append("didShow \(viewController.title ?? "?")") }
  }

  private func appearanceScene() -> (Scene, UINavigationController, Notes, NotingController, NotingController) {
    let scene = Scene(size: CGSize(width: 390, height: 844))
    let notes = Notes()
    let a = NotingController("A", notes)
    let b = NotingController("B", notes)
    let navigation = UINavigationController(viewControllers: [a], frame: rect(0, 0, 390, 844))
    scene.window.rootViewController = navigation
    navigation.delegate = notes
    return (scene, navigation, notes, a, b)
  }

  func testAppearance_AnimatedPushThenPop() {
    let (scene, navigation, notes, _, b) = appearanceScene()
    navigation.pushViewController(b, animated: true)
    XCTAssertEqual(notes.lines, ["A willDisappear true", "B willAppear true", "willShow B"])
    scene.app.clock.advance(to: 1)
    XCTAssertEqual(notes.lines.suffix(3), ["A didDisappear true", "B didAppear true", "didShow B"])
    notes.lines.removeAll()
    navigation.popViewController(animated: true)
    scene.app.clock.advance(to: 2)
    XCTAssertEqual(
      notes.lines,
      [
        "B willDisappear true", "A willAppear true", "willShow A", "B didDisappear true", "A didAppear true",
        "didShow A",
      ])
  }

  func testAppearance_NotAnimated_AnimatedIsNo() {
    let (_, navigation, notes, _, b) = appearanceScene()
    navigation.pushViewController(b, animated: false)
    navigation.popViewController(animated: false)
    XCTAssertEqual(
      notes.lines,
      [
        "A willDisappear false", "B willAppear false", "A didDisappear false", "B didAppear false", "didShow B",
        "B willDisappear false", "A willAppear false", "B didDisappear false", "A didAppear false", "didShow A",
      ])
  }

  func testAppearance_CancelledSwipeBack_TheLowerDisappearsAgainAndTheTopAppearsAgain() {
    let (scene, navigation, notes, _, b) = appearanceScene()
    navigation.pushViewController(b, animated: true)
    scene.app.clock.advance(to: 1)
    notes.lines.removeAll()
    scene.drag(from: pt(5, 300), to: pt(85, 300), at: 1, duration: 1, steps: 10)
    scene.app.clock.advance(to: 3)
    XCTAssertEqual(
      notes.lines,
      [
        "B willDisappear true", "A willAppear true", "willShow A",
        "A willDisappear true", "A didDisappear true", "B willAppear true", "B didAppear true",
      ])
    XCTAssertTrue(navigation.topViewController === b)
  }
}
