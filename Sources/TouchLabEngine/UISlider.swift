import Foundation

/// UIKit's slider: a thumb on a horizontal track. A touch must land on the thumb (its hit
/// area grown to UIKit's minimum hit target) for the slider to track it; dragging then moves
/// the value between `minimumValue` and `maximumValue`, sending `valueChanged` as it changes
/// (`isContinuous`) or once at the lift.
open class UISlider: UIControl {
  /// The value and its range, kept as UIKit keeps them (`BoundedValue`).
  private var range = BoundedValue<Float>(minimum: 0, maximum: 1, value: 0)
  public var minimumValue: Float {
    get { range.minimum }
    set { range.minimum = newValue }
  }
  public var maximumValue: Float {
    get { range.maximum }
    set { range.maximum = newValue }
  }
  /// The value, always within `minimumValue...maximumValue` (setting clamps, as UIKit does).
  public var value: Float {
    get { range.value }
    set { range.value = newValue }
  }
  /// True (UIKit's default): `valueChanged` at each change while dragging; false: once, at the lift.
  public var isContinuous = true

  private var valueAtTouchDown: Float = 0
  /// Whether the tracked finger has moved the thumb: the touch is a swipe on the thumb.
  public private(set) var hasMovedThumb = false
  /// Where the finger held the thumb, from the thumb's centre, so the thumb does not jump.
  private var grabOffset: CGFloat = 0

  open override class var preventsOverlappingGestures: Bool { true }
  open override class var defaultActionIncludesSingleTap: Bool { false }

  public func setValue(_ value: Float, animated: Bool) { self.value = value }

  /// Where the value sits between the minimum (0) and the maximum (1).
  public var fraction: CGFloat {
    maximumValue > minimumValue ? CGFloat((value - minimumValue) / (maximumValue - minimumValue)) : 0
  }

  // MARK: Geometry

  /// The track: the full width, `sliderTrackHeight` high, centred vertically.
  open func trackRect(forBounds bounds: CGRect) -> CGRect {
    let height = UIKitConstants.sliderTrackHeight
    return CGRect(x: bounds.minX, y: bounds.midY - height / 2, width: bounds.width, height: height)
  }

  /// The thumb for `value`: its centre travels the track, inset by half a thumb at each end.
  open func thumbRect(forBounds bounds: CGRect, trackRect rect: CGRect, value: Float) -> CGRect {
    let d = UIKitConstants.sliderThumbDiameter
    let span = maximumValue - minimumValue
    let f = span > 0 ? CGFloat((min(max(value, minimumValue), maximumValue) - minimumValue) / span) : 0
    let x = rect.minX + max(0, rect.width - d) * f
    return CGRect(x: x, y: rect.midY - d / 2, width: d, height: d)
  }

  /// The thumb where it is now.
  public var currentThumbRect: CGRect {
    thumbRect(forBounds: bounds, trackRect: trackRect(forBounds: bounds), value: value)
  }

  /// The area a touch must land in to take the thumb: the thumb, grown to the minimum hit target.
  public var thumbHitRect: CGRect {
    let thumb = currentThumbRect
    let size = UIKitConstants.minimumHitTargetSize
    return thumb.insetBy(dx: -max(0, (size - thumb.width) / 2), dy: -max(0, (size - thumb.height) / 2))
  }

  /// The value whose thumb centre is at `x` (in the slider's coordinates).
  func value(forThumbCenterX x: CGFloat) -> Float {
    let track = trackRect(forBounds: bounds)
    let d = UIKitConstants.sliderThumbDiameter
    let travel = max(0, track.width - d)
    guard travel > 0 else { return minimumValue }
    let f = min(1, max(0, (x - track.minX - d / 2) / travel))
    return minimumValue + Float(f) * (maximumValue - minimumValue)
  }

  // MARK: Tracking

  open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
    let p = touch.location(in: self)
    guard thumbHitRect.containsPoint(p) else { return false }
    valueAtTouchDown = value
    hasMovedThumb = false
    grabOffset = p.x - currentThumbRect.midX
    return true
  }

  open override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
    let newValue = value(forThumbCenterX: touch.location(in: self).x - grabOffset)
    guard newValue != value else { return true }
    value = newValue
    hasMovedThumb = true
    if isContinuous { sendActions(for: .valueChanged, with: event) }
    return true
  }

  open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
    if !isContinuous && value != valueAtTouchDown { sendActions(for: .valueChanged, with: event) }
  }

  /// Apple's list: a single-finger swipe (or pan) on the thumb, parallel to the slider. A
  /// tap is not on the list — unless the finger has already swiped the thumb along, when
  /// the touch is that swipe and an ancestor's single tap must not end it at the lift.
  override func overlapsDefaultAction(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
    guard isTracking else { return false }
    if let tap = gestureRecognizer as? UITapGestureRecognizer {
      return hasMovedThumb && tap.numberOfTouchesRequired == 1
    }
    if let swipe = gestureRecognizer as? UISwipeGestureRecognizer {
      return swipe.numberOfTouchesRequired == 1 && !swipe.direction.isDisjoint(with: [.left, .right])
    }
    if let pan = gestureRecognizer as? UIPanGestureRecognizer, pan.minimumNumberOfTouches == 1 {
      let t = pan.translation(in: self)
      return abs(t.x) >= abs(t.y)
    }
    return false
  }
}
