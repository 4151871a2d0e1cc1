import Foundation

/// An item on screen: a content view holding a centred label and the item's own views.
open class UICollectionViewCell: UIView, ReusableCell {
  public let contentView: UIView
  /// TouchLab's stand-in for a cell's content configuration: the item's text, centred.
  public let textLabel: UILabel
  public var isSelected = false
  public var isHighlighted = false
  /// The item it shows now and the item's own views (an empty slot while in the reuse queue).
  var slot = ReusableCellSlot()
  /// The item it shows now (nil while in the reuse queue).
  public var indexPath: IndexPath? { slot.indexPath }

  public override init(frame: CGRect) {
    contentView = UIView(frame: CGRect(origin: .zero, size: frame.size))
    textLabel = UILabel(frame: CGRect(origin: .zero, size: frame.size))
    super.init(frame: frame)
    textLabel.textAlignment = .center
    textLabel.fontSize = UIKitConstants.collectionCellFontSize
    addSubview(contentView)
    contentView.addSubview(textLabel)
  }

  /// A cell placed in a collection view as a view of its own (an imported dump's printed
  /// cell, whose printed content view is its subview): its own content view and label stay
  /// out of its view hierarchy. Placed in a collection view with no items, it is one of the
  /// items (`CellSelectionController.placedCells`).
  public static func placed(frame: CGRect) -> UICollectionViewCell {
    let cell = UICollectionViewCell(frame: frame)
    cell.contentView.removeFromSuperview()
    return cell
  }

  override func boundsDidChange(from old: CGRect) {
    guard bounds.size != old.size else { return }
    contentView.frame = CGRect(origin: .zero, size: bounds.size)
    textLabel.frame = CGRect(origin: .zero, size: bounds.size)
  }

  /// A collection cell has no overridable setters here: its state is set as it is.
  func dispatchSetHighlighted(_ highlighted: Bool) { isHighlighted = highlighted }

  func dispatchSetSelected(_ selected: Bool) { isSelected = selected }

  open func prepareForReuse() {
    isSelected = false
    isHighlighted = false
  }
}
