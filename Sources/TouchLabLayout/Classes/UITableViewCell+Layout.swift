import Foundation
import TouchLabEngine

/// UITableViewCell: the base of a table's `cellClass:` (a table makes its cells); an entry
/// of its own among a table's subviews is a placed cell (an imported dump's): one of the
/// table's rows, holding its entry's subviews.
enum UITableViewCellDescription: ClassDescription {
  static var builtinClass: BuiltinClass {
    BuiltinClass(
      UITableViewCell.self, overridableMethods: [.setHighlighted, .setSelected]
    ) {
      UITableViewCell.placed(frame: .zero)
    }
  }
}
