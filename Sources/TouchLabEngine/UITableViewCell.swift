import Foundation

/// A row on screen: a content view holding the text label and the row's own views.
open class UITableViewCell: UIView, ReusableCell {
  /// UIKit's `UITableViewCell.EditingStyle`: the control a row shows when edited; a swipe
  /// uncovers a Delete button only for `.delete` (docs/BEHAVIOUR.md §23.4).
  public enum EditingStyle: Int, Sendable, CaseIterable {
    case none = 0
    case delete = 1
    case insert = 2
  }

  public let contentView: UITableViewCellContentView
  public let textLabel: UILabel
  /// The row it shows now and the row's own views (an empty slot while in the reuse queue).
  var slot = ReusableCellSlot()
  /// The row it shows now (nil while in the reuse queue).
  public var indexPath: IndexPath? { slot.indexPath }

  public override init(frame: CGRect) {
    contentView = UITableViewCellContentView(frame: CGRect(origin: .zero, size: frame.size))
    textLabel = UILabel(frame: Self.textFrame(in: frame.size))
    super.init(frame: frame)
    addSubview(contentView)
    contentView.addSubview(textLabel)
  }

  /// A cell placed in a table as a view of its own (an imported dump's printed cell, whose
  /// printed content view and labels are its subviews): its own content view and text label
  /// stay out of its view hierarchy. Placed in a table with no sections, it is one of the
  /// table's rows (`UITableView`, "Placed cells").
  public static func placed(frame: CGRect) -> UITableViewCell {
    let cell = UITableViewCell(frame: frame)
    cell.contentView.removeFromSuperview()
    return cell
  }

  override func boundsDidChange(from old: CGRect) {
    guard bounds.size != old.size else { return }
    contentView.frame = CGRect(origin: CGPoint(x: swipeOffset, y: 0), size: bounds.size)
    textLabel.frame = Self.textFrame(in: bounds.size)
  }

  // MARK: Swipe actions (docs/BEHAVIOUR.md §23)

  /// How far a swipe slid the content view sideways (negative: to the left).
  public internal(set) var swipeOffset: CGFloat = 0 {
    didSet { contentView.frame.origin.x = swipeOffset }
  }
  /// The strip of action buttons the swipe uncovered, beside the content view.
  public internal(set) var swipePullView: UISwipeActionPullView?

  /// Where a cell's (or a header's) text sits: inset by the layout margin on each side.
  static func textFrame(in size: CGSize) -> CGRect {
    let margin = UIKitConstants.tableCellTextMargin
    return CGRect(x: margin, y: 0, width: max(0, size.width - 2 * margin), height: size.height)
  }

  // MARK: Highlight and selection, through the overridable setters

  public var isSelected = false
  public var isHighlighted = false

  /// Sets `isHighlighted`; the table calls it when a touch highlights or unhighlights the
  /// row (always `animated: false`, docs/BEHAVIOUR.md §19).
  open func setHighlighted(_ highlighted: Bool, animated: Bool) { isHighlighted = highlighted }

  /// Sets `isSelected`; the table calls it when it selects or deselects the row.
  open func setSelected(_ selected: Bool, animated: Bool) { isSelected = selected }

  func dispatchSetHighlighted(_ highlighted: Bool) {
    callOverridable(.setHighlighted) { setHighlighted(highlighted, animated: false) }
  }

  func dispatchSetSelected(_ selected: Bool) {
    callOverridable(.setSelected) { setSelected(selected, animated: false) }
  }

  open func prepareForReuse() {
    isSelected = false
    isHighlighted = false
  }
}
