import Foundation

/// UIKit's private class of a navigation controller's `interactivePopGestureRecognizer`
/// (docs/BEHAVIOUR.md §27): a screen-edge pan that follows one finger
/// (`setMaximumNumberOfTouches:1` in its `initWithTarget:action:`) and begins once the
/// finger has moved 15 pt (`_shouldTryToBeginWithEvent:` sets `_setHysteresis:15.0`; iOS
/// 26.1's UIKitCore as decompiled in EthanArbuckle/iPhone18-3_26.1_23B85_Restore).
public final class _UIParallaxTransitionPanGestureRecognizer: UIScreenEdgePanGestureRecognizer {
  public override init() {
    super.init()
    maximumNumberOfTouches = 1
  }

  override var hysteresis: CGFloat { UIKitConstants.interactivePopHysteresis }
}
