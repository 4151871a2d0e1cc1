import Foundation
import TouchLabEngine

/// Builds a layout's `scenarios:` once its objects are built (`SceneBuilder`'s last pass): each
/// step checked against the objects it names (ids, rows of tables, items of collection views),
/// the fingers it uses, and the limits on a scenario's events and row-events.
struct ScenarioBuilder {
  /// The scene's objects by id, every id known.
  let objects: [String: AnyObject]
  /// The most rows (or items) any table (or collection view) of the scene shows at once, at
  /// least 1: each event of a scenario costs that many row-events.
  let rowsOnScreen: Int

  init(objects: [String: AnyObject], listViews: [UIView]) {
    self.objects = objects
    self.rowsOnScreen = max(1, Self.largestRowsOnScreen(listViews))
  }

  /// `scenarios: {NAME: [STEP…]}` (LAYOUTS.md). Fingers are checked as a replay would
  /// use them (no `up` for a finger that is not down), so `touchlab check` catches it.
  func build(_ node: YAMLValue) throws -> [Scenario] {
    var scenarios: [Scenario] = []
    for (name, keyValue, value) in try node.mapping("scenarios") {
      try LayoutLimits.checkNameLength(name, "a scenario name", at: keyValue)
      var fingersDown: Set<Int> = []
      var steps: [ScenarioStep] = []
      var places: [Scenario.Place] = []
      var changes: [StepChange?] = []
      var events = 0
      for (index, item) in try value.list("scenario \(name)").enumerated() {
        let (step, change) = try buildStep(item, fingersDown: &fingersDown)
        // Counted as the steps are read, aliases and all: the scenario is never built past the
        // cap. At the scenario's name: an aliased step has the place of what it names.
        events += step.eventCount
        guard events <= LayoutLimits.maximumEventsPerScenario else {
          throw keyValue.error(
            "scenario '\(name)' sends more than \(LayoutLimits.maximumEventsPerScenario) events by its step "
              + "\(index + 1), the limit on events per scenario (a tap is 2, a drag its steps + 2, a move its steps)")
        }
        guard events * rowsOnScreen <= LayoutLimits.maximumRowEvents else {
          throw keyValue.error(
            "scenario '\(name)' sends \(events) events by its step \(index + 1) to a scene whose largest table or "
              + "collection view shows \(rowsOnScreen) rows at once: more than \(LayoutLimits.maximumRowEvents) "
              + "row-events, the limit on a scenario's work (fewer steps, or taller rows)")
        }
        steps.append(step)
        places.append(Scenario.Place(line: item.line, column: item.column))
        changes.append(change)
      }
      scenarios.append(
        Scenario(
          name: name, steps: steps, line: keyValue.line, column: keyValue.column, places: places, changes: changes))
    }
    return scenarios
  }

  private static let stepKinds =
    ["tap", "press", "drag", "down", "move", "up", "wait", "set", "setContentOffset"] + hierarchyStepKinds

  private func buildStep(_ item: YAMLValue, fingersDown: inout Set<Int>) throws -> (ScenarioStep, StepChange?) {
    let entries = try item.mapping("a step")
    guard let kindEntry = entries.first(where: { Self.stepKinds.contains($0.key) }) else {
      let first = entries.first
      throw (first?.keyValue ?? item).error(
        "a step starts with one of: \(Self.stepKinds.joined(separator: ", "))\(first.map { suggestion(for: $0.key, in: Self.stepKinds) } ?? "")"
      )
    }
    let allowed: [String: [String]] = [
      "tap": ["duration", "fingers"], "press": ["duration", "fingers"],
      "drag": ["to", "by", "duration", "steps", "fingers"],
      "down": ["finger"], "move": ["finger", "duration", "steps"], "up": [], "wait": [], "set": [],
      "remove": [], "hide": [], "show": [], "removeGesture": [], "addGesture": [], "moveView": [],
      "setContentOffset": [], "push": [], "pop": [],
    ]
    var options: [String: YAMLValue] = [:]
    for (key, keyValue, value) in entries where key != kindEntry.key {
      guard allowed[kindEntry.key]!.contains(key) else {
        let list = allowed[kindEntry.key]!
        throw keyValue.error(
          "unknown key '\(key)' in a \(kindEntry.key) step"
            + (list.isEmpty ? "" : "; expected \(list.joined(separator: ", "))"))
      }
      options[key] = value
    }
    func duration(default value: TimeInterval?) throws -> TimeInterval {
      guard let node = options["duration"] else {
        guard let value else { throw kindEntry.keyValue.error("a \(kindEntry.key) step needs a duration") }
        return value
      }
      return try node.number("duration", in: 0...600)
    }
    func fingers() throws -> Int { try options["fingers"]?.int("fingers", in: 1...10) ?? 1 }
    func finger() throws -> Int { try options["finger"]?.int("finger", in: 1...100) ?? 1 }
    func requireFree(_ count: Int) throws {
      let wanted = Set(1...count)
      if let busy = wanted.intersection(fingersDown).min() {
        throw kindEntry.keyValue.error("finger \(busy) is already down; lift it with 'up: \(busy)' first")
      }
    }
    let value = kindEntry.value
    switch kindEntry.key {
    case "tap":
      let n = try fingers()
      try requireFree(n)
      return (.tap(try target(value), duration: try duration(default: 0.05), fingers: n), nil)
    case "press":
      let n = try fingers()
      try requireFree(n)
      return (.press(try target(value), duration: try duration(default: nil), fingers: n), nil)
    case "drag":
      let n = try fingers()
      try requireFree(n)
      let end: ScenarioStep.DragEnd
      switch (options["to"], options["by"]) {
      case (let to?, nil): end = .target(try target(to))
      case (nil, let by?): end = .offset(try by.point("by"))
      default: throw kindEntry.keyValue.error("a drag step needs either 'to: TARGET' or 'by: [dx, dy]'")
      }
      let steps = try options["steps"]?.int("steps", in: 1...10_000) ?? 10
      return (.drag(try target(value), to: end, duration: try duration(default: 0.3), steps: steps, fingers: n), nil)
    case "down":
      let f = try finger()
      guard fingersDown.insert(f).inserted else { throw kindEntry.keyValue.error("finger \(f) is already down") }
      return (.down(try target(value), finger: f), nil)
    case "move":
      let f = try finger()
      guard fingersDown.contains(f) else {
        throw kindEntry.keyValue.error("finger \(f) is not down; put it down with 'down:' first")
      }
      let steps = try options["steps"]?.int("steps", in: 1...10_000) ?? 1
      return (.move(try target(value), finger: f, duration: try duration(default: 0), steps: steps), nil)
    case "up":
      let f = try value.int("up", in: 1...100)
      guard fingersDown.remove(f) != nil else { throw value.error("finger \(f) is not down") }
      return (.up(finger: f), nil)
    case "wait":
      return (.wait(try value.number("wait", in: 0...600)), nil)
    case "moveView", "remove", "hide", "show", "removeGesture", "addGesture", "push", "pop":
      return try hierarchyStep(kindEntry.key, value)
    case "setContentOffset":
      return (try setContentOffsetStep(value), nil)
    default:  // set
      var setters: [() -> Void] = []
      var names: [String] = []
      var geometry: [StepChange] = []
      for (path, pathValue, v) in try value.mapping("set") {
        setters.append(try Scene.makeSetter(path: path, value: v, objects: objects, at: pathValue))
        names.append("\(path)=\(v.scalarText ?? "…")")
        if let change = try Scene.listGeometryChange(path: path, value: v, objects: objects) { geometry.append(change) }
      }
      let step = ScenarioStep.set(description: names.joined(separator: ", ")) { for s in setters { s() } }
      return (step, geometry.isEmpty ? nil : geometry.count == 1 ? geometry[0] : .several(geometry))
    }
  }

  /// A finger target: a view id, `[x, y]`, `{view: ID, at: [x, y]}` or `{row: N, in: TABLE}`.
  private func target(_ value: YAMLValue) throws -> FingerTarget {
    if let id = value.scalarText, !value.isNull {
      guard objects[id] is UIView else {
        throw value.error("unknown view id '\(id)'\(suggestion(for: id, in: viewIDs))")
      }
      return .view(id)
    }
    if value.isSequence { return .point(try value.point("a point")) }
    var view: String?
    var at: CGPoint?
    var row: Int?
    var item: Int?
    var section = 0
    var table: String?
    for (key, keyValue, v) in try value.mapping("a target") {
      switch key {
      case "view": view = try v.string("view")
      case "at": at = try v.point("at")
      case "row": row = try v.int("row", in: 0...1_000_000)
      case "item": item = try v.int("item", in: 0...10_000_000)
      case "section": section = try v.int("section", in: 0...1_000_000)
      case "in": table = try v.string("in")
      default:
        throw keyValue.error("unknown key '\(key)' in a target; expected view and at, row and in, or item and in")
      }
    }
    if let view {
      guard objects[view] is UIView else {
        throw value.error("unknown view id '\(view)'\(suggestion(for: view, in: viewIDs))")
      }
      return at.map { .pointInView(view, $0) } ?? .view(view)
    }
    if let item, let table {
      try UICollectionViewDescription.checkItemTarget(in: objects, item: item, collection: table, at: value)
      return .item(item, collection: table)
    }
    if let row, let table {
      try UITableViewDescription.checkRowTarget(in: objects, row: row, section: section, table: table, at: value)
      return .row(row, section: section, table: table)
    }
    throw value.error(
      "a target is a view id, [x, y], {view: ID, at: [x, y]}, {row: N, in: TABLE} or {item: N, in: COLLECTION}")
  }

  private var viewIDs: [String] { objects.filter { $0.value is UIView }.map(\.key) }

  /// The most rows (or items) any table (or collection view) of the scene shows at once.
  private static func largestRowsOnScreen(_ listViews: [UIView]) -> Int {
    var largest = 0
    for view in listViews {
      if let table = view as? UITableView {
        largest = max(largest, Int((table.bounds.height / max(1, table.rowHeight)).rounded(.up)))
      } else if let collection = view as? UICollectionView {
        let layout = collection.collectionViewLayout
        let lines = (collection.bounds.height / max(1, layout.itemSize.height + layout.minimumLineSpacing)).rounded(.up)
        let columns = (collection.bounds.width / max(1, layout.itemSize.width + layout.minimumInteritemSpacing))
          .rounded(.up)
        largest = max(largest, Int((lines + 1) * columns))
      }
    }
    return largest
  }
}
