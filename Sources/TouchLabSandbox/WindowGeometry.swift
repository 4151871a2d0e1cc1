import Foundation
import TouchLabCanvas
import TouchLabRecords
import TouchLabRender
import TouchLabX11

/// A part of the window.
public enum WindowRegion: Equatable, Sendable {
  case scene
  case timeline
  case transcript
  case inspector
  case outside
}

/// The window's geometry: its size in pixels, the scale its frame is drawn at, and which part
/// of the frame (scene, strip, panel, inspector) is under a window pixel.
public struct WindowGeometry {
  /// Window pixels per scene point, when the window is as big as the frame.
  public let scale: Double
  /// The window's size in pixels as last known (its `.resize` events, or the size the
  /// window asked for), or nil before it has one.
  public var windowPixelSize: (width: Int, height: Int)?

  /// The smallest scale a frame is drawn at, however small the window (a window of a few
  /// pixels shows the top-left of a frame at this scale).
  public static let minimumDrawingScale = 0.1
  /// The steps a smaller window's scale goes down by, as a part of `scale`.
  public static let drawingScaleStep = 0.25

  /// Window pixels per point for a frame of `frame` points: `scale`, or less when the window
  /// is smaller than the frame at `scale`, so that the whole frame — the scene above all —
  /// fits in it, its aspect kept (down to `minimumDrawingScale`). The reduction goes in steps
  /// of `drawingScaleStep` of `scale`: every scale drawn at keeps its fonts' glyphs cached,
  /// so a resize storm must not draw at hundreds of them.
  public func drawingScale(frame: CanvasSize) -> Double {
    guard let window = windowPixelSize, window.width > 0, window.height > 0 else { return scale }
    let fit = min(Double(window.width) / (frame.width * scale), Double(window.height) / (frame.height * scale))
    guard fit < 1 else { return scale }
    let stepped = (fit / Self.drawingScaleStep).rounded(.down) * Self.drawingScaleStep
    return max(Self.minimumDrawingScale, scale * stepped)
  }

  /// The strip's rectangle in frame points: under a scene of `sceneSize` points, as wide as it.
  static func stripRect(sceneSize: CanvasSize) -> CanvasRect {
    CanvasRect(x: 0, y: sceneSize.height, width: sceneSize.width, height: TimelineStrip.height)
  }

  /// The part of the frame at `point` (frame points), for a scene of `sceneSize` points.
  public static func region(
    at point: CanvasPoint, sceneSize: CanvasSize, showsTimeline: Bool, showsInspector: Bool
  ) -> WindowRegion {
    guard point.x >= 0, point.y >= 0 else { return .outside }
    if point.x >= sceneSize.width {
      if point.x < sceneSize.width + SceneRenderer.panelWidth { return .transcript }
      return showsInspector && point.x < sceneSize.width + SceneRenderer.panelWidth + SceneRenderer.inspectorWidth
        ? .inspector : .outside
    }
    if point.y < sceneSize.height { return .scene }
    return showsTimeline && point.y < sceneSize.height + TimelineStrip.height ? .timeline : .outside
  }
}
