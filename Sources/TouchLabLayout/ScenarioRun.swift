import Foundation
import TouchLabEngine

/// One run of a scenario on an already-loaded scene, as every command and the window's
/// playback do it: the scenario chosen (by name, or the file's only one), the property
/// changes applied (`--set-file` files, then `--set` assignments), observers given each
/// record as it is made under the scenario's limits, the scenario played, and a run past a
/// limit reported as the scene's `overrun`, a `LayoutError` at the scenario.
///
/// Errors are `ScenarioRunError`s whose texts are the commands' own (`touchlab: error: …`
/// for a choice or an assignment, `FILE:LINE:COLUMN: error: …` for a set file or an overrun).
public final class ScenarioRun {
  /// The scene played (fresh from its file, or a copy: a run changes it).
  public let scene: Scene
  /// The scenario played, or nil: the scene shown untouched (`shot` of a file with none, or
  /// `--no-scenario`).
  public let scenario: Scenario?
  /// The file as the command line named it (a dump's name, not its imported layout's), for
  /// the choice's errors.
  public let file: String

  /// What a command asks of the choice when no `--scenario` name is given.
  public enum Requirement: Equatable, Sendable {
    /// One scenario is played: a file with none is refused with "FILE has no scenarios",
    /// followed by " to PURPOSE" when given (`record`: "to record").
    case one(purpose: String? = nil)
    /// One scenario, in `diff`'s words: "FILE has N scenarios; choose one with --scenario"
    /// for none or several, and an unknown name's list written even when empty.
    case oneCounted
    /// At most one: a file without scenarios shows its scene untouched (`shot`).
    case atMostOne
  }

  /// Chooses the scenario of `scene` named `name`, or its only one (`requirement` says what a
  /// file without any gives). `noScenario` (`--no-scenario`) chooses none. `gestures` (the
  /// command line's `--tap`, `--press`, `--drag`: `GestureScenario`) play instead of any of
  /// the file's scenarios, and then neither a name nor `noScenario` may be given.
  public init(
    scene: Scene, file: String, scenario name: String?, noScenario: Bool = false,
    requirement: Requirement = .one(), gestures: Scenario? = nil
  ) throws {
    self.scene = scene
    self.file = file
    scenario = try Self.choose(
      in: scene, file: file, name: name, noScenario: noScenario, requirement: requirement, gestures: gestures)
  }

  /// Plays `scenario`, already chosen (one of `scene`'s own: its steps refer to the scene's
  /// objects), or none.
  public init(scene: Scene, file: String, playing scenario: Scenario?) {
    self.scene = scene
    self.file = file
    self.scenario = scenario
  }

  /// The scenario of `scene` named `name`, or its only one, or nil (`noScenario`, or a file
  /// without scenarios under `.atMostOne`).
  public static func choose(
    in scene: Scene, file: String, name: String?, noScenario: Bool = false, requirement: Requirement = .one(),
    gestures: Scenario? = nil
  ) throws -> Scenario? {
    if noScenario {
      if gestures != nil {
        throw ScenarioRunError.choice(
          "--tap, --press and --drag play instead of a scenario: leave out --scenario and --no-scenario")
      }
      if name != nil { throw ScenarioRunError.choice("--no-scenario and --scenario exclude each other") }
      return nil
    }
    if gestures == nil, name == nil, requirement == .atMostOne, scene.scenarios.isEmpty { return nil }
    return try chooseOne(in: scene, file: file, name: name, requirement: requirement, gestures: gestures)
  }

  /// The scenario of `scene` named `name`, or its only one, for a command that plays one
  /// (`record`, `diagram`, `diff`): a file without any is refused in `requirement`'s words.
  public static func chooseOne(
    in scene: Scene, file: String, name: String?, requirement: Requirement = .one(), gestures: Scenario? = nil
  ) throws -> Scenario {
    if let gestures {
      guard name == nil else {
        throw ScenarioRunError.choice(
          "--tap, --press and --drag play instead of a scenario: leave out --scenario and --no-scenario")
      }
      return gestures
    }
    let names = scene.scenarios.map(\.name).joined(separator: ", ")
    if let name {
      if let found = scene.scenario(named: name) { return found }
      let list = names.isEmpty && requirement != .oneCounted ? "" : "; it has: \(names)"
      throw ScenarioRunError.choice("\(file) has no scenario '\(name)'" + list)
    }
    switch requirement {
    case .oneCounted:
      guard scene.scenarios.count == 1 else {
        throw ScenarioRunError.choice("\(file) has \(scene.scenarios.count) scenarios; choose one with --scenario")
      }
    case .one, .atMostOne:
      guard scene.scenarios.count <= 1 else {
        throw ScenarioRunError.choice("\(file) has several scenarios; choose one with --scenario: \(names)")
      }
    }
    guard let only = scene.scenarios.first else {
      var purpose: String?
      if case .one(let given) = requirement { purpose = given }
      throw ScenarioRunError.choice("\(file) has no scenarios" + (purpose.map { " to \($0)" } ?? ""))
    }
    return only
  }

  /// Applies each set file (`--set-file`: YAML of `ID.PROPERTY: VALUE` lines), then each
  /// assignment (`--set ID.PROPERTY=VALUE`), in order.
  public func apply(setFiles: [String] = [], assignments: [String] = []) throws {
    try Self.apply(setFiles: setFiles, assignments: assignments, to: scene)
  }

  /// `apply(setFiles:assignments:)` on a scene before its scenario is chosen.
  public static func apply(setFiles: [String] = [], assignments: [String] = [], to scene: Scene) throws {
    try apply(setFiles: try read(setFiles: setFiles), assignments: assignments, to: scene)
  }

  /// A `--set-file` read once: its name as messages give it (`<stdin>` for `-`) and its text.
  public struct SetFile: Sendable {
    public var name: String
    public var text: String
  }

  /// Reads each `--set-file` once (`-` is standard input), for a command that applies them
  /// to several fresh scenes.
  public static func read(setFiles: [String]) throws -> [SetFile] {
    do {
      return try setFiles.map { SetFile(name: LayoutLoader.displayName($0), text: try LayoutLoader.readText($0)) }
    } catch let error as LayoutError {
      throw ScenarioRunError.layout(error)
    }
  }

  /// `apply(setFiles:assignments:)` with the set files already read.
  public static func apply(setFiles: [SetFile], assignments: [String] = [], to scene: Scene) throws {
    for file in setFiles {
      do {
        try scene.set(text: file.text, file: file.name)
      } catch let error as LayoutError {
        throw ScenarioRunError.layout(error)
      }
    }
    for assignment in assignments {
      do {
        try scene.set(assignment)
      } catch let error as LayoutError {
        throw ScenarioRunError.assignment(assignment, error)
      }
    }
  }

  /// Gives `observer` each record as it is made, none being kept (`scene.records` stays
  /// empty: memory does not grow with the scenario's length), until the run is past a limit
  /// (an `overrun`, its own `stop(_:)` included): what comes after is not passed on. The
  /// scene keeps `observer`: one that calls `stop(_:)` holds the run `unowned`.
  public func observe(_ observer: @escaping (DeliveryRecord) -> Void) {
    scene.records.keepsRecords = false
    scene.records.addObserver { [weak scene] record in
      guard scene?.overrun == nil else { return }
      observer(record)
    }
  }

  /// Stops the run past a command's own limit (called from an observer): the scene's
  /// `overrun` becomes the error "scenario 'NAME' REASON" at the scenario's line, unless the
  /// run is already past a limit.
  public func stop(_ reason: String) {
    guard scene.overrun == nil, let scenario else { return }
    scene.overrun = LayoutError(
      file: scene.file, line: scenario.line, column: scenario.column,
      message: "scenario '\(scenario.name)' " + reason)
  }

  /// Plays the scenario to its end (after pending timers fired, `ScenarioPlayer.play(_:)`),
  /// or as far as `time` (`ScenarioPlayer.play(_:until:)`); without a scenario the clock
  /// only advances to `time`. Returns the time it stopped at. Throws
  /// `ScenarioRunError.layout` with the overrun when the run went past a limit.
  @discardableResult
  public func play(until time: TimeInterval? = nil) throws -> TimeInterval {
    let player = ScenarioPlayer(scene: scene)
    let end: TimeInterval
    if let scenario {
      end = time.map { player.play(scenario, until: $0) } ?? player.play(scenario)
    } else {
      if let time { scene.application.clock.advance(to: time) }
      end = scene.application.clock.now
    }
    if let overrun = scene.overrun { throw ScenarioRunError.layout(overrun) }
    return end
  }
}

/// Why a `ScenarioRun` cannot be made or played, with the commands' own texts.
public enum ScenarioRunError: Error, Equatable, CustomStringConvertible {
  /// The scenario cannot be chosen (no such name, none, several): a command-line mistake.
  case choice(String)
  /// A `--set ID.PROPERTY=VALUE` the scene refused.
  case assignment(String, LayoutError)
  /// A layout error: a `--set-file`'s mistake, or the run past a limit (`Scene.overrun`).
  case layout(LayoutError)

  /// The error's one line: the choice's text; "--set ASSIGNMENT: MESSAGE"; or the layout
  /// error as `FILE:LINE:COLUMN: error: MESSAGE`.
  public var description: String {
    switch self {
    case .choice(let text): return text
    case .assignment(let assignment, let error): return "--set \(assignment): \(error.message)"
    case .layout(let error): return "\(error)"
    }
  }
}
