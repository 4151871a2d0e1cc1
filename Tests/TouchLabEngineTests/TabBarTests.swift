import Foundation
import XCTest

@testable import TouchLabEngine

/// UITabBar and its UITabBarButtons: each tab a control; the lift inside one selects its item
/// and tells the delegate, every time, the selected tab's too; code's selection tells nothing.
final class TabBarTests: XCTestCase {
  private final class Delegate: UITabBarDelegate {
    var selected: [String] = []
    func tabBar(_ tabBar: UITabBar, didSelect item: UITabBarItem) { selected.append(item.title ?? "?") }
  }

  /// A 390-wide bar at y 761 with three items, the first selected: tabs 130 wide, 49 high.
  private func barScene() -> (Scene, UITabBar, Delegate, UITapGestureRecognizer) {
    let scene = Scene(size: CGSize(width: 390, height: 844))
    let back = scene.view("Back", rect(0, 0, 390, 844))
    let tap = scene.tap("BackTap", on: back, action: "backTap")
    let bar = scene.add(UITabBar(frame: rect(0, 761, 390, 83)), "UITabBar", base: "UITabBar", in: back)
    bar.items = ["Home", "Search", "Profile"].map { UITabBarItem(title: $0) }
    bar.selectedItem = bar.items![0]
    let delegate = Delegate()
    bar.delegate = delegate
    return (scene, bar, delegate, tap)
  }

  func testItemsAreButtonsLaidOutInEqualWidths() {
    let (_, bar, _, _) = barScene()
    XCTAssertEqual(bar.buttons.map(\.frame), [rect(0, 0, 130, 49), rect(130, 0, 130, 49), rect(260, 0, 130, 49)])
    XCTAssertEqual(bar.buttons.map(\.isSelected), [true, false, false])
    XCTAssertEqual(bar.selectedIndex, 0)
  }

  func testTapOnATab_SelectsItAtTheLift_AndBeatsTheBackgroundTap() {
    let (scene, bar, delegate, _) = barScene()
    scene.down(pt(195, 785), at: 0)
    XCTAssertEqual(bar.selectedIndex, 0)
    XCTAssertTrue(bar.buttons[1].isHighlighted)
    scene.up(pt(195, 785), at: 0.05)
    XCTAssertEqual(bar.selectedIndex, 1)
    XCTAssertEqual(bar.buttons.map(\.isSelected), [false, true, false])
    XCTAssertEqual(delegate.selected, ["Search"])
    XCTAssertFalse(scene.actions.contains("-[Target backTap]"))
  }

  func testTapOnTheSelectedTab_TellsTheDelegateAgain() {
    let (scene, bar, delegate, _) = barScene()
    scene.tap(at: pt(65, 785), at: 0)
    XCTAssertEqual(bar.selectedIndex, 0)
    XCTAssertEqual(delegate.selected, ["Home"])
  }

  func testDraggedOffPastTheTrackingMarginAndLifted_SelectsNothing() {
    let (scene, bar, delegate, _) = barScene()
    scene.down(pt(325, 785), at: 0)
    scene.move(pt(325, 650), at: 0.05)
    scene.move(pt(325, 600), at: 0.1)
    scene.up(pt(325, 600), at: 0.15)
    XCTAssertEqual(bar.selectedIndex, 0)
    XCTAssertEqual(delegate.selected, [])
  }

  func testSelectionInCode_TellsNothing_AndAnItemNotOfTheBarIsIgnored() {
    let (_, bar, delegate, _) = barScene()
    bar.selectedItem = bar.items![2]
    XCTAssertEqual(bar.selectedIndex, 2)
    bar.selectedItem = UITabBarItem(title: "Elsewhere")
    XCTAssertEqual(bar.selectedIndex, 2)
    XCTAssertEqual(delegate.selected, [])
  }

  /// An imported dump's buttons: plain subviews at their own frames are the bar's tabs.
  func testButtonsAddedAsSubviews_AreTabs_AtTheirOwnFrames() {
    let scene = Scene(size: CGSize(width: 390, height: 844))
    let bar = scene.add(UITabBar(frame: rect(0, 761, 390, 83)), "UITabBar", base: "UITabBar")
    let background = UIView(frame: rect(0, 0, 390, 83))
    background.isUserInteractionEnabled = false
    bar.addSubview(background)
    let first = UITabBarButton(frame: rect(2, 1, 192, 48))
    first.title = "Chats"
    let second = UITabBarButton(frame: rect(196, 1, 192, 48))
    second.title = "Settings"
    let firstLabel = UILabel(frame: rect(60, 35, 70, 12))
    let secondLabel = UILabel(frame: rect(60, 35, 70, 12))
    first.addSubview(firstLabel)
    second.addSubview(secondLabel)
    bar.addSubview(first)
    bar.addSubview(second)
    let delegate = Delegate()
    bar.delegate = delegate
    bar.layoutButtons()
    XCTAssertEqual(second.frame, rect(196, 1, 192, 48))
    XCTAssertEqual(bar.items?.map(\.title), ["Chats", "Settings"])
    XCTAssertEqual(bar.selectedIndex, -1)
    scene.tap(at: pt(300, 785), at: 0)
    XCTAssertEqual(bar.selectedIndex, 1)
    XCTAssertEqual(delegate.selected, ["Settings"])
    // The printed labels take the tint when their tab is selected, the grey when not.
    XCTAssertEqual(secondLabel.textColor, .systemBlue)
    XCTAssertEqual(firstLabel.textColor, UIKitConstants.tabBarUnselectedTint)
  }

  func testSettingItemsAgain_ReplacesTheButtons_AndDropsALostSelection() {
    let (_, bar, _, _) = barScene()
    bar.items = [UITabBarItem(title: "One")]
    XCTAssertEqual(bar.buttons.count, 1)
    XCTAssertEqual(bar.buttons[0].frame, rect(0, 0, 390, 49))
    XCTAssertNil(bar.selectedItem)
    bar.items = nil
    XCTAssertTrue(bar.buttons.isEmpty)
    XCTAssertNil(bar.items)
  }
}
