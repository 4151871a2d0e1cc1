import Foundation

/// A stack of view controllers with a bar at the top (UIKit's `UINavigationController`,
/// docs/BEHAVIOUR.md §27). Its view holds the top controller's view and the
/// `navigationBar` over it; a push slides the new controller's view in from the right over
/// the old one, which moves a little to the left (UIKit's parallax), and a pop does the
/// reverse, each over `UIKitConstants.navigationTransitionDuration` on the engine clock. The
/// `interactivePopGestureRecognizer`, a left-edge pan on the view, pops under the finger:
/// the top view follows it to the right, and at the lift the pop completes or is cancelled
/// by UIKit's projection of the pan (`InteractivePopStatistics`). The stack changes
/// when a transition finishes; each transition's beginning and end is a record.
open class UINavigationController: UIViewController {
  /// A push or pop under way.
  public struct Transition {
    public let operation: NavigationOperation
    /// The controller on top before the transition, and the one on top after it.
    public let from: UIViewController
    public let to: UIViewController
    /// Driven by the interactive pop recognizer (until the finger lifts).
    public internal(set) var isInteractive: Bool
    /// Started by the interactive pop recognizer.
    public let startedInteractively: Bool
    /// How much of the width the upper controller's view covers: 1 in place, 0 pushed off
    /// to the right. A push goes from 0 to 1, a pop from 1 to 0.
    public internal(set) var coverage: CGFloat
    /// The upper of the two controllers (the pushed one, or the one popped).
    public var upper: UIViewController { operation == .push ? to : from }
    public var lower: UIViewController { operation == .push ? from : to }
  }

  /// The animation of a transition's coverage towards its end, on the engine clock.
  struct CoverageAnimation {
    var start: CGFloat
    var end: CGFloat
    var startTime: TimeInterval
    var duration: TimeInterval
    /// An ease-in-out curve (a non-interactive transition) or linear (the rest of an
    /// interactive one after the lift, at the finger's pace).
    var easesInOut: Bool
  }

  public private(set) var viewControllers: [UIViewController] = []
  public var topViewController: UIViewController? { viewControllers.last }
  public private(set) var navigationBar: UINavigationBar
  /// UIKit's pop recognizer: a left-edge pan on the navigation controller's view.
  public let interactivePopGestureRecognizer: UIScreenEdgePanGestureRecognizer =
    _UIParallaxTransitionPanGestureRecognizer()
  /// The recognizer's own delegate (UIKit's `_UINavigationInteractiveTransition`), kept here
  /// since a recognizer's delegate is weak. Replacing the recognizer's delegate drops its rule.
  public let interactiveTransition: _UINavigationInteractiveTransition
  public weak var delegate: UINavigationControllerDelegate?
  public private(set) var transition: Transition?
  public var isTransitioning: Bool { transition != nil }
  var animation: CoverageAnimation?
  var popStatistics: InteractivePopStatistics?
  private var animationTimer: EngineClock.Token?

  public init(viewControllers: [UIViewController] = [], frame: CGRect = .zero) {
    navigationBar = UINavigationBar(
      frame: CGRect(
        x: 0, y: UIKitConstants.statusBarHeight, width: frame.width, height: UIKitConstants.navigationBarHeight))
    interactiveTransition = _UINavigationInteractiveTransition()
    super.init(view: UIView(frame: frame))
    interactiveTransition.navigationController = self
    interactivePopGestureRecognizer.edges = .left
    interactivePopGestureRecognizer.delegate = interactiveTransition
    interactivePopGestureRecognizer.builtInHandler = { [unowned self] state in
      self.handleInteractivePop(state)
    }
    view.addGestureRecognizer(interactivePopGestureRecognizer)
    navigationBar.backButton.onTouchUpInside = { [unowned self] in _ = self.popViewController(animated: true) }
    setViewControllers(viewControllers)
  }

  /// Uses `bar` (of a subclass: UIKit's `init(navigationBarClass:toolbarClass:)`) for the bar.
  public func useNavigationBar(_ bar: UINavigationBar) {
    navigationBar.removeFromSuperview()
    navigationBar.backButton.onTouchUpInside = nil
    navigationBar = bar
    bar.backButton.onTouchUpInside = { [unowned self] in _ = self.popViewController(animated: true) }
    layOut()
  }

  /// The root view was replaced (a layout gives it a frame): the bar and the recognizer move to it.
  public func adoptView(_ newView: UIView) {
    view.removeGestureRecognizer(interactivePopGestureRecognizer)
    view = newView
    newView.addGestureRecognizer(interactivePopGestureRecognizer)
    setViewControllers(viewControllers)
  }

  /// Replaces the stack at once (UIKit's `setViewControllers(_:animated:)`, not animated).
  public func setViewControllers(_ controllers: [UIViewController]) {
    finishAnimationNow()
    for old in viewControllers where !controllers.contains(where: { $0 === old }) {
      old.view.removeFromSuperview()
      old.removeFromParent()
    }
    viewControllers = controllers
    for controller in controllers where controller.parent !== self { addChild(controller) }
    for controller in controllers.dropLast() { controller.view.removeFromSuperview() }
    if let top = controllers.last { install(top.view) }
    layOut()
  }

  /// Pushes `viewController` on top; animated, it slides in from the right. TouchLab ignores
  /// a push while another transition runs (UIKit's behaviour then is not modelled). Not
  /// animated, the stack changes at once, with no transition and so no `navigation` record.
  open func pushViewController(_ viewController: UIViewController, animated: Bool) {
    guard !isTransitioning, !viewControllers.contains(where: { $0 === viewController }) else { return }
    guard let from = topViewController, animated, view.application != nil else {
      let covered = topViewController
      covered?.sendAppearance(.viewWillDisappear, animated: false)
      viewController.sendAppearance(.viewWillAppear, animated: false)
      // Told while its view is still in the window, so that its records have somewhere to go.
      covered?.sendAppearance(.viewDidDisappear, animated: false)
      setViewControllers(viewControllers + [viewController])
      viewController.sendAppearance(.viewDidAppear, animated: false)
      delegate?.navigationController(self, didShow: viewController, animated: false)
      return
    }
    addChild(viewController)
    begin(
      Transition(
        operation: .push, from: from, to: viewController, isInteractive: false, startedInteractively: false, coverage: 0
      ))
    animate(to: 1, duration: UIKitConstants.navigationTransitionDuration, easesInOut: true)
  }

  /// Pops the top controller and returns it (nil with one controller, or while another
  /// transition runs); animated, it slides off to the right; not animated, at once.
  @discardableResult
  open func popViewController(animated: Bool) -> UIViewController? {
    guard !isTransitioning, viewControllers.count > 1 else { return nil }
    let from = viewControllers[viewControllers.count - 1]
    let to = viewControllers[viewControllers.count - 2]
    guard animated, view.application != nil else {
      from.sendAppearance(.viewWillDisappear, animated: false)
      to.sendAppearance(.viewWillAppear, animated: false)
      from.sendAppearance(.viewDidDisappear, animated: false)
      setViewControllers(Array(viewControllers.dropLast()))
      to.sendAppearance(.viewDidAppear, animated: false)
      delegate?.navigationController(self, didShow: to, animated: false)
      return from
    }
    begin(
      Transition(operation: .pop, from: from, to: to, isInteractive: false, startedInteractively: false, coverage: 1))
    animate(to: 0, duration: UIKitConstants.navigationTransitionDuration, easesInOut: true)
    return from
  }

  // MARK: The interactive pop

  /// The pop recognizer's handler (UIKit's `_UINavigationInteractiveTransition`'s
  /// `handleNavigationTransition:`, never logged): began starts the pop, changed moves the
  /// top view with the finger, the lift completes or cancels it, a cancel cancels it.
  func handleInteractivePop(_ state: UIGestureRecognizer.State) {
    let recognizer = interactivePopGestureRecognizer
    let width = max(view.bounds.width, 1)
    let now = view.application?.clock.now ?? 0
    let translation = recognizer.translation(in: view).x
    let velocity = recognizer.velocity(in: view).x
    switch state {
    case .began:
      // With its own rule gone (another delegate), the recognizer may begin with one
      // controller or during a transition: nothing to pop then.
      guard !isTransitioning, viewControllers.count > 1 else { return }
      let from = viewControllers[viewControllers.count - 1]
      let to = viewControllers[viewControllers.count - 2]
      begin(
        Transition(
          operation: .pop, from: from, to: to, isInteractive: true, startedInteractively: true, coverage: 1))
      popStatistics = InteractivePopStatistics(time: now, translation: translation, velocity: velocity, width: width)
      follow(translation, width: width)
    case .changed:
      guard transition?.isInteractive == true else { return }
      follow(translation, width: width)
      popStatistics?.add(time: now, translation: translation, velocity: velocity)
      popStatistics?.hasChanged = true
    case .recognized:
      guard let transition, transition.isInteractive, var statistics = popStatistics else { return }
      statistics.add(time: now, translation: translation, velocity: velocity)
      popStatistics = nil
      let fraction = 1 - transition.coverage
      let duration = UIKitConstants.navigationTransitionDuration
      let (pops, startVelocity) = statistics.shouldPop(fraction: fraction, duration: duration, liftVelocity: velocity)
      self.transition?.isInteractive = false
      // The rest of the way: UIKit sets the completion speed to the remaining fraction, or
      // to the finger's pace when that is faster, so it takes the whole duration or the time
      // the remaining distance takes at the finger's velocity, whichever is shorter.
      let remainingDistance = (pops ? 1 - fraction : fraction) * width
      var time = duration
      if startVelocity != 0 { time = min(duration, Double(remainingDistance / abs(startVelocity))) }
      animate(to: pops ? 0 : 1, duration: time, easesInOut: false)
    case .cancelled, .failed:
      guard let transition, transition.isInteractive else { return }
      popStatistics = nil
      self.transition?.isInteractive = false
      // Cancelled at completion speed 1: the fraction popped of the duration.
      animate(
        to: 1, duration: UIKitConstants.navigationTransitionDuration * Double(1 - transition.coverage),
        easesInOut: false)
    default:
      break
    }
  }

  /// UIKit's percent complete follows the finger, clamped to 0…0.999 while it is down.
  private func follow(_ translation: CGFloat, width: CGFloat) {
    guard transition?.isInteractive == true else { return }
    setCoverage(1 - min(max(translation / width, 0), UIKitConstants.interactivePopMaximumPercent))
  }

  // MARK: Running a transition

  private func begin(_ newTransition: Transition) {
    transition = newTransition
    // The lower view goes beneath the upper one, both under the bar.
    if newTransition.operation == .push {
      install(newTransition.to.view)
    } else {
      install(newTransition.to.view, below: newTransition.from.view)
    }
    setCoverage(newTransition.coverage)
    record(newTransition, .began)
    // The appearance callbacks, then the delegate (docs/BEHAVIOUR.md §27.1).
    newTransition.from.sendAppearance(.viewWillDisappear, animated: true)
    newTransition.to.sendAppearance(.viewWillAppear, animated: true)
    delegate?.navigationController(self, willShow: newTransition.to, animated: true)
  }

  private func animate(to end: CGFloat, duration: TimeInterval, easesInOut: Bool) {
    guard let transition, let clock = view.application?.clock, duration > 0 else {
      setCoverage(end)
      finish()
      return
    }
    animation = CoverageAnimation(
      start: transition.coverage, end: end, startTime: clock.now, duration: duration, easesInOut: easesInOut)
    scheduleTick()
  }

  private func scheduleTick() {
    guard let clock = view.application?.clock else { return }
    animationTimer = clock.schedule(after: UIKitConstants.frameInterval) { [unowned self] in
      self.animationTimer = nil
      self.tick()
    }
  }

  private func tick() {
    guard let animation, let clock = view.application?.clock else { return }
    let t = min(max((clock.now - animation.startTime) / animation.duration, 0), 1)
    // An ease-in-out (smoothstep) standing in for UIKit's default curve.
    let progress = animation.easesInOut ? t * t * (3 - 2 * t) : t
    setCoverage(animation.start + (animation.end - animation.start) * CGFloat(progress))
    if t >= 1 {
      finish()
    } else {
      scheduleTick()
    }
  }

  /// Jumps a running animation to its end (the stack is replaced meanwhile).
  private func finishAnimationNow() {
    guard let animation else { return }
    setCoverage(animation.end)
    finish()
  }

  /// The animation reached its end: the stack changes (a push or a completed pop) or stays
  /// (a cancelled pop), and the views beneath leave the hierarchy.
  private func finish() {
    guard let transition else { return }
    view.application?.clock.cancel(animationTimer)
    animationTimer = nil
    animation = nil
    let completed = transition.operation == .push ? transition.coverage >= 1 : transition.coverage <= 0
    self.transition = nil
    transition.from.view.transform = .identity
    transition.to.view.transform = .identity
    // The leaving controller hears it is gone while its view is still in the window (its
    // records need one); the rest of the callbacks follow the change (docs/BEHAVIOUR.md §27.1).
    if completed {
      transition.from.sendAppearance(.viewDidDisappear, animated: true)
    } else {
      // A cancelled swipe back: the controller beneath, told it would appear, disappears
      // again, and the top one appears again.
      transition.to.sendAppearance(.viewWillDisappear, animated: true)
      transition.to.sendAppearance(.viewDidDisappear, animated: true)
    }
    if completed {
      if transition.operation == .push {
        viewControllers.append(transition.to)
      } else {
        viewControllers.removeLast()
        transition.from.removeFromParent()
      }
      transition.from.view.removeFromSuperview()
    } else {
      transition.to.view.removeFromSuperview()
    }
    layOut()
    record(transition, completed ? .finished : .cancelled)
    if completed {
      transition.to.sendAppearance(.viewDidAppear, animated: true)
      delegate?.navigationController(self, didShow: transition.to, animated: true)
    } else {
      transition.from.sendAppearance(.viewWillAppear, animated: true)
      transition.from.sendAppearance(.viewDidAppear, animated: true)
    }
  }

  /// Places the two views for `coverage`: the upper one `(1 - coverage) × width` to the
  /// right, the lower one `parallax × coverage × width` to the left.
  private func setCoverage(_ coverage: CGFloat) {
    guard transition != nil else { return }
    transition!.coverage = coverage
    let width = view.bounds.width
    transition!.upper.view.transform = CGAffineTransform(translationX: (1 - coverage) * width, y: 0)
    transition!.lower.view.transform = CGAffineTransform(
      translationX: -UIKitConstants.navigationParallaxFraction * coverage * width, y: 0)
  }

  private func record(_ transition: Transition, _ phase: NavigationPhase) {
    guard let recorder, recorder.isListening else { return }
    recorder.record(
      .navigation(
        controller: participant, operation: transition.operation, phase: phase, from: transition.from.participant,
        to: transition.to.participant, interactive: transition.startedInteractively))
  }

  // MARK: Layout

  /// Adds a controller's view under the bar, filling the navigation view.
  private func install(_ controllerView: UIView, below other: UIView? = nil) {
    controllerView.frame = CGRect(origin: .zero, size: view.bounds.size)
    if let other, let index = view.subviews.firstIndex(where: { $0 === other }) {
      view.insertSubview(controllerView, at: index)
    } else if let barIndex = view.subviews.firstIndex(where: { $0 === navigationBar }) {
      view.insertSubview(controllerView, at: barIndex)
    } else {
      view.addSubview(controllerView)
    }
  }

  /// The bar on top, across the width, below the status bar, showing the top controller's
  /// title and a back button with the title of the one beneath.
  func layOut() {
    navigationBar.frame = CGRect(
      x: 0, y: UIKitConstants.statusBarHeight, width: view.bounds.width, height: UIKitConstants.navigationBarHeight)
    if navigationBar.superview !== view || view.subviews.last !== navigationBar { view.addSubview(navigationBar) }
    for controller in viewControllers where controller.view.superview === view {
      controller.view.frame = CGRect(origin: .zero, size: view.bounds.size)
    }
    let top = topViewController
    let beneath = viewControllers.count > 1 ? viewControllers[viewControllers.count - 2] : nil
    navigationBar.showItems(title: top?.title, backTitle: beneath.map { $0.title ?? "Back" })
  }
}
