import Foundation

/// One finger's change, as the input side (a scenario, the mouse, XInput2) reports it.
public struct TouchInput: Equatable, Sendable {
  public enum Phase: Sendable { case began, moved, ended, cancelled }
  public var finger: Int
  public var phase: Phase
  /// In window (screen) points.
  public var location: CGPoint

  public init(finger: Int, phase: Phase, location: CGPoint) {
    self.finger = finger
    self.phase = phase
    self.location = location
  }
}

/// Event delivery (docs/BEHAVIOUR.md §1–4): a FIFO queue of events; for each, the touches'
/// recognizers first (outermost view first), then the hit-tested views with whatever is
/// not held back, then the gesture environment settles.
extension UIApplication {
  /// Queues one event (the given fingers changing together) at the clock's current time
  /// and handles queued events in order.
  public func sendTouches(_ inputs: [TouchInput]) {
    eventQueue.append(inputs)
    guard !isDispatching else { return }
    isDispatching = true
    defer { isDispatching = false }
    while !eventQueue.isEmpty {
      dispatch(eventQueue.removeFirst())
    }
  }

  /// The touches on the screen now.
  public var touchesOnScreen: [UITouch] { activeTouches }

  /// Whether a finger is down.
  public func isFingerDown(_ finger: Int) -> Bool { touchesByFinger[finger] != nil }

  /// Cancels every touch on the screen (the window lost focus, the device went away).
  public func cancelAllTouches() {
    let inputs = activeTouches.filter { !$0.isFinished }.map {
      TouchInput(finger: $0.finger, phase: .cancelled, location: $0.locationInWindow)
    }
    if !inputs.isEmpty { sendTouches(inputs) }
  }

  private func dispatch(_ inputs: [TouchInput]) {
    let now = clock.now
    let event = UIEvent(touches: [], timestamp: now)
    var changed: [UITouch] = []
    for input in inputs {
      if input.phase == .began {
        guard touchesByFinger[input.finger] == nil else { continue }
        let touch = beginTouch(input, event: event)
        changed.append(touch)
        continue
      }
      guard let touch = touchesByFinger[input.finger], !changed.contains(where: { $0 === touch }) else { continue }
      switch input.phase {
      case .moved:
        guard touch.locationInWindow != input.location else { continue }
        touch.phase = .moved
      case .ended: touch.phase = .ended
      case .cancelled: touch.phase = .cancelled
      case .began: continue
      }
      touch.previousLocationInWindow = touch.locationInWindow
      touch.locationInWindow = input.location
      touch.timestamp = now
      changed.append(touch)
    }
    guard !changed.isEmpty else { return }
    for touch in activeTouches where !changed.contains(where: { $0 === touch }) { touch.phase = .stationary }
    event.touchList = activeTouches

    // 1. The recognizers, outermost view first.
    let recognizers = deliverToRecognizers(changed, event)
    gestureEnvironment.failIdle(recognizers)
    // 2. The hit-tested views, what is not held back or cut off.
    deliverToViews(changed, event)
    // 3. Settle: actions, cancels, releases.
    gestureEnvironment.settle(event: event)

    for touch in changed where touch.isFinished {
      activeTouches.removeAll { $0 === touch }
      if touchesByFinger[touch.finger] === touch { touchesByFinger[touch.finger] = nil }
      if touch.phase == .ended { lastLift = (touch.locationInWindow, now, touch.tapCount) }
    }
    gestureEnvironment.resetFinished()
  }

  // MARK: A new touch

  private func beginTouch(_ input: TouchInput, event: UIEvent) -> UITouch {
    let now = clock.now
    let touch = UITouch(identifier: nextTouchIdentifier, finger: input.finger, location: input.location, timestamp: now)
    nextTouchIdentifier += 1
    if let last = lastLift, now - last.time <= UIKitConstants.multiTapInterval,
      last.location.distance(to: input.location) <= UIKitConstants.multiTapDistance
    {
      touch.tapCount = last.tapCount + 1
    }
    activeTouches.append(touch)
    touchesByFinger[input.finger] = touch
    event.touchList = activeTouches

    guard let window = keyWindow else {
      touch.isCutOffFromView = true
      return touch
    }
    touch.window = window
    // UIKit runs the whole pass twice for a new touch (docs/BEHAVIOUR.md §2, [A3] §2.1).
    let point = window.convertFromRoot(input.location)
    _ = window.dispatchHitTest(point, with: event)
    let hit = window.dispatchHitTest(point, with: event)
    touch.view = hit
    guard let hit else {
      recorder?.record(
        .hitTest, receiver: "nil", receiverID: nil, method: "hitTest:withEvent:", touches: [touch], outcome: .ignored)
      touch.isCutOffFromView = true
      return touch
    }
    recorder?.record(
      .hitTest, receiver: hit.className, receiverID: hit.identifier, method: "hitTest:withEvent:", touches: [touch])

    // isExclusiveTouch: no touch for others while an exclusive view tracks one, and none
    // for an exclusive view while another view tracks one (docs/BEHAVIOUR.md §1).
    let tracking = activeTouches.filter { $0 !== touch && !$0.isFinished && !$0.isCutOffFromView && $0.view != nil }
    if tracking.contains(where: { $0.view !== hit && ($0.view!.isExclusiveTouch || hit.isExclusiveTouch) }) {
      touch.isCutOffFromView = true
      recorder?.record(
        .drop, receiver: hit.className, receiverID: hit.identifier, method: "isExclusiveTouch", touches: [touch],
        outcome: .blocked)
      return touch
    }
    // isMultipleTouchEnabled == false: only the first touch goes to the view.
    if !hit.isMultipleTouchEnabled && tracking.contains(where: { $0.view === hit }) {
      touch.isCutOffFromView = true
      recorder?.record(
        .drop, receiver: hit.className, receiverID: hit.identifier, method: "isMultipleTouchEnabled", touches: [touch],
        outcome: .blocked)
    }

    // The recognizers of the hit view and its ancestors, outermost first (docs/BEHAVIOUR.md §3).
    var chain: [UIView] = []
    var view: UIView? = hit
    while let v = view {
      chain.append(v)
      view = v.superview
    }
    var collected: [UIGestureRecognizer] = []
    for v in chain.reversed() {
      for recognizer in v.gestureRecognizers where recognizer.isEnabled && !recognizer.isTerminal {
        if let delegate = recognizer.delegate, !delegate.gestureRecognizer(recognizer, shouldReceive: touch) {
          recorder?.record(
            .drop, receiver: recognizer.className, receiverID: recognizer.identifier,
            method: "gestureRecognizer:shouldReceiveTouch:",
            touches: [touch], outcome: .ignored)
          continue
        }
        collected.append(recognizer)
      }
    }
    touch.gestureRecognizers = collected
    return touch
  }

  // MARK: Step 1: recognizers

  private func deliverToRecognizers(_ changed: [UITouch], _ event: UIEvent) -> [UIGestureRecognizer] {
    var order: [UIGestureRecognizer] = []
    for touch in changed {
      for recognizer in touch.gestureRecognizers where !order.contains(where: { $0 === recognizer }) {
        order.append(recognizer)
      }
    }
    for recognizer in order {
      // Its touches in this event, in arrival order; handed over one phase at a time.
      var received: [UITouch] = []
      for touch in changed where touch.gestureRecognizers.contains(where: { $0 === recognizer }) {
        if touch.phase == .began {
          recognizer.trackedTouches.append(touch)
          recognizer.sequenceTouches.append(touch)
          if !recognizer.isActive {
            recognizer.isActive = true
            gestureEnvironment.noteInvolved(recognizer)
          }
        } else if !recognizer.trackedTouches.contains(where: { $0 === touch }) {
          continue  // ignored by the recognizer (`ignore(_:for:)`)
        }
        received.append(touch)
      }
      let receiving = recognizer.isEnabled && !recognizer.isTerminal
      // Usually all in one phase (one finger): then no copy is made.
      let onePhase = received.first.map { first in received.allSatisfy { $0.phase == first.phase } } ?? true
      for phase in [UITouch.Phase.began, .moved, .ended, .cancelled] {
        let touches =
          onePhase ? (received.first?.phase == phase ? received : []) : received.filter { $0.phase == phase }
        guard !touches.isEmpty else { continue }
        if receiving { recognizer.receiveTouches(phase, touches, event) }
        if phase == .ended || phase == .cancelled {
          recognizer.trackedTouches.removeAll { t in touches.contains { $0 === t } }
        }
      }
    }
    return order
  }

  // MARK: Step 2: views

  private func deliverToViews(_ changed: [UITouch], _ event: UIEvent) {
    var batch = ViewDeliveryBatch()
    for touch in changed {
      guard let view = touch.view, !touch.isCutOffFromView else { continue }
      switch touch.phase {
      case .began:
        if isBeganHeld(touch) {
          heldTouches.append(touch)
          recorder?.record(
            .hold, receiver: view.className, receiverID: view.identifier, method: "touchesBegan:withEvent:",
            touches: [touch], outcome: .held)
        } else {
          batch.add(view, .began, touch)
          touch.viewDelivery = .began
        }
      case .moved, .stationary:
        if touch.viewDelivery == .none {
          touch.movedWhileHeld = true
        } else if touch.viewDelivery == .began {
          batch.add(view, .moved, touch)
        }
      case .ended, .cancelled:
        if touch.viewDelivery == .none {
          touch.endPending = true
        } else if touch.viewDelivery == .began {
          if touch.phase == .ended && isEndedHeld(touch) {
            touch.endPending = true
            if !heldTouches.contains(where: { $0 === touch }) { heldTouches.append(touch) }
            recorder?.record(
              .hold, receiver: view.className, receiverID: view.identifier, method: "touchesEnded:withEvent:",
              touches: [touch], outcome: .held)
          } else {
            batch.add(view, touch.phase, touch)
            touch.viewDelivery = .finished
          }
        }
      }
    }
    batch.deliver(event)
  }

  func isBeganHeld(_ touch: UITouch) -> Bool {
    touch.gestureRecognizers.contains { $0.delaysTouchesBegan && $0.isUndecided && $0.isActive }
  }

  func isEndedHeld(_ touch: UITouch) -> Bool {
    touch.gestureRecognizers.contains { $0.delaysTouchesEnded && $0.isUndecided && $0.isActive }
  }

  // MARK: Step 3 helpers, called by the gesture environment

  /// A recognizer with `cancelsTouchesInView` recognized: views that have these touches
  /// get `touchesCancelled`; held ones are dropped; the view hears nothing more of them.
  func cancelTouchesForViews(_ touches: [UITouch], by recognizer: UIGestureRecognizer, event: UIEvent?) {
    var batch = ViewDeliveryBatch()
    for touch in touches.inOrder where !touch.isCutOffFromView {
      guard let view = touch.view else { continue }
      switch touch.viewDelivery {
      case .began:
        batch.add(view, .cancelled, touch)
      case .none:
        recorder?.record(
          .drop, receiver: view.className, receiverID: view.identifier, method: "touchesBegan:withEvent:",
          touches: [touch], outcome: .dropped)
      case .finished:
        continue
      }
      touch.viewDelivery = .finished
      touch.isCutOffFromView = true
      touch.endPending = false
    }
    heldTouches.removeAll { $0.isCutOffFromView }
    batch.deliver(event ?? UIEvent(touches: activeTouches, timestamp: clock.now))
  }

  /// Gives views what is no longer held: a held began (and a move to where the touch is
  /// now, docs/BEHAVIOUR.md §4), a held end.
  func releaseHeldTouches(event: UIEvent?) {
    guard !heldTouches.isEmpty else { return }
    var batch = ViewDeliveryBatch()
    var remaining: [UITouch] = []
    for touch in heldTouches.inOrder {
      guard !touch.isCutOffFromView, let view = touch.view else { continue }
      if touch.viewDelivery == .none {
        if isBeganHeld(touch) {
          remaining.append(touch)
          continue
        }
        guard shouldReleaseHeldBegan(touch, event: event) else {
          touch.isCutOffFromView = true
          recorder?.record(
            .drop, receiver: view.className, receiverID: view.identifier, method: "touchesBegan:withEvent:",
            touches: [touch], outcome: .dropped)
          continue
        }
        recorder?.record(
          .release, receiver: view.className, receiverID: view.identifier, method: "touchesBegan:withEvent:",
          touches: [touch], outcome: .released)
        batch.add(view, .began, touch)
        touch.viewDelivery = .began
        if touch.movedWhileHeld && !touch.isFinished { batch.add(view, .moved, touch) }
      }
      if touch.endPending {
        if touch.phase == .ended && isEndedHeld(touch) {
          remaining.append(touch)
          continue
        }
        batch.add(view, touch.phase == .cancelled ? .cancelled : .ended, touch)
        touch.viewDelivery = .finished
        touch.endPending = false
      } else if !touch.isFinished {
        continue  // released began; the rest comes with later events
      }
    }
    heldTouches = remaining
    batch.deliver(event ?? UIEvent(touches: activeTouches, timestamp: clock.now))
  }

  /// A held began is about to be released: the scroll view that held it may refuse
  /// (`touchesShouldBegin(_:with:in:)`, docs/BEHAVIOUR.md §7).
  private func shouldReleaseHeldBegan(_ touch: UITouch, event: UIEvent?) -> Bool {
    for recognizer in touch.gestureRecognizers {
      if let gate = recognizer as? HeldTouchGate, !gate.shouldRelease(touch, event: event) { return false }
    }
    return true
  }

  /// A recognizer went back to possible: it no longer holds the touches of its old sequence.
  func forget(_ recognizer: UIGestureRecognizer) {
    for touch in heldTouches {
      touch.gestureRecognizers.removeAll { $0 === recognizer }
    }
  }
}

/// A recognizer that decides whether the touches it held back may go to the content
/// (UIScrollView's delayed-touches recognizer asks `touchesShouldBegin`).
protocol HeldTouchGate: AnyObject {
  func shouldRelease(_ touch: UITouch, event: UIEvent?) -> Bool
}

/// Touch deliveries to views, grouped as UIKit groups them: one call per view and phase,
/// with all its touches (two fingers landing together → one `touchesBegan`, [A2]).
struct ViewDeliveryBatch {
  private var entries: [(view: UIView, phase: UITouch.Phase, touches: [UITouch])] = []

  mutating func add(_ view: UIView, _ phase: UITouch.Phase, _ touch: UITouch) {
    if let index = entries.firstIndex(where: { $0.view === view && $0.phase == phase }) {
      entries[index].touches.append(touch)
    } else {
      entries.append((view, phase, [touch]))
    }
  }

  func deliver(_ event: UIEvent) {
    for phase in [UITouch.Phase.began, .moved, .ended, .cancelled] {
      for entry in entries where entry.phase == phase {
        entry.view.receiveTouches(phase, entry.touches, event)
      }
    }
  }
}
