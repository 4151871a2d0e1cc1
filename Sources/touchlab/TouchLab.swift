import ArgumentParser
import Foundation
import TouchLabEngine
import TouchLabLayout

@main
struct TouchLab: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "touchlab",
    abstract: "See exactly how UIKit delivers a touch.",
    discussion: """
      A scene is a YAML layout file (see docs/layouts.md). Replay one of its scenarios headless and \
      read the transcript the source articles print with NSLog:

        touchlab replay Layouts/table-cell-conflict.yaml --scenario short-press --times

      Check layout files for mistakes (FILE:LINE:COLUMN: error: …, exit status 1):

        touchlab check Layouts/*.yaml
      """,
    subcommands: [Replay.self, Check.self, List.self, Open.self, Shot.self, Record.self, Compare.self, Diagram.self],
    defaultSubcommand: Open.self)
}

/// Loads a layout, or prints its error the way compilers do and exits 1.
func loadScene(_ path: String) throws -> Scene {
  do {
    return try LayoutLoader.load(path: path)
  } catch let error as LayoutError {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    throw ExitCode(1)
  }
}

func fail(_ message: String) -> ExitCode {
  FileHandle.standardError.write(Data("touchlab: error: \(message)\n".utf8))
  return ExitCode(1)
}

struct Replay: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Replay a scenario headless and print its transcript.",
    discussion: """
      Scripted fingers run on a virtual clock; after the last step the clock runs on until no timer \
      is pending (at most 10 s). Each logged call, action or print is one line.
      """)

  @Argument(help: "The layout file.")
  var file: String

  @Option(help: "The scenario to play (may be left out when the file has only one).")
  var scenario: String?

  @Option(
    name: .customLong("set"), help: ArgumentHelp("Change a property before the run.", valueName: "ID.PROPERTY=VALUE"))
  var assignments: [String] = []

  @Flag(help: "Prefix each line with its virtual time, e.g. [0.150].")
  var times = false

  @Flag(help: "Print one JSON object per transcript line instead (time, kind, receiver, method, touches).")
  var json = false

  @Flag(help: "With --json: print every delivery record, not only transcript lines.")
  var allRecords = false

  @Flag(help: "Tell what happened in plain words, one line per record that matters, each with its reason.")
  var explain = false

  func run() throws {
    if allRecords && !json { throw fail("--all-records needs --json (the plain transcript has only the lines)") }
    if explain && (json || times) { throw fail("--explain prints its own story; it takes neither --json nor --times") }
    let scene = try loadScene(file)
    let chosen: Scenario
    if let name = scenario {
      guard let found = scene.scenario(named: name) else {
        let names = scene.scenarios.map(\.name).joined(separator: ", ")
        throw fail("\(file) has no scenario '\(name)'" + (names.isEmpty ? "" : "; it has: \(names)"))
      }
      chosen = found
    } else {
      guard scene.scenarios.count == 1 else {
        let names = scene.scenarios.map(\.name).joined(separator: ", ")
        throw fail(
          scene.scenarios.isEmpty
            ? "\(file) has no scenarios" : "\(file) has several scenarios; choose one with --scenario: \(names)")
      }
      chosen = scene.scenarios[0]
    }
    for assignment in assignments {
      do {
        try scene.set(assignment)
      } catch let error as LayoutError {
        throw fail("--set \(assignment): \(error.message)")
      }
    }
    ScenarioPlayer(scene: scene).play(chosen)
    var output = ""
    if explain {
      for line in RecordExplainer().lines(scene.records.records) { output += line + "\n" }
    } else if json {
      for record in scene.records.records where allRecords || record.line != nil {
        output += TranscriptFormatter.json(record) + "\n"
      }
    } else {
      for line in TranscriptFormatter(showsTimes: times).lines(scene.records.records) { output += line + "\n" }
    }
    FileHandle.standardOutput.write(Data(output.utf8))
  }
}

struct Check: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Check layout files; print each mistake as FILE:LINE:COLUMN: error: MESSAGE.",
    discussion: """
      Prints FILE: ok (N scenarios) for each good file; exits 0 when every file is good, 1 when any has \
      a mistake.
      """)

  @Argument(help: "The layout files.")
  var files: [String]

  func run() throws {
    var failed = false
    for file in files {
      do {
        let scene = try LayoutLoader.load(path: file)
        let count = scene.scenarios.count
        FileHandle.standardOutput.write(Data("\(file): ok (\(count) scenario\(count == 1 ? "" : "s"))\n".utf8))
      } catch let error as LayoutError {
        FileHandle.standardError.write(Data("\(error)\n".utf8))
        failed = true
      }
    }
    if failed { throw ExitCode(1) }
  }
}
