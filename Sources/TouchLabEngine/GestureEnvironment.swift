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
  /// The touch delivery it settles for: the application, or a test's stand-in.
  /// Unowned: the application owns its environment and clears this in its `deinit`; a test's
  /// stand-in outlives the environment it drives.
  unowned(unsafe) var delivery: GestureEnvironmentDelivery?
  private var changed: [UIGestureRecognizer] = []
  private var pending: [UIGestureRecognizer] = []
  /// Recognizers that took part in a sequence and are not reset yet.
  private(set) var involved: [UIGestureRecognizer] = []
  private var isSettling = false
  /// Membership of `changed`, `involved` and `pending`, so that noting one is O(1) however
  /// many recognizers a touch has (a layout may declare hundreds).
  private var changedSet: Set<ObjectIdentifier> = []
  private var involvedSet: Set<ObjectIdentifier> = []
  private var pendingSet: Set<ObjectIdentifier> = []
  /// Each recognizer's requirements, worked out once per event delivered and per settle (nil
  /// outside them): the answers do not change meanwhile. Emptied whenever `involved` changes.
  private var requirementsCache: [ObjectIdentifier: [UIGestureRecognizer]]?
  /// The involved recognizers that may answer the requirement hooks (`hasRequirementHooks`),
  /// while `requirementsCache` is kept.
  private var hookedCache: [UIGestureRecognizer]?
  private var cachingDepth = 0

  /// Runs `body` with requirements remembered once worked out (an event's delivery, a settle).
  func cachingRequirements<T>(_ body: () throws -> T) rethrows -> T {
    if cachingDepth == 0 { requirementsCache = [:] }
    cachingDepth += 1
    defer {
      cachingDepth -= 1
      if cachingDepth == 0 {
        requirementsCache = nil
        hookedCache = nil
      }
    }
    return try body()
  }

  private func forgetCachedRequirements() {
    if requirementsCache != nil { requirementsCache = [:] }
    hookedCache = nil
  }

  func noteChanged(_ recognizer: UIGestureRecognizer) {
    if changedSet.insert(ObjectIdentifier(recognizer)).inserted { changed.append(recognizer) }
  }

  func noteInvolved(_ recognizer: UIGestureRecognizer) {
    guard involvedSet.insert(ObjectIdentifier(recognizer)).inserted else { return }
    involved.append(recognizer)
    forgetCachedRequirements()
  }

  func addPending(_ recognizer: UIGestureRecognizer) {
    if pendingSet.insert(ObjectIdentifier(recognizer)).inserted { pending.append(recognizer) }
  }

  func pendingDropped(_ recognizer: UIGestureRecognizer) {
    guard pendingSet.remove(ObjectIdentifier(recognizer)) != nil else { return }
    pending.removeAll { $0 === recognizer }
  }

  // MARK: Requirements

  /// The recognizers `recognizer` must wait for: `require(toFail:)`, and the delegate and
  /// subclass hooks `shouldRequireFailureOf` / `shouldBeRequiredToFailBy`. Only pairs where
  /// one side has hooks are asked: a recognizer of the engine's own classes with no delegate
  /// answers no to all four, so a thousand of them cost a thousand, not a million, questions.
  func requirements(of recognizer: UIGestureRecognizer) -> [UIGestureRecognizer] {
    let key = ObjectIdentifier(recognizer)
    if let cached = requirementsCache?[key] { return cached }
    var result = recognizer.explicitFailureRequirements
    var listed = Set(result.map(ObjectIdentifier.init))
    let candidates: [UIGestureRecognizer]
    if recognizer.hasRequirementHooks {
      candidates = involved
    } else if let hooked = hookedCache {
      candidates = hooked
    } else {
      let hooked = involved.filter(\.hasRequirementHooks)
      if requirementsCache != nil { hookedCache = hooked }
      candidates = hooked
    }
    for other in candidates where other !== recognizer && !listed.contains(ObjectIdentifier(other)) {
      let requires =
        recognizer.shouldRequireFailure(of: other) || other.shouldBeRequiredToFail(by: recognizer)
        || recognizer.delegatesRequireFailure(of: other)
      if requires {
        result.append(other)
        listed.insert(ObjectIdentifier(other))
      }
    }
    requirementsCache?[key] = result
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
        pendingDropped(recognizer)
        recognizer.force(.failed, cause: DeliveryCause(.requireToFail, by: winner.causeName))
      } else if !requirements.contains(where: isUndecidedRequirement) {
        pendingDropped(recognizer)
        guard let target = recognizer.participation.stopWaiting() else { continue }
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
    guard !waiting.isEmpty else { return }
    var index: [ObjectIdentifier: Int] = [:]
    for (i, recognizer) in waiting.enumerated() { index[ObjectIdentifier(recognizer)] = i }
    // Who waits on whom among the waiting, then the strongly connected components of that
    // graph (Tarjan's, iteratively): a recognizer waits in a circle when its component has
    // another member or it waits on itself. O(waiting + requirements), once per pass.
    let edges: [[Int]] = waiting.map { recognizer in
      requirements(of: recognizer).compactMap { other in
        isUndecidedRequirement(other) ? index[ObjectIdentifier(other)] : nil
      }
    }
    let inCircle = Self.nodesOnCycles(edges)
    let circled = waiting.indices.filter { inCircle[$0] }.map { waiting[$0] }
    for recognizer in circled {
      pendingDropped(recognizer)
      recognizer.force(.failed, cause: DeliveryCause(.requirementCircle, by: recognizer.causeName))
    }
  }

  /// Which nodes of a directed graph (`edges[n]`: the nodes `n` points at) lie on a cycle:
  /// those in a strongly connected component of two or more, or with an edge to themselves.
  static func nodesOnCycles(_ edges: [[Int]]) -> [Bool] {
    let count = edges.count
    var order = [Int](repeating: -1, count: count)
    var lowLink = [Int](repeating: 0, count: count)
    var onStack = [Bool](repeating: false, count: count)
    var stack: [Int] = []
    var result = [Bool](repeating: false, count: count)
    var counter = 0
    for root in 0..<count where order[root] < 0 {
      // Each frame: a node and how many of its edges were followed.
      var frames: [(node: Int, edge: Int)] = [(root, 0)]
      order[root] = counter
      lowLink[root] = counter
      counter += 1
      stack.append(root)
      onStack[root] = true
      while let frame = frames.last {
        let node = frame.node
        if frame.edge < edges[node].count {
          frames[frames.count - 1].edge += 1
          let next = edges[node][frame.edge]
          if next == node { result[node] = true }
          if order[next] < 0 {
            order[next] = counter
            lowLink[next] = counter
            counter += 1
            stack.append(next)
            onStack[next] = true
            frames.append((next, 0))
          } else if onStack[next] {
            lowLink[node] = min(lowLink[node], order[next])
          }
          continue
        }
        frames.removeLast()
        if let parent = frames.last { lowLink[parent.node] = min(lowLink[parent.node], lowLink[node]) }
        guard lowLink[node] == order[node] else { continue }
        var component: [Int] = []
        while let member = stack.popLast() {
          onStack[member] = false
          component.append(member)
          if member == node { break }
        }
        if component.count > 1 { for member in component { result[member] = true } }
      }
    }
    return result
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
    var seen: Set<ObjectIdentifier> = [ObjectIdentifier(winner)]
    for touch in winner.sequenceTouches {
      for other in touch.gestureRecognizers where seen.insert(ObjectIdentifier(other)).inserted {
        others.append(other)
      }
    }
    for other in others where other.isActive {
      if Self.canRecognizeSimultaneously(winner, other) { continue }
      if requirements(of: other).contains(where: { $0 === winner }) {
        if other.state == .possible {
          pendingDropped(other)  // decided: it waits no more
          other.force(.failed, cause: DeliveryCause(.requireToFail, by: winner.causeName))
        }
        continue
      }
      switch other.state {
      case .possible:
        if winner.canPrevent(other) && other.canBePrevented(by: winner) {
          pendingDropped(other)
          other.force(.failed, cause: DeliveryCause(Self.rule(winner: winner, loser: other), by: winner.causeName))
        }
      case .began, .ended:
        // A newcomer of lower priority loses: one that began is cancelled, one that
        // recognized fails (docs/BEHAVIOUR.md §4), before any action of it fired. One that won
        // in an earlier settle stays.
        if newcomers.contains(where: { $0 === other }) && !other.participation.unsettledStates.isEmpty {
          other.force(
            other.state == .began ? .cancelled : .failed,
            cause: DeliveryCause(Self.rule(winner: winner, loser: other), by: winner.causeName))
          other.participation.revoke()
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
    guard !isSettling, delivery != nil else { return }
    isSettling = true
    defer { isSettling = false }
    cachingRequirements { settleChanges(event: event) }
  }

  private func settleChanges(event: UIEvent?) {
    guard let delivery else { return }
    var rounds = 0
    while rounds < 1000 {
      rounds += 1
      resolvePending()
      let batch = changed
      changed.removeAll()
      changedSet.removeAll()
      guard !batch.isEmpty else { break }

      // Arbitration among those that left possible in this batch (not one that began
      // earlier and ends now: it won back then).
      let newcomers = batch.filter(\.hasJustLeftPossible)
      let ordered = newcomers.enumerated().map { ($0.offset, $0.element, Self.priority(of: $0.element)) }
        .sorted { lhs, rhs in
          let a = lhs.2
          let b = rhs.2
          if a.distance != b.distance { return a.distance < b.distance }
          if a.order != b.order { return a.order < b.order }
          return lhs.0 < rhs.0
        }.map(\.1)
      for winner in ordered where !winner.participation.unsettledStates.isEmpty && winner.state != .failed {
        exclude(for: winner, newcomers: newcomers)
      }

      // Recognitions first, then failures (docs/BEHAVIOUR.md §4, [A1] 现象一).
      var all = batch
      var inAll = Set(batch.map(ObjectIdentifier.init))
      for r in changed where inAll.insert(ObjectIdentifier(r)).inserted { all.append(r) }
      for recognizer in all where recognizer.state != .failed {
        let states = recognizer.participation.takeUnsettled()
        for (index, state) in states.enumerated() {
          recognizer.recordSettled(state, index: index)
          fireActions(of: recognizer, state: state, event: event)
          if state == .began || (state == .ended && states.first == .ended) {
            delivery.discardHeldBegans(of: recognizer)
          }
          if (state == .began || (state == .ended && states.first == .ended)) && recognizer.cancelsTouchesInView {
            delivery.cancelTouchesForViews(recognizer.sequenceTouches, by: recognizer, event: event)
          }
        }
        recognizer.clearSettledCauses()
      }
      for recognizer in all where recognizer.state == .failed || recognizer.hasUnrecordedFailure {
        if recognizer.state == .failed {
          recognizer.participation.revoke()
          recognizer.clearSettledCauses()
        }
        recognizer.recordFailure()
      }
      delivery.releaseHeldTouches(event: event)
    }
    resetFinished()
  }

  private func fireActions(of recognizer: UIGestureRecognizer, state: UIGestureRecognizer.State, event: UIEvent?) {
    guard let delivery else { return }
    recognizer.builtInHandler?(state)
    for target in recognizer.targets {
      // A target that went away (weak) receives nothing, as in UIKit.
      if target.hasTarget && target.target == nil { continue }
      delivery.sendAction(target.action, to: target.target, from: recognizer, for: event)
    }
  }

  /// Back to possible: every recognizer that finished and whose touches all lifted.
  func resetFinished() {
    guard let delivery else { return }
    var index = 0
    while index < involved.count {
      let recognizer = involved[index]
      let waits = recognizer.participation.pendingState != nil
      let finished = recognizer.isTerminal && recognizer.trackedTouches.isEmpty && !waits
      let idle = recognizer.state == .possible && !recognizer.isActiveForSequence && !waits
      if finished || idle {
        involved.remove(at: index)
        involvedSet.remove(ObjectIdentifier(recognizer))
        forgetCachedRequirements()
        delivery.forget(recognizer)
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
    where recognizer.state == .possible && recognizer.participation.pendingState == nil
      && recognizer.trackedTouches.isEmpty && !recognizer.isAwaitingMoreTouches && recognizer.isActive
    {
      recognizer.fail(.liftedEarly)
    }
  }
}

extension UIGestureRecognizer {
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

  /// Whether the recognizer may answer yes to a failure-requirement hook: it has a delegate,
  /// or it is of a subclass that may override the hooks.
  var hasRequirementHooks: Bool {
    delegate != nil || !Self.classesWithoutHooks.contains(ObjectIdentifier(type(of: self)))
  }

  /// Possible, touched in this sequence, and still expecting something (touches down or a timer).
  var isActiveForSequence: Bool {
    isActive && (!trackedTouches.isEmpty || isAwaitingMoreTouches || hasTimers)
  }
}

/// What the gesture environment asks of touch delivery — the small surface between
/// arbitration and the views (UIApplication+TouchDelivery.swift implements it), so the
/// environment can be driven and watched on its own in tests.
protocol GestureEnvironmentDelivery: AnyObject {
  /// A recognizer recognized: the `touchesBegan` it still holds back are discarded.
  func discardHeldBegans(of recognizer: UIGestureRecognizer)
  /// A recognizer with `cancelsTouchesInView` recognized: the views' touches are cancelled.
  func cancelTouchesForViews(_ touches: [UITouch], by recognizer: UIGestureRecognizer, event: UIEvent?)
  /// Held calls no recognizer holds any more go to their views.
  func releaseHeldTouches(event: UIEvent?)
  /// A recognizer went back to possible: it holds nothing any more.
  func forget(_ recognizer: UIGestureRecognizer)
  /// A recognizer's action goes to its target.
  @discardableResult
  func sendAction(_ action: ActionMessage, to target: AnyObject?, from sender: AnyObject?, for event: UIEvent?) -> Bool
}

extension UIApplication: GestureEnvironmentDelivery {}
