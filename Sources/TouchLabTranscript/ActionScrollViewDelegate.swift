import Foundation
import TouchLabEngine

/// A scroll delegate described by a layout (`willBeginDragging:`, `didEndDragging:`,
/// `didEndDecelerating:` on a scroll view): each prints its text, where `%offset` stands for
/// the content offset then, as `(x, y)`, or sends the UIKit delegate selector to a target
/// (the controller), printed as `-[ControllerClass scrollViewDidEndDecelerating:]`.
public final class ActionScrollViewDelegate: UIScrollViewDelegate {
  public enum Moment: String, CaseIterable, Sendable {
    case willBeginDragging, didEndDragging, didEndDecelerating

    public var selector: String {
      switch self {
      case .willBeginDragging: "scrollViewWillBeginDragging:"
      case .didEndDragging: "scrollViewDidEndDragging:willDecelerate:"
      case .didEndDecelerating: "scrollViewDidEndDecelerating:"
      }
    }
  }

  public weak var target: AnyObject?
  public var messages: [Moment: ActionMessage] = [:]

  public init(target: AnyObject?) { self.target = target }

  private func send(_ moment: Moment, _ scrollView: UIScrollView) {
    guard let message = messages[moment], let application = scrollView.application else { return }
    switch message {
    case .print(let format):
      application.printLine(format, LineContext(subject: scrollView), from: scrollView)
    case .selector:
      application.sendAction(.selector(moment.selector), to: target, from: scrollView, for: nil)
    }
  }

  public func scrollViewWillBeginDragging(_ scrollView: UIScrollView) { send(.willBeginDragging, scrollView) }

  public func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
    send(.didEndDragging, scrollView)
  }

  public func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) { send(.didEndDecelerating, scrollView) }
}
