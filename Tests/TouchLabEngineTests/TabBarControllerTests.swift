import Foundation
import XCTest

@testable import TouchLabEngine

/// UITabBarController (docs/BEHAVIOUR.md §24.1): a tap on a tab asks shouldSelect, switches
/// the shown controller with the appearance callbacks, tells didSelect; NO keeps the tab.
final class TabBarControllerTests: XCTestCase {
  private final class Notes: UITabBarControllerDelegate {
    var lines: [String] = []
    var refuse: Set<String> = []
    func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController)
      -> Bool
    {
      lines.append("shouldSelect \(viewController.title ?? "?")")
      return !refuse.contains(viewController.title ?? "")
    }
    func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController) {
      lines.append("didSelect \(viewController.title ?? "?")")
    }
  }

  private final class NotingController: UIViewController {
    let notes: Notes
    init(_ title: String, _ notes: Notes) {
      self.notes = notes
      super.init(view: UIView())
      self.title = title
    }
    override func viewWillAppear(_ animated: Bool) { notes.lines.append("\(title!) willAppear \(animated)") }
    override func viewDidAppear(_ animated: Bool) { notes.lines.append("\(title!) didAppear \(animated)") }
    override func viewWillDisappear(_ animated: Bool) { notes.lines.append("\(title!) willDisappear \(animated)") }
    override func viewDidDisappear(_ animated: Bool) { notes.lines.append("\(title!) didDisappear \(animated)") }
  }

  /// Three tabs, A shown, in a 390 × 844 window: the bar's tabs are 130 pt wide at y 761…810.
  private func tabScene() -> (Scene, UITabBarController, Notes) {
    let scene = Scene(size: CGSize(width: 390, height: 844))
    let notes = Notes()
    let tabs = UITabBarController()
    tabs.adoptView(UIView(frame: rect(0, 0, 390, 844)))
    tabs.setViewControllers(["A", "B", "C"].map { NotingController($0, notes) }, animated: false)
    scene.window.rootViewController = tabs
    tabs.delegate = notes
    notes.lines.removeAll()
    return (scene, tabs, notes)
  }

  func testTheBarSitsAtTheBottom_49PlusTheHomeIndicator() {
    let (_, tabs, _) = tabScene()
    XCTAssertEqual(tabs.tabBar.frame, rect(0, 761, 390, 83))
    XCTAssertEqual(tabs.selectedIndex, 0)
    XCTAssertTrue(tabs.viewControllers[0].view.superview === tabs.view)
  }

  func testATapOnATab_AsksSwitchesAndTells() {
    let (scene, tabs, notes) = tabScene()
    scene.tap(at: pt(195, 785), at: 0)
    XCTAssertEqual(
      notes.lines,
      [
        "shouldSelect B", "B willAppear false", "A willDisappear false", "A didDisappear false", "B didAppear false",
        "didSelect B",
      ])
    XCTAssertEqual(tabs.selectedIndex, 1)
    XCTAssertNil(tabs.viewControllers[0].view.superview)
    XCTAssertEqual(tabs.tabBar.selectedIndex, 1)
  }

  func testTheSelectedTabAgain_AskedAndTold_NoAppearance() {
    let (scene, _, notes) = tabScene()
    scene.tap(at: pt(65, 785), at: 0)
    XCTAssertEqual(notes.lines, ["shouldSelect A", "didSelect A"])
  }

  func testShouldSelectNo_TheSelectionStays() {
    let (scene, tabs, notes) = tabScene()
    notes.refuse = ["C"]
    scene.tap(at: pt(325, 785), at: 0)
    XCTAssertEqual(notes.lines, ["shouldSelect C"])
    XCTAssertEqual(tabs.selectedIndex, 0)
    XCTAssertEqual(tabs.tabBar.selectedIndex, 0, "the bar's selection is put back")
  }

  func testSelectedIndexInCode_SwitchesWithoutTellingTheDelegate() {
    let (_, tabs, notes) = tabScene()
    tabs.selectedIndex = 2
    XCTAssertEqual(
      notes.lines, ["C willAppear false", "A willDisappear false", "A didDisappear false", "C didAppear false"])
    XCTAssertEqual(tabs.tabBar.selectedIndex, 2)
  }
}
