import Foundation

/// What a text view tells its delegate of editing: when it becomes the first responder and
/// when it resigns (UIKit's `UITextViewDelegate`; the text's own changes are not modelled).
public protocol UITextViewDelegate: AnyObject {
  func textViewDidBeginEditing(_ textView: UITextView)
  func textViewDidEndEditing(_ textView: UITextView)
}
