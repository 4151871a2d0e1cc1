import Foundation
import TouchLabLayout
import TouchLabRender
import XCTest

@testable import TouchLabCanvas
@testable import TouchLabSandbox

/// `FirstFrameWarmUp` (issue 49): the first frame's panel laid out before the window's first
/// frame, so that the first frame finds every layout of its panel made.
final class FirstFrameWarmUpTests: XCTestCase {
  /// A scene with no text of its own, whose title (if `titled`) and file name no other test
  /// lays out.
  private func session(named name: String, titled: Bool = true, scale: Double) throws -> SandboxSession {
    let file = "/tmp/\(name).yaml"
    let title = titled ? "title: \(name)\n" : ""
    let scene = try LayoutLoader.load(
      yaml: title + "window: {size: [300, 400]}\ncontroller: {view: {color: white}}\n", file: file)
    return SandboxSession(scene: scene, scale: scale)
  }

  /// Layouts made and found by both shared caches.
  private func counts() -> (misses: Int, hits: Int) {
    (
      TextFonts.measuringLayouts.misses + TextFonts.drawingLayouts.misses,
      TextFonts.measuringLayouts.hits + TextFonts.drawingLayouts.hits
    )
  }

  /// Notes the session's first frame without its timeline strip (whose text depends on the
  /// scene's width, which the warm-up does not know) as the window does; the layouts it made.
  private func firstFrameMisses(_ session: SandboxSession) -> Int {
    var content = session.frameContent
    content.timeline = nil
    let renderer = SceneRenderer(theme: .standard)
    let pixels = LiveSandbox.pixelSize(of: session.frameSize, scale: session.scale)
    let before = counts()
    _ = renderer.damage(
      for: content, pixelWidth: pixels.width, pixelHeight: pixels.height, scale: session.scale,
      tracking: FrameDamageTracker())
    let after = counts()
    XCTAssertGreaterThan(after.hits + after.misses, before.hits + before.misses, "the panel's text was laid out")
    return after.misses - before.misses
  }

  /// Laid out at 1× (`FirstFrameWarmUp.start` knows no scale yet), the panel is found made by
  /// a first frame at any scale: a layout is the same at every scale.
  func testTheFirstFramesPanelIsFoundLaidOutAtAnyScale() throws {
    for scale in [1.0, 1.5, 2.0, 3.0] {
      for titled in [false, true] {
        let name = "warm-\(UUID().uuidString.prefix(8))"
        let session = try session(named: name, titled: titled, scale: scale)
        FirstFrameWarmUp.layOut(
          FirstFrameWarmUp.content(title: titled ? name : nil, file: name + ".yaml"), theme: .standard)
        // Found, and still laid out: a change of the drawing context would make Pango lay
        // every kept layout out again when next used.
        let serial = TextFonts.drawingLayouts.contextSerial
        XCTAssertEqual(
          firstFrameMisses(session), 0, "scale \(scale), titled \(titled): every layout of the panel already made")
        XCTAssertEqual(TextFonts.drawingLayouts.contextSerial, serial, "scale \(scale): the context did not change")
      }
    }
  }

  /// Without the warm-up the same first frame makes its layouts (the title and file name
  /// are new): the test above would see them.
  func testWithoutTheWarmUpTheFirstFrameMakesItsLayouts() throws {
    let name = "cold-\(UUID().uuidString.prefix(8))"
    XCTAssertGreaterThan(firstFrameMisses(try session(named: name, scale: 2)), 0)
  }
}
