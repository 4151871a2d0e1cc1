import Foundation
import XCTest

@testable import TouchLabEngine

/// UITextView: a scroll view whose tap begins editing when it is editable (the keyboard and
/// the delegate's `textViewDidBeginEditing`), and that scrolls its text vertically.
final class TextViewTests: XCTestCase {
  private final class Delegate: UITextViewDelegate {
    var lines: [String] = []
    func textViewDidBeginEditing(_ textView: UITextView) { lines.append("began") }
    func textViewDidEndEditing(_ textView: UITextView) { lines.append("ended") }
  }

  /// A text view at (16, 100, 358, 200) with 600 pt of content.
  private func textScene() -> (Scene, UITextView, Delegate, UIView) {
    let scene = Scene(size: CGSize(width: 390, height: 844))
    let back = scene.view("Back", rect(0, 0, 390, 844))
    let textView = scene.add(UITextView(frame: rect(16, 100, 358, 200)), "UITextView", base: "UITextView", in: back)
    textView.text = "Notes"
    textView.contentSize = CGSize(width: 358, height: 600)
    let delegate = Delegate()
    textView.textViewDelegate = delegate
    return (scene, textView, delegate, back)
  }

  func testTapOnAnEditableTextView_BeginsEditingAtTheLift_AndShowsTheKeyboard() {
    let (scene, textView, delegate, _) = textScene()
    scene.down(pt(100, 150), at: 0)
    XCTAssertFalse(textView.isEditing)
    scene.up(pt(100, 150), at: 0.05)
    XCTAssertTrue(textView.isEditing)
    XCTAssertTrue(scene.window.firstResponder === textView)
    XCTAssertNotNil(scene.window.keyboard)
    XCTAssertEqual(delegate.lines, ["began"])
    // A second tap while editing begins nothing again.
    scene.tap(at: pt(120, 150), at: 1)
    XCTAssertEqual(delegate.lines, ["began"])
  }

  func testANonEditableTextView_IgnoresTheTap() {
    let (scene, textView, delegate, _) = textScene()
    textView.isEditable = false
    scene.tap(at: pt(100, 150), at: 0)
    XCTAssertFalse(textView.isEditing)
    XCTAssertNil(scene.window.firstResponder)
    XCTAssertNil(scene.window.keyboard)
    XCTAssertEqual(delegate.lines, [])
  }

  func testEndEditing_ResignsItAndHidesTheKeyboard() {
    let (scene, textView, delegate, back) = textScene()
    scene.tap(at: pt(100, 150), at: 0)
    XCTAssertTrue(back.endEditing(true))
    XCTAssertFalse(textView.isEditing)
    XCTAssertNil(scene.window.keyboard)
    XCTAssertEqual(delegate.lines, ["began", "ended"])
  }

  func testADragScrollsTheTextVertically_AndBeginsNoEditing() {
    let (scene, textView, delegate, _) = textScene()
    XCTAssertTrue(textView.alwaysBounceVertical)
    scene.down(pt(100, 280), at: 0)
    for step in 1...8 { scene.move(pt(100, 280 - CGFloat(step) * 20), at: 0.016 * Double(step)) }
    scene.up(pt(100, 120), at: 0.2)
    XCTAssertGreaterThan(textView.contentOffset.y, 100)
    XCTAssertEqual(textView.contentOffset.x, 0)
    XCTAssertFalse(textView.isEditing)
    XCTAssertEqual(delegate.lines, [])
  }
}

extension TextViewTests {
  /// A read-only, selectable text view's own tap still wins over the background's; with
  /// neither editing nor selection it has none, and the background's tap takes the tap.
  func testTheBackgroundTapGetsATapOnATextViewOnlyWhenNeitherEditableNorSelectable() {
    let scene = Scene(size: CGSize(width: 390, height: 844))
    let back = scene.view("Back", rect(0, 0, 390, 844))
    scene.tap("BackTap", on: back, action: "backTap")
    let textView = scene.add(UITextView(frame: rect(16, 100, 358, 200)), "UITextView", base: "UITextView", in: back)
    textView.isEditable = false
    scene.tap(at: pt(100, 150), at: 0)
    XCTAssertEqual(scene.actions, [])
    textView.isSelectable = false
    scene.tap(at: pt(100, 150), at: 1)
    XCTAssertEqual(scene.actions, ["-[Target backTap]"])
    XCTAssertNil(scene.window.firstResponder)
  }
}
