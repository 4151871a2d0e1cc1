import TouchLabLayout
import XCTest

/// The fix as code: a `--set` (or an inspector flip) as the UIKit line an app would have.
final class SwiftLineTests: XCTestCase {
  func testAPropertyIsItsUIKitAssignment() {
    XCTAssertEqual(Scene.swiftLine(for: "backTap.cancelsTouchesInView=false"), "backTap.cancelsTouchesInView = false")
    XCTAssertEqual(Scene.swiftLine(for: "table.delaysContentTouches=NO"), "table.delaysContentTouches = false")
    XCTAssertEqual(Scene.swiftLine(for: "press.minimumPressDuration=0.2"), "press.minimumPressDuration = 0.2")
  }

  func testAnAliasIsWrittenWithItsUIKitName() {
    XCTAssertEqual(Scene.swiftLine(for: "card.hidden=true"), "card.isHidden = true")
    XCTAssertEqual(Scene.swiftLine(for: "image.userInteractionEnabled=yes"), "image.isUserInteractionEnabled = true")
  }

  func testTextIsQuotedAndRequireToFailIsACall() {
    XCTAssertEqual(Scene.swiftLine(for: #"label.text=say "hi""#), #"label.text = "say \"hi\"""#)
    XCTAssertEqual(
      Scene.swiftLine(for: "pan.requireToFail=[edge, swipe]"), "pan.require(toFail: edge); pan.require(toFail: swipe)")
  }

  /// Every text key (`.string` in the property table) is quoted, a recognizer's `name` too,
  /// and a control character is written as Swift writes it, never raw.
  func testEveryTextPropertyIsAQuotedSwiftLiteral() {
    XCTAssertEqual(Scene.swiftLine(for: "tap.name=backTap"), #"tap.name = "backTap""#)
    XCTAssertEqual(Scene.swiftLine(for: #"field.placeholder=a\b"#), #"field.placeholder = "a\\b""#)
    XCTAssertEqual(Scene.swiftLine(for: "label.text=one\ntwo\u{1B}"), #"label.text = "one\ntwo\u{1B}""#)
  }

  func testWhatHasNoOneLineIsShownAsTheSetItIs() {
    XCTAssertNil(Scene.swiftLine(for: "backTap.delegate.shouldReceive=false"))
    XCTAssertNil(Scene.swiftLine(for: "root.color=red"))
    XCTAssertNil(Scene.swiftLine(for: "nonsense"))
    XCTAssertEqual(Scene.fixText(for: "root.color=red"), "--set root.color=red")
    XCTAssertEqual(Scene.fixText(for: "t.cancelsTouchesInView=false"), "t.cancelsTouchesInView = false")
  }
}
