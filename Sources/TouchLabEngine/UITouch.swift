import Foundation

/// One finger on the screen, from its first contact to its lift (docs/BEHAVIOUR.md §1).
public final class UITouch: Hashable, CustomStringConvertible {
  public enum Phase: Int, Sendable {
    case began, moved, stationary, ended, cancelled

    /// The phases recognizers are handed, in the order of one event's calls (a stationary
    /// touch is not handed over).
    static let deliveryOrder: [Phase] = [.began, .moved, .ended, .cancelled]
  }

  /// A number unique within the scene, 1 for the first touch; transcripts' `--json` and the
  /// overlay name touches by it.
  public let identifier: Int
  /// `[identifier]`, made once: the records of a one-finger event carry it without
  /// allocating an array each.
  let identifierArray: [Int]
  /// The finger of the input (a scenario's finger number, an XI2 touch id, the mouse…).
  public let finger: Int
  public internal(set) var phase: Phase = .began
  public internal(set) var timestamp: TimeInterval
  public internal(set) var tapCount: Int = 1
  /// The hit-tested view, fixed for the touch's life (nil when nothing took it).
  public internal(set) var view: UIView?
  /// Strong, as UIKit's `UITouch.window` is.
  public internal(set) var window: UIWindow?
  /// The recognizers collected at hit-test time, outermost view first.
  public internal(set) var gestureRecognizers: [UIGestureRecognizer] = []

  var locationInWindow: CGPoint
  var previousLocationInWindow: CGPoint

  /// Delivery to the view: held back, released, cancelled (ViewDelivery.swift).
  private(set) var viewDelivery = ViewDelivery.unsent
  /// Why its view's `touchesCancelled` happens (the records of the cancel carry it), set when
  /// the delivery adds the cancel.
  var viewCancelCause: DeliveryCause?

  init(identifier: Int, finger: Int, location: CGPoint, timestamp: TimeInterval) {
    self.identifier = identifier
    self.identifierArray = [identifier]
    self.finger = finger
    self.locationInWindow = location
    self.previousLocationInWindow = location
    self.timestamp = timestamp
  }

  /// The touch's location in `view`'s coordinates (the window's when nil).
  public func location(in view: UIView?) -> CGPoint {
    guard let view else { return locationInWindow }
    return view.convert(locationInWindow, from: nil)
  }

  public func previousLocation(in view: UIView?) -> CGPoint {
    guard let view else { return previousLocationInWindow }
    return view.convert(previousLocationInWindow, from: nil)
  }

  /// Whether the touch has ended or was cancelled.
  public var isFinished: Bool { phase == .ended || phase == .cancelled }

  public static func == (lhs: UITouch, rhs: UITouch) -> Bool { lhs === rhs }
  public func hash(into hasher: inout Hasher) { hasher.combine(identifier) }

  public var description: String { "UITouch(\(identifier), \(phase), \(locationInWindow))" }
}

extension Collection where Element == UITouch {
  /// Touches in a stable order (by identifier): sets have none, transcripts need one.
  public var inOrder: [UITouch] { sorted { $0.identifier < $1.identifier } }
}

extension UITouch {
  /// Moves the touch's view delivery to `next`; an illegal transition is ignored and
  /// counted on the application (a bug in the engine; the property tests require none).
  func advanceDelivery(to next: ViewDelivery) {
    guard ViewDelivery.isLegal(from: viewDelivery.kind, to: next.kind) else {
      window?.owningApplication?.illegalDeliveryTransitionCount += 1
      return
    }
    viewDelivery = next
  }

  /// The view never hears (more) of this touch.
  var isCutOffFromView: Bool { viewDelivery == .cutOff }

  /// Cuts the touch off from its view, from any state that is not over.
  func cutOffFromView() {
    if !viewDelivery.isOver { advanceDelivery(to: .cutOff) }
  }
}
