import Foundation
import XCTest

@testable import TouchLabEngine
@testable import TouchLabScripting

/// Every rule a cause can name, one test each: the engine names the rule and who applied
/// it on the record of the cancel, drop, failure, hold, release or denial it decided
/// (docs/records.md).
final class CauseTests: XCTestCase {
  // MARK: Helpers

  /// The cause of `name`'s failure (its only failure record), if it failed.
  private func failure(of name: String, in scene: Scene, file: StaticString = #filePath, line: UInt = #line)
    -> DeliveryCause?
  {
    let failures = scene.records.filter {
      if case .stateChange(let r, _, .failed) = $0.event { return r.className == name }
      return false
    }
    XCTAssertEqual(failures.count, 1, "\(name) should fail once", file: file, line: line)
    return failures.first?.cause
  }

  /// The states `name`'s records went through, `from→to`.
  private func transitions(of name: String, in scene: Scene) -> [String] {
    scene.records.compactMap {
      guard case .stateChange(let r, let from, let to) = $0.event, r.className == name, to != .possible else {
        return nil
      }
      return "\(from.rawValue)→\(to.rawValue)"
    }
  }

  private func cancelCauses(of name: String, in scene: Scene) -> [DeliveryCause?] {
    scene.records.compactMap {
      guard case .touches(.cancelled, let r) = $0.event, r.className == name else { return nil }
      return .some($0.cause)
    }
  }

  private func denial(of name: String, in scene: Scene) -> DeliveryCause? {
    scene.records.first {
      if case .denied(let r) = $0.event { return r.className == name }
      return false
    }?.cause
  }

  private func holds(in scene: Scene) -> [DeliveryRecord] {
    scene.records.filter {
      if case .hold = $0.event { return true }
      return false
    }
  }

  private func scrollScene(_ configure: (ScriptableScrollView) -> Void = { _ in }) -> (Scene, ScriptableScrollView) {
    let scene = Scene()
    let scroll = scene.add(ScriptableScrollView(frame: rect(50, 100, 300, 400)), "Scroll", base: "UIScrollView")
    scroll.contentSize = CGSize(width: 300, height: 1200)
    scene.view("Content", rect(0, 0, 300, 200), in: scroll)
    configure(scroll)
    return (scene, scroll)
  }

  // MARK: Views denied, held, cancelled

  func testCancelsTouchesInView() {
    let scene = Scene()
    let view = scene.view("View", rect(0, 0, 200, 200))
    scene.tap("Tap", on: view)
    scene.tap(at: pt(50, 50), at: 0)
    XCTAssertEqual(cancelCauses(of: "View", in: scene), [DeliveryCause(.cancelsTouchesInView, by: "Tap")])
  }

  func testDelaysTouchesBegan() {
    let scene = Scene()
    let view = scene.view("View", rect(0, 0, 200, 200))
    scene.tap("Tap", on: view).delaysTouchesBegan = true
    scene.down(pt(50, 50), at: 0)
    let hold = holds(in: scene).first
    XCTAssertEqual(hold?.cause, DeliveryCause(.delaysTouchesBegan, by: "Tap"))
    guard case .hold(.began, let held, let holder, let deadline)? = hold?.event else {
      return XCTFail("the began should be held")
    }
    XCTAssertEqual(held.className, "View")
    XCTAssertEqual(holder?.className, "Tap")
    XCTAssertEqual(deadline ?? -1, UIKitConstants.tapMaximumDuration, accuracy: 1e-9)
  }

  func testViewLeftWindow() {
    let scene = Scene()
    let parent = scene.view("Parent", rect(0, 0, 200, 200))
    _ = scene.view("View", rect(0, 0, 100, 100), in: parent)
    scene.down(pt(50, 50), at: 0)
    parent.removeFromSuperview()
    XCTAssertEqual(cancelCauses(of: "View", in: scene), [DeliveryCause(.viewLeftWindow, by: "Parent")])
  }

  func testTapSequence() {
    let scene = Scene()
    let view = scene.view("View", rect(0, 0, 200, 200))
    scene.tap("DoubleTap", on: view, taps: 2)
    scene.tap(at: pt(50, 50), at: 0)
    scene.down(pt(50, 50), at: 0.15)
    let hold = holds(in: scene).last
    XCTAssertEqual(hold?.cause, DeliveryCause(.tapSequence, by: "DoubleTap"))
    guard case .hold(.began, _, _, _)? = hold?.event else { return XCTFail("the second began should be held") }
  }

  func testDelaysTouchesEnded() {
    let scene = Scene()
    let view = scene.view("View", rect(0, 0, 200, 200))
    scene.tap("Tap", on: view)
    scene.tap(at: pt(50, 50), at: 0)
    let hold = holds(in: scene).first
    XCTAssertEqual(hold?.cause, DeliveryCause(.delaysTouchesEnded, by: "Tap"))
    guard case .hold(.ended, _, _, _)? = hold?.event else { return XCTFail("the end should be held") }
  }

  func testDelaysContentTouches_HoldsWithTheDeadlineAndReleasesWithItsRule() {
    let (scene, _) = scrollScene()
    scene.down(pt(100, 150), at: 0)
    let hold = holds(in: scene).first
    XCTAssertEqual(hold?.cause, DeliveryCause(.delaysContentTouches, by: "Scroll"))
    guard case .hold(.began, _, _, let deadline)? = hold?.event else { return XCTFail("the began should be held") }
    XCTAssertEqual(deadline ?? -1, UIKitConstants.scrollViewTouchDelay, accuracy: 1e-9)
    scene.app.clock.advance(to: 0.2)
    let release = scene.records.first {
      if case .release(.began, _, _) = $0.event { return true }
      return false
    }
    XCTAssertEqual(release?.time ?? -1, 0.15, accuracy: 1e-9)
    XCTAssertEqual(release?.cause, DeliveryCause(.delaysContentTouches, by: "Scroll"))
  }

  func testScrollBegan() {
    let (scene, _) = scrollScene()
    scene.down(pt(100, 150), at: 0)
    scene.app.clock.advance(to: 0.2)  // the began went to the content
    scene.move(pt(100, 120), at: 0.25)
    scene.move(pt(100, 60), at: 0.3)
    XCTAssertEqual(cancelCauses(of: "Content", in: scene), [DeliveryCause(.scrollBegan, by: "Scroll")])
  }

  func testTouchesShouldCancel() {
    let (scene, _) = scrollScene { $0.shouldCancel = false }
    scene.down(pt(100, 150), at: 0)
    scene.app.clock.advance(to: 0.2)
    scene.move(pt(100, 120), at: 0.25)
    XCTAssertEqual(
      failure(of: "UIScrollViewPanGestureRecognizer", in: scene), DeliveryCause(.touchesShouldCancel, by: "Scroll"))
    XCTAssertEqual(cancelCauses(of: "Content", in: scene), [])
  }

  func testTouchesShouldBegin() {
    let (scene, _) = scrollScene { $0.shouldBegin = false }
    scene.down(pt(100, 150), at: 0)
    scene.app.clock.advance(to: 0.2)
    let drop = scene.records.first {
      if case .drop(.began, let view) = $0.event { return view.className == "Content" }
      return false
    }
    XCTAssertEqual(drop?.cause, DeliveryCause(.touchesShouldBegin, by: "Scroll"))
  }

  func testExclusiveTouch() {
    let scene = Scene()
    let a = scene.view("A", rect(0, 0, 100, 100))
    a.isExclusiveTouch = true
    scene.view("B", rect(200, 0, 100, 100))
    scene.down(pt(50, 50), finger: 1, at: 0)
    scene.down(pt(250, 50), finger: 2, at: 0.1)
    XCTAssertEqual(denial(of: "B", in: scene), DeliveryCause(.exclusiveTouch, by: "A"))
  }

  func testNotEnabled_ASecondTouchOnAViewWithoutMultipleTouch() {
    let scene = Scene()
    scene.view("View", rect(0, 0, 200, 200))
    scene.down(pt(50, 50), finger: 1, at: 0)
    scene.down(pt(100, 50), finger: 2, at: 0.1)
    XCTAssertEqual(denial(of: "View", in: scene), DeliveryCause(.notEnabled, by: "View"))
  }

  func testNotEnabled_ARecognizerDisabledMidGesture() {
    let scene = Scene()
    let view = scene.view("View", rect(0, 0, 200, 200))
    let tap = scene.tap("Tap", on: view)
    scene.down(pt(50, 50), at: 0)
    tap.isEnabled = false
    XCTAssertEqual(failure(of: "Tap", in: scene), DeliveryCause(.notEnabled, by: "Tap"))
  }

  func testTouchCancelled() {
    let scene = Scene()
    scene.view("View", rect(0, 0, 200, 200))
    scene.down(pt(50, 50), at: 0)
    scene.app.cancelAllTouches()
    XCTAssertEqual(cancelCauses(of: "View", in: scene), [DeliveryCause(.touchCancelled, by: "UIApplication")])
  }

  // MARK: Recognizers excluded

  func testRequireToFail() {
    let scene = Scene()
    let view = scene.view("View", rect(0, 0, 200, 200))
    let double = scene.tap("Double", on: view, taps: 2)
    let single = scene.tap("Single", on: view)
    single.require(toFail: double)
    scene.tap(at: pt(50, 50), at: 0)
    scene.tap(at: pt(50, 50), at: 0.2)
    XCTAssertEqual(failure(of: "Single", in: scene), DeliveryCause(.requireToFail, by: "Double"))
  }

  func testCloserRecognizerWins_AndTheLoserNeverRecognized() {
    let scene = Scene()
    let parent = scene.view("Parent", rect(0, 0, 400, 400))
    let child = scene.view("Child", rect(0, 0, 200, 200), in: parent)
    scene.tap("ParentTap", on: parent)
    scene.tap("ChildTap", on: child)
    scene.tap(at: pt(50, 50), at: 0)
    XCTAssertEqual(failure(of: "ParentTap", in: scene), DeliveryCause(.closerRecognizerWins, by: "ChildTap"))
    // UIKit's terms: it failed (because of ChildTap), it never recognized.
    XCTAssertEqual(transitions(of: "ParentTap", in: scene), ["possible→failed"])
    XCTAssertEqual(transitions(of: "ChildTap", in: scene), ["possible→recognized"])
  }

  func testLastAddedWins() {
    let scene = Scene()
    let view = scene.view("View", rect(0, 0, 200, 200))
    scene.tap("First", on: view)
    scene.tap("Second", on: view)
    scene.tap(at: pt(50, 50), at: 0)
    XCTAssertEqual(failure(of: "First", in: scene), DeliveryCause(.lastAddedWins, by: "Second"))
    XCTAssertEqual(transitions(of: "First", in: scene), ["possible→failed"])
  }

  func testRecognizedFirst() {
    let scene = Scene()
    let parent = scene.view("Parent", rect(0, 0, 400, 400))
    let child = scene.view("Child", rect(0, 0, 200, 200), in: parent)
    scene.recognizer(UILongPressGestureRecognizer(), "Press", on: parent)
    scene.tap("ChildTap", on: child)
    // The parent's press begins at 0.5 while the child's closer tap is still possible.
    scene.tap(at: pt(50, 50), at: 0, duration: 0.6)
    XCTAssertEqual(failure(of: "ChildTap", in: scene), DeliveryCause(.recognizedFirst, by: "Press"))
  }

  func testControlBeatsParentTap() {
    let scene = Scene()
    let parent = scene.view("Parent", rect(0, 0, 400, 400))
    scene.add(UIButton(frame: rect(0, 0, 200, 100)), "Button", base: "UIButton", in: parent)
    scene.tap("ParentTap", on: parent)
    scene.tap(at: pt(50, 50), at: 0)
    XCTAssertEqual(failure(of: "ParentTap", in: scene), DeliveryCause(.controlBeatsParentTap, by: "Button"))
  }

  func testShouldBegin() {
    let scene = Scene()
    let view = scene.view("View", rect(0, 0, 200, 200))
    let tap = scene.tap("Tap", on: view)
    let delegate = RuleGestureDelegate()
    delegate.shouldBegin = false
    tap.delegate = delegate
    scene.tap(at: pt(50, 50), at: 0)
    XCTAssertEqual(failure(of: "Tap", in: scene), DeliveryCause(.shouldBegin, by: "Tap"))
  }

  func testShouldReceive() {
    let scene = Scene()
    let view = scene.view("View", rect(0, 0, 200, 200))
    let tap = scene.tap("Tap", on: view)
    let delegate = RuleGestureDelegate()
    delegate.acceptsTouches = false
    tap.delegate = delegate
    scene.tap(at: pt(50, 50), at: 0)
    XCTAssertEqual(denial(of: "Tap", in: scene), DeliveryCause(.shouldReceive, by: "Tap"))
  }

  func testRequirementCircle() {
    let scene = Scene()
    let view = scene.view("View", rect(0, 0, 200, 200))
    let a = scene.tap("A", on: view)
    let b = scene.tap("B", on: view)
    a.require(toFail: b)
    b.require(toFail: a)
    scene.tap(at: pt(50, 50), at: 0)
    XCTAssertEqual(failure(of: "A", in: scene)?.rule, .requirementCircle)
    XCTAssertEqual(failure(of: "B", in: scene)?.rule, .requirementCircle)
  }

  // MARK: Recognizers' own conditions

  func testMaximumDuration() {
    let scene = Scene()
    let view = scene.view("View", rect(0, 0, 200, 200))
    scene.tap("Tap", on: view)
    scene.tap(at: pt(50, 50), at: 0, duration: 1)
    XCTAssertEqual(failure(of: "Tap", in: scene), DeliveryCause(.maximumDuration, by: "Tap"))
    let fired = scene.records.first {
      if case .timer(.fired, let timer) = $0.event { return timer.purpose == .tapMaximum }
      return false
    }
    XCTAssertEqual(fired?.time ?? -1, UIKitConstants.tapMaximumDuration, accuracy: 1e-9)
  }

  func testMovedTooFar() {
    let scene = Scene()
    let view = scene.view("View", rect(0, 0, 400, 400))
    scene.tap("Tap", on: view)
    scene.drag(from: pt(50, 50), to: pt(150, 50), at: 0)
    XCTAssertEqual(failure(of: "Tap", in: scene), DeliveryCause(.movedTooFar, by: "Tap"))
  }

  func testTapDistance() {
    let scene = Scene()
    let view = scene.view("View", rect(0, 0, 200, 200))
    scene.tap("Double", on: view, taps: 2)
    scene.tap(at: pt(20, 50), at: 0)
    scene.tap(at: pt(120, 50), at: 0.15)  // in time, 100 pt away
    XCTAssertEqual(failure(of: "Double", in: scene), DeliveryCause(.tapDistance, by: "Double"))
  }

  func testTapInterval() {
    let scene = Scene()
    let view = scene.view("View", rect(0, 0, 200, 200))
    scene.tap("Double", on: view, taps: 2)
    scene.tap(at: pt(50, 50), at: 0)
    scene.app.clock.advance(to: 1)
    XCTAssertEqual(failure(of: "Double", in: scene), DeliveryCause(.tapInterval, by: "Double"))
    let scheduled = scene.records.first {
      if case .timer(.scheduled, let timer) = $0.event { return timer.purpose == .nextTapInterval }
      return false
    }
    guard case .timer(_, let timer)? = scheduled?.event else { return XCTFail("the next-tap timer should be recorded") }
    XCTAssertEqual(timer.deadline, 0.05 + UIKitConstants.multiTapInterval, accuracy: 1e-9)
  }

  func testMinimumPressDuration() {
    let scene = Scene()
    let view = scene.view("View", rect(0, 0, 200, 200))
    scene.recognizer(UILongPressGestureRecognizer(), "Press", on: view)
    scene.tap(at: pt(50, 50), at: 0, duration: 0.2)
    XCTAssertEqual(failure(of: "Press", in: scene), DeliveryCause(.minimumPressDuration, by: "Press"))
  }

  func testNumberOfTouches() {
    let scene = Scene()
    let view = scene.view("View", rect(0, 0, 200, 200))
    view.isMultipleTouchEnabled = true
    scene.tap("Tap", on: view)
    scene.send(
      at: 0,
      [
        TouchInput(finger: 1, phase: .began, location: pt(50, 50)),
        TouchInput(finger: 2, phase: .began, location: pt(80, 50)),
      ])
    XCTAssertEqual(failure(of: "Tap", in: scene), DeliveryCause(.numberOfTouches, by: "Tap"))
  }

  func testLiftedEarly() {
    let scene = Scene()
    let view = scene.view("View", rect(0, 0, 200, 200))
    scene.recognizer(UIPanGestureRecognizer(), "Pan", on: view)
    scene.tap(at: pt(50, 50), at: 0)
    XCTAssertEqual(failure(of: "Pan", in: scene), DeliveryCause(.liftedEarly, by: "Pan"))
  }

  func testOutsideEdgeRegion() {
    let scene = Scene(size: CGSize(width: 390, height: 844))
    let root = scene.view("Root", rect(0, 0, 390, 844))
    let edge = scene.recognizer(UIScreenEdgePanGestureRecognizer(), "EdgePan", on: root)
    edge.edges = .left
    scene.drag(from: pt(100, 300), to: pt(220, 300), at: 0, steps: 4)
    XCTAssertEqual(failure(of: "EdgePan", in: scene), DeliveryCause(.outsideEdgeRegion, by: "EdgePan"))
  }

  func testWrongDirection() {
    let scene = Scene(size: CGSize(width: 390, height: 844))
    let root = scene.view("Root", rect(0, 0, 390, 844))
    let edge = scene.recognizer(UIScreenEdgePanGestureRecognizer(), "EdgePan", on: root)
    edge.edges = .left
    scene.drag(from: pt(5, 300), to: pt(5, 420), at: 0, steps: 4)
    XCTAssertEqual(failure(of: "EdgePan", in: scene), DeliveryCause(.wrongDirection, by: "EdgePan"))
  }

  func testSystemGestureGate() {
    // A finger held on a button in the bottom 20 pt: the window's gate holds its began.
    let scene = Scene(size: CGSize(width: 390, height: 844))
    let button = scene.add(UIButton(frame: rect(20, 800, 200, 44)), "Button", base: "UIButton")
    scene.down(pt(60, 830), at: 0)
    let hold = holds(in: scene).first
    XCTAssertEqual(hold?.cause, DeliveryCause(.systemGestureGate, by: "_UISystemGestureGateGestureRecognizer"))
    guard case .hold(.began, let held, _, let deadline)? = hold?.event else { return XCTFail("no hold") }
    XCTAssertEqual(held.className, "Button")
    XCTAssertEqual(deadline, UIKitConstants.systemGestureGateDelay)
    XCTAssertFalse(button.isHighlighted)
  }

  func testNotSystemGesture() {
    // Held past the gate's wait without swiping: the gate fails, and the button has its touch.
    let scene = Scene(size: CGSize(width: 390, height: 844))
    let button = scene.add(UIButton(frame: rect(20, 800, 200, 44)), "Button", base: "UIButton")
    scene.down(pt(60, 830), at: 0)
    scene.app.clock.advance(to: 1.2)
    XCTAssertEqual(
      failure(of: "_UISystemGestureGateGestureRecognizer", in: scene),
      DeliveryCause(.notSystemGesture, by: "_UISystemGestureGateGestureRecognizer"))
    XCTAssertTrue(button.isHighlighted)
  }

  // MARK: The records themselves

  func testRecordsRoundTripThroughCodable() throws {
    let (scene, _) = scrollScene()
    scene.tap(at: pt(100, 150), at: 0)
    scene.app.clock.advance(to: 1)
    let data = try JSONEncoder().encode(scene.records)
    XCTAssertEqual(try JSONDecoder().decode([DeliveryRecord].self, from: data), scene.records)
  }

  /// The stored fields have names of their own (DeliveryRecord.swift says why); the Codable
  /// form keeps the record's field names.
  func testRecordsEncodeUnderTheirFieldNames() throws {
    let record = DeliveryRecord(
      time: 0.15, event: .drop(phase: .began, view: Participant(kind: .view, className: "UIView")),
      cause: DeliveryCause(.touchCancelled, by: "table"), touchIDs: [1, 2], text: "line")
    let object = try JSONSerialization.jsonObject(with: JSONEncoder().encode(record)) as? [String: Any]
    XCTAssertEqual(object.map { Set($0.keys) }, ["time", "event", "cause", "touchIDs", "text"])
    XCTAssertEqual(object?["touchIDs"] as? [Int], [1, 2])
    XCTAssertEqual(object?["text"] as? String, "line")
    XCTAssertEqual(record.time, 0.15)
    XCTAssertEqual(record.touchIDs, [1, 2])
  }

  func testEveryRuleIsTested() {
    let source = try? String(contentsOfFile: #filePath, encoding: .utf8)
    for rule in DeliveryRule.allCases {
      let name = "func test\(rule.rawValue.prefix(1).uppercased())\(rule.rawValue.dropFirst())"
      XCTAssertTrue(source?.contains(name) == true, "\(rule) has no test")
    }
  }
}
