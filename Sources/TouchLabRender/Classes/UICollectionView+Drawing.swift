import Foundation
import TouchLabEngine

extension ClassDrawing {
  /// UICollectionView: a scroll view's look (its cells draw themselves).
  static var uiCollectionView: ClassDrawing { ClassDrawing(UICollectionView.self) }
}
