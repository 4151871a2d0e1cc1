import CX11
import TouchLabX11
import XCTest

final class XIEventConversionTests: XCTestCase {
  /// An XIDeviceEvent as the server would send it, with the fields the
  /// converter reads filled in.
  func deviceEvent(
    _ type: Int32, detail: Int32 = 0, x: Double = 0, y: Double = 0, flags: Int32 = 0,
    modifiers: Int32 = 0, pressedButtons: [Int32] = []
  ) -> XIDeviceEvent {
    var event = XIDeviceEvent()
    event.type = GenericEvent
    event.evtype = type
    event.deviceid = 2
    event.sourceid = 11
    event.detail = detail
    event.event_x = x
    event.event_y = y
    event.root_x = x + 100
    event.root_y = y + 50
    event.flags = flags
    event.time = 4242
    event.mods.effective = modifiers
    if !pressedButtons.isEmpty {
      let length = Int(touchlab_xi_mask_len(8))
      let mask = UnsafeMutablePointer<UInt8>.allocate(capacity: length)
      mask.initialize(repeating: 0, count: length)
      for button in pressedButtons { touchlab_xi_set_mask(mask, button) }
      event.buttons = XIButtonState(mask_len: Int32(length), mask: mask)
      addTeardownBlock { mask.deallocate() }
    }
    return event
  }

  func testTouchPhasesKeepIdsAndDevices() {
    let begin = XIEventConverter.inputEvent(
      from: deviceEvent(XI_TouchBegin, detail: 7, x: 10.5, y: 20.25))
    XCTAssertEqual(
      begin,
      .touch(
        X11TouchInput(
          phase: .began, touchID: 7, location: InputPoint(x: 10.5, y: 20.25), deviceID: 2,
          sourceID: 11,
          time: 4242)))
    guard
      case .touch(let update)? = XIEventConverter.inputEvent(
        from: deviceEvent(XI_TouchUpdate, detail: 7, x: 11, y: 21))
    else { return XCTFail("no touch") }
    XCTAssertEqual(update.phase, .moved)
    XCTAssertEqual(update.touchID, 7)
    guard
      case .touch(let end)? = XIEventConverter.inputEvent(from: deviceEvent(XI_TouchEnd, detail: 7))
    else { return XCTFail("no touch") }
    XCTAssertEqual(end.phase, .ended)
  }

  func testLargeTouchIdsSurvive() {
    // Touch ids are 32-bit unsigned on the wire but `detail` is a C int.
    let event = deviceEvent(XI_TouchBegin, detail: Int32(bitPattern: 0xFFFF_FFF0))
    guard case .touch(let touch)? = XIEventConverter.inputEvent(from: event) else {
      return XCTFail("no touch")
    }
    XCTAssertEqual(touch.touchID, 0xFFFF_FFF0)
  }

  func testButtonPressAndReleaseReportTheButtonAndHeldButtons() {
    let press = XIEventConverter.inputEvent(
      from: deviceEvent(
        XI_ButtonPress, detail: 1, x: 30, y: 40, modifiers: Int32(ShiftMask | ControlMask)))
    XCTAssertEqual(
      press,
      .pointer(
        PointerInput(
          phase: .down, button: 1, pressedButtons: [1], location: InputPoint(x: 30, y: 40),
          modifiers: [.shift, .control], deviceID: 2, sourceID: 11, time: 4242)))

    // The server's button state is from before the event: 1 and 3 were held.
    let release = XIEventConverter.inputEvent(
      from: deviceEvent(XI_ButtonRelease, detail: 3, pressedButtons: [1, 3]))
    guard case .pointer(let up)? = release else { return XCTFail("no pointer event") }
    XCTAssertEqual(up.phase, .up)
    XCTAssertEqual(up.button, 3)
    XCTAssertEqual(up.pressedButtons, [1])
  }

  func testMotionCarriesHeldButtons() {
    guard
      case .pointer(let move)? = XIEventConverter.inputEvent(
        from: deviceEvent(XI_Motion, detail: 0, x: 5, y: 6, pressedButtons: [1]))
    else { return XCTFail("no pointer event") }
    XCTAssertEqual(move.phase, .moved)
    XCTAssertEqual(move.button, 0)
    XCTAssertEqual(move.pressedButtons, [1])
    XCTAssertEqual(move.location, InputPoint(x: 5, y: 6))
  }

  func testPointerEventsEmulatedFromTouchAreIgnored() {
    let emulated = Int32(XIPointerEmulated)
    XCTAssertNil(
      XIEventConverter.inputEvent(from: deviceEvent(XI_ButtonPress, detail: 1, flags: emulated)))
    XCTAssertNil(XIEventConverter.inputEvent(from: deviceEvent(XI_Motion, flags: emulated)))
    XCTAssertNil(
      XIEventConverter.inputEvent(from: deviceEvent(XI_ButtonRelease, detail: 1, flags: emulated)))
    // The touch itself still counts, even when it emulates the pointer.
    XCTAssertNotNil(
      XIEventConverter.inputEvent(
        from: deviceEvent(XI_TouchBegin, detail: 1, flags: Int32(XITouchEmulatingPointer))))
  }

  func testTheVerticalWheelStepsAndTheRestOfTheWheelIsIgnored() {
    XCTAssertEqual(
      XIEventConverter.inputEvent(from: deviceEvent(XI_ButtonPress, detail: 4)),
      .wheel(WheelInput(steps: -1, location: InputPoint(x: 0, y: 0))))
    // A smooth-scrolling device's notches are emulated presses: they count too.
    XCTAssertEqual(
      XIEventConverter.inputEvent(from: deviceEvent(XI_ButtonPress, detail: 5, flags: Int32(XIPointerEmulated))),
      .wheel(WheelInput(steps: 1, location: InputPoint(x: 0, y: 0))))
    for button: Int32 in 4...7 {
      XCTAssertNil(XIEventConverter.inputEvent(from: deviceEvent(XI_ButtonRelease, detail: button)))
    }
    for button: Int32 in 6...7 {
      XCTAssertNil(XIEventConverter.inputEvent(from: deviceEvent(XI_ButtonPress, detail: button)))
    }
    XCTAssertNil(XIEventConverter.inputEvent(from: deviceEvent(XI_KeyPress, detail: 38)))
    XCTAssertNil(XIEventConverter.inputEvent(from: deviceEvent(XI_Enter)))
  }

  func testModifiersDropButtonBits() {
    let state = UInt32(ShiftMask | Mod1Mask | Mod4Mask | Button1Mask)
    XCTAssertEqual(InputModifiers(xState: state), [.shift, .alternate, .command])
  }

  func testLiftsAreTouchEndsAndButtonReleases() {
    XCTAssertEqual(
      [XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd, XI_ButtonPress, XI_ButtonRelease, XI_Motion].map {
        XIEventConverter.isLift(deviceEvent($0, detail: 1))
      },
      [false, false, true, false, true, false])
  }

  func testThePointerLeavingWithNoButtonHeldIsPointerLeft() {
    func leave(mode: Int32 = XINotifyNormal, detail: Int32 = XINotifyAncestor, buttons: [Int32] = []) -> XILeaveEvent {
      let device = deviceEvent(XI_Leave, pressedButtons: buttons)
      var event = XILeaveEvent()
      event.type = GenericEvent
      event.evtype = XI_Leave
      event.mode = mode
      event.detail = detail
      event.buttons = device.buttons
      return event
    }
    XCTAssertEqual(XIEventConverter.inputEvent(fromLeave: leave()), .pointerLeft)
    XCTAssertEqual(XIEventConverter.inputEvent(fromLeave: leave(buttons: [4])), .pointerLeft, "a wheel notch held")
    XCTAssertNil(XIEventConverter.inputEvent(fromLeave: leave(buttons: [1])), "a drag leaving keeps its finger")
    XCTAssertNil(XIEventConverter.inputEvent(fromLeave: leave(mode: XINotifyGrab)), "a grab's crossing")
    XCTAssertNil(XIEventConverter.inputEvent(fromLeave: leave(detail: XINotifyInferior)), "into a child")
    var enter = leave()
    enter.evtype = XI_Enter
    XCTAssertNil(XIEventConverter.inputEvent(fromLeave: enter))
  }

  func testHierarchyChange() {
    var event = XIHierarchyEvent()
    event.evtype = XI_HierarchyChanged
    event.flags = Int32(XISlaveAdded | XIDeviceEnabled)
    XCTAssertEqual(XIEventConverter.inputEvent(from: event), .deviceHierarchyChanged)
    event.flags = 0
    XCTAssertNil(XIEventConverter.inputEvent(from: event))
  }

  func testKeyPressNamesTheKeysym() {
    let event = XIEventConverter.keyPress(
      keysym: UInt(XK_Escape), name: "Escape", text: nil, state: UInt32(ControlMask), time: 9)
    XCTAssertEqual(
      event,
      .keyPress(KeyInput(keysymName: "Escape", keysym: 0xFF1B, modifiers: [.control], time: 9)))
  }

  func testFocusGoingToAnotherWindowIsFocusLost() {
    XCTAssertEqual(XIEventConverter.focusOut(mode: NotifyNormal, detail: NotifyNonlinear), .focusLost)
    XCTAssertEqual(XIEventConverter.focusOut(mode: NotifyNormal, detail: NotifyAncestor), .focusLost)
    XCTAssertEqual(XIEventConverter.focusOut(mode: NotifyWhileGrabbed, detail: NotifyNonlinear), .focusLost)
    // Focus following the pointer (PointerRoot), focus moving into a child, and a grab
    // that borrows the keyboard for a moment are not the window losing the user.
    XCTAssertNil(XIEventConverter.focusOut(mode: NotifyNormal, detail: NotifyPointer))
    XCTAssertNil(XIEventConverter.focusOut(mode: NotifyNormal, detail: NotifyInferior))
    XCTAssertNil(XIEventConverter.focusOut(mode: NotifyGrab, detail: NotifyNonlinear))
    XCTAssertNil(XIEventConverter.focusOut(mode: NotifyUngrab, detail: NotifyNonlinear))
  }
}
