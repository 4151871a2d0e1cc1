import Foundation

/// UIKit's stepper: a − and a + button side by side. A touch on a button steps `value` by
/// `stepValue` at once (touch down) and, with `autorepeat`, again after half a second and
/// then ten times a second while the finger stays on it, on the engine's clock. At the ends
/// of the range it stops, or with `wraps` jumps to the other end.
open class UIStepper: UIControl {
  public enum Button: Sendable { case decrement, increment }

  /// The value and its range, kept as UIKit keeps them (`BoundedValue`).
  private var range = BoundedValue<Double>(minimum: 0, maximum: 100, value: 0)
  public var minimumValue: Double {
    get { range.minimum }
    set { range.minimum = newValue }
  }
  public var maximumValue: Double {
    get { range.maximum }
    set { range.maximum = newValue }
  }
  public var value: Double {
    get { range.value }
    set { range.value = newValue }
  }
  /// Must be above 0 (UIKit raises for 0 or less; a layout reports it).
  public var stepValue: Double = 1
  public var wraps = false
  public var autorepeat = true
  /// True: `valueChanged` at each step; false: once, when the finger lifts.
  public var isContinuous = true
  /// The button under the tracked finger, for the renderer; nil when none is pressed.
  public private(set) var pressedButton: Button?

  private var valueAtTouchDown: Double = 0
  /// The autorepeat's next step: the clock's token and the record it was announced with.
  private var repeatTimer: (token: EngineClock.Token, record: TimerRecord)?
  private var lastEvent: UIEvent?

  open override class var preventsOverlappingGestures: Bool { true }

  /// Whether `button` can step now (a button at its end of the range is disabled unless `wraps`).
  public func canStep(_ button: Button) -> Bool {
    guard isEnabled else { return false }
    if wraps { return true }
    return button == .increment ? value < maximumValue : value > minimumValue
  }

  /// The half of the control a button takes, in its coordinates.
  public func rect(for button: Button) -> CGRect {
    let half = bounds.width / 2
    return CGRect(
      x: bounds.minX + (button == .increment ? half : 0), y: bounds.minY, width: half, height: bounds.height)
  }

  private func button(at point: CGPoint) -> Button { point.x < bounds.midX ? .decrement : .increment }

  /// One step; `valueChanged` when the value moved and the stepper is continuous.
  private func step(_ button: Button, event: UIEvent?) {
    var next = value + (button == .increment ? stepValue : -stepValue)
    if next > maximumValue { next = wraps ? minimumValue : maximumValue }
    if next < minimumValue { next = wraps ? maximumValue : minimumValue }
    guard next != value else { return }
    value = next
    if isContinuous { sendActions(for: .valueChanged, with: event) }
  }

  /// Schedules the autorepeat's next step, recorded as a timer (scheduled, then fired or
  /// cancelled) as a recognizer's are, so the overlay counts it down and the window's records
  /// say how late it fired.
  private func scheduleRepeat(after delay: TimeInterval) {
    guard autorepeat, let clock = application?.clock else { return }
    let token = clock.schedule(after: delay) { [self] in
      guard let button = self.pressedButton, let timer = self.repeatTimer else { return }
      self.repeatTimer = nil
      self.recordTimer(.fired, timer.record)
      self.step(button, event: self.lastEvent)
      // At the end of the range (without wraps) the button is disabled: the repeat stops.
      if self.canStep(button) { self.scheduleRepeat(after: UIKitConstants.stepperAutorepeatInterval) }
    }
    let record = TimerRecord(id: token.id, purpose: .autorepeat, owner: participant, deadline: clock.now + delay)
    repeatTimer = (token, record)
    recordTimer(.scheduled, record)
  }

  private func stopRepeating() {
    guard let timer = repeatTimer else { return }
    application?.clock.cancel(timer.token)
    repeatTimer = nil
    recordTimer(.cancelled, timer.record)
  }

  private func recordTimer(_ change: TimerChange, _ record: TimerRecord) {
    guard let recorder, recorder.isListening else { return }
    recorder.record(.timer(change, record))
  }

  open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
    valueAtTouchDown = value
    lastEvent = event
    let button = button(at: touch.location(in: self))
    guard canStep(button) else { return true }
    pressedButton = button
    step(button, event: event)
    scheduleRepeat(after: UIKitConstants.stepperAutorepeatDelay)
    return true
  }

  open override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
    lastEvent = event
    // Off its button, the finger stops the repeat; back on it, the repeat starts over.
    let onButton = pressedButton.map { rect(for: $0).containsPoint(touch.location(in: self)) }
    if onButton == false, repeatTimer != nil { stopRepeating() }
    if onButton == true, repeatTimer == nil, let button = pressedButton, canStep(button) {
      scheduleRepeat(after: UIKitConstants.stepperAutorepeatDelay)
    }
    return true
  }

  open override func endTracking(_ touch: UITouch?, with event: UIEvent?) { finish(event) }

  open override func cancelTracking(with event: UIEvent?) { finish(event) }

  private func finish(_ event: UIEvent?) {
    stopRepeating()
    pressedButton = nil
    lastEvent = nil
    if !isContinuous && value != valueAtTouchDown { sendActions(for: .valueChanged, with: event) }
  }
}
