import Foundation
import XCTest

@testable import TouchLabEngine
@testable import TouchLabRecords

/// A view whose touchesBegan override does not call super.
final class SwallowingView: UIView {
  override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {}
}

/// docs/BEHAVIOUR.md §5: the responder chain.
final class ResponderChainTests: XCTestCase {
  func testResponderChain_ViewControllerWindowApplicationDelegate() {
    // Precondition: a root controller with a child view, an app delegate that is a plain responder.
    let scene = Scene()
    let controller = scene.name(UIViewController(view: UIView()), "MyController", base: "UIViewController")
    scene.name(controller.view, "Root")
    scene.window.rootViewController = controller
    let child = scene.view("Child", rect(0, 0, 100, 100), in: controller.view)
    let delegate = scene.name(UIResponder(), "AppDelegate", base: "UIResponder")
    scene.app.delegate = delegate
    // Assertion on next: view → superview / controller → window → application → delegate.
    XCTAssertTrue(child.next === controller.view)
    XCTAssertTrue(controller.view.next === controller)
    XCTAssertTrue(controller.next === scene.window)
    XCTAssertTrue(scene.window.next === scene.app)
    XCTAssertTrue(scene.app.next === delegate)
    XCTAssertNil(delegate.next)
    // Action: a tap on the child, whose default touches methods pass the calls on.
    scene.tap(at: pt(50, 50), at: 0)
    // Assertion: the began travels the whole chain, in order.
    XCTAssertEqual(
      scene.trace().filter { $0.contains("touchesBegan") },
      [
        "Child.touchesBegan[1]", "Root.touchesBegan[1]", "MyController.touchesBegan[1]", "UIWindow.touchesBegan[1]",
        "UIApplication.touchesBegan[1]", "AppDelegate.touchesBegan[1]",
      ])
  }

  func testResponderChain_ApplicationDelegateThatIsAViewOrControllerEndsTheChain() {
    let scene = Scene()
    scene.app.delegate = UIView()
    XCTAssertNil(scene.app.next)
    scene.app.delegate = UIViewController()
    XCTAssertNil(scene.app.next)
  }

  func testResponderChain_ChildControllerPassesToItsViewsSuperview() {
    // Precondition: a child controller whose view sits in the parent controller's view.
    let scene = Scene()
    let parent = scene.name(UIViewController(view: UIView()), "ParentController", base: "UIViewController")
    scene.name(parent.view, "ParentRoot")
    scene.window.rootViewController = parent
    let child = scene.name(UIViewController(view: UIView(frame: rect(0, 0, 200, 200))), "ChildController")
    scene.add(child.view, "ChildRoot", in: parent.view)
    parent.addChild(child)
    XCTAssertTrue(child.parent === parent)
    XCTAssertTrue(child.next === parent.view)
    // Action: a tap in the child's view.
    scene.tap(at: pt(50, 50), at: 0)
    // Assertion.
    XCTAssertEqual(
      scene.trace().filter { $0.contains("touchesBegan") },
      [
        "ChildRoot.touchesBegan[1]", "ChildController.touchesBegan[1]", "ParentRoot.touchesBegan[1]",
        "ParentController.touchesBegan[1]", "UIWindow.touchesBegan[1]", "UIApplication.touchesBegan[1]",
      ])
  }

  func testResponderChain_PresentedControllerPassesToThePresentingOne() {
    let scene = Scene()
    let presenting = scene.name(UIViewController(view: UIView()), "Presenting")
    scene.window.rootViewController = presenting
    let presented = scene.name(UIViewController(view: UIView(frame: rect(0, 0, 400, 800))), "Presented")
    scene.add(presented.view, "PresentedRoot")
    presented.presentingViewController = presenting
    XCTAssertTrue(presented.next === presenting)
    scene.tap(at: pt(50, 50), at: 0)
    XCTAssertEqual(
      scene.trace().filter { $0.contains("touchesBegan") },
      [
        "PresentedRoot.touchesBegan[1]", "Presented.touchesBegan[1]", "Presenting.touchesBegan[1]",
        "UIWindow.touchesBegan[1]", "UIApplication.touchesBegan[1]",
      ])
  }

  func testResponderChain_OverrideCallingSuperLetsBothAct() {
    // Precondition ([A2]): YellowView inside GreenView, both log touchesBegan and call super.
    let scene = Scene()
    let green = scene.view("GreenView", rect(0, 0, 300, 300))
    let yellow = scene.view("YellowView", rect(0, 0, 100, 100), in: green)
    for v in [green, yellow] { v.scriptedClass?.logs[.touchesBegan] = .init() }
    // Action.
    scene.down(pt(50, 50), at: 0)
    // Assertion: both log, child first; the call reaches the window too.
    XCTAssertEqual(scene.transcript, ["-[YellowView touchesBegan:withEvent:]", "-[GreenView touchesBegan:withEvent:]"])
    XCTAssertEqual(scene.calls("UIWindow"), ["touchesBegan[1]"])
  }

  func testResponderChain_OverrideNotCallingSuperStopsTheCall() {
    let scene = Scene()
    let green = scene.view("GreenView", rect(0, 0, 300, 300))
    let yellow = scene.view("YellowView", rect(0, 0, 100, 100), in: green)
    for v in [green, yellow] { v.scriptedClass?.logs[.touchesBegan] = .init() }
    yellow.scriptedClass?.callsSuper.remove(.touchesBegan)
    scene.tap(at: pt(50, 50), at: 0)
    XCTAssertEqual(scene.transcript, ["-[YellowView touchesBegan:withEvent:]"])
    XCTAssertEqual(scene.calls("GreenView"), ["touchesEnded[1]"])
    // The same with a Swift override.
    let scene2 = Scene()
    let parent = scene2.view("Parent", rect(0, 0, 300, 300))
    scene2.add(SwallowingView(frame: rect(0, 0, 100, 100)), "Swallower", in: parent)
    scene2.tap(at: pt(50, 50), at: 0)
    XCTAssertEqual(scene2.calls("Swallower"), ["touchesBegan[1]", "touchesEnded[1]"])
    XCTAssertEqual(scene2.calls("Parent"), ["touchesEnded[1]"])
  }

  func testResponderChain_ControlsDoNotPassTouchesOn() {
    let scene = Scene()
    let parent = scene.view("Parent", rect(0, 0, 300, 300))
    scene.add(UIButton(frame: rect(0, 0, 100, 100)), "Button", base: "UIButton", in: parent)
    scene.drag(from: pt(50, 50), to: pt(60, 60), at: 0, steps: 1)
    XCTAssertEqual(scene.calls("Button"), ["touchesBegan[1]", "touchesMoved[1]", "touchesEnded[1]"])
    XCTAssertEqual(scene.calls("Parent"), [])
    XCTAssertEqual(scene.calls("UIWindow"), [])
  }
}
