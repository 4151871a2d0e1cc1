import Foundation
import TouchLabEngine

/// A layout's `{print: TEXT}` action, the engine's `ActionMessage.custom`: sent by a control or
/// a recognizer, it records a `print` record of its text, the placeholders (`%state`,
/// `%tapCount`…) read from the sender and the event's touches when it is sent. The engine
/// knows neither the action nor its placeholders.
public struct PrintAction: CustomAction, Equatable {
  /// The text as the layout wrote it, placeholders and all.
  public let text: String
  /// A recognizer's action prints only in these states (`when: began`), nil: in every state.
  /// A continuous recognizer's one line per gesture, whatever the frame rate (issue 44).
  public let states: Set<UIGestureRecognizer.State>?

  public init(_ text: String, states: Set<UIGestureRecognizer.State>? = nil) {
    self.text = text
    self.states = states
  }

  public func perform(from sender: AnyObject?, touches: [UITouch], in application: UIApplication) {
    guard application.recorder?.isListening ?? false else { return }
    if let states, let recognizer = sender as? UIGestureRecognizer, !states.contains(recognizer.state) { return }
    application.recordPrint(
      LinePlaceholder.expand(text, LineContext(subject: sender, touches: touches)), from: sender, touches: touches)
  }

  /// `print “TEXT”`, as the inspector lists a target's action (`when began, ended` after it).
  public var description: String {
    guard let states else { return "print “\(text)”" }
    return "print “\(text)” when "
      + states.sorted { $0.rawValue < $1.rawValue }.map(\.description).joined(separator: ", ")
  }
}

extension ActionMessage {
  /// A layout's `{print: TEXT}`.
  public static func print(_ text: String) -> ActionMessage { .custom(PrintAction(text)) }

  /// A recognizer's `{print: TEXT, when: STATES}`: printed only in those states.
  public static func print(_ text: String, when states: Set<UIGestureRecognizer.State>) -> ActionMessage {
    .custom(PrintAction(text, states: states))
  }

  /// The text of a `{print: TEXT}` as written; nil for any other message.
  public var printedText: String? {
    guard case .custom(let action) = self else { return nil }
    return (action as? PrintAction)?.text
  }
}
