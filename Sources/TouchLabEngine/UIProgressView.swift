import Foundation

/// UIKit's progress view: a bar that fills from the left as `progress` goes from 0 to 1. It
/// has no touch handling of its own: touches reach it only through hit-testing, as any
/// view's do (it is not a control).
open class UIProgressView: UIView {
  /// UIKit's two looks: `bar` is for a toolbar.
  public enum Style: Int, Sendable {
    case `default`, bar
  }

  /// The fraction done, pinned to 0…1 ("Values less than 0.0 and greater than 1.0 are
  /// pinned to those limits", UIProgressView.progress); 0 by default.
  public var progress: Float {
    get { range.value }
    set { range.value = newValue }
  }
  private var range = BoundedValue<Float>(minimum: 0, maximum: 1, value: 0)
  public var progressViewStyle: Style = .default
  /// The filled part's colour; nil: the tint (system blue).
  public var progressTintColor: UIColor?
  /// The unfilled part's colour; nil: UIKit's grey track.
  public var trackTintColor: UIColor?

  /// A progress view of `style`, as tall as that style is (`init(progressViewStyle:)`).
  public convenience init(progressViewStyle style: Style) {
    let height = style == .bar ? UIKitConstants.progressViewBarHeight : UIKitConstants.progressViewDefaultHeight
    self.init(frame: CGRect(x: 0, y: 0, width: 0, height: height))
    progressViewStyle = style
  }

  /// `setProgress(_:animated:)`: TouchLab does not animate, so the bar is at `progress` at once.
  public func setProgress(_ progress: Float, animated: Bool) { self.progress = progress }
}
