import Foundation

/// A screen's worth of content and the responder for it (docs/BEHAVIOUR.md §5).
open class UIViewController: UIResponder {
  /// The screen edges where the app's gestures come before the system's: the window's system
  /// gesture gate does not hold touches there (UIKit's `preferredScreenEdgesDeferringSystemGestures`).
  open var preferredScreenEdgesDeferringSystemGestures: UIRectEdge = []
  public override var participantKind: Participant.Kind { .controller }
  /// The root view; setting it makes this controller the view's next responder.
  /// The title a navigation bar shows for this controller (and on the back button of the one above).
  public var title: String?
  public var view: UIView {
    didSet {
      if oldValue.viewController === self { oldValue.viewController = nil }
      view.viewController = self
    }
  }
  public private(set) var children: [UIViewController] = []
  public private(set) weak var parent: UIViewController?
  /// The controller that presented this one; it becomes the next responder.
  public weak var presentingViewController: UIViewController?

  public init(view: UIView = UIView()) {
    self.view = view
    super.init()
    view.viewController = self
  }

  /// The view's back pointer is unowned (UIView.swift): cleared here, as a weak one would be.
  deinit {
    if view.viewController === self { view.viewController = nil }
  }

  open override var application: UIApplication? { view.application }

  /// The presenting controller when presented; else the view's superview (the window for
  /// the root controller, the parent's view for a child controller) (docs/BEHAVIOUR.md §5).
  open override var next: UIResponder? {
    presentingViewController ?? view.superview
  }

  // MARK: Appearance (docs/BEHAVIOUR.md §27.1)

  /// Called before the view is added to the visible hierarchy (a push, a pop, the start of a
  /// swipe back, the end of a cancelled one).
  open func viewWillAppear(_ animated: Bool) {}
  /// Called once the view is on screen (the end of the transition).
  open func viewDidAppear(_ animated: Bool) {}
  /// Called before the view is removed from the visible hierarchy.
  open func viewWillDisappear(_ animated: Bool) {}
  /// Called once the view has left the screen.
  open func viewDidDisappear(_ animated: Bool) {}

  /// The container's call of an appearance callback, through a declared class's override.
  func sendAppearance(_ method: OverridableMethod, animated: Bool) {
    callOverridable(method, animated: animated) {
      switch method {
      case .viewWillAppear: viewWillAppear(animated)
      case .viewDidAppear: viewDidAppear(animated)
      case .viewWillDisappear: viewWillDisappear(animated)
      default: viewDidDisappear(animated)
      }
    }
  }

  public func addChild(_ child: UIViewController) {
    child.removeFromParent()
    children.append(child)
    child.parent = self
  }

  public func removeFromParent() {
    parent?.children.removeAll { $0 === self }
    parent = nil
  }
}
