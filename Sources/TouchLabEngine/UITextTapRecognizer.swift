import Foundation

/// A text field's tap recognizer: a single tap that begins editing.
public final class UITextTapRecognizer: UITapGestureRecognizer {}
