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

  /// Past the full-swipe point the first button covers the whole strip, the others shrunk
  /// to nothing behind it, as UIKit shows that letting go will run the first action.
  public var expandsFirstButton = false {
    didSet { if expandsFirstButton != oldValue { layoutButtons() } }
  }

  override func boundsDidChange(from old: CGRect) {
    guard bounds.size != old.size else { return }
    layoutButtons()
  }

  private func layoutButtons() {
    guard !buttons.isEmpty else { return }
    if expandsFirstButton {
      for (index, button) in buttons.enumerated() {
        let x = isTrailing ? 0 : bounds.width
        button.frame =
          index == 0
          ? CGRect(origin: .zero, size: bounds.size) : CGRect(x: x, y: 0, width: 0, height: bounds.height)
      }
      return
    }
    let width = bounds.width / CGFloat(buttons.count)
    for (index, button) in buttons.enumerated() {
      let slot = isTrailing ? buttons.count - 1 - index : index
      button.frame = CGRect(x: CGFloat(slot) * width, y: 0, width: width, height: bounds.height)
    }
  }
}
