import ArgumentParser
import Foundation
import TouchLabLayout

struct List: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "list",
    abstract: "List a layout file's scenarios, one name a line, in the file's order.",
    discussion: """
      The names are what `replay`, `shot` and `open` take with --scenario:

        touchlab list Layouts/table-cell-conflict.yaml
      """)

  @Argument(help: "The layout file, or dumps as import takes them (- is standard input).")
  var files: [String]

  func run() throws {
    let scene = try loadScene(files)
    var output = ""
    for scenario in scene.scenarios { output += scenario.name + "\n" }
    FileHandle.standardOutput.write(Data(output.utf8))
  }
}
