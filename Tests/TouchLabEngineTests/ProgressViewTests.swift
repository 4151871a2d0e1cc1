import TouchLabEngine
import XCTest

final class ProgressViewTests: XCTestCase {
  func testProgressIsPinnedToZeroThroughOne() {
    let bar = UIProgressView(progressViewStyle: .default)
    XCTAssertEqual(bar.progress, 0)
    bar.progress = 0.25
    XCTAssertEqual(bar.progress, 0.25)
    bar.progress = 1.5
    XCTAssertEqual(bar.progress, 1)
    bar.setProgress(-2, animated: true)
    XCTAssertEqual(bar.progress, 0)
  }

  func testEachStyleHasItsHeight() {
    XCTAssertEqual(UIProgressView(progressViewStyle: .default).frame.height, UIKitConstants.progressViewDefaultHeight)
    let bar = UIProgressView(progressViewStyle: .bar)
    XCTAssertEqual(bar.frame.height, UIKitConstants.progressViewBarHeight)
    XCTAssertEqual(bar.progressViewStyle, .bar)
  }

  func testItIsNotAControlSoHitTestingFindsItAsAnyView() {
    let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
    let bar = UIProgressView(progressViewStyle: .default)
    bar.frame = CGRect(x: 10, y: 100, width: 280, height: 4)
    root.addSubview(bar)
    XCTAssertFalse((bar as UIView) is UIControl)
    XCTAssertTrue(root.hitTest(CGPoint(x: 150, y: 102), with: nil) === bar)
    bar.isUserInteractionEnabled = false
    XCTAssertTrue(root.hitTest(CGPoint(x: 150, y: 102), with: nil) === root)
  }
}
