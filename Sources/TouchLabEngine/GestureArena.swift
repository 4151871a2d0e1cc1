import Foundation

/// The gesture arena (docs/BEHAVIOUR.md §4): it decides, after each event and each timer, who
/// wins when several recognizers recognize at once, what waits for a failure requirement,
/// when actions fire, and what becomes of the touches held back from or already given to
/// views. It owns each member's entry for the current sequence (GestureArena+Entry.swift) and
/// knows members only through `GestureArenaMember`; it changes nothing itself but its
/// entries: every effect is a `Decision` handed, in order, to whoever settles (the
/// application's executor, UIApplication+TouchDelivery.swift; a test's list).
///
/// Decisions are handed over one at a time, as they are made: an action, or a view's
/// `touchesCancelled`, may change another member's state before the arena reaches it, and the
/// arena reads members' states as they are then (as UIKit does, one recognizer after another).
///
/// Who prevents whom, as a table (applied in `exclude(for:newcomers:_:)`, tested row by row):
///
/// | the other member…                              | when the winner begins/recognizes  |
/// |------------------------------------------------|------------------------------------|
/// | may recognize simultaneously (either delegate) | is left alone                      |
/// | requires the winner to fail                    | fails                              |
/// | is possible (or waiting on a requirement)      | fails, if the winner can prevent it|
/// | began or recognized in this same settle        | loses: cancelled / failed, no action, if the winner can prevent it|
/// | began in an earlier settle (even if ending now) | is left alone (it won back then)   |
///
/// Several members starting in one settle are taken closest-to-the-touched-view first
/// ([A3] §4.1), and on one view the last added first ([A4]).
final class GestureArena<Member: GestureArenaMember> where Member.Peer == Member {
  typealias State = UIGestureRecognizer.State

  /// What the arena decided, for whoever settles to carry out, in the order given.
  enum Decision {
    /// A recognition that waited for its requirements to fail goes ahead: the member is now in
    /// the state (began or recognized; its record and actions follow when it settles).
    case enter(Member, State)
    /// The member fails, because of the cause (its record follows once recognitions are recorded).
    case fail(Member, DeliveryCause?)
    /// The member is cancelled, because of the cause (a loser that never reached the records
    /// is reported as having failed).
    case cancel(Member, DeliveryCause?)
    /// The member's records report the change from one state to another, for the cause.
    case record(Member, from: State, to: State, cause: DeliveryCause?)
    /// The member's actions (its targets', after its view's own handler) fire for the state.
    case fireActions(Member, State)
    /// The member recognized with `cancelsTouchesInView`: the views' touches it saw are cancelled.
    case cancelViewsTouches(Member)
    /// The member recognized: the `touchesBegan` it still holds back are dropped.
    case dropHeldBegans(Member)
    /// Held calls no member holds any more go to their views.
    case releaseHeldCalls
    /// The member's sequence is over: back to possible, holding nothing (its records follow).
    case reset(Member)
  }

  /// The answer to a member that wants to change state.
  enum Answer: Equatable {
    /// It is in this state now (the one it asked for, or failed instead).
    case enter(State)
    /// It stays as it is (waiting for a requirement, or already waiting).
    case unchanged
    /// Its state machine has no such transition: ignored, as UIKit does.
    case illegal
  }

  /// Each member's part in the current sequence, at the slot the member carries
  /// (`arenaSlot`: a handle, so finding an entry hashes nothing on the hot paths).
  var slots: [Entry] = []
  /// Slots free for new entries.
  var freeSlots: [Int] = []
  /// Members that joined a sequence and are not reset yet, in the order they joined.
  private(set) var involved: [Member] = []
  /// Members whose state changed since the last settle, in order.
  var changed: [Member] = []
  /// Members waiting for their requirements to fail, in order.
  var pending: [Member] = []
  private var isSettling = false
  /// Each member's requirements, worked out once per event delivered and per settle (nil
  /// outside them): the answers do not change meanwhile. Emptied whenever `involved` changes.
  private var requirementsCache: [ObjectIdentifier: [Member]]?
  /// The involved members that may answer the requirement hooks, while the cache is kept.
  private var hookedCache: [Member]?
  private var cachingDepth = 0

  init() {}

  // MARK: Members

  /// The member's first touch of a sequence arrived.
  func join(_ member: Member) {
    let joined = update(member) { entry -> Bool in
      guard !entry.hasJoined else { return false }
      entry.hasJoined = true
      return true
    }
    guard joined else { return }
    involved.append(member)
    forgetCachedRequirements()
  }

  /// Whether the member takes part in a sequence now.
  func hasJoined(_ member: Member) -> Bool { slot(of: member).map { slots[$0].hasJoined } ?? false }

  /// Whether the arena keeps anything of the member (it does from its first touch or state
  /// change until it is reset).
  func hasEntry(for member: Member) -> Bool { slot(of: member) != nil }

  /// The recognition the member waits to enter until its requirements fail, if it waits.
  func pendingState(of member: Member) -> State? { slot(of: member).flatMap { slots[$0].pendingState } }

  /// In a sequence and still deciding (possible, or began or recognized but not settled yet),
  /// so it may still hold its touches back from the views.
  func isDeciding(_ member: Member) -> Bool {
    guard let index = slot(of: member), slots[index].hasJoined else { return false }
    switch member.state {
    case .possible: return true
    case .began, .ended: return !slots[index].unsettled.isEmpty
    default: return false
    }
  }

  /// The member wants to become `new` because of `cause`: the arena answers with what it is
  /// now. Failure requirements and the delegate's `gestureRecognizerShouldBegin` are
  /// settled here, when it leaves possible.
  func request(_ member: Member, to new: State, cause: DeliveryCause?) -> Answer {
    let old = member.state
    if let waiting = pendingState(of: member) {
      // Waiting on a requirement: further progress waits too; giving up drops it.
      if new == .failed || new == .cancelled {
        revoke(member)
        dropPending(member)
        noteFailure(of: member, cause: cause)
        return .enter(.failed)
      }
      if new == .ended && waiting == .began && !member.isDiscrete {
        update(member) { $0.pendingState = .ended }
      }
      return .unchanged
    }
    guard UIGestureRecognizer.isLegal(from: old, to: new, discrete: member.isDiscrete) else { return .illegal }
    if old == .possible && (new == .began || new == .ended) {
      if let refusal = member.shouldBeginRefusal() {
        noteFailure(of: member, cause: refusal)
        return .enter(.failed)
      }
      let requirements = requirements(of: member)
      // One it must wait to fail has already begun or recognized: it fails, as it would had
      // it waited (resolvePending's rule, for one that did not have to wait).
      if let begun = requirements.first(where: Self.hasBegunOrRecognized) {
        noteFailure(of: member, cause: DeliveryCause(.requireToFail, by: begun.causeName))
        return .enter(.failed)
      }
      if requirements.contains(where: isUndecidedRequirement) {
        update(member) { $0.pendingState = new }
        addPending(member)
        return .unchanged
      }
    }
    if new == .failed {
      noteFailure(of: member, cause: cause)
    } else {
      noteEntering(member, new, from: old, cause: cause)
    }
    return .enter(new)
  }

  // MARK: Requirements

  /// Runs `body` with requirements remembered once worked out (an event's delivery, a settle).
  func withCachedRequirements<T>(_ body: () throws -> T) rethrows -> T {
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

  /// The members `member` must wait for: its explicit requirements, then those its or their
  /// hooks say. Only pairs where one side has hooks are asked: a member of the engine's own
  /// classes with no delegate answers no to all, so a thousand of them cost a thousand, not
  /// a million, questions.
  func requirements(of member: Member) -> [Member] {
    let key = ObjectIdentifier(member)
    if let cached = requirementsCache?[key] { return cached }
    var result = member.explicitFailureRequirements
    var listed = Set(result.map(ObjectIdentifier.init))
    let candidates: [Member]
    if member.hasRequirementHooks {
      candidates = involved
    } else if let hooked = hookedCache {
      candidates = hooked
    } else {
      let hooked = involved.filter(\.hasRequirementHooks)
      if requirementsCache != nil { hookedCache = hooked }
      candidates = hooked
    }
    for other in candidates where other !== member && !listed.contains(ObjectIdentifier(other)) {
      if member.requiresFailure(of: other) {
        result.append(other)
        listed.insert(ObjectIdentifier(other))
      }
    }
    requirementsCache?[key] = result
    return result
  }

  /// A requirement still undecided: possible (or waiting itself) and in this sequence.
  private func isUndecidedRequirement(_ other: Member) -> Bool {
    other.state == .possible && hasJoined(other)
  }

  private static func hasBegunOrRecognized(_ member: Member) -> Bool {
    switch member.state {
    case .began, .changed, .ended: true
    default: false
    }
  }

  private func resolvePending(_ carryOut: (Decision) -> Void) {
    for member in pending {
      let requirements = requirements(of: member)
      if let winner = requirements.first(where: Self.hasBegunOrRecognized) {
        dropPending(member)
        force(member, .failed, cause: DeliveryCause(.requireToFail, by: winner.causeName), carryOut)
      } else if !requirements.contains(where: isUndecidedRequirement) {
        dropPending(member)
        guard let target = update(member, { entry in entry.takePendingState() }) else { continue }
        let continuousEnd = target == .ended && !member.isDiscrete
        accept(member, continuousEnd ? .began : target, carryOut)
        if continuousEnd { accept(member, .ended, carryOut) }
      }
    }
    failCircles(carryOut)
  }

  /// Members waiting in a circle — A requires B to fail, B requires A (or A itself) — can
  /// never recognize: each may only once the other has failed. Once everyone in the circle
  /// waits, they all fail, so their held touches go to the views and they take part in the
  /// next touch; those waiting on them then go on as usual. (UIKit does not say what it does
  /// with such a circle; waiting for ever would leave the views without the ends of their
  /// touches.)
  private func failCircles(_ carryOut: (Decision) -> Void) {
    let waiting = pending
    guard !waiting.isEmpty else { return }
    var index: [ObjectIdentifier: Int] = [:]
    for (i, member) in waiting.enumerated() { index[ObjectIdentifier(member)] = i }
    // Who waits on whom among the waiting, then the strongly connected components of that
    // graph: a member waits in a circle when its component has another member or it waits on
    // itself. O(waiting + requirements), once per pass.
    let edges: [[Int]] = waiting.map { member in
      requirements(of: member).compactMap { other in
        isUndecidedRequirement(other) ? index[ObjectIdentifier(other)] : nil
      }
    }
    let inCircle = GestureArenaGraph.nodesOnCycles(edges)
    for member in waiting.indices.filter({ inCircle[$0] }).map({ waiting[$0] }) {
      dropPending(member)
      force(member, .failed, cause: DeliveryCause(.requirementCircle, by: member.causeName), carryOut)
    }
  }

  // MARK: Arbitration

  static func canRecognizeSimultaneously(_ a: Member, _ b: Member) -> Bool {
    a.allowsSimultaneousRecognition(with: b) || b.allowsSimultaneousRecognition(with: a)
  }

  /// The winner has begun or recognized: settle everyone who shares a touch with it.
  private func exclude(for winner: Member, newcomers: [Member], _ carryOut: (Decision) -> Void) {
    for other in winner.rivals where hasJoined(other) {
      if Self.canRecognizeSimultaneously(winner, other) { continue }
      if requirements(of: other).contains(where: { $0 === winner }) {
        if other.state == .possible {
          dropPending(other)  // decided: it waits no more
          force(other, .failed, cause: DeliveryCause(.requireToFail, by: winner.causeName), carryOut)
        }
        continue
      }
      switch other.state {
      case .possible:
        if winner.canPrevent(other) && other.canBePrevented(by: winner) {
          dropPending(other)
          force(
            other, .failed, cause: DeliveryCause(Self.rule(winner: winner, loser: other), by: winner.causeName),
            carryOut)
        }
      case .began, .ended:
        // A newcomer of lower priority loses: one that began is cancelled, one that
        // recognized fails (docs/BEHAVIOUR.md §4), before any action of it fired. One that won
        // in an earlier settle stays.
        if newcomers.contains(where: { $0 === other }) && hasUnsettledStates(other)
          && winner.canPrevent(other) && other.canBePrevented(by: winner)
        {
          force(
            other, other.state == .began ? .cancelled : .failed,
            cause: DeliveryCause(Self.rule(winner: winner, loser: other), by: winner.causeName), carryOut)
          revoke(other)
        }
      default:
        break
      }
    }
  }

  /// Which arbitration rule let `winner` beat `loser`: closer to the touched view, or on
  /// the same view and added later; otherwise it simply recognized first.
  static func rule(winner: Member, loser: Member) -> DeliveryRule {
    let a = winner.closeness
    let b = loser.closeness
    if a.distance < b.distance { return .closerRecognizerWins }
    if a.view == b.view && a.order < b.order { return .lastAddedWins }
    return .recognizedFirst
  }

  // MARK: Settling

  /// Settles everything that changed, handing each decision to `carryOut` as it is made: run
  /// after delivering an event and after each timer. A settle asked for while one runs (an
  /// action disabling a recognizer) is left to the running one.
  func settle(_ carryOut: (Decision) -> Void) {
    guard !isSettling else { return }
    isSettling = true
    defer { isSettling = false }
    withCachedRequirements { settleChanges(carryOut) }
  }

  private func settleChanges(_ carryOut: (Decision) -> Void) {
    var rounds = 0
    while rounds < 1000 {
      rounds += 1
      resolvePending(carryOut)
      let batch = takeChanged()
      guard !batch.isEmpty else { break }

      // Arbitration among those that left possible in this batch (not one that began
      // earlier and ends now: it won back then).
      let newcomers = batch.filter(hasJustLeftPossible)
      if !newcomers.isEmpty {
        let ordered = newcomers.enumerated().map { ($0.offset, $0.element, $0.element.closeness) }
          .sorted { lhs, rhs in
            let a = lhs.2
            let b = rhs.2
            if a.distance != b.distance { return a.distance < b.distance }
            if a.order != b.order { return a.order < b.order }
            return lhs.0 < rhs.0
          }.map(\.1)
        for winner in ordered where hasUnsettledStates(winner) && winner.state != .failed {
          exclude(for: winner, newcomers: newcomers, carryOut)
        }
      }

      // Recognitions first, then failures (docs/BEHAVIOUR.md §4, [A1] 现象一).
      var all = batch
      if !changed.isEmpty {
        var inAll = Set(batch.map(ObjectIdentifier.init))
        for member in changed where inAll.insert(ObjectIdentifier(member)).inserted { all.append(member) }
      }
      for member in all where member.state != .failed {
        let states = update(member) { $0.takeUnsettled() }
        let recognizedAtOnce = states.first?.state == .ended
        for settled in states {
          let from = update(member) { $0.noteRecorded(settled.state) }
          carryOut(.record(member, from: from, to: settled.state, cause: settled.cause))
          carryOut(.fireActions(member, settled.state))
          if settled.state == .began || (settled.state == .ended && recognizedAtOnce) {
            carryOut(.dropHeldBegans(member))
            if member.cancelsTouchesInView { carryOut(.cancelViewsTouches(member)) }
          }
        }
      }
      for member in all where member.state == .failed || hasUnrecordedFailure(member) {
        if member.state == .failed { revoke(member) }
        recordFailure(of: member, carryOut)
      }
      carryOut(.releaseHeldCalls)
    }
    resetFinished(carryOut)
  }

  /// Back to possible: every member that finished and whose touches all lifted, and every one
  /// still possible that expects nothing more.
  func resetFinished(_ carryOut: (Decision) -> Void) {
    var index = 0
    while index < involved.count {
      let member = involved[index]
      let waits = pendingState(of: member) != nil
      let finished: Bool
      switch member.state {
      case .ended, .cancelled, .failed: finished = !member.hasTouchesDown && !waits
      default: finished = false
      }
      let expects = member.hasTouchesDown || member.isAwaitingMoreTouches || member.hasTimers
      let idle = member.state == .possible && !(hasJoined(member) && expects) && !waits
      guard finished || idle else {
        index += 1
        continue
      }
      involved.remove(at: index)
      forgetCachedRequirements()
      let ended = update(member) { $0.endSequence() }
      carryOut(.reset(member))
      var recorded = ended.recordedState
      if let failure = ended.unrecordedFailure {
        carryOut(.record(member, from: recorded, to: .failed, cause: failure.cause))
        recorded = .failed
      }
      carryOut(.record(member, from: recorded, to: .possible, cause: nil))
      if !hasEntryInUse(member) { removeEntry(of: member) }
    }
  }

  /// Members still possible when their last touch lifted fail then, unless they wait for
  /// more touches (a double tap between its taps).
  func failIdle(_ members: [Member], _ carryOut: (Decision) -> Void) {
    for member in members
    where member.state == .possible && pendingState(of: member) == nil && !member.hasTouchesDown
      && !member.isAwaitingMoreTouches && hasJoined(member)
    {
      let cause = DeliveryCause(.liftedEarly, by: member.causeName)
      noteFailure(of: member, cause: cause)
      carryOut(.fail(member, cause))
    }
  }

  // MARK: Deciding for a member

  /// The arena forcing a state (exclusion, a requirement decided) without asking anyone. A
  /// loser that never got as far as the records is reported as failed (UIKit's terms).
  private func force(_ member: Member, _ new: State, cause: DeliveryCause?, _ carryOut: (Decision) -> Void) {
    revoke(member)
    if new == .failed {
      noteFailure(of: member, cause: cause)
      carryOut(.fail(member, cause))
    } else if update(member, { $0.recordedState }) == .possible {
      noteFailure(of: member, cause: cause)
      carryOut(.cancel(member, cause))
    } else {
      noteEntering(member, new, from: member.state, cause: cause)
      carryOut(.cancel(member, cause))
    }
  }

  /// A waiting recognition goes ahead.
  private func accept(_ member: Member, _ state: State, _ carryOut: (Decision) -> Void) {
    noteEntering(member, state, from: member.state, cause: nil)
    carryOut(.enter(member, state))
  }

  private func recordFailure(of member: Member, _ carryOut: (Decision) -> Void) {
    guard let failure = update(member, { $0.takeUnrecordedFailure() }) else { return }
    carryOut(.record(member, from: failure.recordedBefore, to: .failed, cause: failure.cause))
  }
}
