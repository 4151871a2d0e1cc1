import Foundation
import TouchLabEngine
import TouchLabLayout
import XCTest

@testable import TouchLabRecords
@testable import TouchLabRender

/// The overlay as a pure fold over records: record lists built by hand, no engine, no scene.
final class OverlayFoldTests: XCTestCase {
  typealias Step = OverlayReceiver.Step

  static let redTap = Participant(kind: .recognizer, className: "UITapGestureRecognizer", id: "redTap")
  static let backTap = Participant(kind: .recognizer, className: "UITapGestureRecognizer", id: "backTap")
  static let press = Participant(kind: .recognizer, className: "UILongPressGestureRecognizer", id: "press")
  static let red = Participant(kind: .view, className: "UIView", id: "red")

  static func input(_ time: TimeInterval, _ id: Int, _ phase: TouchPhase, _ x: Double, _ y: Double) -> DeliveryRecord {
    DeliveryRecord(
      time: time, event: .input([TouchSample(touch: id, phase: phase, location: RecordPoint(x: x, y: y))]),
      touchIDs: [id])
  }

  static func timer(
    _ time: TimeInterval, _ change: TimerChange, id: Int, _ purpose: TimerPurpose, owner: Participant,
    deadline: TimeInterval
  ) -> DeliveryRecord {
    DeliveryRecord(
      time: time, event: .timer(change, TimerRecord(id: id, purpose: purpose, owner: owner, deadline: deadline)))
  }

  /// A tap on a red view: both taps see it, the red one wins at the lift and the
  /// background's fails because the red one is closer; the view's end is held, then it is
  /// cancelled. The tap's 0.75 s and the long press's 0.5 s run while the finger is down.
  static let tap: [DeliveryRecord] = [
    input(0, 1, .began, 100, 100),
    DeliveryRecord(time: 0, event: .hitTest(touch: 1, view: red), touchIDs: [1]),
    DeliveryRecord(time: 0, event: .touches(phase: .began, receiver: backTap), touchIDs: [1]),
    DeliveryRecord(time: 0, event: .touches(phase: .began, receiver: redTap), touchIDs: [1]),
    DeliveryRecord(time: 0, event: .touches(phase: .began, receiver: press), touchIDs: [1]),
    timer(0, .scheduled, id: 1, .tapMaximum, owner: redTap, deadline: 0.75),
    timer(0, .scheduled, id: 2, .longPress, owner: press, deadline: 0.5),
    DeliveryRecord(time: 0, event: .touches(phase: .began, receiver: red), touchIDs: [1]),
    input(0.05, 1, .moved, 104, 103),
    input(0.2, 1, .ended, 104, 103),
    DeliveryRecord(
      time: 0.2, event: .hold(phase: .ended, view: red, holder: redTap, deadline: nil),
      cause: DeliveryCause(.delaysTouchesEnded, by: "redTap"), touchIDs: [1]),
    DeliveryRecord(
      time: 0.2, event: .stateChange(recognizer: press, from: .possible, to: .failed),
      cause: DeliveryCause(.minimumPressDuration, by: "press"), touchIDs: [1]),
    timer(0.2, .cancelled, id: 2, .longPress, owner: press, deadline: 0.5),
    DeliveryRecord(time: 0.2, event: .stateChange(recognizer: redTap, from: .possible, to: .recognized), touchIDs: [1]),
    timer(0.2, .cancelled, id: 1, .tapMaximum, owner: redTap, deadline: 0.75),
    DeliveryRecord(
      time: 0.2, event: .stateChange(recognizer: backTap, from: .possible, to: .failed),
      cause: DeliveryCause(.closerRecognizerWins, by: "redTap"), touchIDs: [1]),
    DeliveryRecord(
      time: 0.2,
      event: .action(
        name: "redTapped:", sender: redTap,
        target: Participant(
          kind: .controller, className: "ViewController"))),
    DeliveryRecord(
      time: 0.2, event: .touches(phase: .cancelled, receiver: red),
      cause: DeliveryCause(.cancelsTouchesInView, by: "redTap"), touchIDs: [1]),
    DeliveryRecord(time: 0.2, event: .stateChange(recognizer: redTap, from: .recognized, to: .possible), touchIDs: [1]),
  ]

  func testTheFoldFollowsInputRecordsForPositionsAndLifts() throws {
    let down = OverlayState.fold(Self.tap, upTo: 0.1)
    let touch = try XCTUnwrap(down.touch(withIdentifier: 1))
    XCTAssertTrue(touch.isOnScreen)
    XCTAssertEqual(touch.location, CGPoint(x: 104, y: 103))
    XCTAssertEqual(touch.trail, [CGPoint(x: 100, y: 100), CGPoint(x: 104, y: 103)])
    XCTAssertEqual(touch.hitView, OverlayReceiverName(className: "UIView", identifier: "red"))
    XCTAssertNil(touch.endTime)

    let after = try XCTUnwrap(OverlayState.fold(Self.tap).touch(withIdentifier: 1))
    XCTAssertFalse(after.isOnScreen)
    XCTAssertEqual(after.phase, .ended)
    XCTAssertEqual(after.endTime, 0.2)
    // Nothing before the first record: no touch.
    XCTAssertTrue(OverlayState.fold(Self.tap, upTo: -1).touches.isEmpty)
  }

  func testAnExcludedRecognizerFailedWithItsCauseNeverRecognized() throws {
    let touch = try XCTUnwrap(OverlayState.fold(Self.tap).touch(withIdentifier: 1))
    let back = try XCTUnwrap(touch.receivers.first { $0.name.identifier == "backTap" })
    XCTAssertEqual(back.kind, .recognizer)
    XCTAssertEqual(back.steps, [.possible, .failed])
    XCTAssertEqual(back.reasons, [.init(step: .failed, cause: DeliveryCause(.closerRecognizerWins, by: "redTap"))])
    let red = try XCTUnwrap(touch.receivers.first { $0.name.identifier == "red" })
    XCTAssertEqual(red.kind, .responder)
    XCTAssertEqual(red.steps, [.began, .endHeld, .cancelled])
    XCTAssertEqual(
      red.reasons.map { "\($0.step) \($0.cause.rule) \($0.cause.by)" },
      ["endHeld delaysTouchesEnded redTap", "cancelled cancelsTouchesInView redTap"])
    // The recognizer's reset after the gesture is not a step.
    XCTAssertEqual(touch.receivers.first { $0.name.identifier == "redTap" }?.steps, [.possible, .recognized])
    // The action has no touch of its own: it goes to the latest touch.
    XCTAssertEqual(touch.receivers.last?.name.displayName, "-[ViewController redTapped:]")
    XCTAssertEqual(touch.receivers.last?.steps, [.sent])
  }

  func testEveryDeadlineCountsDownFromItsTimerRecord() throws {
    let down = OverlayState.fold(Self.tap, upTo: 0.1)
    let touch = try XCTUnwrap(down.touch(withIdentifier: 1))
    XCTAssertEqual(touch.countdowns.map(\.purpose), [.tapMaximum, .longPress])
    XCTAssertEqual(touch.countdowns.map(\.duration), [0.75, 0.5])
    XCTAssertEqual(touch.countdowns.map(\.owner?.identifier), ["redTap", "press"])
    XCTAssertTrue(touch.countdowns.allSatisfy(\.isRunning))
    XCTAssertEqual(touch.countdowns[0].progress(at: 0.3), 0.4, accuracy: 1e-9)
    XCTAssertEqual(touch.countdowns[1].elapsed(at: 0.1), 0.1, accuracy: 1e-9)
    // Frames while they run, the next one a 60th of a second on.
    XCTAssertEqual(down.nextAnimationTime(after: 0.1) ?? -1, 0.1 + 1.0 / 60, accuracy: 1e-9)
    XCTAssertEqual(down.nextAnimationTime(after: 0.495) ?? -1, 0.5, accuracy: 1e-9)

    // Both cancelled at the lift: they stop where they were.
    let lifted = try XCTUnwrap(OverlayState.fold(Self.tap).touch(withIdentifier: 1))
    XCTAssertFalse(lifted.countdowns.contains(where: \.isRunning))
    XCTAssertFalse(lifted.countdowns.contains(where: \.fired))
    XCTAssertEqual(lifted.countdowns[0].elapsed(at: 5), 0.2, accuracy: 1e-9)
  }

  func testATimerFiredByTheClockEndsItsCountdown() throws {
    let records = [
      Self.input(0, 1, .began, 10, 10),
      DeliveryRecord(time: 0, event: .touches(phase: .began, receiver: Self.press), touchIDs: [1]),
      Self.timer(0, .scheduled, id: 7, .longPress, owner: Self.press, deadline: 0.5),
      Self.timer(0.5, .fired, id: 7, .longPress, owner: Self.press, deadline: 0.5),
    ]
    let before = try XCTUnwrap(OverlayState.fold(records, upTo: 0.4).touch(withIdentifier: 1)?.countdowns.first)
    XCTAssertTrue(before.isRunning)
    let after = try XCTUnwrap(OverlayState.fold(records, upTo: 0.5).touch(withIdentifier: 1)?.countdowns.first)
    XCTAssertTrue(after.fired)
    XCTAssertEqual(after.progress(at: 0.6), 1)
    XCTAssertNil(OverlayState.fold(records).nextAnimationTime(after: 0.5))
  }

  func testACardFadesSomeSecondsAfterTheLift() throws {
    let state = OverlayState.fold(Self.tap)
    let touch = try XCTUnwrap(state.touch(withIdentifier: 1))
    XCTAssertEqual(touch.cardOpacity(at: 0.2), 1)
    XCTAssertEqual(touch.cardOpacity(at: 0.2 + OverlayState.cardHoldDuration), 1)
    XCTAssertEqual(
      touch.cardOpacity(at: 0.2 + OverlayState.cardHoldDuration + OverlayState.cardFadeDuration / 2), 0.5,
      accuracy: 1e-9)
    XCTAssertEqual(touch.cardOpacity(at: 100), 0)
    // While it fades it asks for frames; once gone, the overlay is still.
    XCTAssertNotNil(state.nextAnimationTime(after: 4.5))
    XCTAssertNil(state.nextAnimationTime(after: 5.2))
    let down = try XCTUnwrap(OverlayState.fold(Self.tap, upTo: 0.1).touch(withIdentifier: 1))
    XCTAssertEqual(down.cardOpacity(at: 100), 1)
  }

  func testADeniedTouchAndADroppedBeganCarryTheirCauses() throws {
    let content = Participant(kind: .view, className: "UIView", id: "content")
    let scroll = Participant(kind: .recognizer, className: "UIScrollViewDelayedTouchesBeganGestureRecognizer")
    let records = [
      Self.input(0, 1, .began, 10, 10),
      DeliveryRecord(time: 0, event: .hitTest(touch: 1, view: content), touchIDs: [1]),
      DeliveryRecord(
        time: 0, event: .denied(receiver: Self.backTap), cause: DeliveryCause(.shouldReceive, by: "backTap"),
        touchIDs: [1]),
      DeliveryRecord(time: 0, event: .touches(phase: .began, receiver: scroll), touchIDs: [1]),
      Self.timer(0, .scheduled, id: 3, .scrollDelay, owner: scroll, deadline: 0.15),
      DeliveryRecord(
        time: 0, event: .hold(phase: .began, view: content, holder: scroll, deadline: 0.15),
        cause: DeliveryCause(.delaysContentTouches, by: "scroll"), touchIDs: [1]),
      Self.input(0.05, 1, .ended, 10, 10),
      DeliveryRecord(
        time: 0.05, event: .drop(phase: .began, view: content), cause: DeliveryCause(.requireToFail, by: "backTap"),
        touchIDs: [1]),
      Self.timer(0.05, .cancelled, id: 3, .scrollDelay, owner: scroll, deadline: 0.15),
    ]
    let held = try XCTUnwrap(OverlayState.fold(records, upTo: 0.01).touch(withIdentifier: 1))
    XCTAssertEqual(held.receivers.first?.steps, [.refused])
    XCTAssertEqual(held.receivers.first?.reasons.first?.cause.rule, .shouldReceive)
    XCTAssertEqual(held.receivers.first { $0.name.identifier == "content" }?.steps, [.delayed])
    XCTAssertEqual(held.scrollDelay?.duration, 0.15)
    let touch = try XCTUnwrap(OverlayState.fold(records).touch(withIdentifier: 1))
    let view = try XCTUnwrap(touch.receivers.first { $0.name.identifier == "content" })
    XCTAssertEqual(view.steps, [.delayed, .dropped])
    XCTAssertEqual(view.reasons.map(\.cause.rule), [.delaysContentTouches, .requireToFail])
    XCTAssertEqual(touch.scrollDelay?.isRunning, false)
    // The card's words for it.
    XCTAssertEqual(
      OverlayCardLayout.reasonText(view.reasons[1], label: "dropped"), "↳ dropped: requireToFail (by backTap)")
    XCTAssertEqual(OverlayCardLayout.reasonText(view.reasons[1], label: nil), "↳ requireToFail (by backTap)")
    // delaysContentTouches: the held began, the wait running out, and no wait at all read apart.
    XCTAssertEqual(
      OverlayCardLayout.reasonText(view.reasons[0], label: nil),
      "↳ held 0.15 s in case it scrolls (delaysContentTouches, by scroll)")
    let failed = OverlayReceiver.Reason(step: .failed, cause: DeliveryCause(.delaysContentTouches, by: "table"))
    XCTAssertEqual(
      OverlayCardLayout.reasonText(failed, label: nil, waited: true),
      "↳ the 0.15 s wait ran out (delaysContentTouches, by table)")
    XCTAssertEqual(
      OverlayCardLayout.reasonText(failed, label: nil, waited: false),
      "↳ delaysContentTouches = false: no wait (by table)")
  }

  /// Issue 30: a touch's card lists only the actions of recognizers that had that touch,
  /// though the action's record names every touch of the event.
  func testAnActionGoesOnlyOnTheCardsOfTheTouchesItsRecognizerHad() throws {
    let controller = Participant(kind: .controller, className: "ViewController")
    let records: [DeliveryRecord] = [
      DeliveryRecord(
        time: 0,
        event: .input([
          TouchSample(touch: 1, phase: .began, location: RecordPoint(x: 10, y: 10)),
          TouchSample(touch: 2, phase: .began, location: RecordPoint(x: 200, y: 200)),
        ]), touchIDs: [1, 2]),
      DeliveryRecord(time: 0, event: .touches(phase: .began, receiver: Self.redTap), touchIDs: [1]),
      DeliveryRecord(time: 0, event: .touches(phase: .began, receiver: Self.red), touchIDs: [2]),
      DeliveryRecord(
        time: 0.1, event: .stateChange(recognizer: Self.redTap, from: .possible, to: .recognized), touchIDs: [1]),
      // As the engine records it: an action names the event's touches (`event.touchList`).
      DeliveryRecord(
        time: 0.1, event: .action(name: "redTapped:", sender: Self.redTap, target: controller), touchIDs: [1, 2]),
    ]
    let state = OverlayState.fold(records)
    let first = try XCTUnwrap(state.touch(withIdentifier: 1))
    let second = try XCTUnwrap(state.touch(withIdentifier: 2))
    XCTAssertEqual(first.receivers.filter { $0.kind == .action }.map(\.name.message), ["redTapped:"])
    XCTAssertEqual(second.receivers.filter { $0.kind == .action }.count, 0, "redTap never had touch 2")
  }

  func testAFoldAtAnyTimeEqualsTheLiveOverlayStoppedThere() throws {
    for time in [0.0, 0.02, 0.05, 0.1, 0.3, 1.0] {
      let scene = try RenderSupport.bundledScene("seed000-gestures.yaml")
      let overlay = TouchOverlay(application: scene.application)
      ScenarioPlayer(scene: scene).play(try XCTUnwrap(scene.scenario(named: "pan-delays-began")), until: time)
      XCTAssertEqual(overlay.state, OverlayState.fold(scene.records.records, upTo: time), "at \(time) s")
      XCTAssertEqual(overlay.state, OverlayState.fold(scene.records.records), "at \(time) s")
    }
  }

  func testTouchesOfOneGestureShareASequenceAndClearKeepsThoseDown() {
    var state = OverlayState()
    for record in [
      Self.input(0, 1, .began, 10, 10), Self.input(0.1, 1, .ended, 10, 10), Self.input(1, 2, .began, 20, 20),
      Self.input(1.1, 3, .began, 30, 30),
    ] {
      state.apply(record)
    }
    XCTAssertEqual(state.currentTouches.map(\.identifier), [2, 3])
    XCTAssertEqual(state.time, 1.1)
    state.clear()
    XCTAssertEqual(state.touches.map(\.identifier), [2, 3])
  }
}
