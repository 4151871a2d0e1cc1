import Foundation
import TouchLabEngine
import TouchLabLayout
import XCTest

@testable import TouchLabCanvas
@testable import TouchLabEncoding
@testable import TouchLabRender

/// Scenes for drawing tests: built from layout text as users write it, drawn headless.
enum RenderSupport {
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  static func scene(_ yaml: String, file: String = "test.yaml") throws -> Scene {
    try LayoutLoader.load(yaml: yaml, file: file)
  }

  static func bundledScene(_ name: String) throws -> Scene {
    try LayoutLoader.load(path: repository.appendingPathComponent("Layouts").appendingPathComponent(name).path)
  }

  /// Draws a frame; with `showsPanel` the canvas is wide enough for the panel.
  static func render(
    _ content: FrameContent, showsPanel: Bool = false, scale: Double = 2, theme: Theme = .standard
  ) throws -> CairoCanvas {
    let renderer = SceneRenderer(theme: theme)
    let canvas = try CairoCanvas(
      size: SceneRenderer.frameSize(for: content.window, showsPanel: showsPanel), scale: scale)
    renderer.draw(content, on: canvas)
    return canvas
  }

  /// The canvas pixel under scene point (x, y).
  static func pixel(_ canvas: CairoCanvas, _ x: Double, _ y: Double) -> PNGPixel {
    canvas.pixel(x: Int(x * canvas.scale), y: Int(y * canvas.scale))
  }

  /// The touch on the screen with this finger.
  static func touch(_ scene: Scene, finger: Int = 1) -> UITouch? {
    scene.application.touchesOnScreen.first { $0.finger == finger }
  }
}

extension PNGPixel {
  /// Within `tolerance` of `other` in every channel.
  func isClose(to other: PNGPixel, tolerance: Int = 3) -> Bool {
    abs(Int(red) - Int(other.red)) <= tolerance && abs(Int(green) - Int(other.green)) <= tolerance
      && abs(Int(blue) - Int(other.blue)) <= tolerance && abs(Int(alpha) - Int(other.alpha)) <= tolerance
  }
}
