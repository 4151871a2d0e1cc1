import Foundation
import TouchLabEngine

extension BuiltinClass {
  /// UITableViewCell: the base of a table's `cellClass:` (a table makes its cells).
  static var uiTableViewCell: BuiltinClass {
    BuiltinClass(
      UITableViewCell.self, family: .view, overridableMethods: viewMethods + [.setHighlighted, .setSelected]
    ) {
      UITableViewCell(frame: .zero)
    }
  }
}
