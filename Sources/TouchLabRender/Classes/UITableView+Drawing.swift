import Foundation
import TouchLabEngine

extension ClassDrawing {
  /// UITableView: a scroll view's look (its cells draw their separators).
  static var uiTableView: ClassDrawing { ClassDrawing(UITableView.self) }
}
