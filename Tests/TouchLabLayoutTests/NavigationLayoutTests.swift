import Foundation
import TouchLabEngine
import TouchLabLayout
import XCTest

/// A layout's navigation stack: `controller: {class: UINavigationController, viewControllers: […]}`,
/// its pop recognizer addressed as `ID.interactivePopGestureRecognizer`, and every mistake in
/// it a FILE:LINE:COLUMN error.
final class NavigationLayoutTests: XCTestCase {
  private let stack = """
    controller:
      class: UINavigationController
      id: nav
      viewControllers:
        - {id: list, title: List, view: {id: listView}}
        - id: detail
          title: Detail
          view:
            id: detailView
            subviews:
              - {id: carousel, class: UIScrollView, frame: [0, 300, 390, 160], contentSize: [1170, 160]}

    """

  func testAStackLoadsWithTheLastControllerOnTop() throws {
    let scene = try LayoutLoader.load(yaml: stack, file: "t.yaml")
    let navigation = try XCTUnwrap(scene.objects["nav"] as? UINavigationController)
    XCTAssertEqual(navigation.viewControllers.map(\.title), ["List", "Detail"])
    XCTAssertTrue(navigation.view.subviews.first === scene.objects["detailView"] as? UIView)
    XCTAssertEqual(navigation.view.frame, CGRect(x: 0, y: 0, width: 390, height: 844))
    XCTAssertTrue(
      scene.objects["nav.interactivePopGestureRecognizer"] === navigation.interactivePopGestureRecognizer)
    XCTAssertEqual(navigation.navigationBar.backButton.title, "List")
  }

  func testThePopRecognizerIsSettableAndUsableInRequireToFail() throws {
    let scene = try LayoutLoader.load(yaml: stack, file: "t.yaml")
    let navigation = try XCTUnwrap(scene.objects["nav"] as? UINavigationController)
    try scene.set("nav.interactivePopGestureRecognizer.isEnabled=false")
    XCTAssertFalse(navigation.interactivePopGestureRecognizer.isEnabled)
    try scene.set("carousel.panGestureRecognizer.requireToFail=[nav.interactivePopGestureRecognizer]")
    let carousel = try XCTUnwrap(scene.objects["carousel"] as? UIScrollView)
    XCTAssertTrue(carousel.panGestureRecognizer.requiredToFail.first === navigation.interactivePopGestureRecognizer)
    try scene.set("nav.interactivePopGestureRecognizer.delegate={shouldBegin:false}")
    XCTAssertFalse(navigation.interactivePopGestureRecognizer.delegate is _UINavigationInteractiveTransition)
    XCTAssertEqual(
      Scene.swiftLine(for: "nav.interactivePopGestureRecognizer.isEnabled=false"),
      "nav.interactivePopGestureRecognizer.isEnabled = false")
    XCTAssertEqual(
      Scene.swiftLine(for: "carousel.panGestureRecognizer.requireToFail=[nav.interactivePopGestureRecognizer]"),
      "carousel.panGestureRecognizer.require(toFail: nav.interactivePopGestureRecognizer)")
  }

  func testThePopRecognizerKeysInTheFile() throws {
    let yaml = stack.replacingOccurrences(
      of: "  id: nav\n", with: "  id: nav\n  interactivePopGestureRecognizer: {isEnabled: false}\n")
    let scene = try LayoutLoader.load(yaml: yaml, file: "t.yaml")
    let navigation = try XCTUnwrap(scene.objects["nav"] as? UINavigationController)
    XCTAssertFalse(navigation.interactivePopGestureRecognizer.isEnabled)
  }

  func testTabBarControllerMistakes() {
    assertLayoutError(
      "controller:\n  class: UITabBarController\n  view: {}\n", line: 3, column: 9, contains: "makes its own view")
    assertLayoutError(
      "controller:\n  class: UITabBarController\n  selectedIndex: 5\n  viewControllers: [{view: {}}]\n",
      line: 3, column: 18, contains: "selectedIndex 5 names no tab")
    assertLayoutError(
      "controller:\n  class: UINavigationController\n  shouldSelect: {print: x}\n  viewControllers: [{view: {}}]\n",
      line: 3, column: 3, contains: "'shouldSelect' is for a UITabBarController")
    assertLayoutError(
      "controller:\n  didSelect: {print: x}\n  view: {}\n", line: 2, column: 3,
      contains: "'didSelect' is for a UITabBarController")
    assertLayoutError(
      "controller:\n  class: UITabBarController\n  pushable: []\n  viewControllers: [{view: {}}]\n", line: 3, column: 3,
      contains: "'pushable' is for a UINavigationController")
    // A tab holds a navigation controller, but not another tab bar controller (the check
    // both containers share, `SceneBuilder.buildChildControllers`).
    assertLayoutError(
      "controller:\n  class: UITabBarController\n  viewControllers:\n    - {view: {}}\n"
        + "    - {class: UITabBarController, viewControllers: [{view: {}}]}\n",
      line: 5, column: 7, contains: "not another UITabBarController")
  }

  func testATabHoldsANavigationStack() throws {
    let scene = try LayoutLoader.load(
      yaml:
        "controller:\n  class: UITabBarController\n  viewControllers:\n    - {view: {}}\n"
        + "    - {id: nav, class: UINavigationController, viewControllers: [{view: {}}, {view: {}}]}\n",
      file: "tabs.yaml")
    let navigation = try XCTUnwrap(scene.objects["nav"] as? UINavigationController)
    XCTAssertEqual(navigation.viewControllers.count, 2)
    XCTAssertTrue(navigation.parent is UITabBarController)
  }

  func testMistakes() {
    assertLayoutError(
      "controller:\n  class: UINavigationController\n  view: {}\n", line: 3, column: 9,
      contains: "makes its own view")
    assertLayoutError(
      "controller:\n  class: UINavigationController\n", line: 2, column: 3, contains: "needs 'viewControllers'")
    assertLayoutError(
      "controller:\n  class: UINavigationController\n  viewControllers: []\n", line: 3, column: 20,
      contains: "at least one controller")
    assertLayoutError(
      "controller:\n  viewControllers: [{view: {}}]\n  view: {}\n", line: 2, column: 3,
      contains: "'viewControllers' is for a UINavigationController")
    assertLayoutError(
      "controller:\n  class: UINavigationController\n  viewControllers:\n    - {class: UINavigationController, viewControllers: [{view: {}}]}\n",
      line: 4, column: 7, contains: "not another UINavigationController")
    assertLayoutError(
      "controller:\n  class: UINavigationController\n  navigationBarClass: UIView\n  viewControllers: [{view: {}}]\n",
      line: 3, column: 23, contains: "navigationBarClass must be UINavigationBar")
    assertLayoutError(
      "controller:\n  class: UINavigationController\n  viewControllers: [{view: {}}]\n  interactivePopGestureRecognizer: {isEnabld: false}\n",
      line: 4, column: 37, contains: "did you mean 'isEnabled'")
    assertLayoutError(
      "controller:\n  view:\n    subviews:\n      - controller: {class: UINavigationController, viewControllers: [{view: {}}]}\n",
      line: 4, column: 21, contains: "needs a frame")
    assertLayoutError(
      "controller:\n  class: UINavigationController\n  viewControllers: [{view: {}}]\n  didShow: {prnt: x}\n",
      line: 4, column: 12, contains: "an action is a method name or {print: TEXT}")
  }

  func testAStackOfMoreThan100ControllersIsAnError() throws {
    func stack(_ count: Int) -> String {
      "controller:\n  class: UINavigationController\n  viewControllers:\n"
        + String(repeating: "    - {view: {}}\n", count: count)
    }
    XCTAssertNoThrow(try LayoutLoader.load(yaml: stack(100), file: "t.yaml"))
    assertLayoutError(stack(101), line: 4, column: 5, contains: "more than 100 controllers in a navigation stack")
  }

  func testTheDelegatesMomentsPrintOrSendUIKitsSelectorToTheNavigationController() throws {
    let yaml = """
      classes:
        Nav: {base: UINavigationController, actions: [didShowSomething]}
      controller:
        class: Nav
        willShow: {print: "willShow %viewController"}
        didShow: didShowSomething
        viewControllers:
          - {id: list, title: List, view: {}}
          - {id: detail, view: {}}
      scenarios:
        back:
          - tap: [30, 69]
          - wait: 0.5
      """
    let scene = try LayoutLoader.load(yaml: yaml, file: "t.yaml")
    ScenarioPlayer(scene: scene).play(try XCTUnwrap(scene.scenario(named: "back")))
    XCTAssertEqual(
      scene.records.transcript,
      ["willShow list", "-[Nav navigationController:didShowViewController:animated:]"])
  }

  func testPushAndPopStepMistakes() {
    let nav = "controller:\n  class: UINavigationController\n  id: nav\n  viewControllers: [{id: a, view: {}}]\n"
    assertLayoutError(
      nav + "scenarios:\n  s:\n    - pop: navv\n", line: 7, column: 12, contains: "did you mean 'nav'")
    assertLayoutError(
      nav + "scenarios:\n  s:\n    - push: {controller: b, on: nav}\n", line: 7, column: 26,
      contains: "'b' is not one of the viewControllers of 'nav'")
    assertLayoutError(
      nav + "scenarios:\n  s:\n    - push: {controler: a, on: nav}\n", line: 7, column: 14,
      contains: "did you mean 'controller'")
    assertLayoutError(
      nav + "scenarios:\n  s:\n    - push: {controller: a}\n", line: 7, column: 13, contains: "needs controller and on")
  }
}
