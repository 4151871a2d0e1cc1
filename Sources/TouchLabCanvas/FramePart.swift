/// The parts of a frame, each drawn on its own (a damage drawing skips those it does not need).
public enum FramePart: Hashable, Sendable {
  /// The scene's views (the window's tree and the application's other windows over it).
  case scene
  /// Over the views: the touch overlay and the inspector's hit-test path.
  case overlay
  case inspector
  case panel
  case timeline
  case message
}
