import Foundation
import TouchLabEngine

/// A collection delegate described by a layout's keys (`shouldHighlightItem:`,
/// `didHighlightItem:`, `didUnhighlightItem:`, `shouldSelectItem:`, `didSelectItem:`,
/// `shouldDeselectItem:`, `didDeselectItem:`): each prints a line (`{print: TEXT}`, where
/// `%row` is the item, `%section` its section, `%highlighted`/`%selected` its cell's state and
/// `%result` a question's answer) or sends UIKit's selector to a target (the controller). The
/// three questions can answer NO for some items (docs/BEHAVIOUR.md §19).
public final class ActionCollectionViewDelegate: UICollectionViewDelegate {
  public enum Moment: String, CaseIterable, Sendable {
    case shouldHighlightItem, didHighlightItem, didUnhighlightItem, shouldSelectItem, didSelectItem,
      shouldDeselectItem, didDeselectItem

    public var selector: String {
      switch self {
      case .shouldHighlightItem: "collectionView:shouldHighlightItemAtIndexPath:"
      case .didHighlightItem: "collectionView:didHighlightItemAtIndexPath:"
      case .didUnhighlightItem: "collectionView:didUnhighlightItemAtIndexPath:"
      case .shouldSelectItem: "collectionView:shouldSelectItemAtIndexPath:"
      case .didSelectItem: "collectionView:didSelectItemAtIndexPath:"
      case .shouldDeselectItem: "collectionView:shouldDeselectItemAtIndexPath:"
      case .didDeselectItem: "collectionView:didDeselectItemAtIndexPath:"
      }
    }

    public var isQuestion: Bool { [.shouldHighlightItem, .shouldSelectItem, .shouldDeselectItem].contains(self) }
  }

  public struct Rule: Sendable {
    public var message: ActionMessage?
    /// A question's answer for the items it names (UIKit's default YES otherwise).
    public var answer: Bool?
    /// The items the answer applies to; nil: every item.
    public var items: [Int]?
    public init(message: ActionMessage?, answer: Bool? = nil, items: [Int]? = nil) {
      self.message = message
      self.answer = answer
      self.items = items
    }
  }

  public static let didSelectSelector = Moment.didSelectItem.selector
  public weak var target: AnyObject?
  public var rules: [Moment: Rule] = [:]

  public init(target: AnyObject?) { self.target = target }

  /// The delegate of `didSelectItem:` alone.
  public convenience init(target: AnyObject?, message: ActionMessage) {
    self.init(target: target)
    rules[.didSelectItem] = Rule(message: message)
  }

  private func send(_ moment: Moment, _ view: UICollectionView, _ indexPath: IndexPath, result: String? = nil) {
    guard let message = rules[moment]?.message else { return }
    if let format = message.printedText {
      view.application?.printLine(format, LineContext(subject: view, result: result, indexPath: indexPath), from: view)
    } else {
      view.application?.sendAction(.selector(moment.selector), to: target, from: view, for: nil)
    }
  }

  private func ask(_ moment: Moment, _ view: UICollectionView, _ indexPath: IndexPath) -> Bool {
    var result = true
    if let rule = rules[moment], let answer = rule.answer, rule.items?.contains(indexPath.item) ?? true {
      result = answer
    }
    send(moment, view, indexPath, result: result ? "YES" : "NO")
    return result
  }

  public func collectionView(_ collectionView: UICollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool {
    ask(.shouldHighlightItem, collectionView, indexPath)
  }

  public func collectionView(_ collectionView: UICollectionView, didHighlightItemAt indexPath: IndexPath) {
    send(.didHighlightItem, collectionView, indexPath)
  }

  public func collectionView(_ collectionView: UICollectionView, didUnhighlightItemAt indexPath: IndexPath) {
    send(.didUnhighlightItem, collectionView, indexPath)
  }

  public func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool {
    ask(.shouldSelectItem, collectionView, indexPath)
  }

  public func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
    send(.didSelectItem, collectionView, indexPath)
  }

  public func collectionView(_ collectionView: UICollectionView, shouldDeselectItemAt indexPath: IndexPath) -> Bool {
    ask(.shouldDeselectItem, collectionView, indexPath)
  }

  public func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath) {
    send(.didDeselectItem, collectionView, indexPath)
  }
}
