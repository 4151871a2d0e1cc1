import Foundation

/// UIKit's private system gesture gate, one on every window: it holds back the
/// `touchesBegan` of a touch that lands within 20 pt of the top or bottom of the screen
/// while the system decides whether the finger starts a system gesture (the notification
/// or control centre from the top, the home indicator from the bottom). A quick tap there
/// reaches the view only at its lift, began and ended together; a finger held there waits
/// about a second; a swipe away from the edge is the system's, and the app's touches are
/// cancelled. A view controller's `preferredScreenEdgesDeferringSystemGestures` takes an
/// edge out of the gate; setting the gate's `delaysTouchesBegan` to false (the usual
/// workaround) lets the began through at once (docs/BEHAVIOUR.md §18).
///
/// It takes part only in touches that land in its region: elsewhere it does not see the
/// touch at all, so records and transcripts away from the edges are as before.
public final class _UISystemGestureGateGestureRecognizer: UIGestureRecognizer {
  private var startLocation: CGPoint = .zero
  private var startEdge: UIRectEdge = []

  public override init() {
    super.init()
    delaysTouchesBegan = true
  }

  public override var isDiscrete: Bool { true }

  /// The edges it watches now: top and bottom, less those the window's root controller
  /// defers to the app.
  public var gatedEdges: UIRectEdge {
    let deferred = (view as? UIWindow)?.rootViewController?.preferredScreenEdgesDeferringSystemGestures ?? []
    return UIRectEdge([.top, .bottom]).subtracting(deferred)
  }

  override func takesPart(in touch: UITouch) -> Bool {
    guard let window = view as? UIWindow else { return false }
    return !UIScreenEdgePanGestureRecognizer.edge(at: touch.locationInWindow, in: window.bounds)
      .intersection(gatedEdges).isEmpty
  }

  override var beganHoldRule: DeliveryRule { .systemGestureGate }

  public override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
    guard state == .possible, trackedTouches.count == touches.count, let first = touches.inOrder.first,
      let window = view as? UIWindow
    else { return }
    startLocation = first.locationInWindow
    startEdge = UIScreenEdgePanGestureRecognizer.edge(at: startLocation, in: window.bounds).intersection(gatedEdges)
    schedule(after: UIKitConstants.systemGestureGateDelay, purpose: .systemGestureGate) { [self] in
      guard self.state == .possible else { return }
      self.fail(.notSystemGesture)
    }
  }

  public override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
    guard state == .possible, let touch = trackedTouches.first else { return }
    let t = CGPoint(x: touch.locationInWindow.x - startLocation.x, y: touch.locationInWindow.y - startLocation.y)
    guard (t.x * t.x + t.y * t.y).squareRoot() >= UIKitConstants.panHysteresis else { return }
    if UIScreenEdgePanGestureRecognizer.movesAway(t, from: startEdge) {
      state = .ended  // the system's gesture: the app's touches are cancelled
    } else {
      fail(.wrongDirection)
    }
  }

  public override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
    if state == .possible { fail(.liftedEarly) }
  }

  public override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
    if state == .possible { fail(.touchCancelled) }
  }

  public override func reset() {
    startLocation = .zero
    startEdge = []
  }
}
