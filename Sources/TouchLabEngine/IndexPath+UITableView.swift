import Foundation

/// A row's place in a table: Foundation's `IndexPath` with UIKit's `row` and `section`.
extension IndexPath {
  public init(row: Int, section: Int) { self.init(indexes: [section, row]) }
  public var section: Int { self[0] }
  public var row: Int { self[1] }
}
