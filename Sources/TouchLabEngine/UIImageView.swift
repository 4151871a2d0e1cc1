import Foundation

/// A picture. Like UIKit's, it does not take touches unless told to:
/// `isUserInteractionEnabled` is false by default, so a tap recognizer added to an image
/// view never sees a touch (hit-testing skips the view and the touch goes to the view
/// behind it) — the classic dead tap, fixed by setting `isUserInteractionEnabled = true`
/// (docs/BEHAVIOUR.md §14).
open class UIImageView: UIView {
  /// The image's name: TouchLab has no image files, so this is what the renderer shows
  /// beside its stand-in picture.
  public var image: String?
  public var isHighlighted = false

  public override init(frame: CGRect) {
    super.init(frame: frame)
    isUserInteractionEnabled = false
  }

  public convenience init(image: String?) {
    self.init(frame: .zero)
    self.image = image
  }
}
