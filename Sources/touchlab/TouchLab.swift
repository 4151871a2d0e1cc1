import ArgumentParser
import Foundation
import TouchLabEngine
import TouchLabImport
import TouchLabLayout
import TouchLabTranscript

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
    subcommands: [
      Replay.self, Check.self, List.self, Open.self, Shot.self, Record.self, Compare.self, Diagram.self, Import.self,
      Hit.self, Diff.self,
    ],
    defaultSubcommand: Open.self)

  /// Exit statuses (README "Exit statuses"): 0 done; 1 a layout mistake, a flag's value
  /// refused, a file that cannot be read or written, the window ending on a fault; 64
  /// (EX_USAGE) a command line the parser cannot read — an unknown flag or subcommand, a
  /// missing argument or value. Every error is one line, `touchlab: error: …` (a layout's is
  /// `FILE:LINE:COLUMN: error: …`).
  static func main() {
    // The window's fonts set up meanwhile, while the command line is parsed.
    if opensWindow(Array(CommandLine.arguments.dropFirst())) { Open.startWarmingUpFonts() }
    do {
      var command = try parseAsRoot()
      try command.run()
    } catch {
      let code = exitCode(for: error)
      // --help and --version (status 0), and our own exits (their message is already out).
      if code == .success || error is ExitCode { exit(withError: error) }
      let text = message(for: error).trimmingCharacters(in: .whitespacesAndNewlines)
      let firstLine = text.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? text
      let message = firstLine.hasPrefix("Error: ") ? String(firstLine.dropFirst(7)) : firstLine
      FileHandle.standardError.write(
        Data("touchlab: error: \(message.escapingControlCharacters) (see touchlab --help)\n".utf8))
      Foundation.exit(code.rawValue)
    }
  }
}

extension TouchLab {
  /// Whether `arguments` surely open the window: `open`, or no subcommand (`Open` is the
  /// default) before a layout file or an option. Cheap (no look at the subcommands'
  /// configurations, which costs a replay 1 % of its instructions); a guess that misses
  /// only starts the fonts later, in `Open.run`.
  static func opensWindow(_ arguments: [String]) -> Bool {
    guard let first = arguments.first else { return true }
    if first == "open" || first.hasSuffix(".yaml") || first.hasSuffix(".yml") { return true }
    return first.hasPrefix("--") && first != "--help"
  }
}

/// Loads a scene from the command's files — a layout, or dumps as `import` takes them —
/// each read once (`-` is standard input); a mistake is printed the way compilers do and
/// exits 1. The one way every command gets its scene (docs/import.md).
func loadScene(_ files: [String]) throws -> Scene {
  try makeScene(of: readScene(files))
}

/// Reads the command's files once (`SceneInput`); dumps are imported in memory, their
/// diagnostics printed (with `strict`, a warning is an error), then the summary line unless
/// `quiet`.
func readScene(_ files: [String], window: CGSize? = nil, strict: Bool = false, quiet: Bool = false) throws
  -> SceneInput
{
  try readScene(strict: strict, quiet: quiet) { try SceneInput(paths: files, windowSize: window) }
}

private func readScene(strict: Bool = false, quiet: Bool, _ make: () throws -> SceneInput) throws -> SceneInput {
  let input: SceneInput
  do {
    input = try make()
  } catch let error as LayoutError {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    throw ExitCode(1)
  } catch let error as DumpImportError {
    FileHandle.standardError.write(Data(error.diagnostics.map { "\($0)\n" }.joined().utf8))
    throw ExitCode(1)
  }
  if let result = input.importResult {
    try show(result.diagnostics, strict: strict)
    if !quiet { FileHandle.standardError.write(Data("\(result.summary)\n".utf8)) }
  }
  return input
}

/// `readScene(_:)` for files already read.
func readScene(_ files: [SceneInput.File], quiet: Bool) throws -> SceneInput {
  try readScene(quiet: quiet) { try SceneInput(files: files) }
}

/// A fresh scene from what was read; a layout's mistake printed, exit 1.
func makeScene(of input: SceneInput) throws -> Scene {
  do {
    return try input.scene()
  } catch let error as LayoutError {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    throw ExitCode(1)
  }
}

/// After a scenario played: past a replay's limits (`Scene.overrun`), prints that error the
/// way a layout's is printed and exits 1.
func checkOverrun(_ scene: Scene) throws {
  guard let overrun = scene.overrun else { return }
  FileHandle.standardError.write(Data("\(overrun)\n".utf8))
  throw ExitCode(1)
}

/// Prints `touchlab: error: MESSAGE` (its control characters written out) and gives exit status 1.
func fail(_ message: String) -> ExitCode {
  FileHandle.standardError.write(Data("touchlab: error: \(message.escapingControlCharacters)\n".utf8))
  return ExitCode(1)
}

struct Replay: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "replay",
    abstract: "Replay a scenario headless and print its transcript.",
    discussion: """
      Scripted fingers run on a virtual clock; after the last step the clock runs on until no timer \
      is pending (at most 10 s). Each logged call, action or print is one line.
      """)

  @OptionGroup var played: ScenarioOptions
  var file: String { played.file }
  var files: [String] { played.files }
  var scenario: String? { played.scenario }
  var assignments: [String] { played.assignments }

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
    if times && json {
      throw fail("--times is for the plain transcript; --json gives every record its \"time\" already")
    }
    if explain && (json || times) { throw fail("--explain prints its own story; it takes neither --json nor --times") }
    let scene = try loadScene(files)
    let chosen: Scenario
    if let gestures = try played.gestures.scenario() {
      chosen = try playedScenario(gestures: gestures, in: scene, file: file, name: scenario)!
    } else if let name = scenario {
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
    try apply(setFiles: played.setFiles, to: scene)
    for assignment in assignments {
      do {
        try scene.set(assignment)
      } catch let error as LayoutError {
        throw fail("--set \(assignment): \(error.message)")
      }
    }
    let output = BufferedStandardOutput()
    if explain {
      // The story looks ahead (a chain of forwarded calls is one line): it reads every record.
      ScenarioPlayer(scene: scene).play(chosen)
      try checkOverrun(scene)
      // The story starts with each change as the UIKit line an app would have for it.
      for assignment in assignments {
        let line = Scene.swiftLine(for: assignment)
        output.write(
          "changed before the first touch: " + (line.map { "\($0)  (--set \(assignment))" } ?? "--set \(assignment)")
            + "\n")
      }
      for line in RecordExplainer().lines(scene.records.records) { output.write(line + "\n") }
    } else {
      // Each record goes out as it is made and is not kept: memory does not grow with the
      // scenario's length (docs/HARDENING.md).
      let formatter = TranscriptFormatter(showsTimes: times)
      let json = json
      let allRecords = allRecords
      scene.records.keepsRecords = false
      scene.records.addObserver { record in
        guard scene.overrun == nil else { return }
        if json {
          if allRecords || record.line != nil { output.write(TranscriptFormatter.json(record) + "\n") }
        } else if let line = formatter.line(record) {
          output.write(line + "\n")
        }
        if output.written > LayoutLimits.maximumOutputBytes {
          scene.overrun = LayoutError(
            file: scene.file, line: chosen.line, column: chosen.column,
            message:
              "scenario '\(chosen.name)' writes more than \(LayoutLimits.maximumOutputBytes >> 20) MB, the limit "
              + "on a replay's output; stopped at " + String(format: "%.3f s", record.time))
        }
      }
      ScenarioPlayer(scene: scene).play(chosen)
      output.flush()
      try checkOverrun(scene)
    }
    output.flush()
    // The process ends now: freeing the scene object by object would be the last tenth of
    // replaying a big layout (11,111 views: 3 % of its instructions), for nothing.
    Replay.keptUntilExit = scene
  }

  /// The replayed scene, left to the end of the process.
  private static var keptUntilExit: Scene?
}

/// Standard output in 64 KB writes.
final class BufferedStandardOutput {
  private var buffer: [UInt8] = []
  private static let capacity = 1 << 16

  init() { buffer.reserveCapacity(Self.capacity) }

  /// Bytes written so far.
  private(set) var written = 0

  func write(_ text: String) {
    written += text.utf8.count
    buffer.append(contentsOf: text.utf8)
    if buffer.count >= Self.capacity { flush() }
  }

  func flush() {
    guard !buffer.isEmpty else { return }
    FileHandle.standardOutput.write(Data(buffer))
    buffer.removeAll(keepingCapacity: true)
  }
}

struct Check: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "check",
    abstract: "Check layout files; print each mistake as FILE:LINE:COLUMN: error: MESSAGE.",
    discussion: """
      Prints FILE: ok (N scenarios) for each good file; exits 0 when every file is good, 1 when any has \
      a mistake.
      """)

  @Argument(help: "The layout files (- is standard input; a dump is imported in memory and its layout checked).")
  var files: [String]

  func run() throws {
    if files.filter({ $0 == LayoutLoader.standardInputPath }).count > 1 {
      throw fail("standard input ('-') is named more than once; it can be read only once")
    }
    var failed = false
    // Each file read once; dumps (no layout among the files) are one import, like `import`'s.
    var read: [SceneInput.File] = []
    for file in files {
      do {
        read.append(contentsOf: try SceneInput.read([file]))
      } catch let error as LayoutError {
        FileHandle.standardError.write(Data("\(error)\n".utf8))
        failed = true
      }
    }
    let groups = read.contains { $0.kind == .layout } ? read.map { [$0] } : (read.isEmpty ? [] : [read])
    for group in groups {
      do {
        let input = try readScene(group, quiet: true)
        let scene = try makeScene(of: input)
        let count = scene.scenarios.count
        let names = group.map(\.name).joined(separator: " ")
        FileHandle.standardOutput.write(Data("\(names): ok (\(count) scenario\(count == 1 ? "" : "s"))\n".utf8))
      } catch is ExitCode {
        failed = true
      }
    }
    if failed { throw ExitCode(1) }
  }
}
