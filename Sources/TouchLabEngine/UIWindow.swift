import Foundation

/// The root of the view hierarchy: where hit-testing starts and events are delivered.
open class UIWindow: UIView {
  public override var participantKind: Participant.Kind { .window }
  /// Unowned, cleared by the application's `deinit` (UIView.swift says why not weak).
  var owningApplication: UIApplication? {
    get { owningApplicationReference?.takeUnretainedValue() }
    set { owningApplicationReference = newValue.map { Unmanaged.passUnretained($0) } }
  }
  /// The same reference, for reading without retaining (`UIView.withApplication`).
  private(set) var owningApplicationReference: Unmanaged<UIApplication>?
  /// The responder that has the keyboard's attention (UIResponder+FirstResponder.swift).
  public internal(set) weak var firstResponder: UIResponder?
  /// The keyboard while a text field is editing: the window's top subview.
  public internal(set) var keyboard: UIKeyboard?
  /// Where the window stands among the application's windows: hit-testing asks the highest
  /// visible one first (docs/BEHAVIOUR.md §15).
  public var windowLevel: UIWindow.Level = .normal
  /// UIKit's system gesture gate, which every window has: it holds the began of a touch near
  /// the top or bottom edge while the system decides (docs/BEHAVIOUR.md §18).
  public let systemGestureGate = _UISystemGestureGateGestureRecognizer()

  public override init(frame: CGRect) {
    super.init(frame: frame)
    addGestureRecognizer(systemGestureGate)
  }

  /// `UIWindow.Level`: a raw number, with UIKit's three named levels.
  public struct Level: RawRepresentable, Hashable, Comparable, Sendable {
    public var rawValue: CGFloat
    public init(rawValue: CGFloat) { self.rawValue = rawValue }
    public static let normal = Level(rawValue: UIKitConstants.windowLevelNormal)
    public static let statusBar = Level(rawValue: UIKitConstants.windowLevelStatusBar)
    public static let alert = Level(rawValue: UIKitConstants.windowLevelAlert)
    public static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }
  }

  open var rootViewController: UIViewController? {
    didSet {
      oldValue?.view.removeFromSuperview()
      guard let controller = rootViewController else { return }
      controller.view.frame = bounds
      insertSubview(controller.view, at: 0)
    }
  }

  open override var window: UIWindow? { self }
  open override var application: UIApplication? { owningApplication }

  /// The window → the application (docs/BEHAVIOUR.md §5).
  open override var next: UIResponder? { owningApplication }
}
