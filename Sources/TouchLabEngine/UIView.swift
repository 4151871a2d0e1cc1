import Foundation

/// A rectangle on screen that takes part in hit-testing, draws, and responds to touches.
open class UIView: UIResponder {
  public override var participantKind: Participant.Kind { .view }
  // Hit-testing reads the geometry and the three switches below at every view it visits,
  // and Swift checks each read of a public stored property of a class for overlapping
  // access at run time: three quarters of a hit-test's time (callgrind). These are plain
  // values that nothing reads while modifying them, so the check is switched off for them.

  /// The centre in the superview's coordinates.
  @exclusivity(unchecked) public var center: CGPoint
  /// The view's own coordinate space; its origin is a scroll view's content offset.
  @exclusivity(unchecked) public var bounds: CGRect {
    didSet { if bounds != oldValue { boundsDidChange(from: oldValue) } }
  }
  @exclusivity(unchecked) public var transform: CGAffineTransform = .identity
  // The back pointers of a tree its owners hold (superview, window, controller) are
  // `unowned(unsafe)` and cleared by the owner's `deinit`, not `weak`: a weak reference gives
  // its object a side table, which sends every retain and release of it down the runtime's
  // slow path — a fifth of a tap, when views, windows and the application all had one.
  public private(set) unowned(unsafe) var superview: UIView? {
    didSet { forgetWindow() }  // moved: it and its subviews find their window again
  }
  public private(set) var subviews: [UIView] = []
  public private(set) var gestureRecognizers: [UIGestureRecognizer] = []

  @exclusivity(unchecked) public var isUserInteractionEnabled = true
  @exclusivity(unchecked) public var isHidden = false
  @exclusivity(unchecked) public var alpha: CGFloat = 1
  /// UIKit's default is false: such a view is given only the first touch (docs/BEHAVIOUR.md §1).
  public var isMultipleTouchEnabled = false
  public var isExclusiveTouch = false
  public var clipsToBounds = false
  public var backgroundColor: UIColor?
  /// The controller whose root view this is.
  public internal(set) unowned(unsafe) var viewController: UIViewController?

  public init(frame: CGRect) {
    self.center = CGPoint(x: frame.midX, y: frame.midY)
    self.bounds = CGRect(origin: .zero, size: frame.size)
    super.init()
  }

  /// The unowned back pointers to this view go with it, as weak ones would.
  deinit {
    for view in subviews where view.superview === self { view.superview = nil }
    for recognizer in gestureRecognizers where recognizer.view === self { recognizer.view = nil }
  }

  public convenience override init() { self.init(frame: .zero) }

  /// The frame in the superview's coordinates: with a transform, its bounding box (as UIKit).
  public var frame: CGRect {
    get {
      let size = bounds.size
      if transform.isIdentity {
        return CGRect(
          x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width, height: size.height)
      }
      let corners = [
        CGPoint(x: -size.width / 2, y: -size.height / 2), CGPoint(x: size.width / 2, y: -size.height / 2),
        CGPoint(x: -size.width / 2, y: size.height / 2), CGPoint(x: size.width / 2, y: size.height / 2),
      ].map { $0.applying(transform) }
      let xs = corners.map(\.x)
      let ys = corners.map(\.y)
      return CGRect(
        x: center.x + xs.min()!, y: center.y + ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }
    set {
      center = CGPoint(x: newValue.midX, y: newValue.midY)
      bounds.size = newValue.size
    }
  }

  /// A layout id, under UIKit's name for such a thing.
  public var accessibilityIdentifier: String? {
    get { identifier }
    set { identifier = newValue }
  }

  // MARK: Hierarchy

  /// The nearest window above (UIWindow answers itself). The engine asks for it on every
  /// record of every event, so it is remembered until the view or an ancestor moves.
  open var window: UIWindow? {
    if hasCachedWindow { return cachedWindow?.takeUnretainedValue() }
    let found = superview?.window
    cachedWindow = found.map { Unmanaged.passUnretained($0) }
    hasCachedWindow = true
    return found
  }
  /// An ancestor (or nil), unowned: when it goes, its subviews' superviews are cleared, which
  /// makes them forget it.
  private var cachedWindow: Unmanaged<UIWindow>?
  private var hasCachedWindow = false

  /// This view moved (its superview was set): it and its subviews find their window again
  /// when asked. (A view remembers its window only after its superview did, so a view that
  /// remembers nothing has no subview that does.)
  private func forgetWindow() {
    guard hasCachedWindow else { return }
    hasCachedWindow = false
    cachedWindow = nil
    for sub in subviews { sub.forgetWindow() }
  }

  open override var application: UIApplication? { window?.application }
  public override var recorder: DeliveryRecorder? { withApplication { $0.deliveryRecorder } }

  /// `body` with the application this view is in, reached without retaining the window and
  /// the application on the way (the engine asks for the recorder, the clock or the arena on
  /// every record); nil when the view is in none.
  @inline(__always)
  final func withApplication<Result>(_ body: (UIApplication) -> Result?) -> Result? {
    let window: Unmanaged<UIWindow>
    if hasCachedWindow {
      guard let cached = cachedWindow else { return nil }
      window = cached
    } else {
      guard let found = self.window else { return nil }
      window = Unmanaged.passUnretained(found)
    }
    return window._withUnsafeGuaranteedRef { window in
      window.owningApplicationReference?._withUnsafeGuaranteedRef { body($0) } ?? nil
    }
  }

  public func addSubview(_ view: UIView) {
    insertSubview(view, at: subviews.count)
  }

  public func insertSubview(_ view: UIView, at index: Int) {
    guard view !== self, !isDescendant(of: view) else { return }
    // Moved within its window: its touches go on; moved out of it: they are cancelled (§13).
    if view.superview != nil, let oldWindow = view.window, oldWindow !== window {
      view.resignFirstResponderLeavingWindow()
      oldWindow.application?.viewWillLeaveWindow(view)
    }
    view.detachFromSuperview()
    subviews.insert(view, at: min(max(0, index), subviews.count))
    view.superview = self
  }

  /// Inserts several views at `index` in one go (a table putting new cells under its other
  /// subviews: one at a time would cost a screenful of moves each).
  func insertSubviews(_ views: [UIView], at index: Int) {
    let views = views.filter { $0 !== self && !isDescendant(of: $0) }
    for view in views { view.removeFromSuperview() }
    subviews.insert(contentsOf: views, at: min(max(0, index), subviews.count))
    for view in views { view.superview = self }
  }

  /// Removes several subviews in one go.
  func removeSubviews(_ views: [UIView]) {
    let leaving = Set(views.filter { $0.superview === self }.map(ObjectIdentifier.init))
    guard !leaving.isEmpty else { return }
    subviews.removeAll { leaving.contains(ObjectIdentifier($0)) }
    for view in views where leaving.contains(ObjectIdentifier(view)) { view.superview = nil }
  }

  /// Removes the view; if that takes it out of its window, the touches it (or a subview)
  /// handles are cancelled (docs/BEHAVIOUR.md §13).
  public func removeFromSuperview() {
    guard superview != nil else { return }
    resignFirstResponderLeavingWindow()
    application?.viewWillLeaveWindow(self)
    detachFromSuperview()
  }

  func detachFromSuperview() {
    guard let parent = superview else { return }
    parent.subviews.removeAll { $0 === self }
    superview = nil
  }

  public func bringSubviewToFront(_ view: UIView) {
    guard let index = subviews.firstIndex(where: { $0 === view }) else { return }
    subviews.remove(at: index)
    subviews.append(view)
  }

  public func isDescendant(of view: UIView) -> Bool {
    var current: UIView? = self
    while let v = current {
      if v === view { return true }
      current = v.superview
    }
    return false
  }

  /// The first view in this subtree (this view included) with the given layout id.
  public func view(withIdentifier id: String) -> UIView? {
    var found: UIView?
    forEachViewInSubtree { view in
      guard view.identifier == id else { return true }
      found = view
      return false
    }
    return found
  }

  /// The first view in this subtree with each of these layout ids, in one walk.
  public func views(withIdentifiers ids: Set<String>) -> [String: UIView] {
    var found: [String: UIView] = [:]
    guard !ids.isEmpty else { return found }
    forEachViewInSubtree { view in
      if let id = view.identifier, ids.contains(id), found[id] == nil { found[id] = view }
      return found.count < ids.count
    }
    return found
  }

  /// Visits this view and its subviews in order (a view before its subviews, first added
  /// first) until `body` returns false. A loop, not a recursion: a file decides how deep.
  public func forEachViewInSubtree(_ body: (UIView) -> Bool) {
    var stack: [UIView] = [self]
    while let view = stack.popLast() {
      guard body(view) else { return }
      stack.append(contentsOf: view.subviews.reversed())
    }
  }

  // MARK: Responder chain

  /// A controller's root view → the controller; any other view → its superview (§5).
  open override var next: UIResponder? {
    if let controller = viewController { return controller }
    return superview
  }

  /// The bounds changed (a scroll moved the origin, a resize the size): scroll views
  /// and tables lay out their content here.
  func boundsDidChange(from old: CGRect) {}

  // MARK: Gesture recognizers

  public func addGestureRecognizer(_ recognizer: UIGestureRecognizer) {
    recognizer.view?.removeGestureRecognizer(recognizer)
    gestureRecognizers.append(recognizer)
    recognizer.view = self
  }

  public func removeGestureRecognizer(_ recognizer: UIGestureRecognizer) {
    guard gestureRecognizers.contains(where: { $0 === recognizer }) else { return }
    gestureRecognizers.removeAll { $0 === recognizer }
    recognizer.view = nil
  }

  /// Asked before a recognizer of one of this view's touches leaves `possible` for
  /// began/recognized; false makes it fail (docs/BEHAVIOUR.md §4).
  open func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { true }

  /// Asks `gestureRecognizerShouldBegin(_:)` as a message from outside; `builtinRefused`:
  /// the no is the built-in implementation's (a control's own rule), not an override's.
  func askGestureRecognizerShouldBegin(_ recognizer: UIGestureRecognizer) -> (
    shouldBegin: Bool, builtinRefused: Bool
  ) {
    var builtinRefused = false
    let shouldBegin = callOverridable(.gestureRecognizerShouldBegin, recognizer: recognizer) {
      let answer = gestureRecognizerShouldBegin(recognizer)
      builtinRefused = !answer
      return answer
    }
    return (shouldBegin, builtinRefused && !shouldBegin)
  }

  // MARK: Coordinates

  /// A point in the superview's coordinates, in this view's.
  @inline(__always)
  func convertFromSuperview(_ p: CGPoint) -> CGPoint {
    var local = CGPoint(x: p.x - center.x, y: p.y - center.y)
    if !transform.isIdentity { local = local.applying(transform.inverted()) }
    return CGPoint(x: local.x + bounds.width / 2 + bounds.minX, y: local.y + bounds.height / 2 + bounds.minY)
  }

  /// A point in this view's coordinates, in the superview's.
  @inline(__always)
  func convertToSuperview(_ p: CGPoint) -> CGPoint {
    var local = CGPoint(x: p.x - bounds.minX - bounds.width / 2, y: p.y - bounds.minY - bounds.height / 2)
    if !transform.isIdentity { local = local.applying(transform) }
    return CGPoint(x: local.x + center.x, y: local.y + center.y)
  }

  /// Converts a point from `view`'s coordinates (the window's, or the screen's when there
  /// is no window, when nil) to this view's.
  public func convert(_ point: CGPoint, from view: UIView?) -> CGPoint {
    let inWindow = view?.convertToRoot(point) ?? point
    return convertFromRoot(inWindow)
  }

  /// Converts a point from this view's coordinates to `view`'s (the window's when nil).
  public func convert(_ point: CGPoint, to view: UIView?) -> CGPoint {
    let inWindow = convertToRoot(point)
    return view?.convertFromRoot(inWindow) ?? inWindow
  }

  /// Up to the root of the hierarchy (the window, whose coordinates are the screen's).
  func convertToRoot(_ point: CGPoint) -> CGPoint {
    var p = point
    var view: UIView = self
    while let parent = view.superview {
      p = view.convertToSuperview(p)
      view = parent
    }
    return p
  }

  func convertFromRoot(_ point: CGPoint) -> CGPoint {
    guard let parent = superview else { return point }
    return convertFromSuperview(parent.convertFromRoot(point))
  }

  // MARK: Hit-testing (docs/BEHAVIOUR.md §2)

  /// UIKit's algorithm: nil when interaction is off, hidden or transparent; nil when the
  /// point is outside; otherwise the subviews from last added to first; else this view.
  open func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
    guard canTakeTouches else { return nil }
    guard dispatchPointInside(point, with: event) else { return nil }
    return hitTestSubviews(point, with: event) ?? self
  }

  /// Whether hit-testing may return this view at all: interaction on, not hidden, not transparent.
  public var canTakeTouches: Bool {
    isUserInteractionEnabled && !isHidden && !isTransparentToHitTesting
  }

  /// Hit-testing ignores a view with "an alpha level less than 0.01" (Apple), the alpha as
  /// UIKit reads it back: its layer's `opacity`, a `Float`, so an alpha set to exactly 0.01
  /// reads 0.0099999998 and is ignored, while 0.011 is not (docs/BEHAVIOUR.md §2). NaN is
  /// not less than 0.01: such a view is hit-tested.
  public var isTransparentToHitTesting: Bool {
    CGFloat(Float(alpha)) < UIKitConstants.hitTestMinimumAlpha
  }

  /// The subviews' hit-test, from the last added to the first (`point` in this view's coordinates).
  public func hitTestSubviews(_ point: CGPoint, with event: UIEvent?) -> UIView? {
    for sub in subviews.reversed() {
      if let hit = sub.dispatchHitTest(sub.convertFromSuperview(point), with: event) { return hit }
    }
    return nil
  }

  open func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
    bounds.containsPoint(point)
  }

  /// `hitTest(_:with:)` as a message from outside, as UIKit's other views call it: through a
  /// declared class's hooks, traced when a hit-test is being traced.
  public func dispatchHitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
    if let tracer = event?.hitTestTracer {
      return tracer.trace(self, at: point) { untracedHitTest(point, with: event) }
    }
    return untracedHitTest(point, with: event)
  }

  private func untracedHitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
    // With no override in the class chain, call it straight, making nothing (the hooks'
    // closures would be two allocations per view visited).
    guard let hooks = overrideHooks, hooks.overrides(.hitTest) else { return hitTest(point, with: event) }
    return hooks.hitTest(OverrideCall(.hitTest, on: self, event: event, point: point)) { hitTest(point, with: event) }
  }

  /// `point(inside:with:)` as a message from outside (through a declared class's hooks).
  public func dispatchPointInside(_ point: CGPoint, with event: UIEvent?) -> Bool {
    guard let tracer = event?.hitTestTracer else { return untracedPointInside(point, with: event) }
    let inside = untracedPointInside(point, with: event)
    tracer.noteInside(self, inside)
    return inside
  }

  private func untracedPointInside(_ point: CGPoint, with event: UIEvent?) -> Bool {
    callOverridable(.pointInside, event: event, point: point) { self.point(inside: point, with: event) }
  }
}
