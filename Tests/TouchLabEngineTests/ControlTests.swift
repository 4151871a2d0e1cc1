import Foundation
import XCTest

@testable import TouchLabEngine
@testable import TouchLabRecords
@testable import TouchLabScripting

/// An application that notes every action sent through it.
final class RecordingApplication: UIApplication {
  var sent: [(action: String, target: AnyObject?, sender: AnyObject?)] = []
  override func sendAction(_ action: ActionMessage, to target: AnyObject?, from sender: AnyObject?, for event: UIEvent?)
    -> Bool
  {
    sent.append((action.description, target, sender))
    return super.sendAction(action, to: target, from: sender, for: event)
  }
}

/// A control subclass of the app's own (not one of UIKit's).
final class CustomControl: UIControl {}

/// A control whose `beginTracking` always says NO.
final class RefusingControl: UIControl {
  override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { false }
}

/// docs/BEHAVIOUR.md §6: UIControl, UIButton, UISwitch, and the control-versus-gesture rule.
final class ControlTests: XCTestCase {
  private let trackingMethods: [ScriptedClass.Method] = [
    .touchesBegan, .touchesMoved, .touchesEnded, .touchesCancelled,
    .beginTracking, .continueTracking, .endTracking, .cancelTracking,
  ]

  /// A `ZZButton` (a UIButton subclass logging touches and tracking) at (100, 100, 100, 50).
  private func button(_ scene: Scene, in parent: UIView? = nil, logs: Bool = true) -> UIButton {
    let button = scene.add(UIButton(frame: rect(100, 100, 100, 50)), "ZZButton", base: "UIButton", in: parent)
    if logs { for m in trackingMethods { button.scriptedClass?.logs[m] = .init() } }
    return button
  }

  private func addTargets(_ scene: Scene, _ control: UIControl, _ events: [(String, UIControl.Event)]) {
    for (name, event) in events { control.addTarget(scene.target, action: .selector(name), for: event) }
  }

  // MARK: Tracking and events

  func testControl_TrackingCallsAndTouchEvents() {
    // Precondition: a logging button with targets for down, drag inside, up inside, primary.
    let scene = Scene()
    let button = button(scene)
    addTargets(
      scene, button,
      [
        ("down", .touchDown), ("dragInside", .touchDragInside), ("upInside", .touchUpInside),
        ("primary", .primaryActionTriggered),
      ])
    // Action: down, a small move, up.
    scene.down(pt(150, 125), at: 0)
    XCTAssertTrue(button.isHighlighted)
    XCTAssertTrue(button.isTracking)
    XCTAssertEqual(button.state, .highlighted)
    scene.move(pt(160, 125), at: 0.05)
    scene.up(pt(160, 125), at: 0.1)
    // Assertion.
    XCTAssertEqual(
      scene.transcript,
      [
        "-[ZZButton touchesBegan:withEvent:]", "-[ZZButton beginTrackingWithTouch:withEvent:]", "-[Target down]",
        "-[ZZButton touchesMoved:withEvent:]", "-[ZZButton continueTrackingWithTouch:withEvent:]",
        "-[Target dragInside]",
        "-[ZZButton touchesEnded:withEvent:]", "-[ZZButton endTrackingWithTouch:withEvent:]", "-[Target upInside]",
        "-[Target primary]",
      ])
    XCTAssertFalse(button.isHighlighted)
    XCTAssertFalse(button.isTracking)
  }

  func testControl_EndTrackingRunsBeforeTheTouchUpInsideAction() {
    let scene = Scene()
    let button = button(scene)
    addTargets(scene, button, [("upInside", .touchUpInside)])
    scene.tap(at: pt(150, 125), at: 0)
    let end = scene.transcript.firstIndex(of: "-[ZZButton endTrackingWithTouch:withEvent:]")
    let action = scene.transcript.firstIndex(of: "-[Target upInside]")
    XCTAssertNotNil(end)
    XCTAssertNotNil(action)
    XCTAssertLessThan(end ?? .max, action ?? .min)
  }

  func testControl_DragEnterExitAndThe70ptMargin() {
    // Precondition: a button spanning y 100…150, with targets for the drag and up events.
    let scene = Scene()
    let button = button(scene, logs: false)
    addTargets(
      scene, button,
      [
        ("enter", .touchDragEnter), ("exit", .touchDragExit), ("inside", .touchDragInside),
        ("outside", .touchDragOutside), ("upInside", .touchUpInside), ("upOutside", .touchUpOutside),
      ])
    // Action + assertion, step by step.
    scene.down(pt(150, 125), at: 0)
    scene.move(pt(150, 210), at: 0.1)  // 60 pt below: still inside the 70 pt margin
    XCTAssertEqual(scene.actions, ["-[Target inside]"])
    XCTAssertTrue(button.isHighlighted)
    scene.clear()
    scene.move(pt(150, 230), at: 0.2)  // 80 pt below: out
    XCTAssertEqual(scene.actions, ["-[Target exit]", "-[Target outside]"])
    XCTAssertFalse(button.isHighlighted)
    XCTAssertFalse(button.isTouchInside)
    scene.clear()
    scene.move(pt(150, 215), at: 0.3)  // back in
    XCTAssertEqual(scene.actions, ["-[Target enter]", "-[Target inside]"])
    XCTAssertTrue(button.isHighlighted)
    scene.clear()
    scene.move(pt(30, 125), at: 0.4)  // 70 pt left of x = 100: on the margin's edge, inside
    XCTAssertEqual(scene.actions, ["-[Target inside]"])
    scene.clear()
    scene.move(pt(29, 125), at: 0.45)  // 71 pt left: out
    XCTAssertEqual(scene.actions, ["-[Target exit]", "-[Target outside]"])
    scene.clear()
    scene.up(pt(29, 125), at: 0.5)
    XCTAssertEqual(scene.actions, ["-[Target upOutside]"])
  }

  func testControl_TouchUpInsideWithinTheMargin() {
    let scene = Scene()
    let button = button(scene, logs: false)
    addTargets(scene, button, [("upInside", .touchUpInside), ("upOutside", .touchUpOutside)])
    scene.drag(from: pt(150, 125), to: pt(150, 215), at: 0)
    XCTAssertEqual(scene.actions, ["-[Target upInside]"])
  }

  func testControl_TouchDownRepeatOnTheSecondTap() {
    let scene = Scene()
    let button = button(scene, logs: false)
    addTargets(scene, button, [("down", .touchDown), ("repeat", .touchDownRepeat)])
    scene.tap(at: pt(150, 125), at: 0)
    scene.tap(at: pt(150, 125), at: 0.2)
    scene.tap(at: pt(150, 125), at: 2)
    XCTAssertEqual(scene.actions, ["-[Target down]", "-[Target down]", "-[Target repeat]", "-[Target down]"])
  }

  func testControl_CancelSendsTouchCancelAndCancelTracking() {
    let scene = Scene()
    let button = button(scene)
    addTargets(scene, button, [("cancel", .touchCancel), ("upInside", .touchUpInside)])
    scene.down(pt(150, 125), at: 0)
    scene.send(at: 0.1, [TouchInput(finger: 1, phase: .cancelled, location: pt(150, 125))])
    XCTAssertEqual(
      scene.transcript,
      [
        "-[ZZButton touchesBegan:withEvent:]", "-[ZZButton beginTrackingWithTouch:withEvent:]",
        "-[ZZButton touchesCancelled:withEvent:]", "-[ZZButton cancelTrackingWithEvent:]", "-[Target cancel]",
      ])
    XCTAssertFalse(button.isHighlighted)
  }

  func testControl_DisabledControlTracksNothingAndSendsNothing() {
    let scene = Scene()
    let button = button(scene)
    button.isEnabled = false
    XCTAssertEqual(button.state, .disabled)
    addTargets(scene, button, [("down", .touchDown), ("upInside", .touchUpInside)])
    scene.down(pt(150, 125), at: 0)
    XCTAssertFalse(button.isHighlighted)
    XCTAssertFalse(button.isTracking)
    scene.up(pt(150, 125), at: 0.1)
    XCTAssertEqual(scene.transcript, ["-[ZZButton touchesBegan:withEvent:]", "-[ZZButton touchesEnded:withEvent:]"])
  }

  func testControl_OverrideSkippingSuperGetsNoTrackingAndNoActions() {
    // Precondition ([A0], 004): a button whose touches overrides do not call super.
    let scene = Scene()
    let button = button(scene)
    for m: ScriptedClass.Method in [.touchesBegan, .touchesEnded] { button.scriptedClass?.callsSuper.remove(m) }
    addTargets(scene, button, [("down", .touchDown), ("upInside", .touchUpInside)])
    // Action.
    scene.tap(at: pt(150, 125), at: 0)
    // Assertion.
    XCTAssertEqual(scene.transcript, ["-[ZZButton touchesBegan:withEvent:]", "-[ZZButton touchesEnded:withEvent:]"])
    XCTAssertFalse(button.isHighlighted)
  }

  // MARK: Actions

  func testControl_SendActionGoesThroughTheApplication() {
    // Precondition: an application that notes actions; a button logging sendAction.
    let app = RecordingApplication()
    let scene = Scene(app: app)
    let button = button(scene, logs: false)
    button.scriptedClass?.logs[.sendAction] = .init()
    addTargets(scene, button, [("upInside", .touchUpInside)])
    // Action.
    scene.tap(at: pt(150, 125), at: 0)
    // Assertion: the control's sendAction, then the application's, then the target.
    XCTAssertEqual(scene.transcript, ["-[ZZButton sendAction:to:forEvent:]", "-[Target upInside]"])
    XCTAssertEqual(app.sent.count, 1)
    XCTAssertEqual(app.sent.first?.action, "upInside")
    XCTAssertTrue(app.sent.first?.target === scene.target)
    XCTAssertTrue(app.sent.first?.sender === button)
  }

  func testControl_SendActionOverrideSkippingSuperSendsNothing() {
    let app = RecordingApplication()
    let scene = Scene(app: app)
    let button = button(scene, logs: false)
    button.scriptedClass?.logs[.sendAction] = .init()
    button.scriptedClass?.callsSuper.remove(.sendAction)
    addTargets(scene, button, [("upInside", .touchUpInside)])
    scene.tap(at: pt(150, 125), at: 0)
    XCTAssertEqual(scene.transcript, ["-[ZZButton sendAction:to:forEvent:]"])
    XCTAssertTrue(app.sent.isEmpty)
  }

  func testControl_NilTargetSearchesTheResponderChain() {
    // Precondition ([A0]): a custom window implementing the action; a button with a nil target.
    let scene = Scene()
    scene.name(scene.window, "ZZWindow", base: "UIWindow").scriptedClass?.actions = ["responderZZButton"]
    let container = scene.view("Container", rect(0, 0, 400, 400))
    let button = button(scene, in: container, logs: false)
    button.addTarget(nil, action: .selector("responderZZButton"), for: .touchUpInside)
    button.addTarget(nil, action: .selector("nobodyHasThis"), for: .touchUpInside)
    // Action.
    scene.tap(at: pt(150, 125), at: 0)
    // Assertion: the window answers; the unknown action goes nowhere.
    XCTAssertEqual(scene.actions, ["-[ZZWindow responderZZButton]", "nil.nobodyHasThis(ignored)"])
    // A nearer responder implementing it answers first.
    container.scriptedClass?.actions = ["responderZZButton"]
    scene.clear()
    scene.tap(at: pt(150, 125), at: 1)
    XCTAssertEqual(scene.actions.first, "-[Container responderZZButton]")
  }

  func testControl_SeveralTargetsRunInTheOrderAdded() {
    let scene = Scene()
    let button = button(scene, logs: false)
    let second = scene.name(UIResponder(), "Second", base: "UIResponder")
    let third = scene.name(UIResponder(), "Third", base: "UIResponder")
    button.addTarget(third, action: .selector("c"), for: .touchUpInside)
    button.addTarget(scene.target, action: .selector("a"), for: .touchUpInside)
    button.addTarget(second, action: .selector("b"), for: [.touchUpInside, .touchDown])
    button.addTarget(nil, action: .print("printed"), for: .touchUpInside)
    scene.tap(at: pt(150, 125), at: 0)
    XCTAssertEqual(scene.actions, ["-[Second b]", "-[Third c]", "-[Target a]", "-[Second b]", "printed"])
  }

  // MARK: UISwitch

  private func switchScene() -> (Scene, UISwitch) {
    let scene = Scene()
    let toggle = scene.add(UISwitch(frame: rect(100, 100, 51, 31)), "Switch", base: "UISwitch")
    toggle.addTarget(scene.target, action: .selector("changed"), for: .valueChanged)
    return (scene, toggle)
  }

  func testSwitch_TapToggles() {
    let (scene, toggle) = switchScene()
    scene.tap(at: pt(125, 115), at: 0)
    XCTAssertTrue(toggle.isOn)
    XCTAssertEqual(toggle.knobPosition, 1)
    scene.tap(at: pt(125, 115), at: 1)
    XCTAssertFalse(toggle.isOn)
    XCTAssertEqual(scene.actions, ["-[Target changed]", "-[Target changed]"])
  }

  func testSwitch_KnobDragSetsTheValue() {
    let (scene, toggle) = switchScene()
    // Drag the knob from the left edge to the right: on, one valueChanged.
    scene.down(pt(105, 115), at: 0)
    scene.move(pt(145, 115), at: 0.1)
    XCTAssertEqual(toggle.knobPosition, 45.0 / 51.0, accuracy: 1e-9)
    scene.up(pt(145, 115), at: 0.2)
    XCTAssertTrue(toggle.isOn)
    XCTAssertEqual(scene.actions, ["-[Target changed]"])
    // Dragging further right while on: no change, no action.
    scene.clear()
    scene.drag(from: pt(110, 115), to: pt(148, 115), at: 1)
    XCTAssertTrue(toggle.isOn)
    XCTAssertEqual(scene.actions, [])
    // Dragging back left: off.
    scene.drag(from: pt(145, 115), to: pt(104, 115), at: 2)
    XCTAssertFalse(toggle.isOn)
    XCTAssertEqual(scene.actions, ["-[Target changed]"])
  }

  // MARK: The control-versus-gesture rule

  /// A parent with a single tap and, inside it, `control` (targets for touchUpInside).
  private func ruleScene<C: UIControl>(_ control: C, name: String, base: String) -> (Scene, C, UITapGestureRecognizer) {
    let scene = Scene()
    let parent = scene.view("Parent", rect(0, 0, 400, 400))
    let tap = scene.tap("ParentTap", on: parent)
    let control = scene.add(control, name, base: base, in: parent)
    for m in trackingMethods { control.scriptedClass?.logs[m] = .init() }
    control.addTarget(scene.target, action: .selector("buttonAction"), for: .touchUpInside)
    return (scene, control, tap)
  }

  func testControlRule_SystemButtonBeatsParentSingleTap() {
    // Precondition: a UIButton in a parent with a single-tap recognizer.
    let (scene, _, _) = ruleScene(UIButton(frame: rect(100, 100, 100, 50)), name: "ZZButton", base: "UIButton")
    // Action: a tap on the button.
    scene.tap(at: pt(150, 125), at: 0)
    // Assertion: the button's action runs, the parent's tap fails.
    XCTAssertEqual(scene.actions, ["-[Target buttonAction]"])
    XCTAssertEqual(scene.trace([.state], only: ["ParentTap"]), ["ParentTap=failed", "ParentTap=reset"])
    XCTAssertEqual(
      scene.transcript,
      [
        "-[ZZButton touchesBegan:withEvent:]", "-[ZZButton beginTrackingWithTouch:withEvent:]",
        "-[ZZButton touchesEnded:withEvent:]", "-[ZZButton endTrackingWithTouch:withEvent:]", "-[Target buttonAction]",
      ])
  }

  func testControlRule_SwitchBeatsParentSingleTap() {
    let (scene, toggle, _) = ruleScene(UISwitch(frame: rect(100, 100, 51, 31)), name: "Switch", base: "UISwitch")
    toggle.addTarget(scene.target, action: .selector("changed"), for: .valueChanged)
    scene.tap(at: pt(125, 115), at: 0)
    XCTAssertTrue(toggle.isOn)
    XCTAssertEqual(scene.actions, ["-[Target changed]", "-[Target buttonAction]"])
  }

  func testControlRule_SwitchKnobDragBeatsParentPan() {
    let scene = Scene()
    let parent = scene.view("Parent", rect(0, 0, 400, 400))
    let pan = scene.recognizer(UIPanGestureRecognizer(), "ParentPan", on: parent)
    let toggle = scene.add(UISwitch(frame: rect(100, 100, 51, 31)), "Switch", base: "UISwitch", in: parent)
    scene.down(pt(105, 115), at: 0)
    scene.move(pt(145, 115), at: 0.1)
    XCTAssertEqual(pan.state, .failed)
    scene.up(pt(145, 115), at: 0.2)
    XCTAssertTrue(toggle.isOn)
    XCTAssertEqual(scene.actions, [])
  }

  func testControlRule_MultiTapParentRecognizerIsNotPrevented() {
    // The rule is for single-finger single taps: a two-finger tap on the parent still wins.
    let scene = Scene()
    let parent = scene.view("Parent", rect(0, 0, 400, 400))
    scene.tap("TwoFingerTap", on: parent).numberOfTouchesRequired = 2
    let button = scene.add(UIButton(frame: rect(100, 100, 200, 50)), "ZZButton", base: "UIButton", in: parent)
    button.addTarget(scene.target, action: .selector("buttonAction"), for: .touchUpInside)
    scene.send(at: 0, [1, 2].map { TouchInput(finger: $0, phase: .began, location: pt(100 + 50 * CGFloat($0), 125)) })
    scene.send(
      at: 0.1, [1, 2].map { TouchInput(finger: $0, phase: .ended, location: pt(100 + 50 * CGFloat($0), 125)) })
    XCTAssertEqual(scene.actions, ["-[Target TwoFingerTap]"])
    XCTAssertEqual(scene.calls("ZZButton"), ["touchesBegan[1]", "touchesCancelled[1]"])
  }

  func testControlRule_RecognizerOnTheControlItselfWins() {
    // Precondition ([A0] e.g.2): a tap recognizer on the button itself.
    let scene = Scene()
    let button = button(scene)
    button.addTarget(scene.target, action: .selector("buttonAction"), for: .touchUpInside)
    scene.tap("ButtonTap", on: button)
    // Action.
    scene.tap(at: pt(150, 125), at: 0)
    // Assertion: the recognizer's action; the button is cancelled, no touchUpInside.
    XCTAssertEqual(
      scene.transcript,
      [
        "-[ZZButton touchesBegan:withEvent:]", "-[ZZButton beginTrackingWithTouch:withEvent:]", "-[Target ButtonTap]",
        "-[ZZButton touchesCancelled:withEvent:]", "-[ZZButton cancelTrackingWithEvent:]",
      ])
  }

  func testControlRule_CustomControlSubclassLosesToParentTap() {
    // Precondition ([A0] §0x03): a custom UIControl subclass in a parent with a tap.
    let (scene, control, _) = ruleScene(
      CustomControl(frame: rect(100, 100, 100, 50)), name: "MyControl", base: "UIControl")
    XCTAssertFalse(type(of: control).preventsOverlappingGestures)
    // Action.
    scene.tap(at: pt(150, 125), at: 0)
    // Assertion: the parent's action; the control is cancelled.
    XCTAssertEqual(
      scene.transcript,
      [
        "-[MyControl touchesBegan:withEvent:]", "-[MyControl beginTrackingWithTouch:withEvent:]", "-[Target ParentTap]",
        "-[MyControl touchesCancelled:withEvent:]", "-[MyControl cancelTrackingWithEvent:]",
      ])
  }

  func testControlRule_OrdinaryViewInsideTheButtonLetsParentTapWin() {
    // Precondition ([A3] §4.2): a plain view inside the button takes the touch.
    let (scene, button, _) = ruleScene(UIButton(frame: rect(100, 100, 100, 50)), name: "ZZButton", base: "UIButton")
    scene.view("Inner", rect(10, 10, 80, 30), in: button)
    // Action.
    scene.tap(at: pt(150, 125), at: 0)
    // Assertion: the parent's tap wins; the inner view and the button (its next responder) are cancelled.
    XCTAssertEqual(
      scene.trace(only: ["Inner", "ZZButton"]),
      [
        "Inner.touchesBegan[1]", "ZZButton.touchesBegan[1]", "-[Target ParentTap]", "Inner.touchesCancelled[1]",
        "ZZButton.touchesCancelled[1]",
      ])
    XCTAssertEqual(scene.transcript.last, "-[ZZButton cancelTrackingWithEvent:]")
  }

  func testControlRule_ParentTapNotCancellingTouchesLetsBothAct() {
    // Precondition ([A1], 其他): the parent's tap has cancelsTouchesInView = false.
    let (scene, _, tap) = ruleScene(UIButton(frame: rect(100, 100, 100, 50)), name: "ZZButton", base: "UIButton")
    tap.cancelsTouchesInView = false
    // Action.
    scene.tap(at: pt(150, 125), at: 0)
    // Assertion: both actions, the recognizer's first (the button's touchesEnded was held until it settled).
    XCTAssertEqual(scene.actions, ["-[Target ParentTap]", "-[Target buttonAction]"])
  }

  // MARK: Issue 28: drag-out order and a refused beginTracking (docs/BEHAVIOUR.md §6.4, §6.5)

  func testControl_CrossingTheMarginSendsExitBeforeOutsideWhateverOrderTheTargetsWereAdded() {
    // Precondition: the targets added in the "wrong" order, outside before exit, inside before enter.
    let scene = Scene()
    let button = button(scene, logs: false)
    addTargets(
      scene, button,
      [
        ("outside", .touchDragOutside), ("exit", .touchDragExit), ("inside", .touchDragInside),
        ("enter", .touchDragEnter),
      ])
    scene.down(pt(150, 125), at: 0)
    scene.clear()
    // Action + assertion: the crossing move sends exit, then outside; the way back enter, then inside.
    scene.move(pt(150, 230), at: 0.1)
    XCTAssertEqual(scene.actions, ["-[Target exit]", "-[Target outside]"])
    scene.clear()
    scene.move(pt(150, 215), at: 0.2)
    XCTAssertEqual(scene.actions, ["-[Target enter]", "-[Target inside]"])
  }

  func testControl_ALiftAcrossTheMarginSendsExitThenTouchUpOutside_NoDragOutside() {
    // UIKitCore's touchesEnded:withEvent: sends touchDragExit (or Enter) when the lift is on the
    // other side of the margin than the last move, then touchUpOutside (Inside); no drag event.
    let scene = Scene()
    let button = button(scene, logs: false)
    addTargets(
      scene, button,
      [
        ("outside", .touchDragOutside), ("exit", .touchDragExit), ("upOutside", .touchUpOutside),
        ("enter", .touchDragEnter), ("upInside", .touchUpInside),
      ])
    scene.down(pt(150, 125), at: 0)
    scene.up(pt(150, 230), at: 0.1)
    XCTAssertEqual(scene.actions, ["-[Target exit]", "-[Target upOutside]"])
    scene.clear()
    scene.down(pt(150, 125), at: 1)
    scene.move(pt(150, 230), at: 1.1)
    scene.clear()
    scene.up(pt(150, 125), at: 1.2)
    XCTAssertEqual(scene.actions, ["-[Target enter]", "-[Target upInside]"])
  }

  func testControl_OneTargetForExitAndOutsideIsSentTwiceOnTheCrossingMove() {
    // Two events on one move: a target registered for both hears each (UIKit sends them one
    // after the other, not as one combined event).
    let scene = Scene()
    let button = button(scene, logs: false)
    addTargets(scene, button, [("dragOut", [.touchDragExit, .touchDragOutside])])
    scene.down(pt(150, 125), at: 0)
    scene.move(pt(150, 230), at: 0.1)
    XCTAssertEqual(scene.actions, ["-[Target dragOut]", "-[Target dragOut]"])
  }

  func testControl_RefusedBeginTrackingIsFollowedByNoActionAndNoTrackingCall() {
    // Precondition: a control whose beginTracking says NO, logging every tracking call,
    // with targets for every touch event.
    let scene = Scene()
    let control = scene.add(RefusingControl(frame: rect(100, 100, 100, 50)), "Refusing", base: "UIControl")
    for m in trackingMethods { control.scriptedClass?.logs[m] = .init() }
    addTargets(scene, control, [("any", .allTouchEvents)])
    // Action: down, a move out and back, up.
    scene.down(pt(150, 125), at: 0)
    scene.move(pt(150, 230), at: 0.1)
    scene.move(pt(150, 125), at: 0.2)
    scene.up(pt(150, 125), at: 0.3)
    // Assertion: beginTracking once, and from then on only the touches themselves.
    XCTAssertEqual(
      scene.transcript,
      [
        "-[Refusing touchesBegan:withEvent:]", "-[Refusing beginTrackingWithTouch:withEvent:]",
        "-[Refusing touchesMoved:withEvent:]", "-[Refusing touchesMoved:withEvent:]",
        "-[Refusing touchesEnded:withEvent:]",
      ])
    XCTAssertFalse(control.isTracking)
    XCTAssertFalse(control.isHighlighted)
  }

  func testControl_RefusedBeginTrackingThenCancelledGetsNoCancelTracking() {
    let scene = Scene()
    let control = scene.add(RefusingControl(frame: rect(100, 100, 100, 50)), "Refusing", base: "UIControl")
    for m in trackingMethods { control.scriptedClass?.logs[m] = .init() }
    addTargets(scene, control, [("cancel", .touchCancel)])
    scene.down(pt(150, 125), at: 0)
    control.removeFromSuperview()
    XCTAssertEqual(
      scene.transcript,
      [
        "-[Refusing touchesBegan:withEvent:]", "-[Refusing beginTrackingWithTouch:withEvent:]",
        "-[Refusing touchesCancelled:withEvent:]",
      ])
  }

}
