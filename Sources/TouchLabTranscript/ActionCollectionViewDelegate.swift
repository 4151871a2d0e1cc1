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

    /// UIKit's selector: `collectionView:didSelectItemAtIndexPath:` for `didSelectItem`.
    public var selector: String { "collectionView:\(rawValue)AtIndexPath:" }

    public var isQuestion: Bool { [.shouldHighlightItem, .shouldSelectItem, .shouldDeselectItem].contains(self) }
  }

  /// A moment's line or selector, and a question's answer for some items (`items`; UIKit's
  /// default YES otherwise).
  public typealias Rule = ActionCellRule<Bool>

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
    rules[moment]?.tell(moment.selector, to: target, from: view, at: indexPath, result: result)
  }

  private func ask(_ moment: Moment, _ view: UICollectionView, _ indexPath: IndexPath) -> Bool {
    let result = rules[moment]?.answer(at: indexPath.item) ?? true
    send(moment, view, indexPath, result: Rule.describe(result))
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

extension ActionCellRule where Answer == Bool {
  /// The items the answer applies to; nil: every item.
  public var items: [Int]? {
    get { indices }
    set { indices = newValue }
  }
}
