import Foundation
import TouchLabEngine

extension BuiltinClass {
  /// UITableViewCell: the base of a table's `cellClass:` (a table makes its cells); an entry
  /// of its own among a table's subviews is a placed cell (an imported dump's): one of the
  /// table's rows, holding its entry's subviews.
  static var uiTableViewCell: BuiltinClass {
    BuiltinClass(
      UITableViewCell.self, overridableMethods: [.setHighlighted, .setSelected]
    ) {
      UITableViewCell.placed(frame: .zero)
    }
  }
}
