import Foundation

/// The on-screen keyboard while a text field edits: a plain area at the foot of the window,
/// above everything else in it, that takes the touches landing on it (they go no further:
/// UIKit's keyboard lives in a window of its own, so no view or recognizer of the app hears
/// them). TouchLab draws it and types nothing.
public final class UIKeyboard: UIView {
  init(window: UIWindow) {
    let height = min(UIKitConstants.keyboardHeight, window.bounds.height)
    super.init(frame: CGRect(x: 0, y: window.bounds.height - height, width: window.bounds.width, height: height))
    backgroundColor = UIColor(red: 209.0 / 255, green: 211.0 / 255, blue: 217.0 / 255)
  }

  public override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {}
  public override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {}
  public override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {}
  public override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {}
}

extension UIWindow {
  /// Shows the keyboard (a text field became the first responder).
  func showKeyboard() {
    guard keyboard == nil else { return }
    let keyboard = UIKeyboard(window: self)
    self.keyboard = keyboard
    addSubview(keyboard)
  }

  /// Hides the keyboard (the editing text field resigned).
  func hideKeyboard() {
    keyboard?.removeFromSuperview()
    keyboard = nil
  }
}
