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
/// not held back, then the gesture arena settles and the application carries out its decisions.
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
    // Failure requirements are worked out once for the whole event (GestureArena).
    gestureArena.withCachedRequirements { deliver(inputs) }
  }

  private func deliver(_ inputs: [TouchInput]) {
    let now = clock.now
    let event = reusableTouchEvent ?? UIEvent(touches: [], timestamp: now)
    reusableTouchEvent = nil
    defer {
      event.release()
      reusableTouchEvent = event
    }
    event.timestamp = now
    event.touchList = []
    var changed: [UITouch] = []
    var began: [UITouch] = []
    for input in inputs {
      if input.phase == .began {
        guard touchesByFinger[input.finger] == nil else { continue }
        let touch = makeTouch(input, event: event)
        changed.append(touch)
        began.append(touch)
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
    if let recorder, recorder.isListening {
      let samples = changed.map {
        TouchSample(touch: $0.identifier, phase: TouchPhase($0.phase), location: RecordPoint($0.locationInWindow))
      }
      recorder.record(.input(samples), touches: changed)
    }
    for touch in began { hitTest(touch, event: event) }
    for touch in activeTouches where !changed.contains(where: { $0 === touch }) { touch.phase = .stationary }
    event.touchList = activeTouches

    // 1. The recognizers, outermost view first.
    let recognizers = deliverToRecognizers(changed, event)
    gestureArena.failIdle(recognizers) { carryOut($0, event: event) }
    // 2. The hit-tested views, what is not held back or cut off.
    deliverToViews(changed, event)
    // 3. Settle: actions, cancels, releases.
    gestureArena.settle { carryOut($0, event: event) }

    for touch in changed where touch.isFinished {
      activeTouches.removeAll { $0 === touch }
      if touchesByFinger[touch.finger] === touch { touchesByFinger[touch.finger] = nil }
      if touch.phase == .ended { lastLift = (touch.locationInWindow, now, touch.tapCount) }
    }
    gestureArena.resetFinished { carryOut($0, event: nil) }
  }

  // MARK: A new touch

  private func makeTouch(_ input: TouchInput, event: UIEvent) -> UITouch {
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
    return touch
  }

  /// The view at `point` (window coordinates) and its window: the highest visible window
  /// first, a lower one only when the higher returns nil (docs/BEHAVIOUR.md §15). Each window
  /// is asked `passes` times (the last answer counts).
  func hitTestWindows(at point: CGPoint, with event: UIEvent, passes: Int) -> (view: UIView, window: UIWindow)? {
    for window in windows.count == 1 ? windows : windowsFrontToBack where !window.isHidden {
      let local = window.convertFromRoot(point)
      var hit: UIView?
      for _ in 0..<passes { hit = window.dispatchHitTest(local, with: event) }
      if let hit { return (hit, window) }
    }
    return nil
  }

  /// Finds a new touch's view and the recognizers that will see it.
  private func hitTest(_ touch: UITouch, event: UIEvent) {
    guard let keyWindow else {
      touch.cutOffFromView()
      return
    }
    // UIKit runs the whole pass twice for a new touch (§2, [A3] §2.1).
    let found = hitTestWindows(at: touch.locationInWindow, with: event, passes: 2)
    let hit = found?.view
    touch.window = found?.window ?? keyWindow
    touch.view = hit
    guard let hit else {
      recorder?.record(.hitTest(touch: touch.identifier, view: nil), touches: [touch])
      touch.cutOffFromView()
      return
    }
    recorder?.record(.hitTest(touch: touch.identifier, view: hit.participant), touches: [touch])

    // isExclusiveTouch: no touch for others while an exclusive view tracks one, and none
    // for an exclusive view while another view tracks one (docs/BEHAVIOUR.md §1).
    let tracking = activeTouches.filter { $0 !== touch && !$0.isFinished && !$0.isCutOffFromView && $0.view != nil }
    if let other = tracking.first(where: { $0.view !== hit && ($0.view!.isExclusiveTouch || hit.isExclusiveTouch) }) {
      touch.cutOffFromView()
      let exclusive = hit.isExclusiveTouch ? hit : other.view!
      recorder?.record(
        .denied(receiver: hit.participant), cause: DeliveryCause(.exclusiveTouch, by: exclusive.causeName),
        touches: [touch])
      return
    }
    // isMultipleTouchEnabled == false: only the first touch goes to the view.
    if !hit.isMultipleTouchEnabled && tracking.contains(where: { $0.view === hit }) {
      touch.cutOffFromView()
      recorder?.record(
        .denied(receiver: hit.participant), cause: DeliveryCause(.notEnabled, by: hit.causeName), touches: [touch])
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
      for recognizer in v.gestureRecognizers
      where recognizer.isEnabled && !recognizer.isTerminal && recognizer.takesPart(in: touch) {
        // The event question first, then the touch's (docs/BEHAVIOUR.md §20).
        if let delegate = recognizer.delegate,
          !(delegate.gestureRecognizer(recognizer, shouldReceive: event)
            && delegate.gestureRecognizer(recognizer, shouldReceive: touch))
        {
          recorder?.record(
            .denied(receiver: recognizer.participant),
            cause: DeliveryCause(.shouldReceive, by: recognizer.causeName), touches: [touch])
          continue
        }
        collected.append(recognizer)
      }
    }
    touch.gestureRecognizers = collected
  }

  // MARK: Step 1: recognizers

  private func deliverToRecognizers(_ changed: [UITouch], _ event: UIEvent) -> [UIGestureRecognizer] {
    var order: [UIGestureRecognizer]
    if changed.count == 1 {
      order = changed[0].gestureRecognizers  // one finger (the usual case): nothing to merge
    } else {
      order = []
      for touch in changed {
        for recognizer in touch.gestureRecognizers where !order.contains(where: { $0 === recognizer }) {
          order.append(recognizer)
        }
      }
    }
    for recognizer in order {
      // Its touches in this event, in arrival order; handed over one phase at a time. One
      // finger (the usual case) is handed over as `changed` itself: no array is made.
      let received =
        changed.count == 1
        ? (admits(changed[0], to: recognizer) ? changed : [])
        : changed.filter { touch in
          touch.gestureRecognizers.contains(where: { $0 === recognizer }) && admits(touch, to: recognizer)
        }
      let receiving = recognizer.isEnabled && !recognizer.isTerminal
      // Usually all in one phase (one finger): then no copy is made.
      let onePhase = received.count < 2 || received.allSatisfy { $0.phase == received[0].phase }
      if onePhase {
        if let phase = received.first?.phase, phase != .stationary {
          hand(received, in: phase, to: recognizer, receiving, event)
        }
      } else {
        for phase in UITouch.Phase.deliveryOrder {
          let touches = received.filter { $0.phase == phase }
          if !touches.isEmpty { hand(touches, in: phase, to: recognizer, receiving, event) }
        }
      }
    }
    return order
  }

  /// Whether `recognizer` is handed `touch` in this event: a new touch joins it (and it the
  /// arena); a later phase goes to it while it tracks the touch (not once it ignored it,
  /// `ignore(_:for:)`).
  private func admits(_ touch: UITouch, to recognizer: UIGestureRecognizer) -> Bool {
    guard touch.phase == .began else { return recognizer.trackedTouches.contains(where: { $0 === touch }) }
    recognizer.trackedTouches.append(touch)
    recognizer.sequenceTouches.append(touch)
    gestureArena.join(recognizer)
    return true
  }

  private func hand(
    _ touches: [UITouch], in phase: UITouch.Phase, to recognizer: UIGestureRecognizer, _ receiving: Bool,
    _ event: UIEvent
  ) {
    if receiving { recognizer.receiveTouches(phase, touches, event) }
    if phase == .ended || phase == .cancelled {
      recognizer.trackedTouches.removeAll { t in touches.contains { $0 === t } }
    }
  }

  // MARK: Step 2: views

  private func deliverToViews(_ changed: [UITouch], _ event: UIEvent) {
    var batch = ViewDeliveryBatch()
    for touch in changed {
      guard let view = touch.view else { continue }
      switch (touch.phase, touch.viewDelivery) {
      case (.began, .unsent):
        holdOrDeliver(.began, touch, view, holder: beganHolder(touch), into: &batch)
      case (.moved, .beganHeld(var call)), (.stationary, .beganHeld(var call)):
        call.movedMeanwhile = true
        touch.advanceDelivery(to: .beganHeld(call))
      case (.moved, .began), (.stationary, .began):
        batch.add(view, .moved, touch)
      case (.ended, .beganHeld(var call)), (.cancelled, .beganHeld(var call)):
        call.endedMeanwhile = true
        touch.advanceDelivery(to: .beganHeld(call))
      case (.ended, .began):
        holdOrDeliver(.ended, touch, view, holder: endedHolder(touch), into: &batch)
      case (.cancelled, .began):
        touch.viewCancelCause = DeliveryCause(.touchCancelled, by: className)
        batch.add(view, .cancelled, touch)
        touch.advanceDelivery(to: .ended)
      default:
        break  // cut off, already ended, or a phase the view has no call for now
      }
    }
    batch.deliver(event)
  }

  /// The view's began or ended: held back while `holder` decides, or delivered now.
  private func holdOrDeliver(
    _ phase: TouchPhase, _ touch: UITouch, _ view: UIView, holder: UIGestureRecognizer?,
    into batch: inout ViewDeliveryBatch
  ) {
    let began = phase == .began
    if let holder {
      let call = hold(phase, touch, view, by: holder)
      touch.advanceDelivery(to: began ? .beganHeld(call) : .endedHeld(call))
      if !heldTouches.contains(where: { $0 === touch }) { heldTouches.append(touch) }
    } else {
      batch.add(view, began ? .began : .ended, touch)
      touch.advanceDelivery(to: began ? .began : .ended)
    }
  }

  func isBeganHeld(_ touch: UITouch) -> Bool { beganHolder(touch) != nil }

  func isEndedHeld(_ touch: UITouch) -> Bool { endedHolder(touch) != nil }

  /// The recognizer holding the view's `touchesBegan` back, if one is.
  func beganHolder(_ touch: UITouch) -> UIGestureRecognizer? {
    touch.gestureRecognizers.first {
      ($0.delaysTouchesBegan || $0.isInTapSequence) && gestureArena.isDeciding($0)
    }
  }

  /// The recognizer holding the view's `touchesEnded` back, if one is.
  func endedHolder(_ touch: UITouch) -> UIGestureRecognizer? {
    touch.gestureRecognizers.first { $0.delaysTouchesEnded && gestureArena.isDeciding($0) }
  }

  /// Holds the view's call for `phase` back: records who holds it, until when, and by which
  /// rule, and returns the held call the touch's delivery keeps (its release repeats the cause).
  private func hold(
    _ phase: TouchPhase, _ touch: UITouch, _ view: UIView, by holder: UIGestureRecognizer
  ) -> ViewDelivery.HeldCall {
    let cause: DeliveryCause
    if holder is UIScrollViewDelayedTouchesBeganGestureRecognizer, let scrollView = holder.view {
      cause = DeliveryCause(.delaysContentTouches, by: scrollView.causeName)
    } else {
      cause = DeliveryCause(phase == .began ? holder.beganHoldRule : .delaysTouchesEnded, by: holder.causeName)
    }
    if let recorder, recorder.isListening {
      recorder.record(
        .hold(phase: phase, view: view.participant, holder: holder.participant, deadline: holder.nextDeadline),
        cause: cause, touches: [touch])
    }
    return ViewDelivery.HeldCall(holder: holder.participant, cause: cause)
  }

  // MARK: Step 3: the arena's decisions carried out

  /// Settles the recognizers now (after a timer, a recognizer disabled): the arena decides,
  /// the application carries out.
  func settleGestures() {
    gestureArena.settle { carryOut($0, event: nil) }
  }

  /// The only place the arena's decisions become effects: states, records, actions, the
  /// views' touches.
  func carryOut(_ decision: GestureArena<UIGestureRecognizer>.Decision, event: UIEvent?) {
    switch decision {
    case .enter(let recognizer, let state):
      recognizer.takeDecidedState(state)
    case .fail(let recognizer, _):
      recognizer.takeDecidedState(.failed)
    case .cancel(let recognizer, _):
      recognizer.takeDecidedState(.cancelled)
    case .record(let recognizer, let from, let to, let cause):
      guard let recorder, recorder.isListening else { return }
      recorder.record(
        .stateChange(
          recognizer: recognizer.participant, from: RecognizerState(from, discrete: recognizer.isDiscrete),
          to: RecognizerState(to, discrete: recognizer.isDiscrete)), cause: cause, touches: recognizer.sequenceTouches)
    case .fireActions(let recognizer, let state):
      recognizer.builtInHandler?(state)
      for target in recognizer.targets {
        // A target that went away (weak) receives nothing, as in UIKit.
        if target.hasTarget && target.target == nil { continue }
        sendAction(target.action, to: target.target, from: recognizer, for: event)
      }
    case .cancelViewsTouches(let recognizer):
      cancelTouchesForViews(recognizer.sequenceTouches, by: recognizer, event: event)
    case .dropHeldBegans(let recognizer):
      discardHeldBegans(of: recognizer)
    case .releaseHeldCalls:
      releaseHeldTouches(event: event)
    case .reset(let recognizer):
      forget(recognizer)
      recognizer.resetToPossible()
    }
  }

  /// A recognizer with `cancelsTouchesInView` recognized: views that have these touches
  /// get `touchesCancelled`; held ones are dropped; the view hears nothing more of them.
  func cancelTouchesForViews(_ touches: [UITouch], by recognizer: UIGestureRecognizer, event: UIEvent?) {
    let cause =
      recognizer is UIScrollViewPanGestureRecognizer
      ? DeliveryCause(.scrollBegan, by: recognizer.view?.causeName ?? recognizer.causeName)
      : DeliveryCause(.cancelsTouchesInView, by: recognizer.causeName)
    cutOff(touches.filter { !$0.isCutOffFromView }, cause: cause, event: event)
  }

  /// Ends `touches` for their views for good: a view that got their began gets
  /// `touchesCancelled` (with `cause`), a began still held is dropped, and the views hear
  /// nothing more of them.
  func cutOff(_ touches: [UITouch], cause: DeliveryCause, event: UIEvent?) {
    var batch = ViewDeliveryBatch()
    for touch in touches.inOrder {
      guard let view = touch.view else { continue }
      switch touch.viewDelivery.kind {
      case .began, .endedHeld:
        touch.viewCancelCause = cause
        batch.add(view, .cancelled, touch)
      case .unsent, .beganHeld:
        recorder?.record(.drop(phase: .began, view: view.participant), cause: cause, touches: [touch])
      case .ended, .cutOff:
        continue
      }
      touch.advanceDelivery(to: .cutOff)
    }
    heldTouches.removeAll { !$0.viewDelivery.isHeld }
    batch.deliver(event ?? UIEvent(touches: activeTouches, timestamp: clock.now))
  }

  /// A recognizer recognized: the `touchesBegan` it still holds back are discarded, whatever
  /// its `cancelsTouchesInView` (docs/BEHAVIOUR.md §9, §10).
  func discardHeldBegans(of recognizer: UIGestureRecognizer) {
    guard recognizer.delaysTouchesBegan || recognizer.holdsLaterTaps,
      recognizer.heldTouchGate == nil
    else { return }
    let cause = DeliveryCause(recognizer.beganHoldRule, by: recognizer.causeName)
    for touch in recognizer.sequenceTouches.inOrder where touch.viewDelivery.kind == .beganHeld {
      guard let view = touch.view else { continue }
      recorder?.record(.drop(phase: .began, view: view.participant), cause: cause, touches: [touch])
      touch.advanceDelivery(to: .cutOff)
    }
    heldTouches.removeAll { !$0.viewDelivery.isHeld }
  }

  /// Gives views what is no longer held: a held began (and a move to where the touch is
  /// now, docs/BEHAVIOUR.md §4), a held end.
  func releaseHeldTouches(event: UIEvent?) {
    guard !heldTouches.isEmpty else { return }
    var batch = ViewDeliveryBatch()
    for touch in heldTouches.inOrder {
      guard let view = touch.view else {
        touch.cutOffFromView()
        continue
      }
      if case .beganHeld(let call) = touch.viewDelivery {
        if isBeganHeld(touch) { continue }
        if let refusal = heldBeganRefusal(touch, event: event) {
          touch.advanceDelivery(to: .cutOff)
          recorder?.record(.drop(phase: .began, view: view.participant), cause: refusal, touches: [touch])
          continue
        }
        recorder?.record(
          .release(phase: .began, view: view.participant, holder: call.holder), cause: call.cause, touches: [touch])
        batch.add(view, .began, touch)
        touch.advanceDelivery(to: .began)
        if call.movedMeanwhile && !touch.isFinished { batch.add(view, .moved, touch) }
        guard call.endedMeanwhile else { continue }
        if touch.phase == .ended, let holder = endedHolder(touch) {
          // Its end is held now (no second hold record: the began's release said who holds).
          touch.advanceDelivery(to: .endedHeld(ViewDelivery.HeldCall(holder: holder.participant)))
          continue
        }
      } else if touch.viewDelivery.kind == .endedHeld, touch.phase == .ended, isEndedHeld(touch) {
        continue
      }
      guard touch.viewDelivery.viewHasBegan else { continue }
      touch.viewCancelCause = nil  // a held end released: the input's cancel, told without a cause
      batch.add(view, touch.phase == .cancelled ? .cancelled : .ended, touch)
      touch.advanceDelivery(to: .ended)
    }
    heldTouches.removeAll { !$0.viewDelivery.isHeld }
    batch.deliver(event ?? UIEvent(touches: activeTouches, timestamp: clock.now))
  }

  /// A held began is about to be released: the scroll view that held it may refuse
  /// (`touchesShouldBegin(_:with:in:)`, docs/BEHAVIOUR.md §7).
  private func heldBeganRefusal(_ touch: UITouch, event: UIEvent?) -> DeliveryCause? {
    for recognizer in touch.gestureRecognizers {
      if let gate = recognizer.heldTouchGate, !gate.shouldRelease(touch, event: event) {
        return DeliveryCause(.touchesShouldBegin, by: recognizer.view?.causeName ?? recognizer.causeName)
      }
    }
    return nil
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
