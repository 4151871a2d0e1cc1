import Foundation
import XCTest

@testable import TouchLabCanvas
@testable import TouchLabEncoding
@testable import TouchLabRender

/// The panel is drawn once and copied into the frames after it while it would show the
/// same: the copy must be the very pixels drawing gives, and any change must draw anew.
final class PanelDrawingTests: XCTestCase {
  let keys = ["R: reload", "Q or Esc: quit"]

  func frame(
    _ renderer: SceneRenderer, _ transcript: [TranscriptEntry], scale: Double, title: String = "Panel"
  ) throws -> PNGImage {
    let scene = try RenderSupport.bundledScene("playground.yaml")
    let canvas = try CairoCanvas(size: SceneRenderer.frameSize(for: scene.window, showsPanel: true), scale: scale)
    renderer.draw(FrameContent(window: scene.window, transcript: transcript, title: title, keyHelp: keys), on: canvas)
    return canvas.makeImage()
  }

  /// The panel writes each line's time itself, from the typed value.
  func testTheTimesTheTranscriptShows() {
    XCTAssertEqual(TranscriptTime(0.15).stamp, "[0.150]")
    XCTAssertEqual(TranscriptTime(14).stamp, "[14.000]")
    XCTAssertEqual(TranscriptTime(0.15, sinceFirstTouch: true).stamp, "[+0.150]")
    XCTAssertEqual(TranscriptTime(-0.02, sinceFirstTouch: true).stamp, "[-0.020]")
    // Rounded to the millisecond before its sign is chosen: no "-0.000".
    XCTAssertEqual(TranscriptTime(-0.0001, sinceFirstTouch: true).stamp, "[+0.000]")
  }

  func testAKeptPanelGivesTheSamePixelsAndAChangeIsDrawn() throws {
    for scale in [1.0, 1.5] {
      let lines = (0..<60).map {
        TranscriptEntry.line(TranscriptTime(Double($0) * 0.1), "-[Tile touchesMoved:withEvent:] \($0)")
      }
      let kept = SceneRenderer(theme: .standard)
      let first = try frame(kept, lines, scale: scale)
      let copied = try frame(kept, lines, scale: scale)
      XCTAssertEqual(copied, first, "scale \(scale): the kept panel is the drawn one")
      XCTAssertEqual(
        kept.panel.keptPanel?.key.transcript, lines, "the second frame copied the kept panel")
      XCTAssertEqual(try frame(SceneRenderer(theme: .standard), lines, scale: scale), first)
      // A new line, a new title: drawn, as a fresh renderer draws them.
      let more = lines + [.line(TranscriptTime(6), "tap view tapped")]
      let changed = try frame(kept, more, scale: scale)
      XCTAssertNotEqual(changed, first, "scale \(scale): the new line is shown")
      XCTAssertEqual(changed, try frame(SceneRenderer(theme: .standard), more, scale: scale))
      XCTAssertEqual(
        try frame(kept, more, scale: scale, title: "Other"),
        try frame(SceneRenderer(theme: .standard), more, scale: scale, title: "Other"))
    }
  }
}
