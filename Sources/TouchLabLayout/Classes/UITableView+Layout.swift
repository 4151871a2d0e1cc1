import Foundation
import TouchLabEngine
import TouchLabScripting

/// UITableView: its rows (`rows:` for section 0, or `sections:` each with `header:` and
/// `rows:` or `numberOfRows:` + `rowText:`), its cells' class, and its delegate's moments
/// (`didSelectRow:` prints or sends to the controller).
enum UITableViewDescription: ClassDescription {
  static var builtinClass: BuiltinClass {
    var builtin = BuiltinClass(UITableView.self) {
      UITableView()
    }
    builtin.importedDelegateMoment = BuiltinClass.ImportedDelegateMoment(
      key: "didSelectRow", print: "EDIT: didSelectRow %row", cellClass: className(of: UITableViewCell.self))
    builtin.properties = [
      .number("rowHeight", [], 1...10_000, UITableView.self) { $0.rowHeight = $1 },
      .number("sectionHeaderHeight", [], 0...10_000, UITableView.self) { $0.sectionHeaderHeight = $1 },
      .bool("allowsSelection", [], UITableView.self) { $0.allowsSelection = $1 },
      .bool("allowsMultipleSelection", [], UITableView.self) { $0.allowsMultipleSelection = $1 },
      .requiredColor("separatorColor", UITableView.self) { $0.separatorColor = $1 },
    ]
    builtin.viewKeys = ["rows", "sections", "cellClass"]
    builtin.delegateKeys =
      ActionTableViewDelegate.Moment.allCases.map(\.rawValue) + TableViewEntryReader.swipeActionsKeys
    builtin.configure = TableViewEntryReader.configure
    builtin.setDelegateKey = TableViewEntryReader.setDelegateKey
    builtin.check = { builder, entry in
      guard let table = entry.view as? UITableView else { return }
      let rows = (table.bounds.height / table.rowHeight).rounded(.up)
      guard rows <= CGFloat(UITableView.maximumRowsOnScreen) else {
        throw entry.node.error(
          "this table would show \(Int(rows)) rows at once (height \(Int(table.bounds.height)) / rowHeight "
            + "\(table.rowHeight)); at most \(UITableView.maximumRowsOnScreen)")
      }
      builder.listViews.append(table)
      // The swipe recognizer, under `ID.swipeActionPanGestureRecognizer`, for the lists of
      // recognizer ids: the parent's `require(toFail:)` fix needs it (docs/BEHAVIOUR.md §23.3).
      if let id = table.identifier, let handler = table.swipeHandler {
        builder.objects["\(id).swipeActionPanGestureRecognizer"] = handler.panGestureRecognizer
      }
    }
    return builtin
  }

  /// A scenario target in it, checked when the file loads.
  static func checkRowTarget(
    in objects: [String: AnyObject], row: Int, section: Int, table: String, at value: YAMLValue
  ) throws {
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

/// Reads a table's keys: its rows and sections, its cells' class, its delegate's moments and
/// swipe actions, when the layout builds it (`configure`) and in a `set:` step or `--set`
/// (`setDelegateKey`).
enum TableViewEntryReader {
  static func configure(_ builder: inout SceneBuilder, _ entry: BuiltinClass.ViewEntry) throws {
    let nodes = entry.keys
    guard !nodes.isEmpty else { return }
    guard let table = entry.view as? UITableView else {
      let (key, keyValue, _) = nodes[0]
      throw keyValue.error("'\(key)' is for a UITableView, and \(entry.view.className) is not one")
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
        sections = [try buildSection(&builder, rows: value, entry)]
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
          if let rowsNode { section.rows = try buildSection(&builder, rows: rowsNode, entry).rows }
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
        guard let (cls, cellBuiltin) = builder.classes[name], cellBuiltin.name == "UITableViewCell" else {
          let cells = builder.classes.filter { $0.value.1.name == "UITableViewCell" }.map(\.key)
          throw value.error(
            "cellClass must be a declared class whose base is UITableViewCell\(suggestion(for: name, in: cells))")
        }
        table.cellOverrideHooks = cls
      case "trailingSwipeActions", "leadingSwipeActions":
        let delegate = builder.actionDelegate(
          table.delegate, make: { ActionTableViewDelegate(target: entry.controller) },
          install: { table.delegate = $0 })
        let rule = try parseSwipeActions(key, value)
        if key == "trailingSwipeActions" {
          delegate.trailingSwipeActions = rule
        } else {
          delegate.leadingSwipeActions = rule
        }
        table.updateSwipeActionsSupport()
      default:
        guard let moment = ActionTableViewDelegate.Moment(rawValue: key) else { break }
        let delegate = builder.actionDelegate(
          table.delegate, make: { ActionTableViewDelegate(target: entry.controller) },
          install: { table.delegate = $0 })
        delegate.rules[moment] = try parseDelegateRule(builder, moment, value)
        if moment.isDataSourceMoment {
          table.dataSource = delegate
          table.updateSwipeActionsSupport()
        }
      }
    }
    if hasRows || !sections.isEmpty { table.sections = sections }
  }

  /// A table delegate key's value: an action (`{print: TEXT}` or a method name), or for the
  /// questions a mapping `{print: TEXT, returns: ANSWER, rows: [N…]}` (each key optional).
  /// `shouldHighlightRow` returns true or false; `willSelectRow` and `willDeselectRow`
  /// return nil (refuse) or a row number of the same section; `rows` limits the answer to
  /// those rows.
  static func parseDelegateRule(
    _ builder: SceneBuilder, _ moment: ActionTableViewDelegate.Moment, _ value: YAMLValue
  ) throws -> ActionTableViewDelegate.Rule {
    let isQuestion = [
      .shouldHighlightRow, .willSelectRow, .willDeselectRow, .canEditRow, .editingStyleForRow,
      .titleForDeleteConfirmationButtonForRow,
    ].contains(moment)
    let parts = try builder.parseListDelegateRule(
      moment.rawValue, value, isQuestion: isQuestion, limitKey: "rows", limitName: "a row"
    ) { v -> ActionTableViewDelegate.Answer in
      switch moment {
      case .shouldHighlightRow, .canEditRow: return .flag(try v.bool("returns"))
      case .titleForDeleteConfirmationButtonForRow: return .text(try v.string("returns"))
      case .editingStyleForRow:
        let name = try v.string("returns")
        let styles = UITableViewCell.EditingStyle.allCases
        guard let style = styles.first(where: { ActionTableViewDelegate.name(of: $0) == name }) else {
          throw v.error("editingStyleForRow returns delete, insert or none, not '\(name)'")
        }
        return .editingStyle(style)
      default: break
      }
      if v.isNull || v.scalarText == "nil" { return .row(nil) }
      return .row(try v.int("returns (nil or a row)", in: 0...10_000_000))
    }
    guard let parts else { return ActionTableViewDelegate.Rule(message: try builder.parseAction(value)) }
    return ActionTableViewDelegate.Rule(message: parts.message, answer: parts.answer, indices: parts.limit)
  }

  /// `rows:` — a list of `{text: …, subviews: […]}`, or `{numberOfRows: N, rowText: "Row %d"}`.
  private static func buildSection(
    _ builder: inout SceneBuilder, rows node: YAMLValue, _ entry: BuiltinClass.ViewEntry
  ) throws -> UITableView.Section {
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
        case "subviews": row.subviews += try builder.buildCellSubviews(v, entry)
        default: throw kv.error("unknown key '\(k)' in a row; expected text, subviews")
        }
      }
      section.rows.append(row)
    }
    return section
  }

  /// The keys of a table's swipe actions (docs/BEHAVIOUR.md §23).
  static let swipeActionsKeys = ["trailingSwipeActions", "leadingSwipeActions"]

  /// `trailingSwipeActions:` / `leadingSwipeActions:` — a list of actions
  /// `{title: TEXT, style: normal|destructive, print: TEXT, completion: true|false|never}` (or
  /// `action: METHOD` instead of `print`; what the handler passes its completion, true by default), or a mapping `{actions: [...], performsFirstActionWithFullSwipe: BOOL, rows: [N…]}`.
  static func parseSwipeActions(_ key: String, _ value: YAMLValue) throws -> SwipeActionsRule {
    var rule = SwipeActionsRule(actions: [])
    var actionsNode = value
    if value.isMapping {
      var found: YAMLValue?
      for (k, kv, v) in try value.mapping(key) {
        switch k {
        case "actions": found = v
        case "performsFirstActionWithFullSwipe": rule.performsFirstActionWithFullSwipe = try v.bool(k)
        case "rows": rule.rows = try v.list("rows").map { try $0.int("a row", in: 0...10_000_000) }
        default:
          throw kv.error("unknown key '\(k)' in \(key); expected actions, performsFirstActionWithFullSwipe, rows")
        }
      }
      guard let found else { throw value.error("\(key) as a mapping needs actions: [{title: …, print: …}]") }
      actionsNode = found
    }
    let items = try actionsNode.list("\(key) actions")
    guard !items.isEmpty else { throw actionsNode.error("\(key) needs at least one action") }
    guard items.count <= maximumSwipeActions else {
      throw actionsNode.error("\(key) has \(items.count) actions; at most \(maximumSwipeActions)")
    }
    for item in items {
      var title: String?
      var style = UIContextualAction.Style.normal
      var message: ActionMessage?
      var completion: Bool? = true
      for (k, kv, v) in try item.mapping("a swipe action") {
        switch k {
        case "title": title = try v.string("title")
        case "style":
          let name = try v.string("style")
          switch name {
          case "normal": style = .normal
          case "destructive": style = .destructive
          default: throw v.error("style is normal or destructive, not '\(name)'")
          }
        case "print":
          guard message == nil else { throw kv.error("give print or action, not both") }
          message = .print(try v.lineText("print"))
        case "action":
          guard message == nil else { throw kv.error("give print or action, not both") }
          let name = try v.string("action")
          guard !name.isEmpty, !name.contains(" ") else { throw v.error("an action is a method name (no spaces)") }
          message = .selector(name)
        case "completion":
          if v.scalarText == "never", !v.isNull {
            completion = nil
          } else {
            guard let flag = try? v.bool("completion") else {
              throw v.error("completion is true, false or never")
            }
            completion = flag
          }
        default:
          throw kv.error("unknown key '\(k)' in a swipe action; expected title, style, print, action, completion")
        }
      }
      guard let title else { throw item.error("a swipe action needs a title") }
      guard let message else { throw item.error("a swipe action needs print: TEXT or action: METHOD") }
      rule.actions.append(SwipeActionsRule.Action(title: title, style: style, message: message, completion: completion))
    }
    return rule
  }

  /// The most buttons one edge of a row may reveal: they share the row's width.
  static let maximumSwipeActions = 5

  /// `set: {TABLE.MOMENT: RULE}`: replaces that callback's rule, keeping the others.
  static func setDelegateKey(_ object: AnyObject, _ property: String, _ value: YAMLValue) throws
    -> PropertyTable.Setter?
  {
    if let table = object as? UITableView, swipeActionsKeys.contains(property) {
      let rule = try parseSwipeActions(property, value)
      let delegate = (table.delegate as? ActionTableViewDelegate) ?? ActionTableViewDelegate(target: nil)
      return {
        if property == "trailingSwipeActions" {
          delegate.trailingSwipeActions = rule
        } else {
          delegate.leadingSwipeActions = rule
        }
        if table.delegate !== delegate { table.delegate = delegate }
        table.updateSwipeActionsSupport()
        _ = delegate
      }
    }
    if let table = object as? UITableView, let moment = ActionTableViewDelegate.Moment(rawValue: property) {
      let rule = try parseDelegateRule(SceneBuilder(file: value.file), moment, value)
      if moment.isDataSourceMoment {
        let delegate = (table.delegate as? ActionTableViewDelegate) ?? ActionTableViewDelegate(target: nil)
        return {
          delegate.rules[moment] = rule
          if table.delegate !== delegate { table.delegate = delegate }
          table.dataSource = delegate
          table.updateSwipeActionsSupport()
          _ = delegate
        }
      }
      return ListDelegateSetter.replacing(
        moment, rule, current: { table.delegate }, make: { ActionTableViewDelegate(target: nil) },
        install: { table.delegate = $0 })
    }
    return nil
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
