import Foundation

/// The first responder: the one responder of a window that has the keyboard's attention
/// (Apple, "Using responders and the responder chain to handle events"). A text field
/// becomes it when a tap begins editing; `resignFirstResponder()` or a view's
/// `endEditing(_:)` ends that, and the keyboard goes.
extension UIResponder {
  public var isFirstResponder: Bool { firstResponderWindow?.firstResponder === self }

  /// The window whose first responder this may be (a view's window; a controller's view's).
  var firstResponderWindow: UIWindow? {
    if let view = self as? UIView { return view.window }
    if let controller = self as? UIViewController { return controller.view.window }
    return nil
  }

  /// Makes this the window's first responder, asking the current one to resign first.
  func makeFirstResponder() -> Bool {
    guard canBecomeFirstResponder, let window = firstResponderWindow else { return false }
    if window.firstResponder === self { return true }
    if let current = window.firstResponder, !current.resignFirstResponder() { return false }
    window.firstResponder = self
    didBecomeFirstResponder()
    return true
  }

  /// Stops being the first responder (true also when it was not).
  func giveUpFirstResponder() -> Bool {
    guard let window = firstResponderWindow, window.firstResponder === self else { return true }
    window.firstResponder = nil
    didResignFirstResponder()
    return true
  }

  // MARK: Built-in action methods

  /// The UIKit methods a target-action message may name and that the engine runs itself:
  /// `resignFirstResponder` and `becomeFirstResponder` on any responder, `endEditing:` on a
  /// view — as apps do with `UITapGestureRecognizer(target: view, action: #selector(UIView.endEditing(_:)))`.
  func implementsBuiltinAction(_ action: String) -> Bool {
    switch action {
    case "resignFirstResponder", "becomeFirstResponder": return true
    case "endEditing:": return self is UIView
    default: return false
    }
  }

  /// Runs a built-in action method after the message was recorded (a declared class's
  /// own action of the same name runs instead, as an override would).
  func performBuiltinAction(_ action: String, sender: AnyObject?) {
    guard implementsBuiltinAction(action), overrideHooks?.implementor(ofAction: action) == nil else { return }
    switch action {
    case "resignFirstResponder": _ = resignFirstResponder()
    case "becomeFirstResponder": _ = becomeFirstResponder()
    default: (self as? UIView)?.endEditing(sender != nil)
    }
  }
}

extension UIView {
  /// A view leaving its window takes the first responder with it: the first responder among
  /// it and its subviews resigns first (a text field being edited sends `editingDidEnd` and
  /// the keyboard goes), while it is still in the window (docs/BEHAVIOUR.md §13).
  func resignFirstResponderLeavingWindow() {
    guard let window, window.firstResponder != nil else { return }
    endEditing(true)
  }

  /// Makes the first responder among this view and its subviews resign (`force` is moot:
  /// TouchLab's text fields never refuse).
  @discardableResult
  public func endEditing(_ force: Bool) -> Bool {
    guard let window, let responder = window.firstResponder as? UIView, responder.isDescendant(of: self) else {
      return false
    }
    return responder.resignFirstResponder()
  }
}
