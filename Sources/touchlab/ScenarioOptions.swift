import ArgumentParser
import TouchLabLayout

/// What `replay`, `record` and `diagram` run: a layout file (or dumps), one of its
/// scenarios, and property changes before the run.
struct ScenarioOptions: ParsableArguments {
  @Argument(help: "The layout file, or dumps as import takes them (- is standard input).")
  var files: [String]

  /// The first file, as messages name it (`<stdin>` for `-`).
  var file: String { LayoutLoader.displayName(files[0]) }

  @Option(help: "The scenario to play (may be left out when the file has only one).")
  var scenario: String?

  @Option(
    name: .customLong("set"), help: ArgumentHelp("Change a property before the run.", valueName: "ID.PROPERTY=VALUE"))
  var assignments: [String] = []

  @Option(
    name: .customLong("set-file"),
    help: ArgumentHelp(
      "Change properties before the run, from a YAML file of ID.PROPERTY: VALUE lines (applied before --set).",
      valueName: "FILE"))
  var setFiles: [String] = []

  @OptionGroup var gestures: GestureOptions
}

/// `--tap`, `--press`, `--drag`: gestures played instead of a scenario (`GestureScenario`).
struct GestureOptions: ParsableArguments {
  @Option(
    name: .customLong("tap"),
    help: ArgumentHelp(
      "Play a tap at this point instead of a scenario (several gestures play in order, 1 s apart).",
      valueName: "X,Y"))
  var taps: [String] = []

  @Option(
    name: .customLong("press"),
    help: ArgumentHelp("Play a finger held this long at this point instead of a scenario.", valueName: "X,Y,SECONDS"))
  var presses: [String] = []

  @Option(
    name: .customLong("drag"),
    help: ArgumentHelp(
      "Play a drag (0.3 s unless SECONDS is given) instead of a scenario.", valueName: "X1,Y1,X2,Y2[,SECONDS]"))
  var drags: [String] = []

  /// The gestures as a scenario, in command-line order; nil when none is given.
  func scenario() throws -> Scenario? {
    let total = taps.count + presses.count + drags.count
    guard total > 0 else { return nil }
    var ordered = GestureScenario.gestures(in: Array(CommandLine.arguments.dropFirst()))
    if ordered.count != total {
      ordered = taps.map { ("tap", $0) } + presses.map { ("press", $0) } + drags.map { ("drag", $0) }
    }
    do {
      return try GestureScenario.make(ordered)
    } catch let error as GestureScenarioError {
      throw fail(error.description)
    }
  }
}
