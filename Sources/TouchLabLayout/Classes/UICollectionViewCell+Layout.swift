import Foundation
import TouchLabEngine

/// UICollectionViewCell: an entry of its own among a collection view's subviews is a placed
/// cell (an imported dump's): one of the collection view's items, holding its entry's
/// subviews (a collection view makes the cells of its `items:` itself).
enum UICollectionViewCellDescription: ClassDescription {
  static var builtinClass: BuiltinClass {
    // A collection cell's highlight and selection are set as they are (no overridable setters).
    BuiltinClass(UICollectionViewCell.self) {
      UICollectionViewCell.placed(frame: .zero)
    }
  }
}
