import Foundation

/// UIKit's text view, for the touch side: a `UIScrollView` (it scrolls its text vertically,
/// with a scroll view's pan and its delayed content touches) whose own tap recognizer makes
/// it the first responder when it is editable, which brings up the keyboard and tells the
/// delegate `textViewDidBeginEditing(_:)`; resigning (`resignFirstResponder()`, or an
/// ancestor's `endEditing(_:)`) takes the keyboard away and tells it
/// `textViewDidEndEditing(_:)`. A text view that is not editable ignores the tap (its text
/// may still be selectable by a press, which TouchLab does not model) and never becomes the
/// first responder (docs/BEHAVIOUR.md, "Text views").
open class UITextView: UIScrollView {
  public var text: String?
  /// Whether a tap begins editing (UIKit's default: true).
  public var isEditable = true
  /// Whether the text can be selected (UIKit's default: true); kept and shown, not acted on.
  public var isSelectable = true
  public private(set) var isEditing = false
  public weak var textViewDelegate: UITextViewDelegate?
  /// The recognizer that begins editing (UIKit's own are private; TouchLab names it so).
  public let textTapRecognizer = UITextTapRecognizer()

  public override init(frame: CGRect) {
    super.init(frame: frame)
    // A text view scrolls vertically, bouncing even when its text fits (Apple: UITextView
    // "implements the behavior for a scrollable, multiline text region").
    alwaysBounceVertical = true
    addGestureRecognizer(textTapRecognizer)
    textTapRecognizer.builtInHandler = { [unowned self] state in
      if state == .ended && self.isEditable && !self.isEditing { _ = self.becomeFirstResponder() }
    }
  }

  open override var canBecomeFirstResponder: Bool { isEditable }

  override func didBecomeFirstResponder() {
    isEditing = true
    window?.showKeyboard()
    textViewDelegate?.textViewDidBeginEditing(self)
  }

  override func didResignFirstResponder() {
    isEditing = false
    window?.hideKeyboard()
    textViewDelegate?.textViewDidEndEditing(self)
  }
}
