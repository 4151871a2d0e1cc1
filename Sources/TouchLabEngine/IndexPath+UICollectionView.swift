import Foundation

/// An item's place in a collection view: Foundation's `IndexPath` with UIKit's `item`.
extension IndexPath {
  public init(item: Int, section: Int) { self.init(indexes: [section, item]) }
  public var item: Int { self[1] }
}
