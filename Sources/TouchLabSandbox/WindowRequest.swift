/// What the window must do for the session (the session itself has no window).
public enum WindowRequest: Equatable, Sendable {
  case screenshot
  case quit
}
