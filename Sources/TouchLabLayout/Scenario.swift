import Foundation
import TouchLabEngine

/// Where a scripted finger goes.
public enum FingerTarget: Equatable, Sendable {
  /// A view's centre.
  case view(String)
  /// A point in window coordinates.
  case point(CGPoint)
  /// A point in a view's coordinates.
  case pointInView(String, CGPoint)
  /// The centre of a table's row (`section` 0 unless given).
  case row(Int, section: Int, table: String)
  /// The centre of a collection view's item.
  case item(Int, collection: String)
}

/// One step of a scenario (LAYOUTS.md): steps run one after the other on the virtual clock.
public enum ScenarioStep {
  case tap(FingerTarget, duration: TimeInterval, fingers: Int)
  case press(FingerTarget, duration: TimeInterval, fingers: Int)
  case drag(FingerTarget, to: DragEnd, duration: TimeInterval, steps: Int, fingers: Int)
  case down(FingerTarget, finger: Int)
  case move(FingerTarget, finger: Int, duration: TimeInterval, steps: Int)
  case up(finger: Int)
  case wait(TimeInterval)
  /// Property changes at this moment (an extension: `set: {ID.PROPERTY: VALUE}`).
  case set(description: String, apply: () -> Void)

  public enum DragEnd: Equatable, Sendable {
    case target(FingerTarget)
    case offset(CGPoint)
  }

  /// What the step counts towards `LayoutLimits.maximumEventsPerScenario`: the touch events
  /// it sends (a tap or press two, a drag its steps and two, a move its steps, a down or up
  /// one), and one for a step that sends none.
  public var eventCount: Int {
    switch self {
    case .tap, .press: 2
    case .drag(_, _, _, let steps, _): steps + 2
    case .move(_, _, _, let steps): steps
    case .down, .up, .wait, .set: 1
    }
  }
}

public struct Scenario {
  public let name: String
  public let steps: [ScenarioStep]
  public let line: Int
  /// Where the name stands (with `line`).
  public let column: Int
  /// Where each step stands in the file, for errors about it.
  let places: [Place]
  /// What each step changes that the scene's limits depend on (`ScenarioBudget`).
  let changes: [StepChange?]

  struct Place {
    let line: Int
    let column: Int
  }

  /// A scenario made in code: its steps are checked at the scenario's own place.
  public init(name: String, steps: [ScenarioStep], line: Int, column: Int = 1) {
    self.init(name: name, steps: steps, line: line, column: column, places: [], changes: [])
  }

  init(name: String, steps: [ScenarioStep], line: Int, column: Int, places: [Place], changes: [StepChange?]) {
    self.name = name
    self.steps = steps
    self.line = line
    self.column = column
    self.places = places
    self.changes = changes
  }

  func place(ofStep index: Int) -> Place {
    index < places.count ? places[index] : Place(line: line, column: column)
  }

  func change(ofStep index: Int) -> StepChange? { index < changes.count ? changes[index] : nil }
}
