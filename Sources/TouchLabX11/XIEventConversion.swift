import CX11

/// Turns XInput2 event structures into `InputEvent`s. Pure functions of the
/// structure's fields, so tests can build the structures by hand.
public enum XIEventConverter {
  /// Converts an XI_TouchBegin/Update/End, XI_ButtonPress/Release or
  /// XI_Motion event. The vertical wheel's presses (buttons 4 and 5) are `.wheel` steps,
  /// emulated or not (a smooth-scrolling device's notches come as emulated presses).
  /// Returns nil for other types, for the wheel's releases and its horizontal buttons (6
  /// and 7), and for other pointer events the server made up from a touch
  /// (XIPointerEmulated), which would otherwise repeat every touch as a click.
  public static func inputEvent(from event: XIDeviceEvent) -> InputEvent? {
    let location = InputPoint(x: event.event_x, y: event.event_y)
    let modifiers = InputModifiers(xState: UInt32(bitPattern: event.mods.effective))
    let time = UInt(event.time)
    let flags = event.flags

    switch event.evtype {
    case XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd:
      let phase: X11TouchInput.Phase
      switch event.evtype {
      case XI_TouchBegin: phase = .began
      case XI_TouchUpdate: phase = .moved
      default: phase = .ended
      }
      return .touch(
        X11TouchInput(
          phase: phase, touchID: UInt32(truncatingIfNeeded: event.detail), location: location,
          modifiers: modifiers, deviceID: event.deviceid, sourceID: event.sourceid, time: time))

    case XI_ButtonPress where event.detail == 4 || event.detail == 5:
      return .wheel(WheelInput(steps: event.detail == 4 ? -1 : 1, location: location, modifiers: modifiers))

    case XI_ButtonPress, XI_ButtonRelease, XI_Motion:
      if flags & Int32(XIPointerEmulated) != 0 { return nil }
      let isMotion = event.evtype == XI_Motion
      let button = isMotion ? 0 : Int(event.detail)
      if (4...7).contains(button) { return nil }
      var pressed = pressedButtons(event.buttons)
      // XI2 reports the button state from before the event, so a press is
      // not yet in it and a release still is.
      switch event.evtype {
      case XI_ButtonPress:
        if !pressed.contains(button) { pressed.append(button) }
      case XI_ButtonRelease:
        pressed.removeAll { $0 == button }
      default:
        break
      }
      let phase: PointerInput.Phase =
        isMotion ? .moved : (event.evtype == XI_ButtonPress ? .down : .up)
      return .pointer(
        PointerInput(
          phase: phase, button: button,
          pressedButtons: pressed.filter { !(4...7).contains($0) }.sorted(),
          location: location, modifiers: modifiers, deviceID: event.deviceid,
          sourceID: event.sourceid, time: time))

    default:
      return nil
    }
  }

  /// Whether the event is a lift: a touch's end or a button's release (not the wheel's).
  public static func isLift(_ event: XIDeviceEvent) -> Bool {
    event.evtype == XI_TouchEnd || (event.evtype == XI_ButtonRelease && !(4...7).contains(event.detail))
  }

  /// Converts an XI_Leave: `.pointerLeft` when the pointer itself left the window (not for
  /// a grab's crossing, nor into a child) with no button held; a drag that leaves the window
  /// keeps its finger, and its motions still come.
  public static func inputEvent(fromLeave event: XILeaveEvent) -> InputEvent? {
    guard event.evtype == XI_Leave, event.mode == XINotifyNormal, event.detail != XINotifyInferior else { return nil }
    guard pressedButtons(event.buttons).allSatisfy({ (4...7).contains($0) }) else { return nil }
    return .pointerLeft
  }

  /// Converts an XI_HierarchyChanged event; nil when it changed nothing.
  public static func inputEvent(from event: XIHierarchyEvent) -> InputEvent? {
    event.flags == 0 ? nil : .deviceHierarchyChanged
  }

  /// Converts a core KeyPress already looked up to a keysym (Xlib's
  /// XLookupString needs the display, so the window does that part).
  public static func keyPress(keysym: UInt, name: String?, text: String?, state: UInt32, time: UInt)
    -> InputEvent
  {
    .keyPress(
      KeyInput(
        keysymName: name ?? String(keysym, radix: 16), keysym: keysym, text: text,
        modifiers: InputModifiers(xState: state), time: time))
  }

  /// Converts a core FocusOut: `.focusLost` when the focus really went to
  /// another window. Crossings of the pointer (focus follows the pointer
  /// under `PointerRoot`), moves inside our own window, and a grab that
  /// only borrows the keyboard for a moment (a window manager's Alt+Tab)
  /// report nothing.
  public static func focusOut(mode: Int32, detail: Int32) -> InputEvent? {
    guard mode == NotifyNormal || mode == NotifyWhileGrabbed else { return nil }
    guard detail != NotifyInferior, detail != NotifyPointer else { return nil }
    return .focusLost
  }

  /// The button numbers whose bits are set in an XI2 button mask.
  static func pressedButtons(_ state: XIButtonState) -> [Int] {
    guard let mask = state.mask, state.mask_len > 0 else { return [] }
    var buttons: [Int] = []
    for button in 1..<(Int(state.mask_len) * 8)
    where touchlab_xi_mask_is_set(mask, Int32(button)) != 0 {
      buttons.append(button)
    }
    return buttons
  }
}
