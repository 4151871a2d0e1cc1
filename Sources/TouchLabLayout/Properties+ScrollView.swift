import Foundation
import TouchLabEngine

extension PropertyTable {
  /// UIScrollView's and UITableView's properties.
  static var scrollViewEntries: [Entry] { [] }
}
