import Foundation
import TouchLabEngine

/// A collection delegate described by a layout's `didSelectItem:` key: a selection prints a
/// line (`{print: TEXT}`, where `%row` is the item and `%section` its section) or sends `collectionView:didSelectItemAtIndexPath:` to a target.
public final class ActionCollectionViewDelegate: UICollectionViewDelegate {
  public static let didSelectSelector = "collectionView:didSelectItemAtIndexPath:"
  public weak var target: AnyObject?
  public let message: ActionMessage

  public init(target: AnyObject?, message: ActionMessage) {
    self.target = target
    self.message = message
  }

  public func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
    switch message {
    case .print(let format):
      collectionView.application?.printLine(
        format, LineContext(subject: collectionView, indexPath: indexPath), from: collectionView)
    case .selector:
      collectionView.application?.sendAction(
        .selector(Self.didSelectSelector), to: target, from: collectionView, for: nil)
    }
  }
}
