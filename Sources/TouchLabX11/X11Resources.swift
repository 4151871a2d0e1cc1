import CX11
import Foundation

/// The X resource database the desktop publishes on the root window
/// (RESOURCE_MANAGER, set by `xrdb` and desktop settings daemons), read for
/// `Xft.dpi`: the user's chosen text scaling.
public enum X11Resources {
  /// The RESOURCE_MANAGER text of the display (nil: $DISPLAY), or nil when
  /// the server has none. Opens and closes a connection of its own, so it can
  /// be asked before the window is made at the right size.
  public static func resourceManagerText(displayName: String? = nil) throws -> String? {
    guard let display = DisplayConnection.open(displayName) else {
      throw X11Error.cannotOpenDisplay(
        name: displayName ?? ProcessInfo.processInfo.environment["DISPLAY"])
    }
    defer { XCloseDisplay(display) }
    return XResourceManagerString(display).map { String(cString: $0) }
  }

  /// The size in pixels of the monitor a new window opens on — RandR's primary monitor, or
  /// its first active one — or of the whole screen when the server has no RandR monitors.
  /// Opens and closes a connection of its own, like `resourceManagerText`.
  public static func monitorSize(displayName: String? = nil) throws -> (width: Int, height: Int)? {
    guard let display = DisplayConnection.open(displayName) else {
      throw X11Error.cannotOpenDisplay(
        name: displayName ?? ProcessInfo.processInfo.environment["DISPLAY"])
    }
    defer { XCloseDisplay(display) }
    let screen = touchlab_default_screen(display)
    var eventBase: Int32 = 0
    var errorBase: Int32 = 0
    if XRRQueryExtension(display, &eventBase, &errorBase) != 0 {
      var count: Int32 = 0
      if let monitors = XRRGetMonitors(display, touchlab_root_window(display, screen), 1, &count) {
        defer { XRRFreeMonitors(monitors) }
        let all = UnsafeBufferPointer(start: monitors, count: Int(max(0, count)))
        if let chosen = all.first(where: { $0.primary != 0 }) ?? all.first, chosen.width > 0, chosen.height > 0 {
          return (Int(chosen.width), Int(chosen.height))
        }
      }
    }
    let width = Int(touchlab_display_width(display, screen))
    let height = Int(touchlab_display_height(display, screen))
    return width > 0 && height > 0 ? (width, height) : nil
  }

  /// The value of the resource `name` (e.g. `Xft.dpi`) in RESOURCE_MANAGER
  /// text: lines of `name:<whitespace>value`. Only exact names count (a
  /// wildcard entry such as `*dpi` is not a statement about `Xft.dpi`);
  /// when a name is given twice, the last wins, as in `xrdb -merge`.
  public static func value(of name: String, in text: String) -> String? {
    var found: String?
    for line in text.split(whereSeparator: \.isNewline) {
      guard let colon = line.firstIndex(of: ":") else { continue }
      let key = line[..<colon].trimmingCharacters(in: .whitespaces)
      guard key == name else { continue }
      found = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    return found
  }
}
