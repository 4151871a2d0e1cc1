import Foundation

/// UIKit's text field, for the touch side of editing: a tap (its own tap recognizer, closer
/// to the touch than any ancestor's) makes it the first responder, which sends
/// `editingDidBegin` and brings up the keyboard; resigning (`resignFirstResponder()`, or an
/// ancestor's `endEditing(_:)`) sends `editingDidEnd` and takes the keyboard away.
open class UITextField: UIControl {
  public var text: String?
  public var placeholder: String?
  public private(set) var isEditing = false
  /// The recognizer that begins editing (UIKit's own is private; TouchLab names it so).
  public let textTapRecognizer = UITextTapRecognizer()

  public override init(frame: CGRect) {
    super.init(frame: frame)
    addGestureRecognizer(textTapRecognizer)
    textTapRecognizer.builtInHandler = { [unowned self] state in
      if state == .ended { self.becomeFirstResponder() }
    }
  }

  open override var canBecomeFirstResponder: Bool { isEnabled }

  override func didBecomeFirstResponder() {
    isEditing = true
    window?.showKeyboard()
    sendActions(for: .editingDidBegin, with: nil)
  }

  override func didResignFirstResponder() {
    isEditing = false
    window?.hideKeyboard()
    sendActions(for: .editingDidEnd, with: nil)
  }
}
