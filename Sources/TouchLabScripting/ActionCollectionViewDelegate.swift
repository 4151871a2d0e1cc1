import Foundation
import TouchLabEngine

/// A collection delegate described by a layout's keys (`shouldHighlightItem:`,
/// `didHighlightItem:`, `didUnhighlightItem:`, `shouldSelectItem:`, `didSelectItem:`,
/// `shouldDeselectItem:`, `didDeselectItem:`; `%row` is the item). The rules, lines and
/// selectors are a table delegate's (`ActionCellDelegate`); the three questions can answer NO
/// for some items (docs/BEHAVIOUR.md §19).
public final class ActionCollectionViewDelegate: ActionCellDelegate<ActionCollectionViewMoment, Bool>,
  UICollectionViewDelegate
{
  public typealias Moment = ActionCollectionViewMoment

  private func ask(_ moment: Moment, _ view: UICollectionView, _ indexPath: IndexPath) -> Bool {
    tell(moment, view, indexPath, answer: answer(moment, at: indexPath.item) ?? true)
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

/// A collection delegate's moments, named as its layout keys.
public enum ActionCollectionViewMoment: String, ActionCellMoment {
  case shouldHighlightItem, didHighlightItem, didUnhighlightItem, shouldSelectItem, didSelectItem,
    shouldDeselectItem, didDeselectItem

  public static let viewSelectorPart = "collectionView"
  public static let didSelect = Self.didSelectItem

  public var isQuestion: Bool { [.shouldHighlightItem, .shouldSelectItem, .shouldDeselectItem].contains(self) }
}

extension ActionCellRule where Answer == Bool {
  /// The items the answer applies to; nil: every item.
  public var items: [Int]? {
    get { indices }
    set { indices = newValue }
  }
}
