import Foundation
import TouchLabEngine

/// What one frame of the sandbox shows: the scene, the overlay (when on), the transcript
/// panel, and a message (a layout error kept on screen after a failed reload).
public struct FrameContent {
  public var window: UIWindow
  /// The touch overlay, or nil when it is switched off.
  public var overlay: TouchOverlay?
  /// Transcript lines with their `[time] ` prefixes, oldest first (the panel shows the newest).
  public var transcript: [String]
  /// A title for the panel's header (the layout's `title:` or file name).
  public var title: String?
  /// An error to show over the scene (the previous scene stays drawn).
  public var message: String?
  /// Keyboard help shown at the foot of the panel.
  public var keyHelp: [String]
  /// The engine's clock now, for countdowns.
  public var now: TimeInterval

  public init(
    window: UIWindow, overlay: TouchOverlay? = nil, transcript: [String] = [], title: String? = nil,
    message: String? = nil, keyHelp: [String] = [], now: TimeInterval = 0
  ) {
    self.window = window
    self.overlay = overlay
    self.transcript = transcript
    self.title = title
    self.message = message
    self.keyHelp = keyHelp
    self.now = now
  }
}

/// Draws a scene, its overlay and the transcript panel onto a canvas. Scene point (x, y) is
/// canvas point (x, y) (the canvas's scale makes it pixel (x·N, y·N)); the panel sits to
/// the right of the scene.
public final class SceneRenderer {
  public let theme: Theme
  /// The transcript panel's width, in points.
  public static let panelWidth: Double = 380

  public init(theme: Theme) { self.theme = theme }

  /// The frame's size in points: the window's, plus the panel when shown.
  public func frameSize(for window: UIWindow, showsPanel: Bool) -> CanvasSize {
    CanvasSize(
      width: Double(window.bounds.width) + (showsPanel ? Self.panelWidth : 0), height: Double(window.bounds.height))
  }

  /// Draws the whole frame.
  public func draw(_ content: FrameContent, on canvas: Canvas) {
    canvas.clear(to: theme.colors.background)
  }
}

/// Follows the engine's delivery records for the overlay: each touch's position and trail,
/// its hit-tested view, its receivers in delivery order with their outcomes, and the
/// scroll view's 0.15 s while it holds a touch.
public final class TouchOverlay {
  public let application: UIApplication

  /// Subscribes to the application's delivery recorder.
  public init(application: UIApplication) {
    self.application = application
  }

  /// Forgets finished touches and their receivers (the "clear the log" key).
  public func clear() {}

  /// When the overlay next needs a frame although nothing happens (a countdown ticking,
  /// a fading trail), in engine time; nil when it is still.
  public func nextAnimationTime(after now: TimeInterval) -> TimeInterval? { nil }
}
