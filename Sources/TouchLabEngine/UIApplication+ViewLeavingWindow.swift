import Foundation

extension UIApplication {
  /// A view (with its subviews) is leaving its window while fingers are down: the views handling
  /// those touches get `touchesCancelled` and hear nothing more of them; a held began is
  /// dropped. The touches keep their `view` and are not hit-tested again
  /// (docs/BEHAVIOUR.md §13).
  func viewWillLeaveWindow(_ view: UIView) {
    let leaving = activeTouches.filter { touch in
      !touch.isFinished && !touch.isCutOffFromView && touch.view?.isDescendant(of: view) == true
    }
    guard !leaving.isEmpty else { return }
    let cause = DeliveryCause(.viewLeftWindow, by: view.causeName)
    var batch = ViewDeliveryBatch()
    for touch in leaving {
      guard let handler = touch.view else { continue }
      switch touch.viewDelivery {
      case .began:
        batch.add(handler, .cancelled, touch)
      case .none:
        recorder?.record(.drop(phase: .began, view: handler.participant), cause: cause, touches: [touch])
      case .finished:
        continue
      }
      touch.viewDelivery = .finished
      touch.isCutOffFromView = true
      touch.endPending = false
    }
    heldTouches.removeAll { $0.isCutOffFromView }
    let outer = cancelCause
    cancelCause = cause
    batch.deliver(UIEvent(touches: activeTouches, timestamp: clock.now))
    cancelCause = outer
  }
}
