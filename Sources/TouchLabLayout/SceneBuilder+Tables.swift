import Foundation
import TouchLabEngine
import TouchLabTranscript

extension SceneBuilder {
  /// Where a view's `subviews:` go: a view itself (a scroll view's content lives in it).
  func contentContainer(of view: UIView) -> UIView { view }

  /// Tables in a layout: `rows:` (section 0), or `sections:` each with `header:` and `rows:`
  /// or `numberOfRows:` + `rowText:`; `didSelectRow:` prints or sends to the controller.
  mutating func configureTable(
    _ view: UIView, _ nodes: [(String, YAMLValue, YAMLValue)], controller: UIViewController, depth: Int
  ) throws {
    guard let table = view as? UITableView else {
      let (key, keyValue, _) = nodes[0]
      throw keyValue.error("'\(key)' is for a UITableView, and \(view.className) is not one")
    }
    var sections: [UITableView.Section] = []
    var hasRows = false
    for (key, keyValue, value) in nodes {
      switch key {
      case "rows":
        guard !nodes.contains(where: { $0.0 == "sections" }) else {
          throw keyValue.error("give either 'rows' (one section) or 'sections', not both")
        }
        hasRows = true
        sections = [try buildSection(rows: value, controller: controller, depth: depth)]
      case "sections":
        for item in try value.list("sections") {
          var section = UITableView.Section()
          var rowsNode: YAMLValue?
          var count: YAMLValue?
          var pattern: YAMLValue?
          for (k, kv, v) in try item.mapping("a section") {
            switch k {
            case "header": section.header = try v.string("header")
            case "rows": rowsNode = v
            case "numberOfRows": count = v
            case "rowText": pattern = v
            default:
              throw kv.error("unknown key '\(k)' in a section; expected header, rows, numberOfRows, rowText")
            }
          }
          if let rowsNode { section.rows = try buildSection(rows: rowsNode, controller: controller, depth: depth).rows }
          if let count {
            section.generatedRowCount = try count.int("numberOfRows", in: 0...10_000_000)
            section.generatedRowText = try pattern?.string("rowText") ?? "Row %d"
          } else if let pattern {
            throw pattern.error("rowText is the text of generated rows; give numberOfRows too")
          }
          sections.append(section)
        }
      case "cellClass":
        let name = try value.string("cellClass")
        guard let (cls, builtin) = classes[name], builtin == .UITableViewCell else {
          let cells = classes.filter { $0.value.1 == .UITableViewCell }.map(\.key)
          throw value.error(
            "cellClass must be a declared class whose base is UITableViewCell\(suggestion(for: name, in: cells))")
        }
        table.cellOverrideHooks = cls
      default:
        guard let moment = ActionTableViewDelegate.Moment(rawValue: key) else { break }
        let delegate: ActionTableViewDelegate
        if let existing = table.delegate as? ActionTableViewDelegate {
          delegate = existing
        } else {
          delegate = ActionTableViewDelegate(target: controller)
          retained.append(delegate)
          table.delegate = delegate
        }
        delegate.rules[moment] = try parseTableDelegateRule(moment, value)
      }
    }
    if hasRows || !sections.isEmpty { table.sections = sections }
  }

  /// A table delegate key's value: an action (`{print: TEXT}` or a method name), or for the
  /// questions a mapping `{print: TEXT, returns: ANSWER, rows: [N…]}` (each key optional).
  /// `shouldHighlightRow` returns true or false; `willSelectRow` and `willDeselectRow`
  /// return nil (refuse) or a row number of the same section; `rows` limits the answer to
  /// those rows.
  func parseTableDelegateRule(_ moment: ActionTableViewDelegate.Moment, _ value: YAMLValue) throws
    -> ActionTableViewDelegate.Rule
  {
    let isQuestion = [.shouldHighlightRow, .willSelectRow, .willDeselectRow].contains(moment)
    guard isQuestion, value.isMapping,
      try value.mapping(moment.rawValue).contains(where: { $0.key == "returns" || $0.key == "rows" })
    else { return ActionTableViewDelegate.Rule(message: try parseAction(value)) }
    var rule = ActionTableViewDelegate.Rule(message: nil)
    var hasAnswer = false
    for (k, kv, v) in try value.mapping(moment.rawValue) {
      switch k {
      case "print": rule.message = .print(try lineText(v, "print"))
      case "returns":
        hasAnswer = true
        if moment == .shouldHighlightRow {
          rule.answer = .flag(try v.bool("returns"))
        } else if v.isNull || v.scalarText == "nil" {
          rule.answer = .row(nil)
        } else {
          rule.answer = .row(try v.int("returns (nil or a row)", in: 0...10_000_000))
        }
      case "rows":
        rule.rows = try v.list("rows").map { try $0.int("a row", in: 0...10_000_000) }
      default:
        throw kv.error("unknown key '\(k)' in \(moment.rawValue); expected print, returns, rows")
      }
    }
    guard hasAnswer else { throw value.error("\(moment.rawValue) with rows: needs returns:") }
    return rule
  }

  /// `rows:` — a list of `{text: …, subviews: […]}`, or `{numberOfRows: N, rowText: "Row %d"}`.
  private mutating func buildSection(rows node: YAMLValue, controller: UIViewController, depth: Int) throws
    -> UITableView.Section
  {
    var section = UITableView.Section()
    if node.isMapping {
      var pattern = "Row %d"
      var count: Int?
      for (k, kv, v) in try node.mapping("rows") {
        switch k {
        case "numberOfRows": count = try v.int("numberOfRows", in: 0...10_000_000)
        case "rowText": pattern = try v.string("rowText")
        default: throw kv.error("unknown key '\(k)' in rows; expected a list of rows, or numberOfRows and rowText")
        }
      }
      guard let count else { throw node.error("rows as a mapping needs numberOfRows") }
      section.generatedRowCount = count
      section.generatedRowText = pattern
      return section
    }
    for item in try node.list("rows") {
      var row = UITableView.Row()
      if let text = item.scalarText, !item.isNull {
        row.text = text
        section.rows.append(row)
        continue
      }
      for (k, kv, v) in try item.mapping("a row") {
        switch k {
        case "text": row.text = try v.string("text")
        case "subviews":
          for sub in try v.list("subviews") {
            let container = UIView()
            try addSubviewNode(sub, to: container, controller: controller, depth: depth + 1)
            let built = container.subviews
            for view in built { view.removeFromSuperview() }
            row.subviews.append(contentsOf: built)
          }
        default: throw kv.error("unknown key '\(k)' in a row; expected text, subviews")
        }
      }
      section.rows.append(row)
    }
    return section
  }

  /// `willBeginDragging:`, `didEndDragging:`, `didEndDecelerating:` on a scroll view.
  mutating func configureScrollDelegate(
    _ view: UIView, _ key: String, _ keyValue: YAMLValue, _ value: YAMLValue, controller: UIViewController
  ) throws {
    guard let scroll = view as? UIScrollView else {
      throw keyValue.error("'\(key)' is for a UIScrollView or UITableView, and \(view.className) is not one")
    }
    let delegate: ActionScrollViewDelegate
    if let existing = scroll.scrollDelegate as? ActionScrollViewDelegate {
      delegate = existing
    } else {
      delegate = ActionScrollViewDelegate(target: controller)
      retained.append(delegate)
      scroll.scrollDelegate = delegate
    }
    let moment = ActionScrollViewDelegate.Moment(rawValue: key)!
    let (message, target) = try parseScrollDelegateRule(moment, value)
    delegate.messages[moment] = message
    if moment == .willEndDragging { delegate.targetContentOffset = target }
  }

  /// A scroll delegate key's value: an action, or for `willEndDragging`
  /// `{print: TEXT, targetContentOffset: [x, y] | current}`.
  func parseScrollDelegateRule(_ moment: ActionScrollViewDelegate.Moment, _ value: YAMLValue) throws -> (
    ActionMessage?, ActionScrollViewDelegate.Target?
  ) {
    guard moment == .willEndDragging, value.isMapping,
      try value.mapping(moment.rawValue).contains(where: { $0.key == "targetContentOffset" })
    else { return (try parseAction(value), nil) }
    var message: ActionMessage?
    var target: ActionScrollViewDelegate.Target?
    for (k, kv, v) in try value.mapping(moment.rawValue) {
      switch k {
      case "print": message = .print(try lineText(v, "print"))
      case "targetContentOffset":
        if v.scalarText == "current" {
          target = .current
        } else {
          target = .offset(
            try v.point(
              "targetContentOffset", limit: LayoutLimits.maximumContentExtent,
              limitName: "the limit on a scroll view's content"))
        }
      default: throw kv.error("unknown key '\(k)' in willEndDragging; expected print, targetContentOffset")
      }
    }
    return (message, target)
  }

  func checkRowTarget(row: Int, section: Int, table: String, at value: YAMLValue) throws {
    guard let view = objects[table] as? UITableView else {
      let tables = objects.filter { $0.value is UITableView }.map(\.key)
      throw value.error("'\(table)' is not a UITableView\(suggestion(for: table, in: tables))")
    }
    guard section < view.numberOfSections else {
      throw value.error("table '\(table)' has \(view.numberOfSections) section(s); there is no section \(section)")
    }
    let rows = view.numberOfRows(inSection: section)
    guard row < rows else {
      throw value.error("section \(section) of table '\(table)' has \(rows) row(s); there is no row \(row)")
    }
  }
}

extension ScenarioPlayer {
  /// The centre of a row, in window points, where the table shows it now.
  func rowLocation(row: Int, section: Int, table: String) -> CGPoint {
    guard let view = scene.objects[table] as? UITableView else { return .zero }
    let rect = view.rectForRow(at: IndexPath(row: row, section: section))
    return view.convert(CGPoint(x: rect.midX, y: rect.midY), to: nil)
  }
}
