import Foundation
import TouchLabCanvas
import TouchLabEngine
import TouchLabRender
import TouchLabX11

/// Where the parts of the frame are, for the pointer: the scene's size, the frame's, the
/// scale it is drawn at and which parts are shown. A value made from the window's geometry
/// and what the frame shows (`SandboxSession.frameLayout`); the session routes a pointer
/// event by asking it, and keeps nothing of a frame drawn before.
struct FrameLayout: Equatable {
  /// The scene's size in points.
  var sceneSize: CanvasSize
  /// The frame's size in points: the scene, the panel, and the strip and inspector when shown.
  var frameSize: CanvasSize
  /// Window pixels per point as the frame is drawn.
  var scale: Double
  var showsTimeline: Bool
  var showsInspector: Bool

  init(window: UIWindow, frameSize: CanvasSize, scale: Double, showsTimeline: Bool, showsInspector: Bool) {
    sceneSize = CanvasSize(width: Double(window.bounds.width), height: Double(window.bounds.height))
    self.frameSize = frameSize
    self.scale = scale
    self.showsTimeline = showsTimeline
    self.showsInspector = showsInspector
  }

  /// The frame point under a window pixel.
  func point(_ location: InputPoint) -> CanvasPoint {
    CanvasPoint(x: location.x / scale, y: location.y / scale)
  }

  /// The part of the window under a window pixel.
  func region(at location: InputPoint) -> WindowRegion {
    WindowGeometry.region(
      at: point(location), sceneSize: sceneSize, showsTimeline: showsTimeline, showsInspector: showsInspector)
  }

  /// The strip's rectangle in frame points (under the scene, as wide as it).
  var stripRect: CanvasRect { WindowGeometry.stripRect(sceneSize: sceneSize) }

  /// The inspector's rectangle in frame points (right of the panel, when it is shown).
  var inspectorRect: CanvasRect { SceneRenderer.inspectorRect(frame: frameSize, sceneSize: sceneSize) }
}
