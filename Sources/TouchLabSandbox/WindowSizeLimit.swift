import Foundation
import TouchLabCanvas
import TouchLabLayout
import TouchLabRender

/// How big a window the sandbox opens: a scene, or the inspector, that would make it bigger
/// is refused with a message saying why.
public enum WindowSizeLimit {
  /// The largest window side, in pixels, the sandbox opens (X allows 32767, but a frame that
  /// big is hundreds of megabytes to draw and send on every change).
  public static let maximumWindowSide = 8192

  /// Why `scene` cannot be shown at `scale` (its window would be too big), or nil.
  public static func sizeProblem(_ scene: Scene, scale: Double, showsTimeline: Bool = true) -> String? {
    let size = SceneRenderer.frameSize(
      for: scene.window, showsPanel: true, showsTimeline: showsTimeline)
    let pixels = LiveSandbox.pixelSize(of: size, scale: scale)
    guard pixels.width > maximumWindowSide || pixels.height > maximumWindowSide else { return nil }
    // At the `window:` line, as `touchlab check` reports a window past LayoutLimits there.
    return scene.windowSizeError(
      "the window would be \(pixels.width)×\(pixels.height) pixels at scale \(DisplayScale.describe(scale)), more "
        + "than the \(maximumWindowSide) a side the sandbox shows; make `window: {size: …}` smaller or use a "
        + "smaller --scale"
    ).description
  }

  /// Why the inspector cannot be shown beside a frame of `frameWithInspector` points at
  /// `scale` (the window would be too wide), or nil.
  static func inspectorProblem(frameWithInspector size: CanvasSize, scale: Double) -> String? {
    let pixels = LiveSandbox.pixelSize(of: size, scale: scale)
    guard pixels.width > maximumWindowSide else { return nil }
    return "the inspector would make the window \(pixels.width) pixels wide, more than the \(maximumWindowSide) "
      + "the sandbox shows"
  }
}
