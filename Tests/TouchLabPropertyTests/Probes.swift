import Foundation

@testable import TouchLabEngine

/// What the probes saw in one run: every touch call a probe view, control, scroll view or
/// table received (directly, as the hit-test view, or along the responder chain), every call
/// a recognizer received (seen through the engine's records), and every action the application sent with the sender's
/// state at that moment. The invariants read it after the run.
final class ProbeLog {
  struct ViewCall {
    var responder: String
    var touch: Int
    var phase: UITouch.Phase
    /// The responder is the touch's hit-test view (not a responder further up the chain).
    var direct: Bool
  }
  struct RecognizerCall {
    var recognizer: String
    var touches: [Int]
    var phase: UITouch.Phase
    var state: UIGestureRecognizer.State
    /// The first touches of a new sequence (none of the recognizer's since its last reset).
    var startsSequence: Bool
  }
  struct Action {
    var sender: String
    var message: String
    /// The sending recognizer's state when its action went out (nil for controls and tables).
    var recognizerState: UIGestureRecognizer.State?
  }

  var viewCalls: [ViewCall] = []
  var recognizerCalls: [RecognizerCall] = []
  var actions: [Action] = []

  func noteView(_ responder: UIResponder, _ phase: UITouch.Phase, _ touches: Set<UITouch>) {
    let name = responder.identifier ?? responder.className
    for touch in touches.inOrder {
      viewCalls.append(
        ViewCall(responder: name, touch: touch.identifier, phase: phase, direct: touch.view === responder))
    }
  }

  /// A recognizer is given touches: called from the engine's own `.call` record of the
  /// delivery (a recorder observer), before the recognizer's method runs.
  func noteRecognizer(_ recognizer: UIGestureRecognizer, _ phase: UITouch.Phase, _ touchIDs: [Int]) {
    // The engine adds a sequence's touches to `sequenceTouches` before delivering them.
    let fresh = phase == .began && recognizer.sequenceTouches.count == touchIDs.count
    recognizerCalls.append(
      RecognizerCall(
        recognizer: recognizer.identifier ?? recognizer.className, touches: touchIDs, phase: phase,
        state: recognizer.state, startsSequence: fresh))
  }
}

/// Probes share one log per scene.
protocol Probe: AnyObject {
  var log: ProbeLog? { get }
}

// MARK: Views

final class ProbeView: UIView, Probe {
  weak var log: ProbeLog?
  override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
    log?.noteView(self, .began, touches)
    super.touchesBegan(touches, with: event)
  }
  override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
    log?.noteView(self, .moved, touches)
    super.touchesMoved(touches, with: event)
  }
  override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
    log?.noteView(self, .ended, touches)
    super.touchesEnded(touches, with: event)
  }
  override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
    log?.noteView(self, .cancelled, touches)
    super.touchesCancelled(touches, with: event)
  }
}

/// A custom `UIControl` subclass (not one of UIKit's own: an ancestor's tap beats it).
final class ProbeControl: UIControl, Probe {
  weak var log: ProbeLog?
  override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
    log?.noteView(self, .began, touches)
    super.touchesBegan(touches, with: event)
  }
  override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
    log?.noteView(self, .moved, touches)
    super.touchesMoved(touches, with: event)
  }
  override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
    log?.noteView(self, .ended, touches)
    super.touchesEnded(touches, with: event)
  }
  override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
    log?.noteView(self, .cancelled, touches)
    super.touchesCancelled(touches, with: event)
  }
}

final class ProbeButton: UIButton, Probe {
  weak var log: ProbeLog?
  override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
    log?.noteView(self, .began, touches)
    super.touchesBegan(touches, with: event)
  }
  override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
    log?.noteView(self, .moved, touches)
    super.touchesMoved(touches, with: event)
  }
  override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
    log?.noteView(self, .ended, touches)
    super.touchesEnded(touches, with: event)
  }
  override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
    log?.noteView(self, .cancelled, touches)
    super.touchesCancelled(touches, with: event)
  }
}

final class ProbeSwitch: UISwitch, Probe {
  weak var log: ProbeLog?
  override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
    log?.noteView(self, .began, touches)
    super.touchesBegan(touches, with: event)
  }
  override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
    log?.noteView(self, .moved, touches)
    super.touchesMoved(touches, with: event)
  }
  override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
    log?.noteView(self, .ended, touches)
    super.touchesEnded(touches, with: event)
  }
  override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
    log?.noteView(self, .cancelled, touches)
    super.touchesCancelled(touches, with: event)
  }
}

final class ProbeScrollView: UIScrollView, Probe {
  weak var log: ProbeLog?
  override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
    log?.noteView(self, .began, touches)
    super.touchesBegan(touches, with: event)
  }
  override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
    log?.noteView(self, .moved, touches)
    super.touchesMoved(touches, with: event)
  }
  override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
    log?.noteView(self, .ended, touches)
    super.touchesEnded(touches, with: event)
  }
  override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
    log?.noteView(self, .cancelled, touches)
    super.touchesCancelled(touches, with: event)
  }
}

final class ProbeTableView: UITableView, Probe {
  weak var log: ProbeLog?
  override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
    log?.noteView(self, .began, touches)
    super.touchesBegan(touches, with: event)
  }
  override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
    log?.noteView(self, .moved, touches)
    super.touchesMoved(touches, with: event)
  }
  override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
    log?.noteView(self, .ended, touches)
    super.touchesEnded(touches, with: event)
  }
  override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
    log?.noteView(self, .cancelled, touches)
    super.touchesCancelled(touches, with: event)
  }
}

// MARK: The application

/// Notes every action with its sender and, for a recognizer, the state it is in as the
/// action goes out.
final class ProbeApplication: UIApplication {
  weak var log: ProbeLog?

  override func sendAction(_ action: ActionMessage, to target: AnyObject?, from sender: AnyObject?, for event: UIEvent?)
    -> Bool
  {
    let name = (sender as? UIResponder)?.identifier ?? (sender as? UIGestureRecognizer)?.identifier ?? "?"
    log?.actions.append(
      ProbeLog.Action(
        sender: name, message: action.description, recognizerState: (sender as? UIGestureRecognizer)?.state))
    return super.sendAction(action, to: target, from: sender, for: event)
  }
}
