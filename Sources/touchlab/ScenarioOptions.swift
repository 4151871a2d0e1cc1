import ArgumentParser

/// What `replay`, `record` and `diagram` run: a layout file, one of its scenarios, and
/// property changes before the run.
struct ScenarioOptions: ParsableArguments {
  @Argument(help: "The layout file.")
  var file: String

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
}
