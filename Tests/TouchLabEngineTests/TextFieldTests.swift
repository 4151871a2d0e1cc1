import Foundation
import XCTest

@testable import TouchLabEngine

/// UITextField and the first responder: a tap begins editing and brings up the keyboard,
/// resigning or an ancestor's `endEditing(_:)` ends it.
final class TextFieldTests: XCTestCase {
  /// A background with a text field at (16, 60, 358, 40) whose editing events print.
  private func fieldScene() -> (Scene, UITextField, UIView) {
    let scene = Scene(size: CGSize(width: 390, height: 844))
    let back = scene.view("Back", rect(0, 0, 390, 844))
    let field = scene.add(UITextField(frame: rect(16, 60, 358, 40)), "Field", base: "UITextField", in: back)
    field.addTarget(scene.target, action: .selector("began"), for: .editingDidBegin)
    field.addTarget(scene.target, action: .selector("ended"), for: .editingDidEnd)
    return (scene, field, back)
  }

  func testTapBeginsEditing_SendsEditingDidBegin_ShowsTheKeyboard() {
    let (scene, field, _) = fieldScene()
    XCTAssertNil(scene.window.keyboard)
    scene.tap(at: pt(100, 80), at: 0)
    XCTAssertTrue(field.isFirstResponder)
    XCTAssertTrue(field.isEditing)
    XCTAssertTrue(scene.window.firstResponder === field)
    XCTAssertEqual(scene.actions, ["-[Target began]"])
    let keyboard = try! XCTUnwrap(scene.window.keyboard)
    XCTAssertEqual(keyboard.frame, rect(0, 844 - UIKitConstants.keyboardHeight, 390, UIKitConstants.keyboardHeight))
    XCTAssertTrue(scene.window.subviews.last === keyboard)
  }

  func testEditingBeginsAtTheLift_NotAtTouchDown() {
    let (scene, field, _) = fieldScene()
    scene.down(pt(100, 80), at: 0)
    XCTAssertFalse(field.isEditing)
    scene.up(pt(100, 80), at: 0.05)
    XCTAssertTrue(field.isEditing)
  }

  func testResignFirstResponder_EndsEditingAndHidesTheKeyboard() {
    let (scene, field, _) = fieldScene()
    scene.tap(at: pt(100, 80), at: 0)
    XCTAssertTrue(field.resignFirstResponder())
    XCTAssertFalse(field.isEditing)
    XCTAssertNil(scene.window.keyboard)
    XCTAssertNil(scene.window.firstResponder)
    XCTAssertEqual(scene.actions, ["-[Target began]", "-[Target ended]"])
  }

  func testEndEditingOnAnAncestor_ResignsTheFieldInside() {
    let (scene, field, back) = fieldScene()
    let other = scene.view("Other", rect(0, 600, 10, 10))
    scene.tap(at: pt(100, 80), at: 0)
    XCTAssertFalse(other.endEditing(true))  // not an ancestor of the field
    XCTAssertTrue(field.isEditing)
    XCTAssertTrue(back.endEditing(true))
    XCTAssertFalse(field.isEditing)
  }

  /// Issue 25 #9: UIKit resigns the first responder of a view leaving its window.
  func testRemovingTheFieldBeingEdited_EndsEditingAndHidesTheKeyboard() {
    let (scene, field, _) = fieldScene()
    scene.tap(at: pt(100, 80), at: 0)
    field.removeFromSuperview()
    XCTAssertFalse(field.isEditing)
    XCTAssertNil(scene.window.keyboard)
    XCTAssertNil(scene.window.firstResponder)
    XCTAssertEqual(scene.actions, ["-[Target began]", "-[Target ended]"])
  }

  func testRemovingAnAncestorOfTheFieldBeingEdited_EndsEditing() {
    let (scene, field, back) = fieldScene()
    scene.tap(at: pt(100, 80), at: 0)
    back.removeFromSuperview()
    XCTAssertFalse(field.isEditing)
    XCTAssertEqual(scene.actions, ["-[Target began]", "-[Target ended]"])
  }

  func testMovingTheFieldWithinItsWindow_KeepsEditing() {
    let (scene, field, _) = fieldScene()
    let other = scene.view("Other", rect(0, 600, 390, 100))
    scene.tap(at: pt(100, 80), at: 0)
    other.addSubview(field)
    XCTAssertTrue(field.isEditing)
    XCTAssertEqual(scene.actions, ["-[Target began]"])
  }

  func testMovingTheFieldOutOfItsWindow_EndsEditing() {
    let (scene, field, _) = fieldScene()
    let elsewhere = UIView(frame: rect(0, 0, 100, 100))
    scene.tap(at: pt(100, 80), at: 0)
    elsewhere.addSubview(field)
    XCTAssertFalse(field.isEditing)
    XCTAssertEqual(scene.actions, ["-[Target began]", "-[Target ended]"])
  }

  func testASecondFieldTakesOver_TheFirstEndsEditing() {
    let (scene, field, back) = fieldScene()
    let second = scene.add(UITextField(frame: rect(16, 120, 358, 40)), "Field2", base: "UITextField", in: back)
    scene.tap(at: pt(100, 80), at: 0)
    scene.tap(at: pt(100, 140), at: 1)
    XCTAssertFalse(field.isEditing)
    XCTAssertTrue(second.isFirstResponder)
    XCTAssertEqual(scene.actions, ["-[Target began]", "-[Target ended]"])
    XCTAssertNotNil(scene.window.keyboard)
  }

  func testTheKeyboardTakesItsTouches_TheBackgroundNeverHearsThem() {
    let (scene, field, back) = fieldScene()
    let tap = scene.recognizer(UITapGestureRecognizer(), "BackTap", on: back)
    tap.addTarget(back, action: .selector("endEditing:"))
    scene.tap(at: pt(100, 80), at: 0)
    scene.clear()
    scene.tap(at: pt(195, 700), at: 1)
    XCTAssertEqual(scene.lastHit, "UIKeyboard")
    XCTAssertTrue(field.isEditing)
    XCTAssertEqual(scene.actions, [])
  }

  func testABackgroundTapWithEndEditingAsItsAction_EndsEditing() {
    let (scene, field, back) = fieldScene()
    let tap = UITapGestureRecognizer()
    tap.addTarget(back, action: .selector("endEditing:"))
    back.addGestureRecognizer(tap)
    scene.tap(at: pt(100, 80), at: 0)  // the field's own tap wins over the background's
    XCTAssertTrue(field.isEditing)
    scene.tap(at: pt(195, 300), at: 1)
    XCTAssertFalse(field.isEditing)
    XCTAssertEqual(scene.actions, ["-[Target began]", "-[Back endEditing:]", "-[Target ended]"])
  }

  func testResignFirstResponderAsANilTargetedAction_FindsTheFieldAlongTheChain() {
    let (scene, field, _) = fieldScene()
    scene.tap(at: pt(100, 80), at: 0)
    scene.app.sendAction(.selector("resignFirstResponder"), to: nil, from: field, for: nil)
    XCTAssertFalse(field.isEditing)
  }

  func testADisabledFieldDoesNotBeginEditing() {
    let (scene, field, _) = fieldScene()
    field.isEnabled = false
    scene.tap(at: pt(100, 80), at: 0)
    XCTAssertFalse(field.isEditing)
    XCTAssertNil(scene.window.keyboard)
  }
}
