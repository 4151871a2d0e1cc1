import Foundation

/// The strip a swiped table row uncovers at one of its edges (UIKit's private
/// `UISwipeActionPullView`): a subview of the cell beside its sliding content view, holding
/// one `UISwipeActionStandardButton` per action, which share its width (docs/BEHAVIOUR.md §23).
public final class UISwipeActionPullView: UIView {
  public private(set) var buttons: [UISwipeActionStandardButton] = []
  /// Which edge of the row it sits at.
  public let isTrailing: Bool

  init(actions: [UIContextualAction], isTrailing: Bool) {
    self.isTrailing = isTrailing
    super.init(frame: .zero)
    clipsToBounds = true
    // The first action sits at the row's edge: rightmost for trailing, leftmost for leading.
    for action in actions {
      let button = UISwipeActionStandardButton(action: action)
      buttons.append(button)
      addSubview(button)
    }
  }

  override func boundsDidChange(from old: CGRect) {
    guard bounds.size != old.size, !buttons.isEmpty else { return }
    let width = bounds.width / CGFloat(buttons.count)
    for (index, button) in buttons.enumerated() {
      let slot = isTrailing ? buttons.count - 1 - index : index
      button.frame = CGRect(x: CGFloat(slot) * width, y: 0, width: width, height: bounds.height)
    }
  }
}
