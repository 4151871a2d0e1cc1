import Foundation

/// UIKit's switch: a tap toggles it, dragging the knob sets it; `valueChanged` when it changes.
open class UISwitch: UIControl {
  public var isOn = false
  /// The knob's position, 0 (off) … 1 (on), for the renderer while a finger drags it.
  public private(set) var knobPosition: CGFloat = 0
  private var valueAtTouchDown = false
  private var isDraggingKnob = false
  private var touchDownX: CGFloat = 0

  /// UISwitch's fixed size.
  public static let standardSize = UIKitConstants.switchSize

  open override class var preventsOverlappingGestures: Bool { true }

  public func setOn(_ on: Bool, animated: Bool) {
    isOn = on
    knobPosition = on ? 1 : 0
  }

  override func overlapsDefaultAction(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
    // A single-finger pan on the knob, parallel to the switch (Apple's documentation).
    (gestureRecognizer as? UIPanGestureRecognizer).map { $0.minimumNumberOfTouches == 1 } ?? false
  }

  open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
    valueAtTouchDown = isOn
    isDraggingKnob = false
    touchDownX = touch.location(in: self).x
    knobPosition = isOn ? 1 : 0
    return true
  }

  open override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
    let x = touch.location(in: self).x
    // Horizontal movement beyond a few points turns the touch into a knob drag.
    if abs(x - touchDownX) > UIKitConstants.switchDragThreshold { isDraggingKnob = true }
    if isDraggingKnob {
      knobPosition = min(1, max(0, x / max(1, bounds.width)))
    }
    return true
  }

  open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
    guard isDraggingKnob, let touch else { return }
    setOn(touch.location(in: self).x >= bounds.midX, animated: true)
    isDraggingKnob = false
    if isOn != valueAtTouchDown { sendActions(for: [.valueChanged, .primaryActionTriggered], with: event) }
  }

  open override func cancelTracking(with event: UIEvent?) {
    isDraggingKnob = false
    knobPosition = isOn ? 1 : 0
  }

  override func didTouchUpInside(_ touch: UITouch, with event: UIEvent?) {
    // A tap toggles; a drag already set the value in endTracking.
    guard isOn == valueAtTouchDown, !wasDragged(touch) else { return }
    setOn(!isOn, animated: true)
    sendActions(for: [.valueChanged, .primaryActionTriggered], with: event)
  }

  private func wasDragged(_ touch: UITouch) -> Bool {
    abs(touch.location(in: self).x - touchDownX) > UIKitConstants.switchDragThreshold
  }
}
