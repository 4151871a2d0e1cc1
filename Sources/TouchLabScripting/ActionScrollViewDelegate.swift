import Foundation
import TouchLabEngine

/// A scroll delegate described by a layout (`willBeginDragging:`, `didScroll:`,
/// `willEndDragging:`, `didEndDragging:`, `willBeginDecelerating:`, `didEndDecelerating:`,
/// `didEndScrollingAnimation:` on a scroll view): each prints its text, with the scroll
/// view's values (`%offset`, `%isTracking`, `%isDragging`, `%isDecelerating`, and
/// `%willDecelerate`, `%velocity`, `%targetContentOffset` where UIKit passes them), or sends
/// the UIKit delegate selector to a target (the controller), printed as
/// `-[ControllerClass scrollViewDidEndDecelerating:]`. `willEndDragging:` may change the
/// target content offset (docs/BEHAVIOUR.md §21).
public final class ActionScrollViewDelegate: UIScrollViewDelegate {
  public enum Moment: String, CaseIterable, Sendable {
    case willBeginDragging, didScroll, willEndDragging, didEndDragging, willBeginDecelerating, didEndDecelerating,
      didEndScrollingAnimation

    public var selector: String {
      let selector: UIKitSelector =
        switch self {
        case .willBeginDragging: .scrollViewWillBeginDragging
        case .didScroll: .scrollViewDidScroll
        case .willEndDragging: .scrollViewWillEndDragging
        case .didEndDragging: .scrollViewDidEndDragging
        case .willBeginDecelerating: .scrollViewWillBeginDecelerating
        case .didEndDecelerating: .scrollViewDidEndDecelerating
        case .didEndScrollingAnimation: .scrollViewDidEndScrollingAnimation
        }
      return selector.rawValue
    }
  }

  /// What `willEndDragging:` sets the target content offset to.
  public enum Target: Equatable, Sendable {
    /// This offset (held within the content by the scroll view).
    case offset(CGPoint)
    /// Where the finger lifted: no deceleration.
    case current
  }

  public weak var target: AnyObject?
  public var messages: [Moment: ActionMessage] = [:]
  public var targetContentOffset: Target?

  public init(target: AnyObject?) { self.target = target }

  private func send(_ moment: Moment, _ scrollView: UIScrollView, _ facts: ScrollFacts = ScrollFacts()) {
    guard let message = messages[moment], let application = scrollView.application else { return }
    if let format = message.printedText {
      var context = LineContext(subject: scrollView)
      context.scroll = facts
      application.printLine(format, context, from: scrollView)
    } else {
      application.sendAction(.selector(moment.selector), to: target, from: scrollView, for: nil)
    }
  }

  public func scrollViewWillBeginDragging(_ scrollView: UIScrollView) { send(.willBeginDragging, scrollView) }

  public func scrollViewDidScroll(_ scrollView: UIScrollView) { send(.didScroll, scrollView) }

  public func scrollViewWillEndDragging(
    _ scrollView: UIScrollView, withVelocity velocity: CGPoint, targetContentOffset: inout CGPoint
  ) {
    switch self.targetContentOffset {
    case .offset(let point)?: targetContentOffset = point
    case .current?: targetContentOffset = scrollView.contentOffset
    case nil: break
    }
    send(.willEndDragging, scrollView, ScrollFacts(velocity: velocity, target: targetContentOffset))
  }

  public func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
    send(.didEndDragging, scrollView, ScrollFacts(willDecelerate: decelerate))
  }

  public func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) { send(.willBeginDecelerating, scrollView) }

  public func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) { send(.didEndDecelerating, scrollView) }

  public func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) {
    send(.didEndScrollingAnimation, scrollView)
  }
}

/// The arguments a scroll delegate method passes, for a line's placeholders.
struct ScrollFacts {
  var willDecelerate: Bool?
  var velocity: CGPoint?
  var target: CGPoint?
}
