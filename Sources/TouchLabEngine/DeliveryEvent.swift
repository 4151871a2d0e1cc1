import Foundation

/// The version of the record schema (`docs/records.md`). Raised when a field changes
/// meaning; adding a field or a case does not raise it.
public enum DeliveryRecordSchema {
  public static let version = 1
}

/// What a record is about, typed: consumers switch over it instead of parsing strings.
/// Every case carries what its record needs; `DeliveryRecord.cause` says why, where a
/// rule decided.
public enum DeliveryEvent: Equatable, Sendable, Codable {
  /// One input event: each changed touch's id, phase and location in the window.
  case input([TouchSample])
  /// A new touch's hit-test result (`view` nil: it hit nothing).
  case hitTest(touch: Int, view: Participant?)
  /// A `touches…` method ran on a view, controller, window, application or recognizer.
  case touches(phase: TouchPhase, receiver: Participant)
  /// A control's tracking method ran (`beginTracking`, `continueTracking`, `endTracking`, `cancelTracking`).
  case tracking(phase: TouchPhase, control: Participant)
  /// The view's `touches…` call for `phase` is held back by `holder` until `deadline` (when it has one).
  case hold(phase: TouchPhase, view: Participant, holder: Participant?, deadline: TimeInterval?)
  /// A held call goes to the view after all.
  case release(phase: TouchPhase, view: Participant, holder: Participant?)
  /// A held call is dropped: the view never hears of it.
  case drop(phase: TouchPhase, view: Participant)
  /// The touch is denied to a view (`exclusiveTouch`, `isMultipleTouchEnabled`) or to a recognizer (`shouldReceive`).
  case denied(receiver: Participant)
  /// A recognizer's state changed (`from` → `to`); `to == .possible` is its reset.
  case stateChange(recognizer: Participant, from: RecognizerState, to: RecognizerState)
  /// A subclass asked for an illegal transition; nothing changed.
  case illegalTransition(recognizer: Participant, from: RecognizerState, to: RecognizerState)
  /// A target-action message (`target` nil: nobody along the chain implements it).
  case action(name: String, sender: Participant?, target: Participant?)
  /// A `{print: TEXT}` action printed its text.
  case print(text: String, sender: Participant?)
  /// A timer was scheduled, fired or cancelled.
  case timer(TimerChange, TimerRecord)
  /// A scroll view's content offset changed.
  case scroll(view: Participant, from: RecordPoint, to: RecordPoint)
  /// A table row was selected or deselected.
  case selection(table: Participant, section: Int, row: Int, selected: Bool)
  /// A declared class's override ran and logged (its `touches…` or other method); `receiver`
  /// names the declared class whose override it is.
  case logged(method: String, receiver: Participant)
  /// A navigation controller's transition (a push or a pop, animated or interactive) began,
  /// finished (the stack changed) or was cancelled (an interactive pop let go too early);
  /// `from` is the controller on top before it, `to` the one on top after it.
  case navigation(
    controller: Participant, operation: NavigationOperation, phase: NavigationPhase, from: Participant,
    to: Participant, interactive: Bool)
}

/// UIKit's `UINavigationController.Operation`, without `none`.
public enum NavigationOperation: String, Equatable, Sendable, Codable {
  case push, pop
}

/// Where a navigation transition stands.
public enum NavigationPhase: String, Equatable, Sendable, Codable {
  case began, finished, cancelled
}

/// One touch of an input event.
public struct TouchSample: Equatable, Sendable, Codable {
  public var touch: Int
  public var phase: TouchPhase
  public var location: RecordPoint

  public init(touch: Int, phase: TouchPhase, location: RecordPoint) {
    self.touch = touch
    self.phase = phase
    self.location = location
  }
}

/// A point in window coordinates, as records carry it.
public struct RecordPoint: Equatable, Sendable, Codable {
  public var x: Double
  public var y: Double

  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  public init(_ point: CGPoint) {
    self.x = Double(point.x)
    self.y = Double(point.y)
  }
}

/// The phase of a touches call (UIKit's `UITouch.Phase`, without stationary).
public enum TouchPhase: String, Equatable, Sendable, Codable, CaseIterable {
  case began, moved, ended, cancelled

  /// The selector UIKit calls for this phase.
  public var selector: String { UIKitSelector(touches: self).rawValue }
}

/// A recognizer's state, in UIKit's names (`recognized` is `ended` of a discrete one).
public enum RecognizerState: String, Equatable, Sendable, Codable, CaseIterable {
  case possible, began, changed, ended, recognized, cancelled, failed
}

/// Who took part in a record: its kind, class name and layout id, and which object it is.
public struct Participant: Equatable, Sendable, Codable {
  public enum Kind: String, Equatable, Sendable, Codable, CaseIterable {
    case view, controller, window, application, recognizer, responder
  }

  public var kind: Kind
  /// The declared class's name, else the built-in one.
  public var className: String
  /// The id the layout gave it.
  public var id: String?
  /// The object itself (nil in a record made by hand): two objects of one class and id are
  /// two participants. Not printed by the transcript or `--json`.
  public var object: ObjectSerial?

  public init(kind: Kind, className: String, id: String? = nil, object: ObjectSerial? = nil) {
    self.kind = kind
    self.className = className
    self.id = id
    self.object = object
  }

  /// The name a cause uses for it: its layout id, else its class name.
  public var name: String { id ?? className }
}

/// Why something was cancelled, dropped, failed, held, released or denied: the rule that
/// decided, and who applied it (a layout id, else a class name).
public struct DeliveryCause: Equatable, Sendable, Codable {
  public var rule: DeliveryRule
  public var by: String

  public init(_ rule: DeliveryRule, by: String) {
    self.rule = rule
    self.by = by
  }
}

/// The closed list of rules a cause names (`docs/records.md` gives each one's meaning).
public enum DeliveryRule: String, Equatable, Sendable, Codable, CaseIterable {
  /// A recognizer that recognized cancels its touches in the view.
  case cancelsTouchesInView
  /// A recognizer still deciding holds `touchesBegan` back from the view.
  case delaysTouchesBegan
  /// The view handling the touch (WHO, or its superview) left the window.
  case viewLeftWindow
  /// A multi-tap recognizer that has seen a tap keeps the later taps' touches from the view.
  case tapSequence
  /// A recognizer still deciding holds `touchesEnded` back from the view.
  case delaysTouchesEnded
  /// A scroll view holds its content's touches back 0.15 s.
  case delaysContentTouches
  /// The scroll view began scrolling: its content's touches are cancelled.
  case scrollBegan
  /// The scroll view asked `touchesShouldCancel(in:)` and got false: it may not scroll.
  case touchesShouldCancel
  /// The scroll view asked `touchesShouldBegin(_:with:in:)` and got false: the held touch is dropped.
  case touchesShouldBegin
  /// The recognizer waited for another to fail, and it recognized instead.
  case requireToFail
  /// A recognizer closer to the touched view recognized first.
  case closerRecognizerWins
  /// On one view, the recognizer added last wins.
  case lastAddedWins
  /// A control's own tracking beats its parent's single tap.
  case controlBeatsParentTap
  /// `gestureRecognizerShouldBegin` (delegate or view) said no.
  case shouldBegin
  /// `gestureRecognizer(_:shouldReceive:)` said no.
  case shouldReceive
  /// A tap held down past its maximum duration (0.75 s).
  case maximumDuration
  /// The finger moved further than the recognizer allows.
  case movedTooFar
  /// The next tap did not come within 0.35 s.
  case tapInterval
  /// A later tap of a multi-tap sequence landed farther than 45 pt from the tap before it.
  case tapDistance
  /// The finger lifted before the long press's minimum duration.
  case minimumPressDuration
  /// An exclusive-touch view is tracking another touch (or this one is exclusive).
  case exclusiveTouch
  /// The view is not enabled for this touch (`isMultipleTouchEnabled`, `isEnabled`).
  case notEnabled
  /// A recognizer with too many or too few touches fails (`numberOfTouchesRequired`, …).
  case numberOfTouches
  /// The touch was cancelled by the system (window lost focus, device went away).
  case touchCancelled
  /// A recognizer that waits for another, which waits for it, fails (a circle).
  case requirementCircle
  /// The last touch lifted while the recognizer was still possible (a pan that never moved far enough).
  case liftedEarly
  /// A screen-edge pan's first touch began outside the edge region of its `edges`.
  case outsideEdgeRegion
  /// The finger moved the wrong way: a screen-edge pan moved along its edge, not away from it.
  case wrongDirection
  /// The system gesture gate holds `touchesBegan` of a touch near the top or bottom of the
  /// screen while the system decides whether it starts a system gesture.
  case systemGestureGate
  /// The finger stayed near the edge without swiping away from it: not a system gesture.
  case notSystemGesture
  /// Another recognizer sharing the touch recognized first and prevented this one
  /// (neither closer to the touched view nor later on the same view).
  case recognizedFirst
}

/// A timer the engine scheduled, with its purpose and deadline.
public struct TimerRecord: Equatable, Sendable, Codable {
  public var id: Int
  public var purpose: TimerPurpose
  /// Its owner (a recognizer, a scroll view), when it has one.
  public var owner: Participant?
  /// The virtual time it fires at.
  public var deadline: TimeInterval

  public init(id: Int, purpose: TimerPurpose, owner: Participant?, deadline: TimeInterval) {
    self.id = id
    self.purpose = purpose
    self.owner = owner
    self.deadline = deadline
  }
}

public enum TimerChange: String, Equatable, Sendable, Codable {
  case scheduled, fired, cancelled
}

/// What a timer is for.
public enum TimerPurpose: String, Equatable, Sendable, Codable, CaseIterable {
  /// The scroll view's delayed-touches 0.15 s.
  case scrollDelay
  /// The system gesture gate's wait near the top or bottom edge (about 1 s).
  case systemGestureGate
  /// The long press's minimum press duration (0.5 s).
  case longPress
  /// The tap's maximum duration down (0.75 s).
  case tapMaximum
  /// The tap's wait for the next tap (0.35 s).
  case nextTapInterval
  /// The swipe's maximum duration (0.5 s).
  case swipeMaximum
  /// A scroll view decelerating after a flick.
  case deceleration
  /// A stepper's autorepeat while a button is held: the first step after 0.5 s, then one
  /// each 0.1 s.
  case autorepeat
  /// Anything else a recognizer or the scene scheduled.
  case other
}

extension Overridable {
  /// An overridable object that is neither a responder nor a recognizer is a plain responder to records.
  public var participantKind: Participant.Kind { .responder }

  /// This object as records name it.
  public var participant: Participant {
    Participant(kind: participantKind, className: className, id: identifier, object: serial)
  }

  /// Who a cause names: the layout id, else the class name.
  var causeName: String { identifier ?? className }
}

extension TouchPhase {
  init(_ phase: UITouch.Phase) {
    switch phase {
    case .began: self = .began
    case .moved, .stationary: self = .moved
    case .ended: self = .ended
    case .cancelled: self = .cancelled
    }
  }
}

extension RecognizerState {
  init(_ state: UIGestureRecognizer.State, discrete: Bool) {
    switch state {
    case .possible: self = .possible
    case .began: self = .began
    case .changed: self = .changed
    case .ended: self = discrete ? .recognized : .ended
    case .cancelled: self = .cancelled
    case .failed: self = .failed
    }
  }
}
