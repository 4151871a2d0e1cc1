/// A position in window pixels, from the window's top-left corner. Divide by
/// the scene scale factor to get scene points.
public struct InputPoint: Equatable, Hashable, Sendable {
  public var x: Double
  public var y: Double

  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }
}

/// Modifier keys held during an event. The raw values are X11's state bits,
/// so an X event's state converts with `InputModifiers(xState:)`.
public struct InputModifiers: OptionSet, Hashable, Sendable {
  public let rawValue: UInt32

  public init(rawValue: UInt32) {
    self.rawValue = rawValue
  }

  public static let shift = InputModifiers(rawValue: 1 << 0)
  public static let capsLock = InputModifiers(rawValue: 1 << 1)
  public static let control = InputModifiers(rawValue: 1 << 2)
  /// Mod1, the Alt key on usual keymaps.
  public static let alternate = InputModifiers(rawValue: 1 << 3)
  /// Mod4, the Super ("Windows") key on usual keymaps.
  public static let command = InputModifiers(rawValue: 1 << 6)

  /// The modifiers in an X state word; button and other bits are dropped.
  public init(xState: UInt32) {
    let known: InputModifiers = [.shift, .capsLock, .control, .alternate, .command]
    self.init(rawValue: xState & known.rawValue)
  }
}

/// A mouse (or other pointer) event.
public struct PointerInput: Equatable, Sendable {
  public enum Phase: Equatable, Sendable {
    case down, moved, up
  }

  public var phase: Phase
  /// The button that went down or up (1 left, 2 middle, 3 right); 0 for moves.
  public var button: Int
  /// Buttons held after the event, in increasing order (for drags).
  public var pressedButtons: [Int]
  public var location: InputPoint
  public var modifiers: InputModifiers
  /// The XI2 master device.
  public var deviceID: Int32
  /// The XI2 physical (slave) device that produced the event.
  public var sourceID: Int32
  /// The X server's timestamp, in milliseconds.
  public var time: UInt

  public init(
    phase: Phase, button: Int, pressedButtons: [Int] = [], location: InputPoint,
    modifiers: InputModifiers = [], deviceID: Int32 = 0, sourceID: Int32 = 0, time: UInt = 0
  ) {
    self.phase = phase
    self.button = button
    self.pressedButtons = pressedButtons
    self.location = location
    self.modifiers = modifiers
    self.deviceID = deviceID
    self.sourceID = sourceID
    self.time = time
  }
}

/// One finger of a touch screen.
public struct X11TouchInput: Equatable, Sendable {
  public enum Phase: Equatable, Sendable {
    case began, moved, ended
  }

  public var phase: Phase
  /// XI2's touch id: the same for every event of one finger's contact, and
  /// different for fingers down at the same time.
  public var touchID: UInt32
  public var location: InputPoint
  public var modifiers: InputModifiers
  /// The XI2 master device.
  public var deviceID: Int32
  /// The touch screen itself (an XI2 slave device).
  public var sourceID: Int32
  public var time: UInt

  public init(
    phase: Phase, touchID: UInt32, location: InputPoint, modifiers: InputModifiers = [],
    deviceID: Int32 = 0, sourceID: Int32 = 0, time: UInt = 0
  ) {
    self.phase = phase
    self.touchID = touchID
    self.location = location
    self.modifiers = modifiers
    self.deviceID = deviceID
    self.sourceID = sourceID
    self.time = time
  }
}

/// A turn of the mouse wheel (X buttons 4 and 5): one notch a step.
public struct WheelInput: Equatable, Sendable {
  /// Notches turned: negative up (towards earlier lines), positive down.
  public var steps: Int
  public var location: InputPoint
  public var modifiers: InputModifiers

  public init(steps: Int, location: InputPoint, modifiers: InputModifiers = []) {
    self.steps = steps
    self.location = location
    self.modifiers = modifiers
  }
}

/// A key going down.
public struct KeyInput: Equatable, Sendable {
  /// The X keysym's name: "Escape", "space", "a", "A", "F5", "Left".
  public var keysymName: String
  public var keysym: UInt
  /// The text the key types, if any ("a", "A", " "); nil for keys like Escape.
  public var text: String?
  public var modifiers: InputModifiers
  public var time: UInt

  public init(
    keysymName: String, keysym: UInt, text: String? = nil, modifiers: InputModifiers = [],
    time: UInt = 0
  ) {
    self.keysymName = keysymName
    self.keysym = keysym
    self.text = text
    self.modifiers = modifiers
    self.time = time
  }
}

/// What the window reports, in plain Swift, so nothing above this layer
/// needs Xlib.
public enum InputEvent: Equatable, Sendable {
  case pointer(PointerInput)
  case touch(X11TouchInput)
  case keyPress(KeyInput)
  /// The mouse wheel turned (vertical only; the horizontal buttons 6 and 7 are ignored).
  case wheel(WheelInput)
  /// The window's size changed to this many pixels.
  case resize(width: Int, height: Int)
  /// Part of the window was uncovered and must be presented again.
  case expose
  /// The user asked to close the window (WM_DELETE_WINDOW).
  case close
  /// The window lost the keyboard focus to another window (not a pointer
  /// crossing or a passing grab): touches in progress should be cancelled.
  case focusLost
  /// An input device was added, removed, enabled or disabled (for example a
  /// touch screen plugged in), so device lists should be read again.
  case deviceHierarchyChanged
  /// The pointer left the window with no button held (XI_Leave): nothing of the window is
  /// under it any more (a card shown whole while hovered collapses again).
  case pointerLeft
  /// The X server has read the frame the window last sent through shared memory (its
  /// `ShmCompletion`): a frame held back for it may be drawn now (`X11Window.isSendingFrame`).
  case frameRead

  /// The X server's timestamp of the event (milliseconds on the server's clock), or 0 — X's
  /// CurrentTime — for events that carry none (the wheel, a resize, an expose, a close).
  public var serverTime: UInt {
    switch self {
    case .pointer(let pointer): pointer.time
    case .touch(let touch): touch.time
    case .keyPress(let key): key.time
    case .wheel, .resize, .expose, .close, .focusLost, .deviceHierarchyChanged, .pointerLeft, .frameRead: 0
    }
  }
}
