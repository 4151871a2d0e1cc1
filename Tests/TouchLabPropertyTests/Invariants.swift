import Foundation

@testable import TouchLabEngine
@testable import TouchLabRecords

/// The engine's invariants, checked on one finished run: its records, what the probes saw,
/// and the state it came to rest in. Each returns the broken rules as readable lines
/// (empty when all hold).
enum Invariants {
  static func all(_ scene: RandomScene) -> [String] {
    let records = scene.app.records.records
    return touchSequences(records, scene) + hitViewSequences(records) + probeSequences(scene.log)
      + heldAndDropped(records, scene)
      + recognizerStates(records, scene) + recognizerActions(scene) + actionPerState(records, scene)
      + controlEvents(records) + time(records)
      + atRest(scene)
  }

  static let touchMethods: [String: UITouch.Phase] = [
    "touchesBegan:withEvent:": .began, "touchesMoved:withEvent:": .moved, "touchesEnded:withEvent:": .ended,
    "touchesCancelled:withEvent:": .cancelled,
  ]

  /// Calls, per (receiver, touch), in order: who is a recognizer, and the phases it was given.
  private static func callSequences(_ records: [DeliveryRecord], _ scene: RandomScene, recognizers: Bool)
    -> [(key: String, phases: [UITouch.Phase])]
  {
    var order: [String] = []
    var sequences: [String: [UITouch.Phase]] = [:]
    for record in records where record.kind == .call {
      guard let phase = touchMethods[record.method] else { continue }
      let isRecognizer = record.receiverID.map(scene.recognizerIDs.contains) ?? false
      guard isRecognizer == recognizers else { continue }
      for touch in record.touchIDs {
        let key = "\(record.receiverID ?? record.receiver) touch \(touch)"
        if sequences[key] == nil { order.append(key) }
        sequences[key, default: []].append(phase)
      }
    }
    return order.map { ($0, sequences[$0]!) }
  }

  /// Responders (hit-test views and everything along the chain): began first and once,
  /// then moves, then exactly one ended or cancelled, and nothing after it. Recognizers:
  /// began first and once, at most one ended or cancelled (a recognizer that failed hears
  /// no more), nothing after it.
  static func touchSequences(_ records: [DeliveryRecord], _ scene: RandomScene) -> [String] {
    var broken: [String] = []
    for (key, phases) in callSequences(records, scene, recognizers: false) {
      if let problem = sequenceProblem(phases, mustEnd: true) { broken.append("\(key): \(problem) \(phases)") }
    }
    for (key, phases) in callSequences(records, scene, recognizers: true) {
      if let problem = sequenceProblem(phases, mustEnd: false) { broken.append("\(key): \(problem) \(phases)") }
    }
    return broken
  }

  /// Any scene, declared classes that swallow calls included: the view a touch was
  /// hit-tested to, if it hears of the touch at all, hears began first and once, then moves,
  /// then exactly one ended or cancelled, and nothing after it. Only views with an id: the
  /// records cannot tell apart views of one class without one along a responder chain.
  static func hitViewSequences(_ records: [DeliveryRecord]) -> [String] {
    var hitView: [Int: String] = [:]
    var order: [Int] = []
    var phases: [Int: [UITouch.Phase]] = [:]
    for record in records {
      let who = "\(record.receiver)#\(record.receiverID ?? "")"
      if record.kind == .hitTest, record.outcome == .delivered, record.receiverID != nil,
        let touch = record.touchIDs.first
      {
        hitView[touch] = who
        order.append(touch)
      } else if record.kind == .call, record.line == nil, let phase = touchMethods[record.method] {
        // (A logged override prints a second record of the same call, with its line.)
        for touch in record.touchIDs where hitView[touch] == who { phases[touch, default: []].append(phase) }
      }
    }
    return order.compactMap { touch in
      guard let seen = phases[touch], let problem = sequenceProblem(seen, mustEnd: true) else { return nil }
      return "touch \(touch) on its hit-test view \(hitView[touch]!): \(problem) \(seen)"
    }
  }

  static func sequenceProblem(_ phases: [UITouch.Phase], mustEnd: Bool) -> String? {
    guard phases.first == .began else { return "does not start with began" }
    guard phases.filter({ $0 == .began }).count == 1 else { return "began twice" }
    let ends = phases.indices.filter { phases[$0] == .ended || phases[$0] == .cancelled }
    if ends.count > 1 { return "ended or cancelled more than once" }
    if mustEnd && ends.isEmpty { return "never ended or cancelled" }
    if let end = ends.first, end != phases.count - 1 { return "calls after the end" }
    return nil
  }

  /// The probes' own notes: the same rule per responder, direct and along the chain.
  static func probeSequences(_ log: ProbeLog) -> [String] {
    var order: [String] = []
    var sequences: [String: [UITouch.Phase]] = [:]
    for call in log.viewCalls {
      let key = "probe \(call.responder) \(call.direct ? "as hit-test view" : "along the chain") touch \(call.touch)"
      if sequences[key] == nil { order.append(key) }
      sequences[key, default: []].append(call.phase)
    }
    var broken: [String] = []
    for key in order {
      if let problem = sequenceProblem(sequences[key]!, mustEnd: true) { broken.append("\(key): \(problem)") }
    }
    // A recognizer starts each touch sequence from possible.
    for call in log.recognizerCalls where call.startsSequence && call.state != .possible {
      broken.append("\(call.recognizer) began a new sequence (touches \(call.touches)) in state \(call.state)")
    }
    return broken
  }

  /// No view hears of a touch while its began is held back (`delaysTouchesBegan`, the
  /// scroll view's 0.15 s), nor ever of a touch whose began was dropped (a recognizer
  /// recognized while holding it, `touchesShouldBegin` refused it) or blocked
  /// (`isExclusiveTouch`, `isMultipleTouchEnabled`): those never reached a view.
  static func heldAndDropped(_ records: [DeliveryRecord], _ scene: RandomScene) -> [String] {
    heldAndDropped(records) { $0.receiverID.map(scene.recognizerIDs.contains) ?? false }
  }

  static func heldAndDropped(_ records: [DeliveryRecord], isRecognizer: (DeliveryRecord) -> Bool) -> [String] {
    var cutOff: [Int: String] = [:]
    for (index, record) in records.enumerated() where record.kind == .drop {
      guard record.outcome == .dropped || record.outcome == .blocked else { continue }
      for touch in record.touchIDs where cutOff[touch] == nil {
        cutOff[touch] = "\(record.outcome.rawValue) by \(record.method) at #\(index)"
      }
    }
    var broken: [String] = []
    var heldBegan: Set<Int> = []
    for (index, record) in records.enumerated() {
      switch record.kind {
      case .hold where record.method == "touchesBegan:withEvent:":
        heldBegan.formUnion(record.touchIDs)
      case .release, .drop:
        heldBegan.subtract(record.touchIDs)
      case .call:
        guard touchMethods[record.method] != nil, !isRecognizer(record) else { continue }
        let who = "#\(index) \(record.receiverID ?? record.receiver) \(record.method)"
        for touch in record.touchIDs {
          if heldBegan.contains(touch) { broken.append("\(who) for touch \(touch) while its began is held") }
          if let why = cutOff[touch] { broken.append("\(who) for touch \(touch), \(why)") }
        }
      default: break
      }
    }
    return broken
  }

  /// Each recognizer's state records follow the legal transitions (UIGestureRecognizer.isLegal),
  /// plus the environment's own moves: back to possible (reset) from possible or a finished
  /// state, and revoking a loser that has just left possible (possible → began or
  /// recognized → failed) before any action went out for it. A recognizer that began in an
  /// earlier settle never fails. No illegal transition was even attempted, by a recognizer or by
  /// a touch's delivery to its view.
  static func recognizerStates(_ records: [DeliveryRecord], _ scene: RandomScene) -> [String] {
    var broken: [String] = []
    if scene.app.illegalDeliveryTransitionCount != 0 {
      broken.append("touch delivery attempted \(scene.app.illegalDeliveryTransitionCount) illegal transition(s)")
    }
    for recognizer in scene.allRecognizers where recognizer.illegalTransitionCount != 0 {
      broken.append(
        "\(recognizer.identifier ?? recognizer.className) attempted \(recognizer.illegalTransitionCount) illegal transition(s)"
      )
    }
    let discrete = Dictionary(
      scene.allRecognizers.map { ($0.identifier ?? $0.className, $0.isDiscrete) }, uniquingKeysWith: { a, _ in a })
    var state: [String: UIGestureRecognizer.State] = [:]
    var previous: [String: UIGestureRecognizer.State] = [:]
    var actedSinceState: [String: Bool] = [:]
    let names: [String: UIGestureRecognizer.State] = [
      "possible": .possible, "began": .began, "changed": .changed, "ended": .ended, "cancelled": .cancelled,
      "failed": .failed,
    ]
    for (index, record) in records.enumerated() {
      guard let id = record.receiverID, scene.recognizerIDs.contains(id) else { continue }
      if record.kind == .print { actedSinceState[id] = true }
      guard record.kind == .state else { continue }
      let old = state[id] ?? .possible
      if record.outcome == .ignored {
        broken.append("#\(index) \(id): illegal transition attempted \(record.method)")
        continue
      }
      if record.method == "reset" {
        if old == .began || old == .changed { broken.append("#\(index) \(id): reset while \(old)") }
        state[id] = .possible
        previous[id] = old
        actedSinceState[id] = false
        continue
      }
      guard let new = names[record.method] else {
        broken.append("#\(index) \(id): unknown state \(record.method)")
        continue
      }
      let legal = UIGestureRecognizer.isLegal(from: old, to: new, discrete: discrete[id] ?? false)
      // Revoking a loser: it left possible in this very settle, and no action went out for it.
      let revoked =
        new == .failed && (old == .began || old == .ended) && (previous[id] ?? .possible) == .possible
        && actedSinceState[id] != true
      if !legal && !revoked {
        broken.append("#\(index) \(id): \(previous[id] ?? .possible) → \(old) → \(new)")
      }
      previous[id] = old
      state[id] = new
      actedSinceState[id] = false
    }
    return broken
  }

  /// Recognizers' actions go out only in began, changed, ended (recognized) or cancelled.
  static func recognizerActions(_ scene: RandomScene) -> [String] {
    scene.log.actions.compactMap { action in
      guard let state = action.recognizerState else { return nil }
      let fires: Set<UIGestureRecognizer.State> = [.began, .changed, .ended, .cancelled]
      return fires.contains(state) ? nil : "\(action.sender) sent \(action.message) while \(state)"
    }
  }

  /// Every state entered that UIKit fires actions for (began, changed, ended, cancelled)
  /// fires exactly one (each recognizer here has one `{print:}` target), but for a loser
  /// revoked (cancelled or failed) in the settle it began in, before its action went out.
  static func actionPerState(_ records: [DeliveryRecord], _ scene: RandomScene) -> [String] {
    var entered: [String: Int] = [:]
    var acted: [String: Int] = [:]
    var last: [String: String] = [:]
    var actedSinceState: [String: Bool] = [:]
    for record in records {
      guard let id = record.receiverID, scene.recognizerIDs.contains(id), id.hasPrefix("g") else { continue }
      switch record.kind {
      case .print:
        acted[id, default: 0] += 1
        actedSinceState[id] = true
      case .state where record.outcome != .ignored:
        // A loser revoked in the settle it began in: began → cancelled (or → failed) with
        // no action between; neither state fires one (docs/BEHAVIOUR.md §4).
        let revokedBegan =
          record.method == "cancelled" && last[id] == "began" && actedSinceState[id] != true
        if revokedBegan {
          entered[id, default: 0] -= 1
        } else if ["began", "changed", "ended", "cancelled"].contains(record.method) {
          entered[id, default: 0] += 1
        }
        if record.method == "failed", last[id] == "began" || last[id] == "ended" { entered[id, default: 0] -= 1 }
        last[id] = record.method
        actedSinceState[id] = false
      default: break
      }
    }
    return entered.keys.sorted().compactMap { id in
      entered[id] == (acted[id] ?? 0)
        ? nil : "\(id) entered \(entered[id]!) acting state(s) but sent \(acted[id] ?? 0) action(s)"
    }
  }

  /// Per control: touchDown starts a tracking; drag events, touchDownRepeat and value changes
  /// only while tracking; exactly one touchUpInside, touchUpOutside or touchCancel ends it;
  /// nothing without a touchDown first; no tracking left open at the end.
  static func controlEvents(_ records: [DeliveryRecord]) -> [String] {
    var broken: [String] = []
    var tracking: [String: Bool] = [:]
    var lastEvent: [String: String] = [:]
    for (index, record) in records.enumerated() {
      guard record.kind == .print, record.method.hasPrefix(ControlEventOrder.prefix), let id = record.receiverID
      else { continue }
      let event = String(record.method.dropFirst(ControlEventOrder.prefix.count))
      let isTracking = tracking[id] ?? false
      switch event {
      case "touchDown":
        if isTracking { broken.append("#\(index) \(id): touchDown while already tracking") }
        tracking[id] = true
      case "touchDownRepeat":
        if lastEvent[id] != "touchDown" { broken.append("#\(index) \(id): touchDownRepeat not right after touchDown") }
      case "touchDragInside", "touchDragOutside", "touchDragEnter", "touchDragExit":
        if !isTracking { broken.append("#\(index) \(id): \(event) without a touchDown") }
      case "touchUpInside", "touchUpOutside", "touchCancel":
        if !isTracking { broken.append("#\(index) \(id): \(event) without a touchDown (or a second end)") }
        tracking[id] = false
      case "valueChanged", "primaryActionTriggered":
        // While tracking, or with the touchUpInside that ends it (a button's primary action).
        let withUp = lastEvent[id] == "touchUpInside" || lastEvent[id] == "valueChanged"
        if !isTracking && !withUp { broken.append("#\(index) \(id): \(event) outside a tracking") }
      default:
        broken.append("#\(index) \(id): unknown event \(event)")
      }
      lastEvent[id] = event
    }
    for (id, open) in tracking.sorted(by: { $0.key < $1.key }) where open {
      broken.append("\(id): a tracking never ended")
    }
    return broken
  }

  /// Virtual time never runs backwards.
  static func time(_ records: [DeliveryRecord]) -> [String] {
    var broken: [String] = []
    for i in records.indices.dropFirst() where records[i].time < records[i - 1].time {
      broken.append("#\(i) at \(records[i].time) after #\(i - 1) at \(records[i - 1].time)")
    }
    return broken
  }

  /// After every finger lifted and every timer fired: nothing on screen, nothing held,
  /// every recognizer back to possible and out of the sequence, no control tracking, no
  /// table row highlighted, no scroll view dragging or moving.
  static func atRest(_ scene: RandomScene) -> [String] {
    var broken: [String] = []
    let app = scene.app
    if app.clock.hasPendingTimers { broken.append("timers still pending \(FingerScript.drainLimit) s after the end") }
    if !app.touchesOnScreen.isEmpty { broken.append("touches still on screen: \(app.touchesOnScreen)") }
    if !app.heldTouches.isEmpty { broken.append("touches still held: \(app.heldTouches.map(\.identifier))") }
    if !app.gestureArena.involved.isEmpty {
      broken.append("recognizers still in a sequence: \(app.gestureArena.involved.map { $0.identifier ?? "?" })")
    }
    for r in scene.allRecognizers {
      let id = r.identifier ?? r.className
      if r.state != .possible { broken.append("\(id) rests in \(r.state)") }
      if app.gestureArena.hasEntry(for: r) {
        broken.append("\(id) still takes part in a sequence (waits on a failure requirement, or has states to settle)")
      }
      if !r.trackedTouches.isEmpty { broken.append("\(id) still tracks touches") }
    }
    for control in scene.controls where control.isTracking || control.isHighlighted {
      broken.append("\(control.identifier!) still tracking or highlighted")
    }
    for case let table as UITableView in scene.views where table.indexPathForHighlightedRow != nil {
      broken.append("\(table.identifier!) keeps row \(table.indexPathForHighlightedRow!) highlighted")
    }
    for scroll in scene.scrollViews where scroll.isDragging || scroll.isDecelerating {
      broken.append("\(scroll.identifier!) still dragging or decelerating")
    }
    return broken
  }
}
