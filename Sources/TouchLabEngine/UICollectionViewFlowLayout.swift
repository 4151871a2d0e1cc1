import Foundation

/// UIKit's flow layout, vertical: items of one fixed `itemSize` in lines, as many to a line
/// as fit with at least `minimumInteritemSpacing` between them; the space left over in a
/// full line is shared out between its items (UIKit's justified lines); lines are
/// `minimumLineSpacing` apart, inside `sectionInset`.
open class UICollectionViewFlowLayout {
  /// UIKit's defaults: 50 × 50 items, 10 pt between lines and between items.
  public var itemSize = CGSize(width: 50, height: 50)
  public var minimumLineSpacing: CGFloat = 10
  public var minimumInteritemSpacing: CGFloat = 10
  public var sectionInset = UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 0)

  public init() {}

  /// The geometry of `count` items in a collection view `width` wide.
  struct Grid {
    var columns: Int
    var columnXs: [CGFloat]
    var rowPitch: CGFloat
    var top: CGFloat
    var contentHeight: CGFloat
  }

  func grid(count: Int, width: CGFloat) -> Grid {
    let available = max(0, width - sectionInset.left - sectionInset.right)
    let w = max(1, itemSize.width)
    let columns = max(1, Int(((available + minimumInteritemSpacing) / (w + minimumInteritemSpacing)).rounded(.down)))
    var xs: [CGFloat] = []
    if columns == 1 {
      // One item to a line: UIKit centres it.
      xs = [sectionInset.left + (available - w) / 2]
    } else {
      let spacing = (available - CGFloat(columns) * w) / CGFloat(columns - 1)
      xs = (0..<columns).map { sectionInset.left + CGFloat($0) * (w + spacing) }
    }
    let lines = count == 0 ? 0 : (count + columns - 1) / columns
    let pitch = itemSize.height + minimumLineSpacing
    let height =
      lines == 0
      ? sectionInset.top + sectionInset.bottom
      : sectionInset.top + CGFloat(lines) * itemSize.height + CGFloat(lines - 1) * minimumLineSpacing
        + sectionInset.bottom
    return Grid(columns: columns, columnXs: xs, rowPitch: pitch, top: sectionInset.top, contentHeight: height)
  }
}
