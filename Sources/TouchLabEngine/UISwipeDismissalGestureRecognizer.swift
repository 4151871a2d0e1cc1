import Foundation

/// UIKit's private recognizer that closes a table row's open actions (its target is the
/// table's `UISwipeHandler`, `_dismissalRecognizerDidRecognize:`). Off until a row's
/// actions open; then a touch anywhere on the table but the action buttons recognizes it
/// at once, and since it delays touches began the row under it never hears of the touch —
/// nothing is highlighted or selected. It does not keep the table's pan from scrolling
/// afterwards (docs/BEHAVIOUR.md §23).
public final class UISwipeDismissalGestureRecognizer: UIGestureRecognizer {
  public override init() {
    super.init()
    isEnabled = false
    delaysTouchesBegan = true
  }

  public override var isDiscrete: Bool { true }

  public override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
    guard state == .possible else { return }
    let onButtons = touches.contains { touch in touch.view.map { $0 is UISwipeActionStandardButton } ?? false }
    if onButtons {
      fail(.shouldBegin, by: UISwipeHandler.causeName)
    } else {
      state = .ended
    }
  }

  public override func canPrevent(_ preventedGestureRecognizer: UIGestureRecognizer) -> Bool {
    preventedGestureRecognizer !== (view as? UIScrollView)?.panGestureRecognizer
  }
}
