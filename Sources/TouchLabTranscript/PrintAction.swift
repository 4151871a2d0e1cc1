import Foundation
import TouchLabEngine

/// A layout's `{print: TEXT}` action, the engine's `ActionMessage.custom`: sent by a control or
/// a recognizer, it records a `print` record of its text, the placeholders (`%state`,
/// `%tapCount`…) read from the sender and the event's touches when it is sent. The engine
/// knows neither the action nor its placeholders.
public struct PrintAction: CustomAction, Equatable {
  /// The text as the layout wrote it, placeholders and all.
  public let text: String

  public init(_ text: String) { self.text = text }

  public func perform(from sender: AnyObject?, touches: [UITouch], in application: UIApplication) {
    guard application.recorder?.isListening ?? false else { return }
    application.recordPrint(
      LinePlaceholder.expand(text, LineContext(subject: sender, touches: touches)), from: sender, touches: touches)
  }

  /// `print “TEXT”`, as the inspector lists a target's action.
  public var description: String { "print “\(text)”" }
}

extension ActionMessage {
  /// A layout's `{print: TEXT}`.
  public static func print(_ text: String) -> ActionMessage { .custom(PrintAction(text)) }

  /// The text of a `{print: TEXT}` as written; nil for any other message.
  public var printedText: String? {
    guard case .custom(let action) = self else { return nil }
    return (action as? PrintAction)?.text
  }
}
