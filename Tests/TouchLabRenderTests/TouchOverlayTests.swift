import Foundation
import TouchLabEngine
import TouchLabLayout
import XCTest

@testable import TouchLabRecords
@testable import TouchLabRender

/// The overlay's model, fed by real scenes replayed through the engine.
final class TouchOverlayTests: XCTestCase {
  typealias Step = OverlayReceiver.Step

  /// Each receiver as "kind Class: step → step".
  private func summary(_ touch: OverlayTouch) -> [String] {
    touch.receivers.map { receiver in
      let kind =
        switch receiver.kind {
        case .recognizer: "recognizer"
        case .responder: "responder"
        case .action: "action"
        }
      return "\(kind) \(receiver.name.displayName): " + receiver.steps.map { "\($0)" }.joined(separator: " → ")
    }
  }

  func testSeed003TapRedListsEveryReceiverInDeliveryOrder() throws {
    let scene = try RenderSupport.bundledScene("seed003-gestures.yaml")
    let overlay = TouchOverlay(application: scene.application)
    ScenarioPlayer(scene: scene).play(try XCTUnwrap(scene.scenario(named: "tap-red")))

    XCTAssertEqual(overlay.touches.count, 1)
    let touch = try XCTUnwrap(overlay.touch(withIdentifier: 1))
    let redObject = try XCTUnwrap(scene.objects["red"] as? UIView).serial
    XCTAssertEqual(touch.hitView, OverlayReceiverName(className: "LMRedView", identifier: "red", object: redObject))
    XCTAssertTrue(TouchOverlayRenderer.hitView(of: touch, in: scene.window) === scene.objects["red"])
    XCTAssertFalse(touch.isOnScreen)
    XCTAssertEqual(touch.phase, .ended)
    XCTAssertEqual(touch.endTime ?? -1, 0.05, accuracy: 1e-9)
    let red = try XCTUnwrap(scene.objects["red"] as? UIView)
    XCTAssertEqual(touch.location, red.convert(CGPoint(x: red.bounds.midX, y: red.bounds.midY), to: nil))
    // Recognizers first (outermost first); the grey one wanted to recognize and lost to the
    // red one, closer to the touched view: it failed (the records never call it recognized).
    // The red view's end was held (delaysTouchesEnded) and then cancelled; the chain above it
    // heard began and cancelled; the action came at the lift.
    XCTAssertEqual(
      summary(touch),
      [
        "recognizer LMGrayGestureRecognizer: possible → failed",
        "recognizer LMRedGestureRecognizer: possible → recognized",
        "responder LMRedView: began → endHeld → cancelled",
        "responder LMGrayView: began → cancelled",
        "responder UIView: began → cancelled",
        "responder ViewController: began → cancelled",
        "responder UIWindow: began → cancelled",
        "responder UIApplication: began → cancelled",
        "action -[ViewController redViewClick:]: sent",
      ])
    // No countdown runs; the card asks for frames only while it fades, after the lift.
    XCTAssertEqual(overlay.nextAnimationTime(after: 0.05) ?? -1, 4.05, accuracy: 1e-9)
    XCTAssertEqual(overlay.nextAnimationTime(after: 4.5) ?? -1, 4.5 + 1.0 / 60, accuracy: 1e-9)
    XCTAssertNil(overlay.nextAnimationTime(after: 0.05 + OverlayState.cardHoldDuration + OverlayState.cardFadeDuration))
    // The incremental state is the fold of the same records.
    XCTAssertEqual(overlay.state, OverlayState.fold(scene.records.records))
  }

  func testHeldThenDroppedAndTheTrail() throws {
    let scene = try RenderSupport.bundledScene("seed000-gestures.yaml")
    let overlay = TouchOverlay(application: scene.application)
    ScenarioPlayer(scene: scene).play(try XCTUnwrap(scene.scenario(named: "pan-delays-began")))

    let touch = try XCTUnwrap(overlay.touch(withIdentifier: 1))
    XCTAssertEqual(
      summary(touch),
      [
        "recognizer ZZPanGestureRecognizer: possible → began → changed → ended",
        "responder YellowView: held → dropped",
        "action -[GestureViewController didTouchYellowView]: sent",
      ])
    // Down, three moves of 6 points; the lift at the last place adds none.
    let start = try XCTUnwrap(touch.trail.first)
    XCTAssertEqual(touch.trail.count, 4)
    XCTAssertEqual(touch.trail.map { $0.x - start.x }, [0, 6, 12, 18])
    XCTAssertEqual(touch.location, touch.trail.last)
  }

  func testPlayingUntilAMomentShowsTheTouchStillDown() throws {
    let scene = try RenderSupport.bundledScene("seed003-gestures.yaml")
    let overlay = TouchOverlay(application: scene.application)
    let stop = ScenarioPlayer(scene: scene).play(try XCTUnwrap(scene.scenario(named: "tap-red")), until: 0.02)
    XCTAssertEqual(stop, 0.02)
    XCTAssertEqual(scene.application.clock.now, 0.02)
    let touch = try XCTUnwrap(overlay.touch(withIdentifier: 1))
    XCTAssertTrue(touch.isOnScreen)
    XCTAssertNil(touch.endTime)
    XCTAssertEqual(
      touch.receivers.map(\.outcome), [.possible, .possible, .began, .began, .began, .began, .began, .began])
  }

  /// Two views of one class without ids, the later one on top but not taking touches: the
  /// touch goes to the one below. Found again by name and the touch's first point, the overlay
  /// took the one on top (the last match containing the point); the record's object is the
  /// view that was hit.
  func testTheHitViewIsTheObjectTheRecordNamesNotAnotherOfItsClass() throws {
    let scene = try RenderSupport.scene(
      """
      classes:
        Panel: {base: UIView}
      controller:
        view:
          id: root
          color: white
          subviews:
            - class: Panel
              frame: [40, 40, 200, 200]
              color: yellow
            - class: Panel
              frame: [100, 100, 200, 200]
              color: blue
              isUserInteractionEnabled: false
      scenarios:
        tap: [{tap: [150, 150]}]
      """)
    let overlay = TouchOverlay(application: scene.application)
    ScenarioPlayer(scene: scene).play(try XCTUnwrap(scene.scenario(named: "tap")))
    let root = try XCTUnwrap(scene.objects["root"] as? UIView)
    let (below, above) = (root.subviews[0], root.subviews[1])
    let touch = try XCTUnwrap(overlay.touch(withIdentifier: 1))
    XCTAssertEqual(touch.hitView?.className, "Panel")
    XCTAssertNil(touch.hitView?.identifier)
    XCTAssertEqual(touch.hitView?.object, below.serial)
    XCTAssertTrue(TouchOverlayRenderer.hitView(of: touch, in: scene.window) === below)
    // The name alone (a record made by hand) cannot tell them apart: the old guess took the one on top.
    var named = touch
    named.hitView?.object = nil
    XCTAssertTrue(TouchOverlayRenderer.hitView(of: named, in: scene.window) === above)
    // Its receivers are told apart too: the view below is one receiver, the one on top none.
    XCTAssertEqual(touch.receivers.filter { $0.name.className == "Panel" }.map(\.name.object), [below.serial])
  }

  func testARefusingDelegateAndARecognizerThatFails() throws {
    let scene = try RenderSupport.scene(
      """
      controller:
        view:
          color: white
          gestures:
            - {id: backTap, class: UITapGestureRecognizer, action: {print: background}, delegate: {shouldReceiveTouch: false}}
          subviews:
            - id: box
              frame: [50, 50, 200, 200]
              color: yellow
              gestures: [{id: doubleTap, class: UITapGestureRecognizer, numberOfTapsRequired: 2, action: {print: twice}}]
      scenarios:
        tap: [{tap: box}]
      """)
    let overlay = TouchOverlay(application: scene.application)
    ScenarioPlayer(scene: scene).play(try XCTUnwrap(scene.scenario(named: "tap")))
    let touch = try XCTUnwrap(overlay.touch(withIdentifier: 1))
    let backTap = try XCTUnwrap(scene.objects["backTap"] as? UIGestureRecognizer).serial
    XCTAssertEqual(
      touch.receivers.first?.name,
      OverlayReceiverName(className: "UITapGestureRecognizer", identifier: "backTap", object: backTap))
    XCTAssertEqual(touch.receivers.first?.steps, [.refused])
    let doubleTap = try XCTUnwrap(touch.receivers.first { $0.name.identifier == "doubleTap" })
    XCTAssertEqual(doubleTap.kind, .recognizer)
    XCTAssertEqual(doubleTap.outcome, .failed)
  }

  func testTwoFingersGetTwoTouchesOfOneGesture() throws {
    let scene = try RenderSupport.scene(
      """
      controller:
        view:
          color: white
          subviews: [{id: box, frame: [50, 50, 200, 200], color: yellow, isMultipleTouchEnabled: true}]
      scenarios:
        pinch: [{tap: box, fingers: 2}]
      """)
    let overlay = TouchOverlay(application: scene.application)
    ScenarioPlayer(scene: scene).play(try XCTUnwrap(scene.scenario(named: "pinch")))
    XCTAssertEqual(overlay.touches.map(\.identifier), [1, 2])
    XCTAssertEqual(overlay.currentTouches.count, 2)
    XCTAssertEqual(overlay.touches.map(\.colorIndex), [0, 1])
    XCTAssertEqual(overlay.touches.map { $0.location?.x }, [140, 160])
    for touch in overlay.touches {
      XCTAssertEqual(touch.receivers.first?.name.identifier, "box")
      XCTAssertEqual(touch.receivers.first?.steps, [.began, .ended])
    }
  }

  func testTheScrollViewDelayCountsDownUntilReleased() throws {
    let scene = try RenderSupport.scene(
      """
      controller:
        view:
          color: white
          subviews:
            - id: scroll
              class: UIScrollView
              frame: [0, 0, 390, 844]
              contentSize: [390, 2000]
              subviews: [{id: content, frame: [50, 50, 200, 200], color: yellow}]
      """)
    let overlay = TouchOverlay(application: scene.application)
    let clock = scene.application.clock
    XCTAssertNil(overlay.nextAnimationTime(after: 0))

    scene.application.sendTouches([TouchInput(finger: 1, phase: .began, location: CGPoint(x: 150, y: 150))])
    let touch = try XCTUnwrap(overlay.touch(withIdentifier: 1))
    let countdown = try XCTUnwrap(touch.scrollDelay)
    XCTAssertEqual(countdown.owner?.className, "UIScrollViewDelayedTouchesBeganGestureRecognizer")
    XCTAssertEqual(countdown.duration, UIKitConstants.scrollViewTouchDelay)
    XCTAssertTrue(countdown.isRunning)
    XCTAssertEqual(touch.receivers.first { $0.name.identifier == "content" }?.steps, [.delayed])
    // A frame every 1/60 s while it runs, the last one exactly at its end.
    XCTAssertEqual(overlay.nextAnimationTime(after: 0) ?? -1, 1.0 / 60, accuracy: 1e-9)
    XCTAssertEqual(overlay.nextAnimationTime(after: 0.145) ?? -1, 0.15, accuracy: 1e-9)
    clock.advance(to: 0.1)
    XCTAssertEqual(
      overlay.touch(withIdentifier: 1)?.scrollDelay?.progress(at: clock.now) ?? -1, 0.1 / 0.15, accuracy: 1e-9)

    clock.advance(to: 0.2)
    let later = try XCTUnwrap(overlay.touch(withIdentifier: 1))
    XCTAssertEqual(later.scrollDelay?.isRunning, false)
    XCTAssertEqual(later.scrollDelay?.fired, true)
    XCTAssertEqual(later.scrollDelay?.progress(at: clock.now), 1)
    XCTAssertEqual(later.receivers.first { $0.name.identifier == "content" }?.steps, [.delayed, .released, .began])
    XCTAssertNil(overlay.nextAnimationTime(after: 0.2))
  }

  func testClearForgetsFinishedTouchesOnly() throws {
    let scene = try RenderSupport.scene(
      """
      controller:
        view: {color: white, subviews: [{id: box, frame: [50, 50, 200, 200], color: yellow}]}
      scenarios:
        taps:
          - tap: box
          - wait: 1
          - tap: box
          - wait: 1
          - down: box
      """)
    let overlay = TouchOverlay(application: scene.application)
    ScenarioPlayer(scene: scene).play(try XCTUnwrap(scene.scenario(named: "taps")))
    XCTAssertEqual(overlay.touches.map(\.identifier), [1, 2, 3])
    XCTAssertEqual(overlay.currentTouches.map(\.identifier), [3])
    overlay.clear()
    XCTAssertEqual(overlay.touches.map(\.identifier), [3])
    XCTAssertTrue(overlay.touches[0].isOnScreen)
  }

  func testMemoryStaysBoundedInALongSession() throws {
    let scene = try RenderSupport.scene(
      """
      controller:
        view: {color: white, subviews: [{id: box, frame: [20, 20, 300, 600], color: yellow}]}
      """)
    let overlay = TouchOverlay(application: scene.application)
    let application = scene.application
    // Fifty taps, then one long drag of 500 moves.
    for index in 0..<50 {
      application.clock.advance(to: Double(index))
      application.sendTouches([TouchInput(finger: 1, phase: .began, location: CGPoint(x: 100, y: 100))])
      application.sendTouches([TouchInput(finger: 1, phase: .ended, location: CGPoint(x: 100, y: 100))])
    }
    application.sendTouches([TouchInput(finger: 1, phase: .began, location: CGPoint(x: 30, y: 30))])
    for step in 1...500 {
      application.sendTouches([TouchInput(finger: 1, phase: .moved, location: CGPoint(x: 30, y: 30 + Double(step)))])
    }
    XCTAssertEqual(overlay.touches.count, overlay.maximumFinishedTouches + 1)
    let drag = try XCTUnwrap(overlay.touches.last)
    XCTAssertTrue(drag.isOnScreen)
    XCTAssertEqual(drag.trail.count, overlay.maximumTrailLength)
    XCTAssertEqual(drag.trail.last, CGPoint(x: 30, y: 530))
    XCTAssertLessThanOrEqual(drag.receivers.count, OverlayState.maximumReceivers)
    XCTAssertTrue(drag.receivers.allSatisfy { $0.steps.count <= OverlayReceiver.maximumSteps })
  }

  func testStepsCollapseRepeatsAndKeepTheLatest() {
    var receiver = OverlayReceiver(kind: .responder, name: OverlayReceiverName(className: "V"))
    for step: Step in [.began, .moved, .moved, .moved, .ended] { receiver.append(step) }
    XCTAssertEqual(receiver.steps, [.began, .moved, .ended])
    for _ in 0..<10 {
      receiver.append(.began)
      receiver.append(.cancelled)
    }
    XCTAssertEqual(receiver.steps.count, OverlayReceiver.maximumSteps)
    XCTAssertEqual(receiver.steps.first, .began)
    XCTAssertEqual(receiver.outcome, .cancelled)
  }

  /// The engine's own timers, replayed: a double tap's first lift starts the wait for the
  /// next tap, which counts down on the lifted touch until it runs out.
  func testADoubleTapWaitsForTheNextTapWithACountdown() throws {
    let scene = try RenderSupport.scene(
      """
      controller:
        view:
          color: white
          subviews:
            - id: box
              frame: [50, 50, 200, 200]
              color: yellow
              gestures: [{id: doubleTap, class: UITapGestureRecognizer, numberOfTapsRequired: 2, action: {print: twice}}]
      scenarios:
        once: [{tap: box}, {wait: 1}]
      """)
    let overlay = TouchOverlay(application: scene.application)
    let player = ScenarioPlayer(scene: scene)
    let scenario = try XCTUnwrap(scene.scenario(named: "once"))
    player.play(scenario, until: 0.02)
    let down = try XCTUnwrap(overlay.touch(withIdentifier: 1))
    XCTAssertEqual(down.countdowns.filter(\.isRunning).map(\.purpose), [.tapMaximum])
    player.play(scenario)
    let records = scene.records.records
    let lift = try XCTUnwrap(overlay.touch(withIdentifier: 1)?.endTime)
    let waiting = try XCTUnwrap(OverlayState.fold(records, upTo: lift + 0.1).touch(withIdentifier: 1))
    let next = try XCTUnwrap(waiting.countdowns.first { $0.purpose == .nextTapInterval })
    XCTAssertTrue(next.isRunning)
    XCTAssertEqual(next.owner?.identifier, "doubleTap")
    XCTAssertEqual(next.duration, UIKitConstants.multiTapInterval, accuracy: 1e-9)
    XCTAssertEqual(waiting.countdowns.first { $0.purpose == .tapMaximum }?.isRunning, false)
    // It ran out: the recognizer failed, and the card says why.
    let after = try XCTUnwrap(overlay.touch(withIdentifier: 1))
    XCTAssertEqual(after.countdowns.first { $0.purpose == .nextTapInterval }?.fired, true)
    let doubleTap = try XCTUnwrap(after.receivers.first { $0.name.identifier == "doubleTap" })
    XCTAssertEqual(doubleTap.outcome, .failed)
    XCTAssertEqual(doubleTap.reasons.last?.cause.rule, .tapInterval)
  }
}
