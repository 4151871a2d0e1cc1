import Foundation

/// A view whose bounds origin (`contentOffset`) moves under the finger (docs/BEHAVIOUR.md §7).
///
/// It owns two gesture recognizers, in this order: the delayed-touches-began recognizer,
/// which holds a new touch's `touchesBegan` back from the content for 0.15 s while
/// `delaysContentTouches` is true, and the pan recognizer that scrolls. Scrolling,
/// deceleration and the bounce run on the engine's clock, so a replayed flick is the same
/// every time. Like `UIControl`, a scroll view does not pass touches up the responder
/// chain ([A3] §3.2).
open class UIScrollView: UIView {
  /// UIKit's deceleration rates: the velocity kept per millisecond.
  public struct DecelerationRate: RawRepresentable, Equatable, Sendable {
    public var rawValue: CGFloat
    public init(rawValue: CGFloat) { self.rawValue = rawValue }
    public static let normal = DecelerationRate(rawValue: UIKitConstants.decelerationRateNormal)
    public static let fast = DecelerationRate(rawValue: UIKitConstants.decelerationRateFast)
  }

  public var contentSize: CGSize = .zero {
    didSet { if contentSize != oldValue { contentGeometryDidChange() } }
  }
  public var contentInset: UIEdgeInsets = .zero {
    didSet { if contentInset != oldValue { contentGeometryDidChange() } }
  }
  /// The bounds origin: the point of the content at the scroll view's top-left corner.
  public var contentOffset: CGPoint {
    get { bounds.origin }
    set {
      let old = bounds.origin
      bounds.origin = newValue
      if old != newValue, let recorder, recorder.isListening {
        recorder.record(.scroll(view: participant, from: RecordPoint(old), to: RecordPoint(newValue)))
      }
      if old != newValue { offsetDidChange() }
    }
  }
  public var isScrollEnabled = true {
    didSet { panGestureRecognizer.isEnabled = isScrollEnabled }
  }
  /// Whether scrolling past an edge stretches and springs back (true) or stops at the edge.
  public var bounces = true
  public var alwaysBounceVertical = false
  public var alwaysBounceHorizontal = false
  /// Whether a scroll comes to rest on a multiple of the scroll view's size.
  public var isPagingEnabled = false
  /// Whether a drag that begins in one general direction (horizontal or vertical) scrolls
  /// along that axis only until the finger lifts; a diagonal one is not locked
  /// (docs/BEHAVIOUR.md §7.6).
  public var isDirectionalLockEnabled = false
  public var decelerationRate: DecelerationRate = .normal
  public var showsVerticalScrollIndicator = true
  public var showsHorizontalScrollIndicator = true
  /// Whether new touches' `touchesBegan` waits 0.15 s for a scroll to start (docs/BEHAVIOUR.md §7).
  public var delaysContentTouches = true {
    didSet { delayedTouchesRecognizer.delaysTouchesBegan = delaysContentTouches }
  }
  /// Whether a scroll that starts after the content has its touches cancels them
  /// (asking `touchesShouldCancel(in:)`), or does not start at all (false).
  public var canCancelContentTouches = true
  /// Told when dragging begins and ends and when the content comes to rest. (UIKit's table
  /// shares one delegate for both roles; here a table has a table delegate too.)
  public weak var scrollDelegate: UIScrollViewDelegate?

  /// The recognizer that scrolls; its class is `UIScrollViewPanGestureRecognizer`.
  public let panGestureRecognizer: UIPanGestureRecognizer
  /// The recognizer that holds touches back from the content; app code finds it among
  /// `gestureRecognizers` by its class name, `UIScrollViewDelayedTouchesBeganGestureRecognizer`.
  public let delayedTouchesRecognizer: UIScrollViewDelayedTouchesBeganGestureRecognizer

  /// A finger is on the content (the scroll view's recognizers track a touch).
  public var isTracking: Bool { !delayedTouchesRecognizer.trackedTouches.isEmpty || isDragging }
  /// The user is scrolling with a finger.
  public private(set) var isDragging = false
  /// Moving on its own after the finger lifted (deceleration, bounce or paging; not an
  /// animated `setContentOffset`); still YES while a finger that caught a deceleration is
  /// down, and NO while `scrollViewDidEndDragging(_:willDecelerate:)` is told of a new one
  /// (docs/BEHAVIOUR.md §21).
  public var isDecelerating: Bool {
    caughtDeceleration || (!announcingDeceleration && (animation.map { !$0.isProgrammatic } ?? false))
  }
  /// A touch stopped a deceleration and is still down: the pan began at once, and the
  /// deceleration ends (`scrollViewDidEndDecelerating`) only after the lift's
  /// `scrollViewDidEndDragging(_:willDecelerate: false)`.
  private(set) var caughtDeceleration = false
  /// The lift is telling `scrollViewDidEndDragging` of a deceleration that has not begun yet.
  private var announcingDeceleration = false

  /// The frame of the last `scrollViewDidScroll`, and the one deferred to the next frame.
  var lastDidScrollFrame = -1
  var didScrollTimer: EngineClock.Token?

  private var dragStartOffset = CGPoint.zero
  /// The axes the current drag may move: both, or one under `isDirectionalLockEnabled`.
  private var dragAxes: (horizontal: Bool, vertical: Bool) = (true, true)
  var animation: ScrollAnimation?
  var animationTimer: EngineClock.Token?

  public override init(frame: CGRect) {
    panGestureRecognizer = UIScrollViewPanGestureRecognizer()
    delayedTouchesRecognizer = UIScrollViewDelayedTouchesBeganGestureRecognizer()
    super.init(frame: frame)
    clipsToBounds = true
    addGestureRecognizer(delayedTouchesRecognizer)
    addGestureRecognizer(panGestureRecognizer)
    panGestureRecognizer.builtInHandler = { [unowned self] state in self.handlePan(state) }
  }

  // MARK: Content geometry

  /// The content offsets a scroll view may rest at.
  public struct OffsetRange: Equatable, Sendable {
    public var minimum: CGPoint
    public var maximum: CGPoint

    public func contains(_ offset: CGPoint) -> Bool {
      offset.x >= minimum.x && offset.x <= maximum.x && offset.y >= minimum.y && offset.y <= maximum.y
    }

    public func clamped(_ offset: CGPoint) -> CGPoint {
      CGPoint(x: min(max(offset.x, minimum.x), maximum.x), y: min(max(offset.y, minimum.y), maximum.y))
    }
  }

  /// The smallest and largest content offsets at rest.
  public var contentOffsetRange: OffsetRange {
    let minimum = CGPoint(x: -contentInset.left, y: -contentInset.top)
    let maximum = CGPoint(
      x: max(minimum.x, contentSize.width + contentInset.right - bounds.width),
      y: max(minimum.y, contentSize.height + contentInset.bottom - bounds.height))
    return OffsetRange(minimum: minimum, maximum: maximum)
  }

  /// Whether a drag moves the content along x (it is wider than the view, or always bounces).
  public var canScrollHorizontally: Bool {
    contentSize.width + contentInset.left + contentInset.right > bounds.width || alwaysBounceHorizontal
  }

  public var canScrollVertically: Bool {
    contentSize.height + contentInset.top + contentInset.bottom > bounds.height || alwaysBounceVertical
  }

  public func setContentOffset(_ offset: CGPoint, animated: Bool) {
    stopAnimation()
    if animated {
      animation = ScrollAnimation(
        target: offset, velocity: .zero, horizontal: true, vertical: true, isProgrammatic: true)
      scheduleAnimationTick()
    } else {
      contentOffset = offset
    }
  }

  /// Content offset, size or inset changed: subclasses lay out (the table tiles its cells).
  func contentGeometryDidChange() {}

  override func boundsDidChange(from old: CGRect) {
    contentGeometryDidChange()
  }

  // MARK: Touches: the scroll view ends the responder chain ([A3] §3.2).

  open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {}
  open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {}
  open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {}
  open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {}

  /// Asked before held touches go to the content (or at once when `delaysContentTouches` is
  /// false); false keeps them from the content for good. UIKit's default: true.
  open func touchesShouldBegin(_ touches: Set<UITouch>, with event: UIEvent?, in view: UIView) -> Bool { true }

  /// Asked when a scroll starts after `view` got its touches; false keeps the view's touches
  /// and stops the scroll. UIKit's default: false for a `UIControl`, true otherwise.
  open func touchesShouldCancel(in view: UIView) -> Bool { !(view is UIControl) }

  func dispatchTouchesShouldBegin(_ touches: [UITouch], with event: UIEvent?, in view: UIView) -> Bool {
    callOverridable(.touchesShouldBegin, touches: touches, event: event, contentView: view) {
      touchesShouldBegin(Set(touches), with: event, in: view)
    }
  }

  func dispatchTouchesShouldCancel(in view: UIView, touches: [UITouch]) -> Bool {
    callOverridable(.touchesShouldCancel, touches: touches, contentView: view) { touchesShouldCancel(in: view) }
  }

  /// A touch on the content while the view decelerates stops it there, and the content never
  /// hears of that touch (UIKit's "tap to stop").
  /// The pan begins at once (`UIScrollViewPanGestureRecognizer`), and the lift ends the
  /// caught deceleration (docs/BEHAVIOUR.md §21).
  func touchLandedWhileMoving() -> Bool {
    guard isDecelerating, !isDragging else { return false }
    stopAnimation()
    caughtDeceleration = true
    return true
  }

  /// Ends a caught deceleration after the lift's `scrollViewDidEndDragging`: when no new
  /// deceleration began, `scrollViewDidEndDecelerating` (iOS 13 and later).
  private func endCaughtDeceleration() {
    guard caughtDeceleration else { return }
    caughtDeceleration = false
    if animation == nil { scrollDelegate?.scrollViewDidEndDecelerating(self) }
  }

  // MARK: The pan

  /// Why the pan may not begin (nil: it may): nothing to scroll, or content touches that
  /// may not be cancelled.
  func panRefusal(_ pan: UIGestureRecognizer) -> DeliveryCause? {
    guard isScrollEnabled, canScrollHorizontally || canScrollVertically else {
      return DeliveryCause(.notEnabled, by: causeName)
    }
    for touch in pan.sequenceTouches {
      guard let view = touch.view, view !== self, touch.viewDelivery.viewHasBegan else {
        continue
      }
      if !canCancelContentTouches { return DeliveryCause(.touchesShouldCancel, by: causeName) }
      if !dispatchTouchesShouldCancel(in: view, touches: [touch]) {
        return DeliveryCause(.touchesShouldCancel, by: causeName)
      }
    }
    return nil
  }

  private func handlePan(_ state: UIGestureRecognizer.State) {
    let pan = panGestureRecognizer
    switch state {
    case .began:
      stopAnimation()
      isDragging = true
      dragStartOffset = contentOffset
      dragAxes = lockedAxes(for: pan.translation(in: self))
      // Scrolling starts where the finger is now, without the hysteresis jump.
      pan.setTranslation(.zero, in: self)
      scrollDelegate?.scrollViewWillBeginDragging(self)
    case .changed:
      let t = pan.translation(in: self)
      contentOffset = draggedOffset(
        CGPoint(
          x: canScrollHorizontally && dragAxes.horizontal ? dragStartOffset.x - t.x : contentOffset.x,
          y: canScrollVertically && dragAxes.vertical ? dragStartOffset.y - t.y : contentOffset.y))
    case .ended:
      // The scroll view's own velocity at the lift: over the last moments before it, so a
      // finger that rested before lifting has none (docs/BEHAVIOUR.md §21); the pan's
      // `velocity(in:)` keeps the last movement's.
      let v = pan.liftVelocity(in: self)
      let velocity = CGPoint(
        x: canScrollHorizontally && dragAxes.horizontal ? -v.x : 0,
        y: canScrollVertically && dragAxes.vertical ? -v.y : 0)
      let horizontal = canScrollHorizontally && dragAxes.horizontal
      let vertical = canScrollVertically && dragAxes.vertical
      // willEndDragging: the velocity in points per millisecond, and the resting offset,
      // which the delegate may change (docs/BEHAVIOUR.md §21). Still dragging while asked.
      let proposed =
        isPagingEnabled
        ? pageOffset(from: velocity) : restingOffset(from: velocity, horizontal: horizontal, vertical: vertical)
      var target = proposed
      scrollDelegate?.scrollViewWillEndDragging(
        self, withVelocity: CGPoint(x: velocity.x / 1000, y: velocity.y / 1000), targetContentOffset: &target)
      isDragging = false
      if isPagingEnabled || target != proposed {
        settle(toward: contentOffsetRange.clamped(target), velocity: velocity)
      } else {
        settle(from: velocity, horizontal: horizontal, vertical: vertical)
      }
      endDragging()
    case .cancelled:
      isDragging = false
      settle(from: .zero, horizontal: true, vertical: true)
      endDragging()
    default:
      break
    }
  }

  /// The lift's messages once the animation is set: `scrollViewDidEndDragging` (a new
  /// deceleration not yet under way: `isDecelerating` NO, as a device prints it), then
  /// `scrollViewWillBeginDecelerating`, or the end of a caught deceleration.
  private func endDragging() {
    let willDecelerate = animation.map { !$0.isProgrammatic } ?? false
    announcingDeceleration = willDecelerate
    scrollDelegate?.scrollViewDidEndDragging(self, willDecelerate: willDecelerate)
    announcingDeceleration = false
    if willDecelerate {
      caughtDeceleration = false
      scrollDelegate?.scrollViewWillBeginDecelerating(self)
    } else {
      endCaughtDeceleration()
    }
  }

  /// The axes a drag that began with `translation` may move: with `isDirectionalLockEnabled`
  /// and both axes scrollable, only the one it began along, unless it began diagonally
  /// (more than `scrollViewDirectionalLockAngle` off both axes).
  private func lockedAxes(for translation: CGPoint) -> (horizontal: Bool, vertical: Bool) {
    guard isDirectionalLockEnabled, canScrollHorizontally, canScrollVertically else { return (true, true) }
    let slope = tan(UIKitConstants.scrollViewDirectionalLockAngle)
    if abs(translation.y) <= abs(translation.x) * slope { return (true, false) }
    if abs(translation.x) <= abs(translation.y) * slope { return (false, true) }
    return (true, true)
  }

  /// Where a finger-driven offset lands: stretched past the edges (a third of the way,
  /// easing off, as UIKit's rubber band) or held at them when the view does not bounce.
  private func draggedOffset(_ wanted: CGPoint) -> CGPoint {
    let range = contentOffsetRange
    func axis(_ value: CGFloat, _ low: CGFloat, _ high: CGFloat, _ dimension: CGFloat) -> CGFloat {
      if value < low { return bounces ? low - Self.rubberBand(low - value, dimension) : low }
      if value > high { return bounces ? high + Self.rubberBand(value - high, dimension) : high }
      return value
    }
    return CGPoint(
      x: axis(wanted.x, range.minimum.x, range.maximum.x, bounds.width),
      y: axis(wanted.y, range.minimum.y, range.maximum.y, bounds.height))
  }

  /// UIKit's rubber-band curve: `(1 − 1 / (d·c / D + 1)) · D` with c = 0.55.
  static func rubberBand(_ distance: CGFloat, _ dimension: CGFloat) -> CGFloat {
    guard dimension > 0 else { return 0 }
    return (1 - 1 / (distance * UIKitConstants.scrollViewRubberBandCoefficient / dimension + 1)) * dimension
  }
}
