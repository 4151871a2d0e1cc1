import CX11
import Foundation
import XCTest

/// The X server's own timestamps of every button press and release on a display, as the
/// window reads them: XI2 raw events (delivered to a client that selects them on the root
/// window, whatever window gets the press), from the devices themselves. A test that drives the pointer with xdotool
/// knows from these exactly when each press happened on the server's clock — the clock the
/// window maps its input times from (`ServerTimeMapping`) — not only that it happened between
/// the moments before and after xdotool ran.
final class ButtonTimeRecorder {
  private let display: OpaquePointer
  private let opcode: Int32
  /// The server times (milliseconds) of the presses and releases read so far, in order.
  private(set) var times: [UInt] = []

  init(displayName: String) throws {
    let connection = try XCTUnwrap(XOpenDisplay(displayName), "cannot open \(displayName)")
    var opcode: Int32 = 0
    var firstEvent: Int32 = 0
    var firstError: Int32 = 0
    var major: Int32 = 2
    var minor: Int32 = 2
    guard XQueryExtension(connection, "XInputExtension", &opcode, &firstEvent, &firstError) != 0,
      XIQueryVersion(connection, &major, &minor) == Success
    else {
      XCloseDisplay(connection)
      throw XCTSkip("the X server has no XInput 2.2")
    }
    let length = Int(touchlab_xi_mask_len(XI_LASTEVENT))
    var mask = [UInt8](repeating: 0, count: length)
    touchlab_xi_set_mask(&mask, XI_RawButtonPress)
    touchlab_xi_set_mask(&mask, XI_RawButtonRelease)
    mask.withUnsafeMutableBufferPointer { bytes in
      var selection = XIEventMask(deviceid: XIAllDevices, mask_len: Int32(length), mask: bytes.baseAddress)
      XISelectEvents(connection, XDefaultRootWindow(connection), &selection, 1)
    }
    XSync(connection, 0)
    display = connection
    self.opcode = opcode
  }

  deinit {
    XCloseDisplay(display)
  }

  /// Waits (a condition, with the usual generous limit as a backstop) until `count` presses
  /// and releases have been read; their server times, in order.
  func waitForTimes(count: Int) -> [UInt]? {
    let found = eventually {
      self.read()
      return self.times.count >= count
    }
    return found ? Array(times.prefix(count)) : nil
  }

  /// Reads the events the server has sent.
  private func read() {
    XSync(display, 0)
    while XPending(display) > 0 {
      var event = XEvent()
      XNextEvent(display, &event)
      guard event.type == GenericEvent, event.xcookie.extension == opcode,
        XGetEventData(display, &event.xcookie) != 0
      else { continue }
      defer { XFreeEventData(display, &event.xcookie) }
      guard let data = event.xcookie.data,
        event.xcookie.evtype == XI_RawButtonPress || event.xcookie.evtype == XI_RawButtonRelease
      else { continue }
      // Each press comes from its device (XTest's pointer) and again from the master
      // pointer it drives: the device's own, once.
      let raw = data.load(as: XIRawEvent.self)
      if raw.deviceid == raw.sourceid { times.append(raw.time) }
    }
  }
}
