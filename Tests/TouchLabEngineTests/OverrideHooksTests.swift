import Foundation
import TouchLabEngine
import XCTest

/// A stand-in for a declared class (no layout, no transcript target): it overrides the
/// methods it is told to, remembers every question the engine asks it, and swallows a call
/// or replaces an answer as told.
private final class StandInHooks: OverrideHooks {
  let className: String
  var overridden: Set<OverridableMethod>
  /// Methods whose built-in implementation is not called (swallowed).
  var swallowed: Set<OverridableMethod> = []
  var answers: [OverridableMethod: Bool] = [:]
  var hitTestAnswer: (() -> UIView?)?
  var actions: Set<String> = []
  var actionLine: String?
  /// Logs each overridden call as a `logged` record, with this text (nil: none of its own).
  var logs = false
  var logText: String?

  private(set) var askedWhetherOverrides: [OverridableMethod] = []
  private(set) var ran: [OverridableMethod] = []

  init(_ className: String, overriding methods: Set<OverridableMethod> = []) {
    self.className = className
    self.overridden = methods
  }

  func overrides(_ method: OverridableMethod) -> Bool {
    askedWhetherOverrides.append(method)
    return overridden.contains(method)
  }

  func perform(_ call: OverrideCall, builtin: () -> Void) {
    ran.append(call.method)
    if logs { call.recordOverride(of: className, text: logText) }
    if !swallowed.contains(call.method) { builtin() }
  }

  func answer(_ call: OverrideCall, builtin: () -> Bool) -> Bool {
    ran.append(call.method)
    return answers[call.method] ?? builtin()
  }

  func hitTest(_ call: OverrideCall, builtin: () -> UIView?) -> UIView? {
    ran.append(call.method)
    return hitTestAnswer?() ?? builtin()
  }

  func implementor(ofAction name: String) -> String? { actions.contains(name) ? className : nil }

  func actionText(_ name: String, implementor: String) -> String? { actionLine }
}

/// A message made outside the engine, as a layout's `{print: TEXT}` is: the engine sends it
/// without reading it, and it records its own print.
private struct UppercasePrint: CustomAction, Equatable {
  let text: String

  func perform(from sender: AnyObject?, touches: [UITouch], in application: UIApplication) {
    application.recordPrint("\(text.uppercased()) (\(touches.count) touch)", from: sender, touches: touches)
  }

  var description: String { "uppercase \(text)" }
}

/// The engine's override hooks, driven by a stand-in: the engine asks them at each
/// overridable method, and they can run the built-in method, swallow it or replace its answer.
final class OverrideHooksTests: XCTestCase {
  private var app: UIApplication!
  private var window: UIWindow!
  private var parent: UIView!
  private var child: UIView!

  override func setUp() {
    app = UIApplication()
    window = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 800))
    app.addWindow(window)
    parent = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
    parent.identifier = "parent"
    child = UIView(frame: CGRect(x: 100, y: 100, width: 100, height: 100))
    child.identifier = "child"
    window.addSubview(parent)
    parent.addSubview(child)
  }

  private func tap(_ p: CGPoint, at time: TimeInterval = 0) {
    app.clock.advance(to: time)
    app.sendTouches([TouchInput(finger: 1, phase: .began, location: p)])
    app.clock.advance(to: time + 0.05)
    app.sendTouches([TouchInput(finger: 1, phase: .ended, location: p)])
  }

  /// `touches…` calls as `id.phase` (the window and application: `window`, `application`).
  private var calls: [String] {
    app.records.records.compactMap { record in
      guard case .touches(let phase, let receiver) = record.event else { return nil }
      return "\(receiver.id ?? receiver.kind.rawValue).\(phase.rawValue)"
    }
  }

  func testTheHooksAreAskedAndTheBuiltInMethodRunsWhenTheyDoNotOverride() {
    let hooks = StandInHooks("Quiet")
    child.overrideHooks = hooks
    tap(CGPoint(x: 150, y: 150))
    for method in [OverridableMethod.hitTest, .pointInside, .touchesBegan, .touchesEnded] {
      XCTAssertTrue(hooks.askedWhetherOverrides.contains(method), "asked about \(method)")
    }
    XCTAssertEqual(hooks.ran, [], "nothing overridden, nothing run through the hooks")
    // UIView's built-in touches methods pass the calls on to the next responder.
    XCTAssertEqual(
      calls,
      [
        "child.began", "parent.began", "window.began", "application.began",
        "child.ended", "parent.ended", "window.ended", "application.ended",
      ])
    XCTAssertEqual(app.records.records.compactMap(\.text), [], "the engine writes no text")
  }

  func testSwallowingATouchesCallKeepsItFromTheNextResponder() {
    let hooks = StandInHooks("Swallower", overriding: [.touchesBegan, .touchesEnded])
    hooks.swallowed = [.touchesBegan]
    child.overrideHooks = hooks
    tap(CGPoint(x: 150, y: 150))
    XCTAssertEqual(hooks.ran, [.touchesBegan, .touchesEnded])
    XCTAssertEqual(
      calls, ["child.began", "child.ended", "parent.ended", "window.ended", "application.ended"],
      "the swallowed began goes no further")
  }

  func testALoggedOverrideIsATypedRecordWithTheHooksTextOnly() throws {
    let hooks = StandInHooks("Logger", overriding: [.touchesBegan, .touchesEnded])
    hooks.logs = true
    child.overrideHooks = hooks
    tap(CGPoint(x: 150, y: 150))
    let logged = app.records.records.filter { if case .logged = $0.event { true } else { false } }
    // The declared class's name, and the object itself (its serial).
    let logger = Participant(kind: .view, className: "Logger", id: "child", object: child.serial)
    XCTAssertEqual(
      logged.map(\.event),
      [
        .logged(method: "touchesBegan:withEvent:", receiver: logger),
        .logged(method: "touchesEnded:withEvent:", receiver: logger),
      ])
    XCTAssertEqual(logged.map(\.touchIDs), [[1], [1]])
    XCTAssertEqual(logged.map(\.text), [nil, nil], "the default line is the transcript's to write")

    app.records.removeAllRecords()
    hooks.logText = "written by the hooks"
    tap(CGPoint(x: 150, y: 150), at: 1)
    XCTAssertEqual(app.records.records.compactMap(\.text), ["written by the hooks", "written by the hooks"])
  }

  func testReplacedPointInsideAndHitTestAnswers() {
    let hooks = StandInHooks("Grown", overriding: [.pointInside])
    hooks.answers[.pointInside] = true
    child.overrideHooks = hooks
    // Outside the child's frame, but its hooks say inside.
    XCTAssertTrue(window.dispatchHitTest(CGPoint(x: 350, y: 350), with: nil) === child)
    XCTAssertEqual(hooks.ran, [.pointInside])

    let forwarding = StandInHooks("Forwarding", overriding: [.hitTest])
    forwarding.hitTestAnswer = { [unowned self] in self.parent }
    child.overrideHooks = forwarding
    XCTAssertTrue(window.dispatchHitTest(CGPoint(x: 150, y: 150), with: nil) === parent)
    XCTAssertEqual(forwarding.ran, [.hitTest])
  }

  func testAReplacedGestureRecognizerShouldBeginFailsTheRecognizerBecauseOfTheView() throws {
    let hooks = StandInHooks("Picky", overriding: [.gestureRecognizerShouldBegin])
    hooks.answers[.gestureRecognizerShouldBegin] = false
    child.overrideHooks = hooks
    let tap = UITapGestureRecognizer()
    tap.identifier = "tap"
    child.addGestureRecognizer(tap)
    self.tap(CGPoint(x: 150, y: 150))
    XCTAssertEqual(hooks.ran, [.gestureRecognizerShouldBegin])
    let failure = try XCTUnwrap(
      app.records.records.first {
        if case .stateChange(_, _, .failed) = $0.event { true } else { false }
      })
    XCTAssertEqual(failure.cause, DeliveryCause(.shouldBegin, by: "child"))
  }

  func testAControlsBuiltInNoIsTheControlRuleAndAnOverridesNoIsShouldBegin() throws {
    let button = UIButton(frame: CGRect(x: 0, y: 0, width: 80, height: 40))
    button.identifier = "button"
    parent.addSubview(button)
    let parentTap = UITapGestureRecognizer()
    parent.addGestureRecognizer(parentTap)
    let hooks = StandInHooks("Asked", overriding: [.gestureRecognizerShouldBegin])
    button.overrideHooks = hooks
    func failureCause() throws -> DeliveryCause? {
      try XCTUnwrap(
        app.records.records.last {
          if case .stateChange(_, _, .failed) = $0.event { true } else { false }
        }
      ).cause
    }
    tap(CGPoint(x: 40, y: 20))
    XCTAssertEqual(hooks.ran, [.gestureRecognizerShouldBegin], "the hooks ran the button's own answer")
    XCTAssertEqual(try failureCause(), DeliveryCause(.controlBeatsParentTap, by: "button"))

    hooks.answers[.gestureRecognizerShouldBegin] = false
    tap(CGPoint(x: 40, y: 20), at: 1)
    XCTAssertEqual(try failureCause(), DeliveryCause(.shouldBegin, by: "button"), "the override said no")
  }

  func testTheChainAsksTheHooksWhetherAnObjectImplementsAnAction() throws {
    let button = UIButton(frame: CGRect(x: 0, y: 0, width: 80, height: 40))
    parent.addSubview(button)
    button.addTarget(nil, action: .selector("save:"), for: .touchUpInside)
    let hooks = StandInHooks("Saver")
    hooks.actions = ["save:"]
    parent.overrideHooks = hooks
    tap(CGPoint(x: 40, y: 20))
    let action = try XCTUnwrap(app.records.records.first { $0.kind == .action })
    XCTAssertEqual(
      action.event,
      .action(
        name: "save:", sender: Participant(kind: .view, className: "UIButton", object: button.serial),
        target: Participant(kind: .view, className: "Saver", id: "parent", object: parent.serial)))
    XCTAssertNil(action.text)

    hooks.actionLine = "saved by the hooks"
    app.records.removeAllRecords()
    tap(CGPoint(x: 40, y: 20), at: 1)
    XCTAssertEqual(app.records.records.first { $0.kind == .action }?.text, "saved by the hooks")
  }

  func testACustomActionPerformsItselfWhenSentAndTheEngineReadsNoneOfIt() {
    let button = UIButton(frame: CGRect(x: 0, y: 0, width: 80, height: 40))
    parent.addSubview(button)
    let saved = ActionMessage.custom(UppercasePrint(text: "saved %state"))
    button.addTarget(nil, action: saved, for: .touchUpInside)
    tap(CGPoint(x: 40, y: 20))
    button.removeTarget(nil, action: .custom(UppercasePrint(text: "saved %state")), for: .touchUpInside)
    tap(CGPoint(x: 40, y: 20), at: 1)
    let prints = app.records.records.compactMap { record -> String? in
      guard case .print(let text, _) = record.event else { return nil }
      return text
    }
    XCTAssertEqual(prints, ["SAVED %STATE (1 touch)"], "sent once; an equal message removes it")
    XCTAssertEqual(saved, .custom(UppercasePrint(text: "saved %state")))
    XCTAssertNotEqual(saved, .custom(UppercasePrint(text: "other")))
    XCTAssertNotEqual(saved, .selector("saved %state"))
    XCTAssertEqual(saved.description, "uppercase saved %state")
  }

  func testTrackingAndScrollViewQuestionsGoThroughTheHooks() {
    let control = UIControl(frame: CGRect(x: 0, y: 0, width: 80, height: 40))
    parent.addSubview(control)
    control.addTarget(nil, action: .custom(UppercasePrint(text: "up inside")), for: .touchUpInside)
    let hooks = StandInHooks("Refusing", overriding: [.beginTracking, .endTracking])
    hooks.answers[.beginTracking] = false
    control.overrideHooks = hooks
    tap(CGPoint(x: 40, y: 20))
    // A refused beginTracking: no endTracking follows (docs/BEHAVIOUR.md §6.4).
    XCTAssertEqual(hooks.ran, [.beginTracking])
    XCTAssertFalse(app.records.records.contains { $0.kind == .print }, "not tracking: no touchUpInside")

    hooks.answers[.beginTracking] = nil
    tap(CGPoint(x: 40, y: 20), at: 1)
    XCTAssertEqual(app.records.records.filter { $0.kind == .print }.count, 1, "the built-in answer: tracked")

    let scrollView = UIScrollView(frame: CGRect(x: 0, y: 500, width: 400, height: 300))
    scrollView.contentSize = CGSize(width: 400, height: 1000)
    window.addSubview(scrollView)
    let content = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 100))
    scrollView.addSubview(content)
    let scrollHooks = StandInHooks("Eager", overriding: [.touchesShouldBegin])
    scrollHooks.answers[.touchesShouldBegin] = false
    scrollView.overrideHooks = scrollHooks
    tap(CGPoint(x: 200, y: 550), at: 2)
    XCTAssertEqual(scrollHooks.ran, [.touchesShouldBegin])
    XCTAssertTrue(
      app.records.records.contains {
        if case .drop = $0.event { $0.cause?.rule == .touchesShouldBegin } else { false }
      }, "the refused touch is dropped")
  }
}
