import Foundation
import TouchLabEngine
import TouchLabX11

/// What the window's input becomes for the engine.
public enum EngineInput: Equatable {
  /// One event: these fingers changed together (`UIApplication.sendTouches`).
  case touches([TouchInput])
  /// Every touch on the screen is cancelled (`UIApplication.cancelAllTouches`): the window
  /// lost the focus, a device went away, or a finger's end never arrived.
  case cancelAllTouches
}

/// Turns the window's pointer and XInput2 touch events into the engine's fingers.
///
/// - A direct-touch screen is real multi-touch: each XI2 touch (its id, per source device)
///   becomes a finger for as long as it is down.
/// - The mouse is one finger while button 1 is held. With Alt (or Ctrl) held too, a second
///   finger is mirrored about the scene's centre, as the iOS Simulator does with Option:
///   drag towards or away from the centre to pinch, around it to rotate. Pressing or
///   releasing the modifier mid-drag puts the mirrored finger down or lifts it.
/// - Fingers are numbered from 1, the smallest number free, so the engine's finger numbers
///   stay small whatever XI2's touch ids are (they grow and wrap around).
/// - Window pixel (px, py) is scene point (px / scale, py / scale). A touch that lands
///   outside the scene (on the panel) is not begun, and neither is its later movement.
///
/// Pointer events the X server emulates from a touch never get here (XIEventConverter
/// drops them); the mapper needs no X connection and is tested with made-up events.
public struct TouchInputMapper {
  /// The most fingers down at once; further touches are ignored until some lift. iPads
  /// track up to 11 touches, iPhones 5; 10 leaves every hand's fingers room.
  public static let maximumFingerCount = 10
  /// The modifiers that add the mirrored finger to the mouse, either one: Alt (X11's Mod1),
  /// the iOS Simulator's Option; and Ctrl, for desktops whose window manager takes
  /// Alt+drag to move windows.
  public static let mirrorModifiers: InputModifiers = [.alternate, .control]

  /// Window pixels per scene point.
  public var scale: Double
  /// The scene's size in points: touches landing outside it are not begun.
  public var sceneSize: CGSize

  private enum Contact: Hashable {
    case mouse
    case mirror
    case touch(source: Int32, id: UInt32)
  }
  private var fingers: [Contact: Int] = [:]

  public init(scale: Double, sceneSize: CGSize) {
    self.scale = scale
    self.sceneSize = sceneSize
  }

  /// The engine finger numbers in use now, smallest first.
  public var fingersDown: [Int] { fingers.values.sorted() }

  /// The engine finger of the mouse while button 1 is down, and of its mirror while Alt or Ctrl is held.
  public var mouseFinger: Int? { fingers[.mouse] }
  public var mirrorFinger: Int? { fingers[.mirror] }

  /// Window pixel → scene point.
  public func scenePoint(_ point: InputPoint) -> CGPoint {
    CGPoint(x: point.x / scale, y: point.y / scale)
  }

  /// The mouse's mirrored finger: `point` reflected through the scene's centre.
  public func mirrored(_ point: CGPoint) -> CGPoint {
    CGPoint(x: sceneSize.width - point.x, y: sceneSize.height - point.y)
  }

  /// Whether a scene point is inside the scene (where touches may begin).
  public func isInScene(_ point: CGPoint) -> Bool {
    point.x >= 0 && point.y >= 0 && point.x < sceneSize.width && point.y < sceneSize.height
  }

  /// Forgets every finger without telling the engine (a new scene replaced the old one).
  /// Contacts still down stay unknown: their later moves and ends are dropped.
  public mutating func forgetAllFingers() {
    fingers.removeAll()
  }

  /// Maps one batch of window events, in order. Touch events of the same X server time
  /// (one frame of the touch screen) that follow each other become one engine event, so
  /// two fingers landing together give one `touchesBegan` with both, as on a device.
  public mutating func map(_ events: [InputEvent]) -> [EngineInput] {
    mapWithSources(events).map(\.input)
  }

  /// `map(_:)`, each engine input with the index in `events` of the window event it comes
  /// from (the first of a gathered touch frame): its X server time is when it happened.
  public mutating func mapWithSources(_ events: [InputEvent]) -> [(input: EngineInput, event: Int)] {
    var result: [(input: EngineInput, event: Int)] = []
    // The touch event being gathered: its inputs, the X time of its frame, its first event.
    var pending: [TouchInput] = []
    var pendingTime: UInt = 0
    var pendingEvent = 0
    func flush() {
      if !pending.isEmpty { result.append((.touches(pending), pendingEvent)) }
      pending = []
    }

    for (index, event) in events.enumerated() {
      switch event {
      case .touch(let touch):
        let (cancelsFirst, inputs) = map(touch)
        if cancelsFirst {
          flush()
          result.append((.cancelAllTouches, index))
        }
        guard let input = inputs.first else { continue }
        if !pending.isEmpty, pendingTime == touch.time, !pending.contains(where: { $0.finger == input.finger }) {
          pending += inputs
        } else {
          flush()
          pending = inputs
          pendingTime = touch.time
          pendingEvent = index
        }
      case .pointer(let pointer):
        flush()
        result += map(pointer).map { ($0, index) }
      case .focusLost, .deviceHierarchyChanged, .close:
        flush()
        if !fingers.isEmpty {
          fingers.removeAll()
          result.append((.cancelAllTouches, index))
        }
      case .keyPress, .resize, .expose, .wheel, .pointerLeft, .frameRead:
        continue
      }
    }
    flush()
    return result
  }

  // MARK: Touch screens

  /// A touch screen's event: whether every touch must be cancelled first, and the finger's change.
  private mutating func map(_ touch: X11TouchInput) -> (cancelsFirst: Bool, [TouchInput]) {
    let contact = Contact.touch(source: touch.sourceID, id: touch.touchID)
    let location = scenePoint(touch.location)
    switch touch.phase {
    case .began:
      // The id is back while its earlier contact is still down here: that contact's end
      // never arrived (lost, or the ids wrapped around). Start afresh.
      let cancelsFirst = fingers[contact] != nil
      if cancelsFirst { fingers.removeAll() }
      guard isInScene(location), let finger = freeFinger() else { return (cancelsFirst, []) }
      fingers[contact] = finger
      return (cancelsFirst, [TouchInput(finger: finger, phase: .began, location: location)])
    case .moved:
      guard let finger = fingers[contact] else { return (false, []) }
      return (false, [TouchInput(finger: finger, phase: .moved, location: location)])
    case .ended:
      guard let finger = fingers.removeValue(forKey: contact) else { return (false, []) }
      return (false, [TouchInput(finger: finger, phase: .ended, location: location)])
    }
  }

  // MARK: The mouse

  private mutating func map(_ pointer: PointerInput) -> [EngineInput] {
    let location = scenePoint(pointer.location)
    let wantsMirror = !pointer.modifiers.isDisjoint(with: Self.mirrorModifiers)
    switch pointer.phase {
    case .down:
      guard pointer.button == 1 else { return [] }
      var result: [EngineInput] = []
      if fingers[.mouse] != nil {
        // A second press with no release between: the release went missing.
        fingers.removeAll()
        result.append(.cancelAllTouches)
      }
      guard isInScene(location), let finger = freeFinger() else { return result }
      fingers[.mouse] = finger
      var inputs = [TouchInput(finger: finger, phase: .began, location: location)]
      if wantsMirror, let mirror = freeFinger() {
        fingers[.mirror] = mirror
        inputs.append(TouchInput(finger: mirror, phase: .began, location: mirrored(location)))
      }
      return result + [.touches(inputs)]

    case .moved:
      guard let finger = fingers[.mouse] else { return [] }
      guard pointer.pressedButtons.contains(1) else {
        // Button 1 is up but its release never came (another client grabbed the pointer).
        fingers.removeAll()
        return [.cancelAllTouches]
      }
      var inputs = [TouchInput(finger: finger, phase: .moved, location: location)]
      inputs += mirrorChange(wanted: wantsMirror, at: mirrored(location))
      return [.touches(inputs)]

    case .up:
      guard pointer.button == 1, let finger = fingers.removeValue(forKey: .mouse) else { return [] }
      var inputs = [TouchInput(finger: finger, phase: .ended, location: location)]
      if let mirror = fingers.removeValue(forKey: .mirror) {
        inputs.append(TouchInput(finger: mirror, phase: .ended, location: mirrored(location)))
      }
      return [.touches(inputs)]
    }
  }

  /// The mirrored finger follows the mouse; the modifier pressed mid-drag puts it down, released lifts it.
  private mutating func mirrorChange(wanted: Bool, at location: CGPoint) -> [TouchInput] {
    switch (fingers[.mirror], wanted) {
    case (let mirror?, true):
      return [TouchInput(finger: mirror, phase: .moved, location: location)]
    case (let mirror?, false):
      fingers[.mirror] = nil
      return [TouchInput(finger: mirror, phase: .ended, location: location)]
    case (nil, true):
      guard let mirror = freeFinger() else { return [] }
      fingers[.mirror] = mirror
      return [TouchInput(finger: mirror, phase: .began, location: location)]
    case (nil, false):
      return []
    }
  }

  private func freeFinger() -> Int? {
    let used = Set(fingers.values)
    return (1...Self.maximumFingerCount).first { !used.contains($0) }
  }
}
