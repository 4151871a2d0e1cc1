import Foundation
import XCTest

@testable import TouchLabEngine

/// The gesture arena on its own, as Flutter tests its gesture arena (arena_test.dart): stub
/// members that say only what the arena asks (closeness, rivals, requirements, prevention,
/// simultaneity, the delegate's answer), no views, windows or hit-testing. Each test writes
/// down every decision the arena hands over, in order, and compares the whole list.
final class GestureArenaTests: XCTestCase {
  typealias State = UIGestureRecognizer.State

  /// A member as the arena sees one, and nothing more.
  final class Stub: GestureArenaMember {
    typealias Peer = Stub
    var arenaSlot = -1
    let name: String
    var state: State = .possible
    var isDiscrete = true
    var causeName: String { name }
    var cancelsTouchesInView = true
    var hasTouchesDown = true
    var isAwaitingMoreTouches = false
    var hasTimers = false
    var closeness: GestureArenaCloseness
    var rivals: [Stub] = []
    var explicitFailureRequirements: [Stub] = []
    /// Members its delegate says it must wait for (`shouldRequireFailureOf`).
    var delegateRequirements: [Stub] = []
    var hasRequirementHooks: Bool { !delegateRequirements.isEmpty }
    var preventsOthers = true
    var mayBePrevented = true
    /// Members its delegate lets it recognize with (`shouldRecognizeSimultaneouslyWith`).
    var simultaneousWith: [Stub] = []
    /// Its delegate's `gestureRecognizerShouldBegin` said no.
    var refusesToBegin = false

    init(_ name: String, distance: Int = 0, order: Int = 0, view: Int = 0) {
      self.name = name
      closeness = GestureArenaCloseness(distance: distance, order: -order, view: ObjectIdentifier(Stub.views[view]))
    }

    /// Stand-ins for views, only for their identity.
    static let views: [AnyObject] = [NSObject(), NSObject()]

    func requiresFailure(of other: Stub) -> Bool { delegateRequirements.contains { $0 === other } }
    func canPrevent(_ preventedGestureRecognizer: Stub) -> Bool { preventsOthers }
    func canBePrevented(by preventingGestureRecognizer: Stub) -> Bool { mayBePrevented }
    func allowsSimultaneousRecognition(with other: Stub) -> Bool { simultaneousWith.contains { $0 === other } }
    func shouldBeginRefusal() -> DeliveryCause? { refusesToBegin ? DeliveryCause(.shouldBegin, by: name) : nil }
  }

  /// An arena, its members, and the decisions it handed over, written down as the
  /// application's executor would carry them out (only the states: there is nothing else).
  final class Harness {
    let arena = GestureArena<Stub>()
    private(set) var decisions: [String] = []
    /// What a member's action does (an app's code), run as its actions fire.
    var actions: [ObjectIdentifier: (State) -> Void] = [:]

    /// Members whose touch went down together: each joins, and each is the others' rival.
    init(_ members: [Stub]) {
      for member in members {
        member.rivals = members.filter { $0 !== member }
        arena.join(member)
      }
    }

    private static func text(_ cause: DeliveryCause?) -> String {
      cause.map { " (\($0.rule.rawValue) by \($0.by))" } ?? ""
    }

    func carryOut(_ decision: GestureArena<Stub>.Decision) {
      switch decision {
      case .enter(let member, let state):
        member.state = state
        decisions.append("enter \(member.name) \(state)")
      case .fail(let member, let cause):
        member.state = .failed
        decisions.append("fail \(member.name)\(Self.text(cause))")
      case .cancel(let member, let cause):
        member.state = .cancelled
        decisions.append("cancel \(member.name)\(Self.text(cause))")
      case .record(let member, let from, let to, let cause):
        decisions.append("record \(member.name) \(from)→\(to)\(Self.text(cause))")
      case .fireActions(let member, let state):
        decisions.append("actions \(member.name) \(state)")
        actions[ObjectIdentifier(member)]?(state)
      case .cancelViewsTouches(let member):
        decisions.append("cancel views' touches \(member.name)")
      case .dropHeldBegans(let member):
        decisions.append("drop held begans \(member.name)")
      case .releaseHeldCalls:
        decisions.append("release held calls")
      case .reset(let member):
        member.state = .possible
        decisions.append("reset \(member.name)")
      }
    }

    /// The member asks to become `state`: returns the arena's answer (taken, as a recognizer takes it).
    @discardableResult
    func request(_ member: Stub, _ state: State, cause: DeliveryCause? = nil) -> GestureArena<Stub>.Answer {
      let answer = arena.request(member, to: state, cause: cause)
      if case .enter(let new) = answer { member.state = new }
      return answer
    }

    /// The members' touches lift: those still possible fail.
    func lift(_ members: [Stub]) {
      for member in members { member.hasTouchesDown = false }
      arena.failIdle(members, carryOut)
    }

    /// The decisions of a discrete member recognizing from possible with
    /// `cancelsTouchesInView`: its record, its actions, its held begans dropped, the views'
    /// touches cancelled.
    static func recognition(of name: String) -> [String] {
      [
        "record \(name) possible→ended", "actions \(name) ended", "drop held begans \(name)",
        "cancel views' touches \(name)",
      ]
    }

    /// Settles, and returns every decision since the last call.
    func settle() -> [String] {
      arena.settle(carryOut)
      defer { decisions.removeAll() }
      return decisions
    }
  }

  func testTheClosestOfTwoRecognizingTogetherWinsAndTheOtherFailsBeforeAnyActionOfIt() {
    let outer = Stub("Outer", distance: 1, view: 1)
    let inner = Stub("Inner", distance: 0)
    let harness = Harness([outer, inner])
    // Outermost first, as the application hands touches over; both recognize on the lift.
    harness.request(outer, .ended)
    harness.request(inner, .ended)
    harness.lift([outer, inner])
    XCTAssertEqual(
      harness.settle(),
      [
        "fail Outer (closerRecognizerWins by Inner)"
      ] + Harness.recognition(of: "Inner") + [
        "record Outer possible→failed (closerRecognizerWins by Inner)",
        "release held calls",
        "release held calls",  // the second round: Outer's failure, already reported
        "reset Outer", "record Outer failed→possible",
        "reset Inner", "record Inner ended→possible",
      ])
    XCTAssertFalse(harness.arena.hasEntry(for: outer), "nothing kept after the reset")
    XCTAssertFalse(harness.arena.hasEntry(for: inner))
  }

  func testOnOneViewTheLastAddedWins() {
    let first = Stub("First", order: 0)
    let second = Stub("Second", order: 1)
    let harness = Harness([first, second])
    harness.request(first, .ended)
    harness.request(second, .ended)
    XCTAssertEqual(
      harness.settle(),
      [
        "fail First (lastAddedWins by Second)"
      ] + Harness.recognition(of: "Second") + [
        "record First possible→failed (lastAddedWins by Second)",
        "release held calls", "release held calls",
      ])
    // Their touches are still down: nobody is reset until they lift.
    harness.lift([first, second])
    XCTAssertEqual(
      harness.settle(),
      ["reset First", "record First failed→possible", "reset Second", "record Second ended→possible"])
  }

  func testAContinuousMemberDropsAndCancelsWhenItBeginsNotWhenItEnds() {
    let pan = Stub("Pan", distance: 1, view: 1)
    pan.isDiscrete = false
    pan.cancelsTouchesInView = false
    let tap = Stub("Tap", distance: 0)
    let harness = Harness([pan, tap])
    harness.request(pan, .began)
    XCTAssertEqual(
      harness.settle(),
      [
        // The tap is closer but still possible: the pan, beginning first, prevents it.
        "fail Tap (recognizedFirst by Pan)",
        "record Pan possible→began", "actions Pan began", "drop held begans Pan",
        "record Tap possible→failed (recognizedFirst by Pan)",
        "release held calls", "release held calls",
      ])
    harness.request(pan, .changed)
    harness.request(pan, .ended)
    harness.lift([pan, tap])
    // Its end drops nothing and cancels nothing: it did both when it began.
    XCTAssertEqual(
      harness.settle(),
      [
        "record Pan began→changed", "actions Pan changed", "record Pan changed→ended", "actions Pan ended",
        "release held calls",
        "reset Pan", "record Pan ended→possible", "reset Tap", "record Tap failed→possible",
      ])
  }

  func testARequireToFailChainWaitsThenTheLastFailureLetsTheMiddleOneWin() {
    // Single waits for Double, Double waits for Triple (require(toFail:)).
    let single = Stub("Single", order: 0)
    let double = Stub("Double", order: 1)
    let triple = Stub("Triple", order: 2)
    single.explicitFailureRequirements = [double]
    double.explicitFailureRequirements = [triple]
    let harness = Harness([single, double, triple])
    XCTAssertEqual(harness.request(single, .ended), .unchanged, "waits for Double")
    XCTAssertEqual(harness.request(double, .ended), .unchanged, "waits for Triple")
    XCTAssertEqual(harness.arena.pendingState(of: single), .ended)
    XCTAssertEqual(harness.settle(), [], "nothing decided while they wait")
    // Triple is still possible when the touches lift: it fails, so Double goes ahead and
    // Single, which required Double to fail, fails.
    harness.lift([triple])
    single.hasTouchesDown = false
    double.hasTouchesDown = false
    XCTAssertEqual(
      harness.settle(),
      [
        "fail Triple (liftedEarly by Triple)",
        "enter Double ended",
        "fail Single (requireToFail by Double)",
      ] + Harness.recognition(of: "Double") + [
        "record Triple possible→failed (liftedEarly by Triple)",
        "record Single possible→failed (requireToFail by Double)",
        "release held calls", "release held calls",
        "reset Single", "record Single failed→possible",
        "reset Double", "record Double ended→possible",
        "reset Triple", "record Triple failed→possible",
      ])
  }

  func testARecognitionFailsAtOnceWhenWhatItRequiresToFailHasAlreadyRecognized() {
    let single = Stub("Single", order: 0)
    let double = Stub("Double", order: 1)
    single.explicitFailureRequirements = [double]
    let harness = Harness([single, double])
    double.isDiscrete = false
    harness.request(double, .began)
    XCTAssertEqual(
      harness.request(single, .ended), .enter(.failed), "no wait for one that began: it fails as it would have")
    XCTAssertEqual(
      harness.settle(),
      [
        "record Double possible→began", "actions Double began", "drop held begans Double",
        "cancel views' touches Double", "record Single possible→failed (requireToFail by Double)",
        "release held calls",
      ])
  }

  func testACircleOfRequirementsFailsEveryoneInIt() {
    let a = Stub("A", order: 0)
    let b = Stub("B", order: 1)
    // A's requirement is explicit; B's comes from its delegate (`shouldRequireFailureOf`).
    a.explicitFailureRequirements = [b]
    b.delegateRequirements = [a]
    let harness = Harness([a, b])
    XCTAssertEqual(harness.request(a, .ended), .unchanged)
    XCTAssertEqual(harness.request(b, .ended), .unchanged)
    harness.lift([a, b])
    XCTAssertEqual(
      harness.settle(),
      [
        "fail A (requirementCircle by A)", "fail B (requirementCircle by B)",
        "record A possible→failed (requirementCircle by A)",
        "record B possible→failed (requirementCircle by B)",
        "release held calls",
        "reset A", "record A failed→possible", "reset B", "record B failed→possible",
      ])
  }

  func testMembersThatMayRecognizeSimultaneouslyBothActAndThirdIsPrevented() {
    let first = Stub("First", order: 0)
    let second = Stub("Second", order: 1)
    let third = Stub("Third", distance: 1, view: 1)
    // Only First's delegate says yes: one side's yes is enough.
    first.simultaneousWith = [second]
    let harness = Harness([first, second, third])
    harness.request(first, .ended)
    harness.request(second, .ended)
    XCTAssertEqual(
      harness.settle(),
      [
        "fail Third (closerRecognizerWins by Second)"
      ] + Harness.recognition(of: "First") + Harness.recognition(of: "Second") + [
        "record Third possible→failed (closerRecognizerWins by Second)",
        "release held calls", "release held calls",
      ])
  }

  func testADelegateRefusalFailsTheMemberAndOneThatMayNotBePreventedStays() {
    let refused = Stub("Refused", order: 1)
    refused.refusesToBegin = true
    let tap = Stub("Tap", order: 0)
    let stubborn = Stub("Stubborn", distance: 1, view: 1)
    stubborn.mayBePrevented = false
    let harness = Harness([refused, tap, stubborn])
    XCTAssertEqual(harness.request(refused, .ended), .enter(.failed), "its delegate said no")
    harness.request(tap, .ended)
    XCTAssertEqual(
      harness.settle(),
      [
        "record Tap possible→ended", "actions Tap ended", "drop held begans Tap", "cancel views' touches Tap",
        "record Refused possible→failed (shouldBegin by Refused)",
        "release held calls",
      ])
    XCTAssertEqual(stubborn.state, .possible, "canBePrevented(by:) said no: still possible")
  }

  func testAFailureReleasesHeldCallsAndARecognitionDropsThem() {
    let holder = Stub("Holder")
    holder.cancelsTouchesInView = false
    let harness = Harness([holder])
    harness.request(holder, .failed, cause: DeliveryCause(.numberOfTouches, by: "Holder"))
    XCTAssertEqual(
      harness.settle(), ["record Holder possible→failed (numberOfTouches by Holder)", "release held calls"])
    harness.lift([holder])
    XCTAssertEqual(harness.settle(), ["reset Holder", "record Holder failed→possible"])

    // The next touch: it recognizes, so what it held is dropped, not released to the views
    // (and, with cancelsTouchesInView off, nothing is cancelled).
    holder.hasTouchesDown = true
    harness.arena.join(holder)
    harness.request(holder, .ended)
    XCTAssertEqual(
      harness.settle(),
      ["record Holder possible→ended", "actions Holder ended", "drop held begans Holder", "release held calls"])
  }

  func testAMemberGivingUpWhileItWaitsFailsWithItsOwnCauseAndTheWaitIsDropped() {
    let single = Stub("Single", order: 0)
    let double = Stub("Double", order: 1)
    single.explicitFailureRequirements = [double]
    let harness = Harness([single, double])
    XCTAssertEqual(harness.request(single, .ended), .unchanged)
    XCTAssertEqual(
      harness.request(single, .failed, cause: DeliveryCause(.notEnabled, by: "Single")), .enter(.failed))
    XCTAssertNil(harness.arena.pendingState(of: single))
    XCTAssertEqual(
      harness.settle(), ["record Single possible→failed (notEnabled by Single)", "release held calls"])
  }

  func testAnActionThatCancelsAnotherMemberIsSeenBeforeTheArenaSettlesThatMember() {
    let tap = Stub("Tap", order: 0)
    let pan = Stub("Pan", order: 1)
    pan.isDiscrete = false
    tap.simultaneousWith = [pan]
    let harness = Harness([tap, pan])
    // The tap's action disables the pan (UIKit: a disabled recognizer that began is cancelled).
    harness.actions[ObjectIdentifier(tap)] = { [unowned harness] _ in
      harness.request(pan, .cancelled, cause: DeliveryCause(.notEnabled, by: "Pan"))
    }
    harness.request(tap, .ended)
    harness.request(pan, .began)
    XCTAssertEqual(
      harness.settle(),
      Harness.recognition(of: "Tap") + [
        "record Pan possible→began", "actions Pan began", "drop held begans Pan", "cancel views' touches Pan",
        "record Pan began→cancelled (notEnabled by Pan)", "actions Pan cancelled",
        "release held calls", "release held calls",
      ])
  }

  func testTheCircleFinderFindsOnlyNodesOnCycles() {
    XCTAssertEqual(GestureArenaGraph.nodesOnCycles([[1], [2], [0], [0]]), [true, true, true, false])
    XCTAssertEqual(GestureArenaGraph.nodesOnCycles([[0], [], [1]]), [true, false, false])
  }
}
