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
    cutOff(leaving, cause: DeliveryCause(.viewLeftWindow, by: view.causeName), event: nil)
  }
}
