import Foundation

/// What a scroll view tells its delegate about scrolling (UIKit's `UIScrollViewDelegate`).
public protocol UIScrollViewDelegate: AnyObject {
  func scrollViewWillBeginDragging(_ scrollView: UIScrollView)
  func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool)
  func scrollViewDidEndDecelerating(_ scrollView: UIScrollView)
}

extension UIScrollViewDelegate {
  public func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {}
  public func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {}
  public func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {}
}

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
  /// Moving on its own after the finger lifted (deceleration, bounce or paging).
  public var isDecelerating: Bool { animation != nil }

  private var dragStartOffset = CGPoint.zero
  private var animation: ScrollAnimation?
  private var animationTimer: EngineClock.Token?

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
      animation = ScrollAnimation(target: offset, velocity: .zero, horizontal: true, vertical: true)
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
    invokeScripted(
      .touchesShouldBegin, touches: touches, swallowed: true, rule: { cls, _ in cls.answers[.touchesShouldBegin] },
      builtin: { touchesShouldBegin(Set(touches), with: event, in: view) })
  }

  func dispatchTouchesShouldCancel(in view: UIView, touches: [UITouch]) -> Bool {
    invokeScripted(
      .touchesShouldCancel, touches: touches, swallowed: true, rule: { cls, _ in cls.answers[.touchesShouldCancel] },
      builtin: { touchesShouldCancel(in: view) })
  }

  /// A touch on the content while the view decelerates stops it there, and the content never
  /// hears of that touch (UIKit's "tap to stop").
  func touchLandedWhileMoving() -> Bool {
    guard isDecelerating else { return false }
    stopAnimation()
    let range = contentOffsetRange
    if !range.contains(contentOffset) { settle(from: .zero, horizontal: true, vertical: true) }
    return true
  }

  // MARK: The pan

  /// Whether the pan may begin: something to scroll, and content touches that may be cancelled.
  func panCanBegin(_ pan: UIGestureRecognizer) -> Bool { panRefusal(pan) == nil }

  /// Why the pan may not begin (nil: it may): nothing to scroll, or content touches that
  /// may not be cancelled.
  func panRefusal(_ pan: UIGestureRecognizer) -> DeliveryCause? {
    guard isScrollEnabled, canScrollHorizontally || canScrollVertically else {
      return DeliveryCause(.notEnabled, by: causeName)
    }
    for touch in pan.sequenceTouches {
      guard let view = touch.view, view !== self, touch.viewDelivery == .began, !touch.isCutOffFromView else {
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
      // Scrolling starts where the finger is now, without the hysteresis jump.
      pan.setTranslation(.zero, in: self)
      scrollDelegate?.scrollViewWillBeginDragging(self)
    case .changed:
      let t = pan.translation(in: self)
      contentOffset = draggedOffset(
        CGPoint(
          x: canScrollHorizontally ? dragStartOffset.x - t.x : contentOffset.x,
          y: canScrollVertically ? dragStartOffset.y - t.y : contentOffset.y))
    case .ended:
      isDragging = false
      let v = pan.velocity(in: self)
      let velocity = CGPoint(x: canScrollHorizontally ? -v.x : 0, y: canScrollVertically ? -v.y : 0)
      if isPagingEnabled {
        settleOnPage(velocity: velocity)
      } else {
        settle(from: velocity, horizontal: canScrollHorizontally, vertical: canScrollVertically)
      }
      scrollDelegate?.scrollViewDidEndDragging(self, willDecelerate: isDecelerating)
    case .cancelled:
      isDragging = false
      settle(from: .zero, horizontal: true, vertical: true)
      scrollDelegate?.scrollViewDidEndDragging(self, willDecelerate: isDecelerating)
    default:
      break
    }
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

  // MARK: Deceleration, bounce, paging (on the engine's clock)

  /// Frames of the scroll animation, as the display's refresh.
  static let frameInterval = UIKitConstants.frameInterval
  /// Below this speed (points per second) deceleration stops.
  static let restingSpeed = UIKitConstants.scrollViewRestingSpeed
  /// The spring that brings an overscrolled view back to its edge (angular frequency, rad/s).
  static let springStiffness = UIKitConstants.scrollViewBounceSpringStiffness

  private func settle(from velocity: CGPoint, horizontal: Bool, vertical: Bool) {
    let range = contentOffsetRange
    let outside = !range.contains(contentOffset)
    let fast = abs(velocity.x) > Self.restingSpeed || abs(velocity.y) > Self.restingSpeed
    guard outside || fast else { return }
    animation = ScrollAnimation(target: nil, velocity: velocity, horizontal: horizontal, vertical: vertical)
    scheduleAnimationTick()
  }

  private func settleOnPage(velocity: CGPoint) {
    let range = contentOffsetRange
    // The nearest page; a flick (over 300 pt/s) goes on to the next one in its direction.
    func page(_ offset: CGFloat, _ speed: CGFloat, _ size: CGFloat, _ low: CGFloat, _ high: CGFloat) -> CGFloat {
      guard size > 0 else { return offset }
      var index = (offset / size).rounded()
      if abs(speed) > UIKitConstants.pagingFlickSpeed {
        index = speed > 0 ? (offset / size).rounded(.up) : (offset / size).rounded(.down)
      }
      return min(max(index * size, low), high)
    }
    let target = CGPoint(
      x: page(contentOffset.x, velocity.x, bounds.width, range.minimum.x, range.maximum.x),
      y: page(contentOffset.y, velocity.y, bounds.height, range.minimum.y, range.maximum.y))
    animation = ScrollAnimation(target: target, velocity: velocity, horizontal: true, vertical: true)
    scheduleAnimationTick()
  }

  private func scheduleAnimationTick() {
    guard let clock = application?.clock else {
      // Not on screen: jump to where the animation would end.
      if let target = animation?.target { contentOffset = target }
      animation = nil
      return
    }
    animationTimer = clock.schedule(after: Self.frameInterval) { [weak self] in
      guard let self else { return }
      self.animationTimer = nil
      self.stepAnimation(Self.frameInterval)
    }
  }

  private func stopAnimation() {
    application?.clock.cancel(animationTimer)
    animationTimer = nil
    animation = nil
  }

  private func stepAnimation(_ dt: TimeInterval) {
    guard var a = animation else { return }
    let range = contentOffsetRange
    var offset = contentOffset
    var restingX = true
    var restingY = true
    if a.horizontal {
      restingX = Self.step(
        &offset.x, &a.velocity.x, dt: dt, low: range.minimum.x, high: range.maximum.x, target: a.target?.x,
        rate: decelerationRate.rawValue, bounces: bounces)
    }
    if a.vertical {
      restingY = Self.step(
        &offset.y, &a.velocity.y, dt: dt, low: range.minimum.y, high: range.maximum.y, target: a.target?.y,
        rate: decelerationRate.rawValue, bounces: bounces)
    }
    let done = restingX && restingY
    animation = done ? nil : a
    contentOffset = offset
    if done {
      scrollDelegate?.scrollViewDidEndDecelerating(self)
    } else {
      scheduleAnimationTick()
    }
  }

  /// One frame of one axis. Inside the edges (or with no target) the velocity decays by
  /// `rate` per millisecond; past an edge, or toward a target, a critically damped spring
  /// pulls the offset in. Returns whether the axis has come to rest.
  static func step(
    _ x: inout CGFloat, _ v: inout CGFloat, dt: TimeInterval, low: CGFloat, high: CGFloat, target: CGFloat?,
    rate: CGFloat, bounces: Bool
  ) -> Bool {
    let anchor: CGFloat? = target ?? (x < low ? low : (x > high ? high : nil))
    if let anchor {
      // Critically damped spring, integrated in small steps for stability.
      let substeps = 8
      let h = CGFloat(dt) / CGFloat(substeps)
      let w = springStiffness
      for _ in 0..<substeps {
        let a = -w * w * (x - anchor) - 2 * w * v
        v += a * h
        x += v * h
      }
      if abs(x - anchor) < 0.5 && abs(v) < restingSpeed * 4 {
        x = anchor
        v = 0
        return true
      }
      return false
    }
    // Exponential decay: v(t) = v0·e^(kt), k = 1000·ln(rate) per second.
    let k = 1000 * log(Double(rate))
    let decay = CGFloat(exp(k * dt))
    let travelled = k == 0 ? v * CGFloat(dt) : v * (decay - 1) / CGFloat(k)
    x += travelled
    v *= decay
    if !bounces {
      if x < low || x > high {
        x = min(max(x, low), high)
        v = 0
        return true
      }
    }
    if abs(v) < restingSpeed && x >= low && x <= high {
      v = 0
      return true
    }
    return false
  }

  // MARK: Scroll indicators (for the renderer)

  /// The vertical indicator, in the scroll view's bounds coordinates, while it shows (the
  /// content moving by finger or on its own); nil otherwise.
  public var verticalScrollIndicatorFrame: CGRect? {
    guard showsVerticalScrollIndicator, isDragging || isDecelerating, canScrollVertically,
      contentSize.height > 0
    else { return nil }
    let range = contentOffsetRange
    return Self.indicator(
      offset: contentOffset.y, low: range.minimum.y, high: range.maximum.y, visible: bounds.height,
      content: contentSize.height + contentInset.top + contentInset.bottom
    ).map { CGRect(x: bounds.maxX - 6, y: bounds.minY + $0.start, width: 3, height: $0.length) }
  }

  public var horizontalScrollIndicatorFrame: CGRect? {
    guard showsHorizontalScrollIndicator, isDragging || isDecelerating, canScrollHorizontally,
      contentSize.width > 0
    else { return nil }
    let range = contentOffsetRange
    return Self.indicator(
      offset: contentOffset.x, low: range.minimum.x, high: range.maximum.x, visible: bounds.width,
      content: contentSize.width + contentInset.left + contentInset.right
    ).map { CGRect(x: bounds.minX + $0.start, y: bounds.maxY - 6, width: $0.length, height: 3) }
  }

  /// Where an indicator sits along its track (3 pt from each end): as long as the visible
  /// part of the content, at least 36 pt, shortened while overscrolled.
  static func indicator(offset: CGFloat, low: CGFloat, high: CGFloat, visible: CGFloat, content: CGFloat) -> (
    start: CGFloat, length: CGFloat
  )? {
    let track = visible - 6
    guard track > 0, content > 0 else { return nil }
    var length = max(36, track * min(1, visible / content))
    let over = offset < low ? low - offset : (offset > high ? offset - high : 0)
    length = max(7, length - over)
    let fraction = high > low ? min(max((offset - low) / (high - low), 0), 1) : 0
    return (3 + (track - length) * fraction, length)
  }
}

extension UIScrollView {
  /// What the content does on its own after the finger lifts: decelerate and bounce back
  /// (no target), or spring to a target (paging, `setContentOffset(_:animated:)`).
  fileprivate struct ScrollAnimation {
    var target: CGPoint?
    var velocity: CGPoint
    var horizontal: Bool
    var vertical: Bool
  }
}

/// The scroll view's pan: a `UIPanGestureRecognizer` that begins only when the content can
/// scroll and the content's touches may be cancelled (docs/BEHAVIOUR.md §7).
public final class UIScrollViewPanGestureRecognizer: UIPanGestureRecognizer {
  override func refusalToBegin() -> DeliveryCause? {
    (view as? UIScrollView)?.panRefusal(self)
  }
}

/// Holds a new touch's `touchesBegan` back from the scroll view's content for 0.15 s
/// (docs/BEHAVIOUR.md §7): when the timer fires with the finger down it fails, and the held
/// began goes to the content (after `touchesShouldBegin(_:with:in:)` agrees); when the
/// finger lifts first it fails then, and the content gets began and ended together; when
/// the pan begins first the pan's exclusion fails it and the content never hears of the touch.
public final class UIScrollViewDelayedTouchesBeganGestureRecognizer: UIGestureRecognizer, HeldTouchGate {
  public override init() {
    super.init()
    delaysTouchesBegan = true
    cancelsTouchesInView = false
  }

  private var scrollView: UIScrollView? { view as? UIScrollView }

  public override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
    guard let scrollView else { return }
    if scrollView.touchLandedWhileMoving() {
      for touch in touches { touch.isCutOffFromView = true }
    }
    if !delaysTouchesBegan {
      // No delay: ask the scroll view at once (UIKit's sendTouchesShouldBeginForTouches:withEvent:).
      for touch in touches.inOrder where !touch.isCutOffFromView {
        guard let content = touch.view, content !== scrollView else { continue }
        if !scrollView.dispatchTouchesShouldBegin([touch], with: event, in: content) { touch.isCutOffFromView = true }
      }
      if state == .possible { fail(.delaysContentTouches, by: scrollView.causeName) }
      return
    }
    guard state == .possible, sequenceTouches.count == touches.count else { return }
    schedule(after: UIKitConstants.scrollViewTouchDelay, purpose: .scrollDelay) { [weak self] in
      guard let self, self.state == .possible else { return }
      self.fail(.delaysContentTouches, by: self.scrollView?.causeName)
    }
  }

  public override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
    if state == .possible && trackedTouches.count == touches.count { fail(.liftedEarly) }
  }

  public override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
    if state == .possible { fail(.touchCancelled) }
  }

  func shouldRelease(_ touch: UITouch, event: UIEvent?) -> Bool {
    guard let scrollView, let content = touch.view, content !== scrollView else { return true }
    return scrollView.dispatchTouchesShouldBegin([touch], with: event, in: content)
  }
}

/// A scroll delegate described by a layout (`willBeginDragging:`, `didEndDragging:`,
/// `didEndDecelerating:` on a scroll view): each prints its text, where `%offset` stands for
/// the content offset then, as `(x, y)`, or sends the UIKit delegate selector to a target
/// (the controller), printed as `-[ControllerClass scrollViewDidEndDecelerating:]`.
public final class ActionScrollViewDelegate: UIScrollViewDelegate {
  public enum Moment: String, CaseIterable, Sendable {
    case willBeginDragging, didEndDragging, didEndDecelerating

    public var selector: String {
      switch self {
      case .willBeginDragging: "scrollViewWillBeginDragging:"
      case .didEndDragging: "scrollViewDidEndDragging:willDecelerate:"
      case .didEndDecelerating: "scrollViewDidEndDecelerating:"
      }
    }
  }

  public weak var target: AnyObject?
  public var messages: [Moment: ActionMessage] = [:]

  public init(target: AnyObject?) { self.target = target }

  private func send(_ moment: Moment, _ scrollView: UIScrollView) {
    guard let message = messages[moment], let application = scrollView.application else { return }
    switch message {
    case .print(let text):
      let o = scrollView.contentOffset
      let offset = "(\(Self.format(o.x)), \(Self.format(o.y)))"
      application.sendAction(
        .print(text.replacingOccurrences(of: "%offset", with: offset)), to: nil, from: scrollView, for: nil)
    case .selector:
      application.sendAction(.selector(moment.selector), to: target, from: scrollView, for: nil)
    }
  }

  /// A coordinate as a person writes it: `412.5`, `0`, `-30.25`.
  static func format(_ value: CGFloat) -> String {
    let rounded = (value * 100).rounded() / 100
    if rounded == rounded.rounded() { return String(Int(rounded)) }
    return String(format: "%g", Double(rounded))
  }

  public func scrollViewWillBeginDragging(_ scrollView: UIScrollView) { send(.willBeginDragging, scrollView) }

  public func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
    send(.didEndDragging, scrollView)
  }

  public func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) { send(.didEndDecelerating, scrollView) }
}
