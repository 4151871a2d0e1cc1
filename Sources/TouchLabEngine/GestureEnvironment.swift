import Foundation

/// Settles gesture recognizers after each event and each timer (docs/BEHAVIOUR.md §4):
/// arbitration (who wins when several recognize at once), failure requirements, actions,
/// and what becomes of the touches held back from or already given to views.
///
/// Who prevents whom, as a table (applied in `exclude(for:)`, tested row by row):
///
/// | the other recognizer…                         | when the winner begins/recognizes  |
/// |-----------------------------------------------|------------------------------------|
/// | may recognize simultaneously (either delegate) | is left alone                      |
/// | requires the winner to fail                    | fails                              |
/// | is possible (or waiting on a requirement)      | fails, if the winner can prevent it|
/// | began or recognized in this same settle       | loses: cancelled / failed, no action|
/// | began in an earlier settle (even if ending now) | is left alone (it won back then)   |
///
/// Several recognizers starting in one settle are taken closest-to-the-touched-view first
/// ([A3] §4.1), and on one view the last added first ([A4]).
final class GestureEnvironment {
  weak var application: UIApplication?
  private var changed: [UIGestureRecognizer] = []
  private var pending: [UIGestureRecognizer] = []
  /// Recognizers that took part in a sequence and are not reset yet.
  private(set) var involved: [UIGestureRecognizer] = []
  private var isSettling = false

  func noteChanged(_ recognizer: UIGestureRecognizer) {
    if !changed.contains(where: { $0 === recognizer }) { changed.append(recognizer) }
  }

  func noteInvolved(_ recognizer: UIGestureRecognizer) {
    if !involved.contains(where: { $0 === recognizer }) { involved.append(recognizer) }
  }

  func addPending(_ recognizer: UIGestureRecognizer) {
    if !pending.contains(where: { $0 === recognizer }) { pending.append(recognizer) }
  }

  func pendingDropped(_ recognizer: UIGestureRecognizer) {
    pending.removeAll { $0 === recognizer }
  }

  // MARK: Requirements

  /// The recognizers `recognizer` must wait for: `require(toFail:)`, and the delegate and
  /// subclass hooks `shouldRequireFailureOf` / `shouldBeRequiredToFailBy`.
  func requirements(of recognizer: UIGestureRecognizer) -> [UIGestureRecognizer] {
    var result = recognizer.explicitFailureRequirements
    for other in involved where other !== recognizer && !result.contains(where: { $0 === other }) {
      let requires =
        recognizer.shouldRequireFailure(of: other) || other.shouldBeRequiredToFail(by: recognizer)
        || (recognizer.delegate?.gestureRecognizer(recognizer, shouldRequireFailureOf: other) ?? false)
        || (other.delegate?.gestureRecognizer(other, shouldBeRequiredToFailBy: recognizer) ?? false)
      if requires { result.append(other) }
    }
    return result
  }

  /// A requirement still undecided: in this sequence and possible (or waiting itself).
  private func isUndecidedRequirement(_ other: UIGestureRecognizer) -> Bool {
    other.isActive && other.state == .possible
  }

  func mustWait(_ recognizer: UIGestureRecognizer) -> Bool {
    requirements(of: recognizer).contains(where: isUndecidedRequirement)
  }

  private func resolvePending() {
    for recognizer in pending {
      let requirements = requirements(of: recognizer)
      if let winner = requirements.first(where: { [.began, .changed, .ended].contains($0.state) }) {
        pending.removeAll { $0 === recognizer }
        recognizer.force(.failed, cause: DeliveryCause(.requireToFail, by: winner.causeName))
      } else if !requirements.contains(where: isUndecidedRequirement) {
        pending.removeAll { $0 === recognizer }
        guard let target = recognizer.pendingState else { continue }
        recognizer.pendingState = nil
        recognizer.apply(target == .ended && !recognizer.isDiscrete ? .began : target)
        if target == .ended && !recognizer.isDiscrete { recognizer.apply(.ended) }
      }
    }
    failCircles()
  }

  /// Recognizers waiting in a circle — A requires B to fail, B requires A (or A itself) —
  /// can never recognize: each may only once the other has failed. Once everyone in the
  /// circle waits, they all fail, so their held touches go to the views and they take part
  /// in the next touch; those waiting on them then go on as usual. (UIKit does not say
  /// what it does with such a circle; waiting for ever would leave the views without the
  /// ends of their touches.)
  private func failCircles() {
    let waiting = pending
    func waitsOn(_ recognizer: UIGestureRecognizer) -> [UIGestureRecognizer] {
      requirements(of: recognizer).filter { other in
        isUndecidedRequirement(other) && waiting.contains { $0 === other }
      }
    }
    var circled: [UIGestureRecognizer] = []
    for recognizer in waiting {
      var stack = waitsOn(recognizer)
      var seen: [UIGestureRecognizer] = []
      while let next = stack.popLast() {
        if next === recognizer {
          circled.append(recognizer)
          break
        }
        guard !seen.contains(where: { $0 === next }) else { continue }
        seen.append(next)
        stack.append(contentsOf: waitsOn(next))
      }
    }
    for recognizer in circled {
      pending.removeAll { $0 === recognizer }
      recognizer.force(.failed, cause: DeliveryCause(.requirementCircle, by: recognizer.causeName))
    }
  }

  // MARK: Arbitration

  static func canRecognizeSimultaneously(_ a: UIGestureRecognizer, _ b: UIGestureRecognizer) -> Bool {
    (a.delegate?.gestureRecognizer(a, shouldRecognizeSimultaneouslyWith: b) ?? false)
      || (b.delegate?.gestureRecognizer(b, shouldRecognizeSimultaneouslyWith: a) ?? false)
  }

  /// How close a recognizer's view is to the views its touches hit: 0 on the touched
  /// view, 1 on its superview…; then, on one view, later-added first.
  static func priority(of recognizer: UIGestureRecognizer) -> (distance: Int, order: Int) {
    var best = Int.max
    for touch in recognizer.sequenceTouches {
      var distance = 0
      var view = touch.view
      while let v = view, v !== recognizer.view {
        distance += 1
        view = v.superview
      }
      if view != nil { best = min(best, distance) }
    }
    let order = recognizer.view?.gestureRecognizers.firstIndex { $0 === recognizer } ?? 0
    return (best, -order)
  }

  /// The winner has begun or recognized: settle everyone who shares a touch with it.
  private func exclude(for winner: UIGestureRecognizer, newcomers: [UIGestureRecognizer]) {
    var others: [UIGestureRecognizer] = []
    for touch in winner.sequenceTouches {
      for other in touch.gestureRecognizers where other !== winner && !others.contains(where: { $0 === other }) {
        others.append(other)
      }
    }
    for other in others where other.isActive {
      if Self.canRecognizeSimultaneously(winner, other) { continue }
      if requirements(of: other).contains(where: { $0 === winner }) {
        if other.state == .possible {
          pending.removeAll { $0 === other }  // decided: it waits no more
          other.force(.failed, cause: DeliveryCause(.requireToFail, by: winner.causeName))
        }
        continue
      }
      switch other.state {
      case .possible:
        if winner.canPrevent(other) && other.canBePrevented(by: winner) {
          pending.removeAll { $0 === other }
          other.force(.failed, cause: DeliveryCause(Self.rule(winner: winner, loser: other), by: winner.causeName))
        }
      case .began, .ended:
        // A newcomer of lower priority loses: one that began is cancelled, one that
        // recognized fails (docs/BEHAVIOUR.md §4), before any action of it fired. One that won
        // in an earlier settle stays.
        if newcomers.contains(where: { $0 === other }) && !other.unsettledStates.isEmpty {
          other.force(
            other.state == .began ? .cancelled : .failed,
            cause: DeliveryCause(Self.rule(winner: winner, loser: other), by: winner.causeName))
          other.unsettledStates.removeAll()
        }
      default:
        break
      }
    }
  }

  /// Which arbitration rule let `winner` beat `loser`: closer to the touched view, or on
  /// the same view and added later; otherwise it simply recognized first.
  static func rule(winner: UIGestureRecognizer, loser: UIGestureRecognizer) -> DeliveryRule {
    let a = priority(of: winner)
    let b = priority(of: loser)
    if a.distance < b.distance { return .closerRecognizerWins }
    if winner.view === loser.view && a.order < b.order { return .lastAddedWins }
    return .recognizedFirst
  }

  // MARK: Settling

  /// Settles everything that changed: run after delivering an event and after each timer.
  func settle(event: UIEvent? = nil) {
    guard !isSettling, let application else { return }
    isSettling = true
    defer { isSettling = false }
    var rounds = 0
    while rounds < 1000 {
      rounds += 1
      resolvePending()
      let batch = changed
      changed.removeAll()
      guard !batch.isEmpty else { break }

      // Arbitration among those that left possible in this batch (not one that began
      // earlier and ends now: it won back then).
      let newcomers = batch.filter(\.hasJustLeftPossible)
      let ordered = newcomers.enumerated().sorted { lhs, rhs in
        let a = Self.priority(of: lhs.element)
        let b = Self.priority(of: rhs.element)
        if a.distance != b.distance { return a.distance < b.distance }
        if a.order != b.order { return a.order < b.order }
        return lhs.offset < rhs.offset
      }.map(\.element)
      for winner in ordered where !winner.unsettledStates.isEmpty && winner.state != .failed {
        exclude(for: winner, newcomers: newcomers)
      }

      // Recognitions first, then failures (docs/BEHAVIOUR.md §4, [A1] 现象一).
      var all = batch
      for r in changed where !all.contains(where: { $0 === r }) { all.append(r) }
      for recognizer in all where recognizer.state != .failed {
        let states = recognizer.unsettledStates
        recognizer.unsettledStates.removeAll()
        for (index, state) in states.enumerated() {
          recognizer.recordSettled(state, index: index)
          fireActions(of: recognizer, state: state, event: event)
          if (state == .began || (state == .ended && states.first == .ended)) && recognizer.cancelsTouchesInView {
            application.cancelTouchesForViews(recognizer.sequenceTouches, by: recognizer, event: event)
          }
        }
        recognizer.clearSettledCauses()
      }
      for recognizer in all where recognizer.state == .failed || recognizer.hasUnrecordedFailure {
        if recognizer.state == .failed {
          recognizer.unsettledStates.removeAll()
          recognizer.clearSettledCauses()
        }
        recognizer.recordFailure()
      }
      application.releaseHeldTouches(event: event)
    }
    resetFinished()
  }

  private func fireActions(of recognizer: UIGestureRecognizer, state: UIGestureRecognizer.State, event: UIEvent?) {
    guard let application else { return }
    recognizer.builtInHandler?(state)
    for target in recognizer.targets {
      // A target that went away (weak) receives nothing, as in UIKit.
      if target.hasTarget && target.target == nil { continue }
      application.sendAction(target.action, to: target.target, from: recognizer, for: event)
    }
  }

  /// Back to possible: every recognizer that finished and whose touches all lifted.
  func resetFinished() {
    guard let application else { return }
    var index = 0
    while index < involved.count {
      let recognizer = involved[index]
      let finished = recognizer.isTerminal && recognizer.trackedTouches.isEmpty && recognizer.pendingState == nil
      let idle =
        recognizer.state == .possible && !recognizer.isActiveForSequence && recognizer.pendingState == nil
      if finished || idle {
        involved.remove(at: index)
        application.forget(recognizer)
        recognizer.resetToPossible()
      } else {
        index += 1
      }
    }
  }

  /// Recognizers still possible when their last touch lifted fail then, unless they wait
  /// for more touches (a double tap between its taps).
  func failIdle(_ recognizers: [UIGestureRecognizer]) {
    for recognizer in recognizers
    where recognizer.state == .possible && recognizer.pendingState == nil && recognizer.trackedTouches.isEmpty
      && !recognizer.isAwaitingMoreTouches && recognizer.isActive
    {
      recognizer.fail(.liftedEarly)
    }
  }
}

extension UIGestureRecognizer {
  /// Possible, touched in this sequence, and still expecting something (touches down or a timer).
  var isActiveForSequence: Bool {
    isActive && (!trackedTouches.isEmpty || isAwaitingMoreTouches || hasTimers)
  }
}
