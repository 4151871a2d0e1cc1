import Foundation

/// UIKit's text view, for the touch side: a `UIScrollView` (it scrolls its text vertically,
/// with a scroll view's pan and its delayed content touches) whose own tap recognizer makes
/// it the first responder when it is editable, which brings up the keyboard and tells the
/// delegate `textViewDidBeginEditing(_:)`; resigning (`resignFirstResponder()`, or an
/// ancestor's `endEditing(_:)`) takes the keyboard away and tells it
/// `textViewDidEndEditing(_:)`. A text view that is not editable never becomes the first
/// responder: its tap (selectable text's, which TouchLab does not act on) still takes the
/// touch from an ancestor's tap; one neither editable nor selectable has no tap of its own
/// (docs/BEHAVIOUR.md, "Text views").
open class UITextView: UIScrollView {
  public var text: String?
  /// Whether a tap begins editing (UIKit's default: true).
  public var isEditable = true {
    didSet { updateTextInteraction() }
  }
  /// Whether the text can be selected (UIKit's default: true). Selection itself is not
  /// modelled; but a text view neither editable nor selectable has no text interaction at
  /// all, so its tap recognizer is off and an ancestor's tap takes the tap.
  public var isSelectable = true {
    didSet { updateTextInteraction() }
  }
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

  private func updateTextInteraction() { textTapRecognizer.isEnabled = isEditable || isSelectable }

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
