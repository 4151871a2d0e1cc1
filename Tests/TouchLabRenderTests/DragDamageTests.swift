import Foundation
import TouchLabEngine
import TouchLabRecords
import XCTest

@testable import TouchLabCanvas
@testable import TouchLabRender

/// Issue 49: the damage of a finger's move covers what moved — the finger's mark where it was
/// and where it is, the line to its card, the card's figures — and nothing more, at scales
/// 1, 2 and 3: a few per cent of the frame, the same part of it at every scale, none of the
/// panel, and the pixels a whole drawing has.
final class DragDamageTests: XCTestCase {
  /// The damage rectangles of five moves of 2 points over the playground's yellow view, each
  /// drawn 8 ms after the one before, at `scale`; and the frame's size in pixels.
  private func moveDamage(scale: Double) throws -> (moves: [[DamageRect]], frame: DamageRect, scene: DamageRect) {
    let scene = try RenderSupport.bundledScene("playground.yaml")
    let application = scene.application
    let overlay = TouchOverlay(application: application)
    let renderer = SceneRenderer(theme: .standard)
    let tracker = FrameDamageTracker()
    let start = CGPoint(x: 101, y: 156)
    application.clock.advance(to: application.clock.now + 0.5)
    application.sendTouches([TouchInput(finger: 1, phase: .began, location: start)])
    application.clock.advance(to: application.clock.now + 0.3)
    var content = FrameContent(
      window: scene.window, overlay: overlay.state, transcript: [], title: scene.title, keyHelp: [],
      now: application.clock.now)
    let size = SceneRenderer.frameSize(for: scene.window, showsPanel: true)
    let canvas = try CairoCanvas(size: size, scale: scale)
    guard case .drawn(let first) = renderer.draw(content, on: canvas, tracking: tracker) else {
      throw XCTSkip("the first frame stopped")
    }
    XCTAssertEqual(first, [canvas.pixelBounds], "the first frame is whole")
    var moves: [[DamageRect]] = []
    for step in 1...5 {
      application.clock.advance(to: application.clock.now + 0.008)
      application.sendTouches([
        TouchInput(finger: 1, phase: .moved, location: CGPoint(x: start.x + Double(step * 2), y: start.y + 1))
      ])
      content.overlay = overlay.state
      content.now = application.clock.now
      guard case .drawn(let rects) = renderer.draw(content, on: canvas, tracking: tracker) else {
        XCTFail("scale \(scale), move \(step): stopped")
        continue
      }
      moves.append(rects)
    }
    // The last frame's pixels are a whole drawing's.
    let whole = try CairoCanvas(size: size, scale: scale)
    SceneRenderer(theme: .standard).draw(content, on: whole)
    let same = canvas.withUnsafePixelBytes { a in
      whole.withUnsafePixelBytes { b in a.count == b.count && memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0 }
    }
    XCTAssertTrue(same, "scale \(scale): the damage drawings end with a whole drawing's pixels")
    let scenePixels = DamageRect(
      x: 0, y: 0, width: Int((Double(scene.window.bounds.width) * scale).rounded(.up)),
      height: Int((Double(scene.window.bounds.height) * scale).rounded(.up)))
    return (moves, canvas.pixelBounds, scenePixels)
  }

  func testAMovesDamageIsWhatMovedAtScales1To3() throws {
    var shares: [Double: Double] = [:]
    for scale in [1.0, 2, 3] {
      let (moves, frame, scene) = try moveDamage(scale: scale)
      XCTAssertEqual(moves.count, 5)
      for (index, rects) in moves.enumerated() {
        let step = index + 1
        let what = "scale \(scale), move \(step): \(rects)"
        XCTAssertFalse(rects.isEmpty, what)
        let area = rects.reduce(0) { $0 + $1.area }
        // What moved is a few per cent of the frame: the whole window (or the scene) is not.
        XCTAssertLessThan(Double(area), 0.08 * Double(frame.area), what)
        XCTAssertLessThan(Double(DamageRect.bounds(of: rects).area), 0.25 * Double(frame.area), what)
        // Nothing of the panel (no line was logged) and nothing outside the scene.
        for rect in rects { XCTAssertTrue(scene.contains(rect), what) }
        // The finger's mark where it is and where it was (its centre, in pixels).
        for x in [101.0 + Double(step * 2), 101.0 + Double((step - 1) * 2)] {
          let centre = DamageRect(x: Int(x * scale), y: Int(157 * scale), width: 1, height: 1)
          XCTAssertTrue(rects.contains { $0.contains(centre) }, "\(what): the mark at \(x)")
        }
        if scale == 1 { shares[Double(step)] = Double(area) }
        if scale > 1, let atOne = shares[Double(step)] {
          // The same part of the frame at every scale: its area grows as the scale squared.
          let ratio = Double(area) / (atOne * scale * scale)
          XCTAssertGreaterThan(ratio, 0.6, what)
          XCTAssertLessThan(ratio, 1.6, what)
        }
      }
    }
  }
}
