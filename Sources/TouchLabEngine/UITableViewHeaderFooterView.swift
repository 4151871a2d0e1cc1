import Foundation

/// A section's header.
public final class UITableViewHeaderFooterView: UIView {
  public let textLabel: UILabel

  public override init(frame: CGRect) {
    textLabel = UILabel(frame: UITableViewCell.textFrame(in: frame.size))
    super.init(frame: frame)
    backgroundColor = UIColor(red: 242.0 / 255, green: 242.0 / 255, blue: 247.0 / 255)
    textLabel.fontSize = UIKitConstants.tableHeaderFontSize
    textLabel.textColor = UIColor(red: 60.0 / 255, green: 60.0 / 255, blue: 67.0 / 255, alpha: 0.6)
    addSubview(textLabel)
  }
}
