import Foundation

/// UIKit's page control: a row of page indicators. A tap to the left of the current page's
/// indicator goes back a page, to the right forward a page; `valueChanged` when the page
/// changes (at the lift).
open class UIPageControl: UIControl {
  public var numberOfPages = 0 {
    didSet { currentPage = min(currentPage, max(0, numberOfPages - 1)) }
  }
  /// The current page, always within `0..<numberOfPages` (0 when there are none).
  public var currentPage = 0 {
    didSet {
      let inRange = min(max(0, currentPage), max(0, numberOfPages - 1))
      if inRange != currentPage { currentPage = inRange }
    }
  }
  public var hidesForSinglePage = false

  open override class var preventsOverlappingGestures: Bool { true }

  /// Page `page`'s indicator, in the control's coordinates: the row is centred.
  public func indicatorRect(forPage page: Int) -> CGRect {
    let d = UIKitConstants.pageIndicatorDiameter
    let spacing = UIKitConstants.pageIndicatorSpacing
    let rowWidth = CGFloat(max(0, numberOfPages - 1)) * spacing
    let x = bounds.midX - rowWidth / 2 + CGFloat(page) * spacing
    return CGRect(x: x - d / 2, y: bounds.midY - d / 2, width: d, height: d)
  }

  /// Whether the control shows nothing (no pages, or one with `hidesForSinglePage`).
  public var showsNoIndicators: Bool { numberOfPages == 0 || (hidesForSinglePage && numberOfPages == 1) }

  override func didTouchUpInside(_ touch: UITouch, with event: UIEvent?) {
    guard !showsNoIndicators else { return }
    let x = touch.location(in: self).x
    let page = x < indicatorRect(forPage: currentPage).midX ? currentPage - 1 : currentPage + 1
    guard (0..<numberOfPages).contains(page) else { return }
    currentPage = page
    sendActions(for: [.valueChanged, .primaryActionTriggered], with: event)
  }
}
