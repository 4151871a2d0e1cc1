import Foundation

/// A line of text. Like UIKit's, it does not take touches unless told to
/// (`isUserInteractionEnabled` is false by default), so taps fall through to its superview.
open class UILabel: UIView {
  public enum Alignment: String, Sendable { case left, center, right }
  public var text: String?
  public var textColor: UIColor = .black
  public var fontSize = UIKitConstants.labelFontSize
  public var textAlignment: Alignment = .left

  public override init(frame: CGRect) {
    super.init(frame: frame)
    isUserInteractionEnabled = false
  }
}
