import Foundation

/// One recognizer's part in the current touch sequence, as the gesture environment keeps it:
/// whether it took part, a recognition waiting for `require(toFail:)`, and the states it
/// entered since the last settle, whose actions have not fired yet. One value a recognizer,
/// changed only through the methods below (the environment settles it; the recognizer's
/// state machine reports what it entered), and reset with the recognizer.
struct GestureParticipation: Equatable {
  /// Took part in the current touch sequence.
  private(set) var isActive = false
  /// A recognition waiting for required recognizers to fail.
  private(set) var pendingState: UIGestureRecognizer.State?
  /// States entered since the last settle, whose actions have not fired yet.
  private(set) var unsettledStates: [UIGestureRecognizer.State] = []
  /// The state before the first of `unsettledStates`.
  private var stateBeforeUnsettled: UIGestureRecognizer.State = .possible

  /// Began or recognized since the last settle, coming from possible: a newcomer to
  /// arbitration. (A continuous recognizer that began in an earlier settle and now ends is not.)
  var hasJustLeftPossible: Bool { !unsettledStates.isEmpty && stateBeforeUnsettled == .possible }

  /// Its first touch of the sequence arrived.
  mutating func join() { isActive = true }

  /// Its recognition (`state`) waits for recognizers it requires to fail.
  mutating func wait(toEnter state: UIGestureRecognizer.State) { pendingState = state }

  /// The waiting recognition, taken: nil when none waits.
  mutating func stopWaiting() -> UIGestureRecognizer.State? {
    defer { pendingState = nil }
    return pendingState
  }

  /// It entered `new` from `old`: the environment fires its actions when it settles.
  mutating func enter(_ new: UIGestureRecognizer.State, from old: UIGestureRecognizer.State) {
    if unsettledStates.isEmpty { stateBeforeUnsettled = old }
    unsettledStates.append(new)
  }

  /// The states entered since the last settle, taken for settling.
  mutating func takeUnsettled() -> [UIGestureRecognizer.State] {
    defer { unsettledStates.removeAll() }
    return unsettledStates
  }

  /// The environment decided for it (it lost, or gave up waiting): nothing waits, nothing is
  /// left to settle.
  mutating func revoke() {
    pendingState = nil
    unsettledStates.removeAll()
  }

  /// The sequence is over: back to the start.
  mutating func end() { self = GestureParticipation() }
}
