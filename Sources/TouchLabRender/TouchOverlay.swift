import Foundation
import TouchLabEngine

/// Follows the engine's delivery records for the overlay: each touch's position and trail,
/// its hit-tested view, its receivers in delivery order with their outcomes, and the
/// scroll view's 0.15 s while it holds a touch.
///
/// It subscribes to `application.records` when made, so make it before the first touch.
/// Everything it keeps is bounded: trails (`maximumTrailLength`), finished touches
/// (`maximumFinishedTouches`), receivers per touch and steps per receiver.
public final class TouchOverlay {
  public let application: UIApplication
  /// The touches followed, oldest first: those on the screen and the most recent lifted ones.
  public private(set) var touches: [OverlayTouch] = []
  /// Positions kept per trail (the renderer draws the last `theme.overlay.trailLength`).
  public var maximumTrailLength = 64
  /// Lifted touches kept for the picture; older ones are forgotten.
  public var maximumFinishedTouches = 10
  /// Receivers kept per touch; a touch reaching more shows only the first ones.
  public static let maximumReceivers = 24
  /// How often a countdown asks for a frame, in engine seconds.
  public static let animationInterval: TimeInterval = 1.0 / 60

  /// Numbers the gestures: touches that go down while another is on the screen share one.
  private var sequence = 0

  /// Subscribes to the application's delivery recorder.
  public init(application: UIApplication) {
    self.application = application
    application.records.addObserver { [weak self] record in self?.receive(record) }
  }

  /// The touch with this identifier, if it is still followed.
  public func touch(withIdentifier identifier: Int) -> OverlayTouch? {
    touches.first { $0.identifier == identifier }
  }

  /// The touches of the latest gesture: those that went down since the screen was last empty.
  public var currentTouches: [OverlayTouch] {
    touches.filter { $0.sequence == sequence }
  }

  /// Forgets finished touches and their receivers (the "clear the log" key).
  public func clear() {
    sampleTouches()
    touches.removeAll { !$0.isOnScreen }
  }

  /// When the overlay next needs a frame although nothing happens (a countdown ticking),
  /// in engine time; nil when it is still.
  public func nextAnimationTime(after now: TimeInterval) -> TimeInterval? {
    var next: TimeInterval?
    for touch in touches {
      guard let countdown = touch.countdown, countdown.isRunning, now < countdown.end else { continue }
      let frame = min(now + Self.animationInterval, countdown.end)
      next = min(next ?? frame, frame)
    }
    return next
  }

  /// Reads where the followed touches are now and whether they lifted. Records trigger
  /// this; the renderer calls it too, for fingers that move without any record.
  public func sampleTouches() {
    let onScreen = application.touchesOnScreen
    for touch in touches where touch.isOnScreen {
      let live = touch.touch ?? onScreen.first { $0.identifier == touch.identifier }
      guard let live else {
        touch.isOnScreen = false
        touch.endTime = application.clock.now
        continue
      }
      touch.touch = live
      touch.move(to: live.location(in: nil), limit: maximumTrailLength)
      touch.phase = live.phase
      if live.phase == .ended || live.phase == .cancelled || !onScreen.contains(where: { $0 === live }) {
        touch.isOnScreen = false
        touch.endTime = application.clock.now
      }
    }
  }

  // MARK: Records

  private func receive(_ record: DeliveryRecord) {
    if record.kind == .input { return }  // the hit-test record that follows starts a touch
    if record.kind == .hitTest, let id = record.touchIDs.first, touch(withIdentifier: id) == nil {
      begin(id, hit: record)
    }
    for id in touchIDs(of: record) {
      // A touch met first here went down before the overlay was made (or was cleared
      // away): follow it only while it is still on the screen.
      guard
        let touch = self.touch(withIdentifier: id)
          ?? (application.touchesOnScreen.contains { $0.identifier == id } ? begin(id, hit: nil) : nil)
      else { continue }
      apply(record, to: touch)
    }
    sampleTouches()
  }

  /// The touches a record is about. An action a timer sent has none: it belongs to the
  /// latest touch.
  private func touchIDs(of record: DeliveryRecord) -> [Int] {
    if record.kind == .hitTest { return [] }
    if !record.touchIDs.isEmpty { return record.touchIDs }
    if record.kind == .action || record.kind == .print, let latest = touches.last {
      return [latest.identifier]
    }
    return []
  }

  @discardableResult
  private func begin(_ id: Int, hit: DeliveryRecord?) -> OverlayTouch {
    sampleTouches()
    if !touches.contains(where: { $0.isOnScreen }) { sequence += 1 }
    let live = application.touchesOnScreen.first { $0.identifier == id }
    let touch = OverlayTouch(
      identifier: id, finger: live?.finger ?? 0, sequence: sequence, startTime: application.clock.now)
    touch.touch = live
    if let live {
      touch.move(to: live.location(in: nil), limit: maximumTrailLength)
      touch.phase = live.phase
    }
    if let hit, hit.outcome != .ignored {
      touch.hitView = OverlayReceiverName(className: hit.receiver, identifier: hit.receiverID)
      touch.hitViewObject = live?.view
    }
    touches.append(touch)
    forgetOldTouches()
    return touch
  }

  private func forgetOldTouches() {
    var finished = touches.count { !$0.isOnScreen }
    guard finished > maximumFinishedTouches else { return }
    touches.removeAll { touch in
      guard !touch.isOnScreen, finished > maximumFinishedTouches else { return false }
      finished -= 1
      return true
    }
  }

  private func apply(_ record: DeliveryRecord, to touch: OverlayTouch) {
    let name = OverlayReceiverName(className: record.receiver, identifier: record.receiverID)
    switch record.kind {
    case .hitTest:
      break
    case .call:
      // A logged override records a second call with its transcript line; the first
      // (line-less) record of the delivery is the one that counts.
      guard record.line == nil, let phase = Self.phase(ofSelector: record.method) else { return }
      let kind: OverlayReceiver.Kind = isRecognizer(name, of: touch) ? .recognizer : .responder
      if kind == .recognizer {
        touch.note(name, kind: kind, step: phase == .began ? .possible : nil)
      } else {
        touch.note(name, kind: kind, step: phase)
      }
    case .state:
      guard let step = Self.step(ofState: record.outcome) else { return }
      touch.note(name, kind: .recognizer, step: step)
    case .hold:
      if record.method.hasPrefix("touchesEnded") {
        touch.note(name, kind: .responder, step: .endHeld)
      } else if let delayer = delayingRecognizer(of: touch) {
        touch.countdown = OverlayCountdown(
          start: record.time, duration: UIKitConstants.scrollViewTouchDelay, recognizer: delayer)
        touch.note(name, kind: .responder, step: .delayed)
      } else {
        touch.note(name, kind: .responder, step: .held)
      }
    case .release:
      touch.countdown?.finish(at: record.time)
      touch.note(name, kind: .responder, step: .released)
    case .drop:
      switch record.outcome {
      case .ignored:
        touch.note(name, kind: .recognizer, step: .refused)
      case .blocked:
        touch.note(name, kind: .responder, step: .blocked)
      default:
        touch.countdown?.finish(at: record.time)
        touch.note(name, kind: .responder, step: .dropped)
      }
    case .action, .print:
      let step: OverlayReceiver.Step = record.outcome == .ignored ? .unanswered : .sent
      let action = OverlayReceiverName(
        className: record.receiver, identifier: record.receiverID, message: record.method,
        isPrint: record.kind == .print)
      touch.note(action, kind: .action, step: step)
    case .input, .tracking, .timer, .scroll, .selection:
      break
    }
  }

  /// Whether a receiver of `touch` is one of its gesture recognizers: one collected at
  /// hit-test time, one already seen changing state, or, when the touch is gone, one
  /// whose class says so.
  private func isRecognizer(_ name: OverlayReceiverName, of touch: OverlayTouch) -> Bool {
    if touch.receivers.contains(where: { $0.name == name && $0.kind == .recognizer }) { return true }
    if let live = touch.touch {
      return live.gestureRecognizers.contains { $0.className == name.className && $0.identifier == name.identifier }
    }
    return name.className.hasSuffix("GestureRecognizer")
  }

  /// The scroll view's delayed-touches-began recognizer among the touch's recognizers,
  /// when it is the one holding the touch back (it releases after 0.15 s).
  private func delayingRecognizer(of touch: OverlayTouch) -> OverlayReceiverName? {
    if let live = touch.touch {
      for recognizer in live.gestureRecognizers
      where recognizer.delaysTouchesBegan && recognizer.state == .possible
        && (Self.isDelayedTouchesRecognizer(String(describing: type(of: recognizer)))
          || Self.isDelayedTouchesRecognizer(recognizer.className))
      {
        return OverlayReceiverName(className: recognizer.className, identifier: recognizer.identifier)
      }
    }
    return touch.receivers.first { $0.kind == .recognizer && Self.isDelayedTouchesRecognizer($0.name.className) }?
      .name
  }

  /// UIKit's `UIScrollViewDelayedTouchesBeganGestureRecognizer` (or a class named after it).
  static func isDelayedTouchesRecognizer(_ className: String) -> Bool {
    className.hasSuffix("UIScrollViewDelayedTouchesBeganGestureRecognizer")
  }

  static func phase(ofSelector selector: String) -> OverlayReceiver.Step? {
    switch selector {
    case "touchesBegan:withEvent:": .began
    case "touchesMoved:withEvent:": .moved
    case "touchesEnded:withEvent:": .ended
    case "touchesCancelled:withEvent:": .cancelled
    default: nil
    }
  }

  static func step(ofState outcome: DeliveryRecord.Outcome) -> OverlayReceiver.Step? {
    switch outcome {
    case .began: .began
    case .changed: .changed
    case .recognized: .recognized
    case .ended: .ended
    case .cancelled: .cancelled
    case .failed: .failed
    default: nil
    }
  }
}

/// One finger as the overlay follows it.
public final class OverlayTouch {
  /// The touch's `UITouch.identifier` (1 for the scene's first touch).
  public let identifier: Int
  public let finger: Int
  /// Touches that went down while another was on the screen share a sequence number.
  public let sequence: Int
  /// Engine time of its first contact.
  public let startTime: TimeInterval
  /// Engine time it lifted or was cancelled; nil while it is on the screen.
  public internal(set) var endTime: TimeInterval?
  /// Where it is, or where it lifted, in window points.
  public internal(set) var location: CGPoint?
  /// Its recent positions, oldest first, at most `TouchOverlay.maximumTrailLength`.
  public internal(set) var trail: [CGPoint] = []
  public internal(set) var phase: UITouch.Phase = .began
  /// False once it lifted or was cancelled.
  public internal(set) var isOnScreen = true
  /// The view hit-testing chose (nil when the touch landed on nothing).
  public internal(set) var hitView: OverlayReceiverName?
  /// Everything that received the touch, in the order each first got it.
  public internal(set) var receivers: [OverlayReceiver] = []
  /// The scroll view's delay while (and after) it held this touch's began back.
  public internal(set) var countdown: OverlayCountdown?

  /// The hit view itself, for its outline; gone when the scene is replaced.
  public internal(set) weak var hitViewObject: UIView?
  weak var touch: UITouch?

  init(identifier: Int, finger: Int, sequence: Int, startTime: TimeInterval) {
    self.identifier = identifier
    self.finger = finger
    self.sequence = sequence
    self.startTime = startTime
  }

  /// The palette slot of this touch: touches take the colours in turn.
  public var colorIndex: Int { identifier - 1 }

  func move(to point: CGPoint, limit: Int) {
    location = point
    if trail.last != point {
      if trail.count >= max(1, limit) { trail.removeFirst(trail.count - max(1, limit) + 1) }
      trail.append(point)
    }
  }

  /// Adds `step` to the receiver's history (making the receiver when it is new).
  func note(_ name: OverlayReceiverName, kind: OverlayReceiver.Kind, step: OverlayReceiver.Step?) {
    if let index = receivers.firstIndex(where: { $0.name == name && $0.kind == kind }) {
      if let step { receivers[index].append(step) }
      return
    }
    guard receivers.count < TouchOverlay.maximumReceivers else { return }
    var receiver = OverlayReceiver(kind: kind, name: name)
    if let step { receiver.append(step) }
    receivers.append(receiver)
  }
}

/// Who a receiver is: a class, its layout id; for an action, the message.
public struct OverlayReceiverName: Equatable, Sendable {
  public var className: String
  public var identifier: String?
  /// An action's name (`redViewClick:`) or a `{print: TEXT}`'s text.
  public var message: String?
  /// The action was a `{print: TEXT}`.
  public var isPrint = false

  public init(className: String, identifier: String? = nil, message: String? = nil, isPrint: Bool = false) {
    self.className = className
    self.identifier = identifier
    self.message = message
    self.isPrint = isPrint
  }

  /// How the overlay writes it: `LMRedView`, `-[ViewController redViewClick:]`, `“按钮点击”`.
  public var displayName: String {
    guard let message else { return className }
    return isPrint ? "“\(message)”" : "-[\(className) \(message)]"
  }
}

/// A recognizer, responder or action target that a touch reached, and what became of it.
public struct OverlayReceiver: Equatable, Sendable {
  public enum Kind: Sendable { case recognizer, responder, action }

  /// One thing that happened to the receiver, in the order it happened.
  public enum Step: Equatable, Sendable {
    /// Recognizer states.
    case possible, began, changed, recognized, ended, failed, cancelled
    /// Responder calls (`began`, `ended`, `cancelled` above are its touches… calls too).
    case moved
    /// The began was held back (`delaysTouchesBegan`) or delayed by a scroll view.
    case held, delayed
    /// The ended was held back (`delaysTouchesEnded`).
    case endHeld
    case released, dropped
    /// The delegate's `shouldReceive` said no (recognizers).
    case refused
    /// `isExclusiveTouch` or `isMultipleTouchEnabled` kept the touch from the view.
    case blocked
    /// An action was sent, or found no one to answer it.
    case sent, unanswered
  }

  public var kind: Kind
  public var name: OverlayReceiverName
  /// What happened, oldest first; repeats collapse (`moved` many times is one `moved`).
  public private(set) var steps: [Step] = []
  /// Steps kept per receiver.
  public static let maximumSteps = 8

  public init(kind: Kind, name: OverlayReceiverName, steps: [Step] = []) {
    self.kind = kind
    self.name = name
    for step in steps { append(step) }
  }

  /// The latest step: how it stands now.
  public var outcome: Step? { steps.last }

  mutating func append(_ step: Step) {
    guard steps.last != step else { return }
    if steps.count >= Self.maximumSteps { steps.remove(at: 1) }
    steps.append(step)
  }
}

/// The scroll view's delay of a touch's began: 0.15 s from when it was held.
public struct OverlayCountdown: Equatable, Sendable {
  public var start: TimeInterval
  public var duration: TimeInterval
  /// The recognizer that holds the touch.
  public var recognizer: OverlayReceiverName
  /// When it ended (released or dropped); nil while it runs.
  public private(set) var finishTime: TimeInterval?

  public init(start: TimeInterval, duration: TimeInterval, recognizer: OverlayReceiverName) {
    self.start = start
    self.duration = duration
    self.recognizer = recognizer
  }

  public var end: TimeInterval { start + duration }
  public var isRunning: Bool { finishTime == nil }

  /// How far along it is at `now`, 0…1.
  public func progress(at now: TimeInterval) -> Double {
    guard duration > 0 else { return 1 }
    let time = finishTime.map { min($0, now) } ?? now
    return min(1, max(0, (time - start) / duration))
  }

  mutating func finish(at time: TimeInterval) {
    if finishTime == nil { finishTime = time }
  }
}
