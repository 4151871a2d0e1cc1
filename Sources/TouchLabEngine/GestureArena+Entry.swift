import Foundation

/// Each member's part in the current sequence, as the arena keeps it: whether it joined, a
/// recognition waiting for its requirements, the states it entered since the last settle
/// with their causes (whose records and actions have not gone out yet), the last state its
/// records reported, and a failure not reported yet. Changed only by the arena.
struct GestureArenaEntry {
  typealias State = UIGestureRecognizer.State

  /// A state entered and not settled yet, and why it was entered.
  struct Unsettled: Equatable {
    var state: State
    var cause: DeliveryCause?
  }

  /// A failure the records have not reported yet.
  struct Failure: Equatable {
    var cause: DeliveryCause?
  }

  /// The member it is of (none for a free slot).
  var owner: ObjectIdentifier?
  /// Its first touch of the sequence arrived.
  var hasJoined = false
  /// In the arena's `changed` list.
  var isChanged = false
  /// In the arena's `pending` list.
  var isPending = false
  /// A recognition waiting for required members to fail.
  var pendingState: State?
  /// States entered since the last settle, with their causes, in order.
  var unsettled: [Unsettled] = []
  /// The state before the first of `unsettled`.
  var stateBeforeUnsettled: State = .possible
  /// The last state the records reported.
  var recordedState: State = .possible
  /// A failure not reported yet (reported once recognitions are).
  var unrecordedFailure: Failure?

  /// Began or recognized since the last settle, coming from possible: a newcomer to
  /// arbitration. (A continuous member that began in an earlier settle and now ends is not.)
  var hasJustLeftPossible: Bool { !unsettled.isEmpty && stateBeforeUnsettled == .possible }

  mutating func enter(_ new: State, from old: State, cause: DeliveryCause?) {
    if unsettled.isEmpty { stateBeforeUnsettled = old }
    unsettled.append(Unsettled(state: new, cause: cause))
  }

  /// The states entered since the last settle, taken for settling.
  mutating func takeUnsettled() -> [Unsettled] {
    defer { unsettled.removeAll() }
    return unsettled
  }

  /// The waiting recognition, taken: nil when none waits.
  mutating func takePendingState() -> State? {
    defer { pendingState = nil }
    return pendingState
  }

  /// The records report `state`: returns the state they reported before.
  mutating func noteRecorded(_ state: State) -> State {
    defer { recordedState = state }
    return recordedState
  }

  /// The failure not reported yet, taken, with the state the records reported before it.
  mutating func takeUnrecordedFailure() -> (cause: DeliveryCause?, recordedBefore: State)? {
    guard let failure = unrecordedFailure else { return nil }
    unrecordedFailure = nil
    return (failure.cause, noteRecorded(.failed))
  }

  /// The arena decided for it (it lost, or gave up waiting): nothing waits, nothing is left
  /// to settle.
  mutating func revoke() {
    pendingState = nil
    unsettled.removeAll()
  }

  /// The sequence is over: back to the start (only its places in the arena's lists stay).
  /// Returns what it was, for the records of the reset.
  mutating func endSequence() -> GestureArenaEntry {
    let ended = self
    self = GestureArenaEntry()
    owner = ended.owner
    isChanged = ended.isChanged
    isPending = ended.isPending
    return ended
  }
}

/// The arena's bookkeeping of its entries and lists.
extension GestureArena {
  typealias Entry = GestureArenaEntry

  /// The slot of the member's entry, if the arena keeps one.
  @inline(__always)
  func slot(of member: Member) -> Int? {
    let index = member.arenaSlot
    guard index >= 0, index < slots.count, slots[index].owner == ObjectIdentifier(member) else { return nil }
    return index
  }

  /// Changes the member's entry (made when missing) in place.
  @inline(__always)
  func update<R>(_ member: Member, _ body: (inout Entry) -> R) -> R {
    let index = slot(of: member) ?? makeEntry(for: member)
    return body(&slots[index])
  }

  private func makeEntry(for member: Member) -> Int {
    var entry = Entry()
    entry.owner = ObjectIdentifier(member)
    let index: Int
    if let free = freeSlots.popLast() {
      index = free
      slots[index] = entry
    } else {
      index = slots.count
      slots.append(entry)
    }
    member.arenaSlot = index
    return index
  }

  /// Forgets the member's entry: its slot is free again.
  func removeEntry(of member: Member) {
    guard let index = slot(of: member) else { return }
    slots[index] = Entry()
    freeSlots.append(index)
    member.arenaSlot = -1
  }

  func hasJustLeftPossible(_ member: Member) -> Bool {
    slot(of: member).map { slots[$0].hasJustLeftPossible } ?? false
  }

  func hasUnsettledStates(_ member: Member) -> Bool {
    slot(of: member).map { !slots[$0].unsettled.isEmpty } ?? false
  }

  func hasUnrecordedFailure(_ member: Member) -> Bool {
    slot(of: member).map { slots[$0].unrecordedFailure != nil } ?? false
  }

  /// Whether the member's entry still says something (it may be dropped when not).
  func hasEntryInUse(_ member: Member) -> Bool {
    guard let index = slot(of: member) else { return false }
    let entry = slots[index]
    return entry.hasJoined || entry.isChanged || entry.isPending || entry.pendingState != nil
      || !entry.unsettled.isEmpty || entry.recordedState != .possible || entry.unrecordedFailure != nil
  }

  /// The member entered `new` (not failed) from `old`: its record and actions go out when it settles.
  func noteEntering(_ member: Member, _ new: State, from old: State, cause: DeliveryCause?) {
    let isNew = update(member) { entry -> Bool in
      entry.enter(new, from: old, cause: cause)
      return entry.markChanged()
    }
    if isNew { changed.append(member) }
  }

  /// The member failed: its record goes out once recognitions are recorded.
  func noteFailure(of member: Member, cause: DeliveryCause?) {
    let isNew = update(member) { entry -> Bool in
      entry.unrecordedFailure = GestureArenaEntry.Failure(cause: cause)
      return entry.markChanged()
    }
    if isNew { changed.append(member) }
  }

  func revoke(_ member: Member) {
    guard let index = slot(of: member) else { return }
    slots[index].revoke()
  }

  /// The members changed since the last settle, taken.
  func takeChanged() -> [Member] {
    let batch = changed
    changed.removeAll()
    for member in batch {
      if let index = slot(of: member) { slots[index].isChanged = false }
    }
    return batch
  }

  func addPending(_ member: Member) {
    let isNew = update(member) { entry -> Bool in
      defer { entry.isPending = true }
      return !entry.isPending
    }
    if isNew { pending.append(member) }
  }

  func dropPending(_ member: Member) {
    guard let index = slot(of: member), slots[index].isPending else { return }
    slots[index].isPending = false
    pending.removeAll { $0 === member }
  }
}

extension GestureArenaEntry {
  /// Marks it as in the `changed` list: true when it was not.
  mutating func markChanged() -> Bool {
    defer { isChanged = true }
    return !isChanged
  }
}

/// Which nodes of a directed graph lie on a cycle (the arena's requirement circles).
enum GestureArenaGraph {
  /// `edges[n]`: the nodes `n` points at. A node is on a cycle when its strongly connected
  /// component has two or more nodes, or it has an edge to itself (Tarjan's, iteratively).
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
}
