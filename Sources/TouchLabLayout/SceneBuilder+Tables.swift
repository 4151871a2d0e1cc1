import Foundation
import TouchLabEngine

extension SceneBuilder {
  /// Where a view's `subviews:` go (a scroll view's content lives in the scroll view itself).
  func contentContainer(of view: UIView) -> UIView { view }

  mutating func configureTable(
    _ view: UIView, _ nodes: [(String, YAMLValue, YAMLValue)], controller: UIViewController, depth: Int
  ) throws {
    let (key, keyValue, _) = nodes[0]
    throw keyValue.error("'\(key)' is for a UITableView, and \(view.className) is not one")
  }
}

extension SceneBuilder {
  func checkRowTarget(row: Int, section: Int, table: String, at value: YAMLValue) throws {
    throw value.error("'\(table)' is not a UITableView")
  }
}

extension ScenarioPlayer {
  func rowLocation(row: Int, section: Int, table: String) -> CGPoint { .zero }
}
