import Foundation
import TouchLabEngine

/// What a step changes that the scene's limits depend on, beside the touches it sends: the
/// view tree (`moveView`, `remove`) and the geometry of a table or collection view (`set:`).
enum StepChange {
  case moveView(UIView, to: UIView)
  case removeView(UIView)
  /// `set: {ID.frame | ID.bounds | ID.rowHeight | ID.itemSize | ID.minimumLineSpacing |
  /// ID.minimumInteritemSpacing: VALUE}` on a table or collection view.
  case listGeometry(UIView, ListGeometry.Change)
  /// A `set:` of several such properties.
  indirect case several([StepChange])
}

/// The size of a table's or collection view's screenful, as a scenario changes it.
struct ListGeometry {
  var size: CGSize
  var rowHeight: CGFloat
  var itemSize: CGSize
  var lineSpacing: CGFloat
  var interitemSpacing: CGFloat
  let isTable: Bool

  enum Change {
    case size(CGSize)
    case rowHeight(CGFloat)
    case itemSize(CGSize)
    case lineSpacing(CGFloat)
    case interitemSpacing(CGFloat)
  }

  init?(_ view: UIView) {
    if let table = view as? UITableView {
      isTable = true
      rowHeight = table.rowHeight
      itemSize = .zero
      lineSpacing = 0
      interitemSpacing = 0
    } else if let collection = view as? UICollectionView {
      let layout = collection.collectionViewLayout
      isTable = false
      rowHeight = 0
      itemSize = layout.itemSize
      lineSpacing = layout.minimumLineSpacing
      interitemSpacing = layout.minimumInteritemSpacing
    } else {
      return nil
    }
    size = view.bounds.size
  }

  mutating func apply(_ change: Change) {
    switch change {
    case .size(let s): size = s
    case .rowHeight(let h): rowHeight = h
    case .itemSize(let s): itemSize = s
    case .lineSpacing(let l): lineSpacing = l
    case .interitemSpacing(let i): interitemSpacing = i
    }
  }

  /// The rows (items) it shows at once, as the loader counts them (before the engine's own cap).
  var rowsOnScreen: Double {
    if isTable { return (Double(size.height) / Double(max(1, rowHeight))).rounded(.up) }
    let lines = (Double(size.height) / Double(max(1, itemSize.height + lineSpacing))).rounded(.up) + 1
    let columns = (Double(size.width) / Double(max(1, itemSize.width + interitemSpacing))).rounded(.up)
    return lines * columns
  }

  var maximumOnScreen: Int { isTable ? UITableView.maximumRowsOnScreen : UICollectionView.maximumItemsOnScreen }
}

/// The checks a scenario passes before it plays, step by step in its order, so that the limits
/// the loader checks on the file also hold after every step (docs/layouts.md "Limits",
/// docs/HARDENING.md): views nest at most `LayoutLimits.maximumDepth` deep whatever
/// `moveView` does; a `set:` that grows a table's screenful is checked as the file's own value
/// would be; the work of moving views and of tiling rows is counted; and so are the
/// autorepeats a held stepper makes while the scenario's time runs. Nothing is played: the
/// view tree is a model of parent links.
struct ScenarioBudget {
  let file: String
  private let scene: Scene
  /// Made at the first `moveView` or `remove` (most scenarios have none).
  private var hierarchy: HierarchyModel?
  private var lists: [ObjectIdentifier: ListGeometry] = [:]
  /// The most rows any table shows at once so far (it only grows: a bound, not a measure).
  private var rowsOnScreen: Int
  /// Views in the scene that repeat while held (steppers: `BuiltinClass.autorepeatInterval`).
  private let steppers: Int
  /// The shortest interval at which one of them repeats.
  private let autorepeatInterval: TimeInterval

  init(scene: Scene) {
    file = scene.file
    self.scene = scene
    var rows = 1
    var steppers = 0
    var interval = TimeInterval.infinity
    var lists: [ObjectIdentifier: ListGeometry] = [:]
    for root in Self.roots(of: scene) {
      root.forEachViewInSubtree { view in
        if let geometry = ListGeometry(view) {
          lists[ObjectIdentifier(view)] = geometry
          rows = max(rows, min(Int(geometry.rowsOnScreen), geometry.maximumOnScreen))
        }
        if let index = BuiltinClass.descriptionIndex(of: view), let repeats = BuiltinClass.all[index].autorepeatInterval
        {
          steppers += 1
          interval = min(interval, repeats)
        }
        return true
      }
    }
    self.lists = lists
    rowsOnScreen = rows
    self.steppers = steppers
    autorepeatInterval = interval
  }

  /// The trees a scenario can change: the windows' and those of declared views outside them
  /// — named ones, and every controller's, such as the screens below a navigation stack's
  /// top, which a `pop:` step brings back (the lists and steppers counted, and the view tree
  /// modelled, are the same).
  private static func roots(of scene: Scene) -> [UIView] {
    var controllerViews: [UIView] = []
    func collect(_ controller: UIViewController) {
      controllerViews.append(controller.view)
      controller.children.forEach(collect)
    }
    scene.application.windows.compactMap(\.rootViewController).forEach(collect)
    scene.objects.values.compactMap { $0 as? UIViewController }.forEach(collect)
    // Each view walked up from once: a walk stops at a view walked before, whose root is
    // known (not every named view's whole way up: 65,000 steps for 11,111 views).
    var walked = Set<ObjectIdentifier>(minimumCapacity: scene.objects.count)
    var roots: [UIView] = []
    for view in scene.application.windows + scene.objects.values.compactMap({ $0 as? UIView }) + controllerViews {
      var current = view
      while walked.insert(ObjectIdentifier(current)).inserted {
        guard let parent = current.superview else {
          roots.append(current)
          break
        }
        current = parent
      }
    }
    return roots
  }

  /// Changes the view tree's model in place, made when first needed.
  private mutating func changeModel<Result>(_ change: (inout HierarchyModel) throws -> Result) rethrows -> Result {
    if hierarchy == nil { hierarchy = HierarchyModel(views: Self.roots(of: scene)) }
    return try change(&hierarchy!)
  }

  /// Throws the first limit the scenario goes past, at the step that does.
  mutating func check(_ scenario: Scenario) throws {
    var events = 0
    var autorepeats = 0
    var rowEvents = 0
    var fingersDown = 0
    let file = file
    func error(_ place: Scenario.Place, _ message: String) -> LayoutError {
      LayoutError(file: file, line: place.line, column: place.column, message: message)
    }
    /// Time passing with `fingers` down: each may hold a stepper, which repeats ten times a second.
    func hold(_ seconds: TimeInterval, fingers: Int) {
      guard steppers > 0, fingers > 0, seconds > 0 else { return }
      let each = Int((seconds / autorepeatInterval).rounded(.up))
      autorepeats += each * min(steppers, fingers)
    }
    for (index, step) in scenario.steps.enumerated() {
      let place = scenario.place(ofStep: index)
      switch step {
      case .tap(_, let duration, let fingers), .press(_, let duration, let fingers),
        .drag(_, _, let duration, _, let fingers):
        hold(duration, fingers: fingersDown + fingers)
      case .move(_, _, let duration, _): hold(duration, fingers: fingersDown)
      case .wait(let seconds): hold(seconds, fingers: fingersDown)
      case .down: fingersDown += 1
      case .up: fingersDown = max(0, fingersDown - 1)
      case .set: break
      }
      events += step.eventCount
      rowEvents += step.eventCount * rowsOnScreen
      if let change = scenario.change(ofStep: index) { try apply(change, at: place) }
      guard events + autorepeats <= LayoutLimits.maximumEventsPerScenario else {
        throw error(
          place,
          "scenario '\(scenario.name)' sends \(events) events and makes \(autorepeats) stepper autorepeats by its "
            + "step \(index + 1): more than \(LayoutLimits.maximumEventsPerScenario), the limit on events per "
            + "scenario (a held stepper repeats ten times a second; lift the finger sooner, or wait less)")
      }
      guard rowEvents <= LayoutLimits.maximumRowEvents else {
        throw error(
          place,
          "scenario '\(scenario.name)' makes \(rowEvents) row-events by its step \(index + 1) (events times the "
            + "rows its largest table or collection view shows at once, \(rowsOnScreen) now): more than "
            + "\(LayoutLimits.maximumRowEvents), the limit on a scenario's work (fewer steps, or taller rows)")
      }
      let work = hierarchy?.work ?? 0
      guard work <= LayoutLimits.maximumHierarchyWork else {
        throw error(
          place,
          "scenario '\(scenario.name)' moves or removes views with \(work) views and siblings walked by "
            + "its step \(index + 1): more than \(LayoutLimits.maximumHierarchyWork), the limit on a scenario's "
            + "hierarchy changes (fewer moves, or smaller subtrees)")
      }
    }
    // After the last step the clock runs on (ScenarioPlayer.settleLimit) with any finger
    // still down.
    hold(ScenarioPlayer.defaultSettleLimit, fingers: fingersDown)
    guard events + autorepeats <= LayoutLimits.maximumEventsPerScenario else {
      throw error(
        Scenario.Place(line: scenario.line, column: scenario.column),
        "scenario '\(scenario.name)' ends with \(fingersDown) finger(s) down on a scene with steppers: with the "
          + "\(autorepeats) autorepeats of the \(Int(ScenarioPlayer.defaultSettleLimit)) s after its last step it "
          + "makes more than \(LayoutLimits.maximumEventsPerScenario) events, the limit on events per scenario "
          + "(lift every finger)")
    }
  }

  private func error(_ place: Scenario.Place, _ message: String) -> LayoutError {
    LayoutError(file: file, line: place.line, column: place.column, message: message)
  }

  private mutating func apply(_ change: StepChange, at place: Scenario.Place) throws {
    switch change {
    case .several(let changes):
      for each in changes { try apply(each, at: place) }
    case .moveView(let view, let parent):
      let file = file
      func refused(_ message: String) -> LayoutError {
        LayoutError(file: file, line: place.line, column: place.column, message: message)
      }
      try changeModel { tree in
        guard let moved = tree.index(of: view), let into = tree.index(of: parent) else { return }
        guard !tree.isDescendant(into, of: moved) else {
          throw refused("cannot move a view into itself or one of its subviews (at this step of the scenario)")
        }
        let limit = tree.depthLimit
        // The moved view's depth in its new place, and that of its deepest subview.
        let depth = tree.depth(of: into) + 1
        let deepest = depth + tree.height(of: moved, beyond: limit - depth + 1) - 1
        guard deepest <= limit else {
          throw refused(
            "this moveView nests views deeper than \(limit) levels, the limit on nesting, which holds after every step")
        }
        tree.move(moved, to: into)
      }
    case .removeView(let view):
      changeModel { tree in
        guard let removed = tree.index(of: view) else { return }
        tree.detach(removed)
      }
    case .listGeometry(let view, let change):
      guard var geometry = lists[ObjectIdentifier(view)] else { return }
      geometry.apply(change)
      let rows = geometry.rowsOnScreen
      guard rows <= Double(geometry.maximumOnScreen) else {
        throw error(
          place,
          "after this step the \(geometry.isTable ? "table" : "collection view") would show \(Int(min(rows, 1e15))) "
            + "\(geometry.isTable ? "rows" : "items") at once; at most \(geometry.maximumOnScreen), the same limit "
            + "as in the file")
      }
      lists[ObjectIdentifier(view)] = geometry
      rowsOnScreen = max(rowsOnScreen, Int(rows))
    }
  }
}

extension Scene {
  /// The change to a table's or collection view's screenful that `set: {PATH: VALUE}` makes,
  /// if any (the value was already checked by the setter).
  static func listGeometryChange(path: String, value: YAMLValue, objects: [String: AnyObject]) throws -> StepChange? {
    guard let dot = path.firstIndex(of: ".") else { return nil }
    guard let view = objects[String(path[..<dot])] as? UIView, view is UITableView || view is UICollectionView
    else { return nil }
    let change: ListGeometry.Change
    switch path[path.index(after: dot)...] {
    case "frame", "bounds": change = .size(try value.rect("frame").size)
    case "rowHeight": change = .rowHeight(CGFloat(try value.number("rowHeight", in: -1e300...1e300)))
    case "itemSize": change = .itemSize(try value.size("itemSize"))
    case "minimumLineSpacing":
      change = .lineSpacing(CGFloat(try value.number("minimumLineSpacing", in: -1e300...1e300)))
    case "minimumInteritemSpacing":
      change = .interitemSpacing(CGFloat(try value.number("minimumInteritemSpacing", in: -1e300...1e300)))
    default: return nil
    }
    return .listGeometry(view, change)
  }

  /// Every scenario's `ScenarioBudget`, from the scene as it is now (after `--set`).
  func checkScenarioBudgets() throws {
    guard !scenarios.isEmpty else { return }
    // The walk over the scene's views, once: each scenario checks a copy of it.
    let start = ScenarioBudget(scene: self)
    for scenario in scenarios {
      var budget = start
      try budget.check(scenario)
    }
  }
}

/// The scene's view tree as parent links, for `ScenarioBudget`: moving a view costs its
/// subtree and its old siblings, as it does in the engine, and that is counted in `work`.
struct HierarchyModel {
  private(set) var allViews: [UIView] = []
  private var indices: [ObjectIdentifier: Int] = [:]
  private var parent: [Int] = []
  private var children: [[Int]] = []
  /// Each view's place in its parent's `children`.
  private var position: [Int] = []
  /// Views and siblings walked by the moves and removals so far.
  private(set) var work = 0
  /// The deepest a view may be: the file's limit, or deeper where the engine's own views
  /// (a table's cells and their content views) already were when the scene was built.
  private(set) var depthLimit = LayoutLimits.maximumDepth

  init(views: [UIView]) {
    for view in views {
      var root = view
      while let up = root.superview { root = up }
      guard indices[ObjectIdentifier(root)] == nil else { continue }
      add(root, parent: -1)
    }
    var deepest = 0
    for i in allViews.indices where parent[i] == -1 { deepest = max(deepest, height(of: i, beyond: .max) - 1) }
    depthLimit = max(depthLimit, deepest)
    work = 0
  }

  /// Adds `root` and its subtree, breadth first (no recursion).
  private mutating func add(_ root: UIView, parent rootParent: Int) {
    var queue = [(root, rootParent)]
    var next = 0
    while next < queue.count {
      let (view, up) = queue[next]
      next += 1
      let i = allViews.count
      allViews.append(view)
      indices[ObjectIdentifier(view)] = i
      parent.append(up)
      children.append([])
      position.append(up >= 0 ? children[up].count : 0)
      if up >= 0 { children[up].append(i) }
      for sub in view.subviews { queue.append((sub, i)) }
    }
  }

  func index(of view: UIView) -> Int? { indices[ObjectIdentifier(view)] }

  func isDescendant(_ i: Int, of ancestor: Int) -> Bool {
    var current = i
    while current >= 0 {
      if current == ancestor { return true }
      current = parent[current]
    }
    return false
  }

  /// Ancestors above `i` (a window's root view is 1 deep, as the loader counts).
  func depth(of i: Int) -> Int {
    var count = 0
    var current = parent[i]
    while current >= 0 {
      count += 1
      current = parent[current]
    }
    return count
  }

  /// Levels in the subtree of `i` (1 for a leaf); stops looking past `bound` levels and
  /// then answers `bound + 1`. Counts the views it visits in `work`.
  mutating func height(of i: Int, beyond bound: Int) -> Int {
    var deepest = 0
    var stack = [(i, 1)]
    while let (node, level) = stack.popLast() {
      work += 1
      deepest = max(deepest, level)
      if deepest > bound { return deepest }
      for child in children[node] { stack.append((child, level + 1)) }
    }
    return deepest
  }

  mutating func detach(_ i: Int) {
    let up = parent[i]
    guard up >= 0 else { return }
    work += children[up].count
    // Swap-remove: the order of siblings does not bear on depth.
    let last = children[up].removeLast()
    if last != i {
      children[up][position[i]] = last
      position[last] = position[i]
    }
    parent[i] = -1
  }

  mutating func move(_ i: Int, to newParent: Int) {
    detach(i)
    parent[i] = newParent
    position[i] = children[newParent].count
    children[newParent].append(i)
  }
}
