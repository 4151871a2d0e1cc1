import Foundation
import XCTest

@testable import TouchLabEngine

/// A touch's delivery to its view is one state with a checked transition table
/// (ViewDelivery.swift; docs/BEHAVIOUR.md §4): these tests pin the table and follow a touch
/// through it.
final class ViewDeliveryTests: XCTestCase {
  func testTable_NothingLeavesEndedOrCutOff() {
    for new in ViewDelivery.Kind.allCases {
      XCTAssertFalse(ViewDelivery.isLegal(from: .ended, to: new), "ended → \(new)")
      XCTAssertFalse(ViewDelivery.isLegal(from: .cutOff, to: new), "cutOff → \(new)")
    }
  }

  func testTable_TheViewHearsBeganBeforeAnyEnd() {
    XCTAssertFalse(ViewDelivery.isLegal(from: .unsent, to: .ended))
    XCTAssertFalse(ViewDelivery.isLegal(from: .unsent, to: .endedHeld))
    XCTAssertFalse(ViewDelivery.isLegal(from: .beganHeld, to: .ended))
    XCTAssertFalse(ViewDelivery.isLegal(from: .began, to: .beganHeld))
    XCTAssertTrue(ViewDelivery.isLegal(from: .beganHeld, to: .began))
    XCTAssertTrue(ViewDelivery.isLegal(from: .began, to: .endedHeld))
    // Every state that is not over can be cut off.
    for old in ViewDelivery.Kind.allCases where old != .ended && old != .cutOff {
      XCTAssertTrue(ViewDelivery.isLegal(from: old, to: .cutOff), "\(old) → cutOff")
    }
  }

  func testIllegalTransition_IsIgnoredAndCounted() {
    let scene = Scene()
    scene.view("Box", rect(0, 0, 100, 100))
    scene.down(pt(50, 50), at: 0)
    let touch = try! XCTUnwrap(scene.app.touchesOnScreen.first)
    XCTAssertEqual(touch.viewDelivery, .began)
    touch.advanceDelivery(to: .beganHeld(ViewDelivery.HeldCall()))
    XCTAssertEqual(touch.viewDelivery, .began)
    XCTAssertEqual(scene.app.illegalDeliveryTransitionCount, 1)
  }

  func testHeldBegan_RemembersTheMoveAndTheLiftMeanwhile() {
    // A tap with delaysTouchesBegan holds the view's began; the finger moves and lifts
    // before the tap decides: the held call keeps both, and the view gets began and ended
    // together once the tap lets go.
    let scene = Scene()
    let box = scene.view("Box", rect(0, 0, 200, 200))
    scene.tap("Tap", on: box, taps: 2).delaysTouchesBegan = true
    scene.down(pt(50, 50), at: 0)
    let touch = try! XCTUnwrap(scene.app.touchesOnScreen.first)
    guard case .beganHeld(let held) = touch.viewDelivery else { return XCTFail("\(touch.viewDelivery)") }
    XCTAssertEqual(held.holder?.className, "Tap")
    XCTAssertFalse(held.movedMeanwhile)
    scene.move(pt(52, 50), at: 0.05)
    guard case .beganHeld(let moved) = touch.viewDelivery else { return XCTFail("\(touch.viewDelivery)") }
    XCTAssertTrue(moved.movedMeanwhile)
    XCTAssertFalse(moved.endedMeanwhile)
    scene.up(pt(52, 50), at: 0.1)
    XCTAssertEqual(scene.app.heldTouches.count, 1)
    scene.app.clock.advance(to: 1)
    // The double tap failed 0.35 s after the lift: the held began goes out, then the end
    // (no move: the finger has already lifted, so began and ended come together, §4).
    XCTAssertEqual(touch.viewDelivery, .ended)
    XCTAssertTrue(scene.app.heldTouches.isEmpty)
    XCTAssertEqual(
      scene.trace(only: ["Box"]), ["Box.touchesBegan[1]", "Box.touchesEnded[1]"])
    XCTAssertEqual(scene.app.illegalDeliveryTransitionCount, 0)
  }
}
