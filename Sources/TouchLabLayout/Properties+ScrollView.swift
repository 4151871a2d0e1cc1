import Foundation
import TouchLabEngine

extension PropertyTable {
  /// UIScrollView's and UITableView's properties (LAYOUTS.md, docs/layouts.md).
  static var scrollViewEntries: [Entry] {
    [
      custom("contentSize") { (value, scroll: UIScrollView) in
        let size = try value.size("contentSize", maximum: LayoutLimits.maximumContentExtent)
        return { scroll.contentSize = size }
      },
      custom("contentOffset") { (value, scroll: UIScrollView) in
        // The two limits disagreed: the inner ±100,000 refused a 10,000-row table scrolled
        // to its middle, which the outer ±10,000,000 meant to allow.
        let p = try value.point(
          "contentOffset", limit: LayoutLimits.maximumContentExtent, limitName: "the limit on a scroll view's content")
        return { scroll.contentOffset = p }
      },
      custom("contentInset") { (value, scroll: UIScrollView) in
        let n = try value.numbers("contentInset", count: 4)
        guard n.allSatisfy({ abs($0) <= LayoutLimits.maximumCoordinate }) else {
          throw value.error("contentInset values must be within ±100,000")
        }
        let insets = UIEdgeInsets(top: n[0], left: n[1], bottom: n[2], right: n[3])
        return { scroll.contentInset = insets }
      },
      bool("isScrollEnabled", ["scrollEnabled"], \UIScrollView.isScrollEnabled),
      bool("bounces", [], \UIScrollView.bounces),
      bool("alwaysBounceVertical", [], \UIScrollView.alwaysBounceVertical),
      bool("alwaysBounceHorizontal", [], \UIScrollView.alwaysBounceHorizontal),
      bool("isPagingEnabled", ["pagingEnabled"], \UIScrollView.isPagingEnabled),
      bool("isDirectionalLockEnabled", ["directionalLockEnabled"], \UIScrollView.isDirectionalLockEnabled),
      bool("delaysContentTouches", [], \UIScrollView.delaysContentTouches),
      bool("canCancelContentTouches", [], \UIScrollView.canCancelContentTouches),
      bool("showsVerticalScrollIndicator", [], \UIScrollView.showsVerticalScrollIndicator),
      bool("showsHorizontalScrollIndicator", [], \UIScrollView.showsHorizontalScrollIndicator),
      custom("decelerationRate") { (value, scroll: UIScrollView) in
        let rate: UIScrollView.DecelerationRate
        switch value.scalarText {
        case "normal": rate = .normal
        case "fast": rate = .fast
        default:
          guard let n = try? value.number("decelerationRate", in: 0.5...0.9999) else {
            throw value.error("decelerationRate must be normal, fast, or a number between 0.5 and 0.9999")
          }
          rate = UIScrollView.DecelerationRate(rawValue: CGFloat(n))
        }
        return { scroll.decelerationRate = rate }
      },
      number("rowHeight", [], 1...10_000, \UITableView.rowHeight),
      number("sectionHeaderHeight", [], 0...10_000, \UITableView.sectionHeaderHeight),
      bool("allowsSelection", [], \UITableView.allowsSelection),
      custom("separatorColor") { (value, table: UITableView) in
        let color = try value.color("separatorColor")
        return { table.separatorColor = color }
      },
    ]
  }
}
