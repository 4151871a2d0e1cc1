import Foundation
import TouchLabEngine

/// A text view delegate described by a layout (`didBeginEditing:`, `didEndEditing:` on a
/// `UITextView`): each prints its text, or sends UIKit's selector
/// (`textViewDidBeginEditing:`…) to a target (the controller), printed as
/// `-[ControllerClass textViewDidBeginEditing:]`.
public final class ActionTextViewDelegate: UITextViewDelegate {
  public enum Moment: String, CaseIterable, Sendable {
    case didBeginEditing, didEndEditing

    public var selector: String {
      switch self {
      case .didBeginEditing: UIKitSelector.textViewDidBeginEditing.rawValue
      case .didEndEditing: UIKitSelector.textViewDidEndEditing.rawValue
      }
    }
  }

  public weak var target: AnyObject?
  public var messages: [Moment: ActionMessage] = [:]

  public init(target: AnyObject?) { self.target = target }

  private func send(_ moment: Moment, _ textView: UITextView) {
    guard let message = messages[moment], let application = textView.application else { return }
    if let format = message.printedText {
      application.printLine(format, LineContext(subject: textView), from: textView)
    } else {
      application.sendAction(.selector(moment.selector), to: target, from: textView, for: nil)
    }
  }

  public func textViewDidBeginEditing(_ textView: UITextView) { send(.didBeginEditing, textView) }

  public func textViewDidEndEditing(_ textView: UITextView) { send(.didEndEditing, textView) }
}
