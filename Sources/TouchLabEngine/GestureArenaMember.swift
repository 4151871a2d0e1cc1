import Foundation

/// What the gesture arena asks of a recognizer, and all it asks: its state and kind, how
/// close it is to the touched views, who shares its touches, its failure requirements,
/// whether it may prevent or be prevented, whether it may recognize together with another,
/// and whether its delegate lets it begin. A member tells the arena what it wants to become
/// (`GestureArena.request(_:to:cause:)`); the arena answers, and hands its own decisions to
/// whoever settles — it changes nothing of a member but `arenaSlot`, its entry's handle.
protocol GestureArenaMember: AnyObject {
  /// The kind of member its rivals and requirements are (UIGestureRecognizer for the engine).
  associatedtype Peer: AnyObject

  /// Where the arena keeps its entry: a handle the arena sets and only the arena reads
  /// (-1 when it keeps none), as a Flutter recognizer keeps its arena entry.
  var arenaSlot: Int { get set }

  /// Its state now (it keeps it; the arena is told of every change and decides some).
  var state: UIGestureRecognizer.State { get }
  /// Discrete (tap, swipe: possible → recognized or failed) or continuous.
  var isDiscrete: Bool { get }
  /// The name causes give it (`DeliveryCause.by`).
  var causeName: String { get }
  /// Whether its recognition cancels the views' touches.
  var cancelsTouchesInView: Bool { get }

  // Its touches
  /// A touch of its sequence is down.
  var hasTouchesDown: Bool { get }
  /// It would wait for more touches once all lifted (a double tap between its taps).
  var isAwaitingMoreTouches: Bool { get }
  /// A timer of it is scheduled.
  var hasTimers: Bool { get }

  // Priority
  /// How close it is to the views its touches hit.
  var closeness: GestureArenaCloseness { get }
  /// The other members that share a touch with it, in the touches' order, each once.
  var rivals: [Peer] { get }

  // Requirements
  /// The members it was told to wait for (`require(toFail:)`).
  var explicitFailureRequirements: [Peer] { get }
  /// Whether it may answer yes to a requirement question (it has a delegate, or is of a
  /// class that may override the hooks); the arena asks only pairs where one side may.
  var hasRequirementHooks: Bool { get }
  /// Whether it must wait for `other` to fail: its hook, `other`'s, or either's delegate.
  func requiresFailure(of other: Peer) -> Bool

  // Prevention and simultaneity
  func canPrevent(_ preventedGestureRecognizer: Peer) -> Bool
  func canBePrevented(by preventingGestureRecognizer: Peer) -> Bool
  /// Its own delegate's answer to recognizing together with `other`.
  func allowsSimultaneousRecognition(with other: Peer) -> Bool

  // Beginning
  /// Why it may not leave possible (its delegate's or a touched view's
  /// `gestureRecognizerShouldBegin`), nil when it may.
  func shouldBeginRefusal() -> DeliveryCause?
}

/// How close a member is to the views its touches hit (docs/BEHAVIOUR.md §4, [A3] §4.1):
/// `distance` 0 on a touched view, 1 on its superview…; on one view, the one added later
/// comes first (`order`, smaller first).
struct GestureArenaCloseness: Equatable {
  var distance: Int
  var order: Int
  /// The view it is on: `order` compares only members of one view.
  var view: ObjectIdentifier?
}

extension UIGestureRecognizer: GestureArenaMember {
  typealias Peer = UIGestureRecognizer

  var hasTouchesDown: Bool { !trackedTouches.isEmpty }

  /// 0 on the touched view, 1 on its superview…; then, on one view, later-added first.
  var closeness: GestureArenaCloseness {
    var best = Int.max
    for touch in sequenceTouches {
      var distance = 0
      var view = touch.view
      while let v = view, v !== self.view {
        distance += 1
        view = v.superview
      }
      if view != nil { best = min(best, distance) }
    }
    let order = view?.gestureRecognizers.firstIndex { $0 === self } ?? 0
    return GestureArenaCloseness(distance: best, order: -order, view: view.map(ObjectIdentifier.init))
  }

  var rivals: [UIGestureRecognizer] {
    var others: [UIGestureRecognizer] = []
    var seen: Set<ObjectIdentifier> = [ObjectIdentifier(self)]
    for touch in sequenceTouches {
      for other in touch.gestureRecognizers where seen.insert(ObjectIdentifier(other)).inserted {
        others.append(other)
      }
    }
    return others
  }

  func requiresFailure(of other: UIGestureRecognizer) -> Bool {
    shouldRequireFailure(of: other) || other.shouldBeRequiredToFail(by: self) || delegatesRequireFailure(of: other)
  }

  func allowsSimultaneousRecognition(with other: UIGestureRecognizer) -> Bool {
    delegate?.gestureRecognizer(self, shouldRecognizeSimultaneouslyWith: other) ?? false
  }

  /// The engine's own recognizer classes, which do not override `shouldRequireFailure(of:)`
  /// or `shouldBeRequiredToFail(by:)`.
  private static let classesWithoutHooks: Set<ObjectIdentifier> = [
    ObjectIdentifier(UIGestureRecognizer.self), ObjectIdentifier(UITapGestureRecognizer.self),
    ObjectIdentifier(UILongPressGestureRecognizer.self), ObjectIdentifier(UIPanGestureRecognizer.self),
    ObjectIdentifier(UISwipeGestureRecognizer.self), ObjectIdentifier(UIPinchGestureRecognizer.self),
    ObjectIdentifier(UIRotationGestureRecognizer.self), ObjectIdentifier(UIScreenEdgePanGestureRecognizer.self),
    ObjectIdentifier(UITextTapRecognizer.self), ObjectIdentifier(UIScrollViewPanGestureRecognizer.self),
    ObjectIdentifier(UIScrollViewDelayedTouchesBeganGestureRecognizer.self),
  ]

  var hasRequirementHooks: Bool {
    delegate != nil || !Self.classesWithoutHooks.contains(ObjectIdentifier(type(of: self)))
  }
}
