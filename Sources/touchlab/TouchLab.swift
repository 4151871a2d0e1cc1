import ArgumentParser
import Foundation
import TouchLabEngine
import TouchLabImport
import TouchLabLayout
import TouchLabRecords

@main
struct TouchLab: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "touchlab",
    abstract: "See exactly how UIKit delivers a touch.",
    discussion: """
      A scene is a YAML layout file (see docs/layouts.md). Replay one of its scenarios headless and \
      read the transcript the source articles print with NSLog:

        touchlab replay Layouts/table-cell-conflict.yaml --scenario short-press \\
          --times

      Check layout files for mistakes (FILE:LINE:COLUMN: error: …, exit status 1):

        touchlab check Layouts/*.yaml
      """,
    version: BuildInfo.version,
    subcommands: [
      Replay.self, Check.self, List.self, Open.self, Shot.self, Record.self, Compare.self, Diagram.self, Import.self,
      Hit.self, Diff.self, Test.self,
    ],
    defaultSubcommand: Open.self)

  /// Exit statuses (README "Exit statuses"): 0 done; 1 a layout mistake, a flag's value
  /// refused, a file that cannot be read or written, the window ending on a fault; 64
  /// (EX_USAGE) a command line the parser cannot read — an unknown flag or subcommand, a
  /// missing argument or value. Every error is one line, `touchlab: error: …` (a layout's is
  /// `FILE:LINE:COLUMN: error: …`).
  static func main() {
    // The window's fonts set up meanwhile, while the command line is parsed.
    let arguments = Array(CommandLine.arguments.dropFirst())
    // The commit is read only when asked for (BuildInfo).
    if arguments == ["--version"] {
      print(BuildInfo.versionLine)
      return
    }
    // Before parsing, whose work grows faster than the command line.
    if let problem = OptionLimits.problem(in: arguments) {
      FileHandle.standardError.write(Data("touchlab: error: \(problem.escapingControlCharacters)\n".utf8))
      Foundation.exit(1)
    }
    if let message = unknownCommandMessage(arguments) {
      FileHandle.standardError.write(Data("touchlab: error: \(message.escapingControlCharacters)\n".utf8))
      Foundation.exit(ExitCode.validationFailure.rawValue)
    }
    if opensWindow(arguments) { Open.startWarmingUpFonts() }
    do {
      var command = try parseAsRoot()
      try command.run()
    } catch let error as ScenarioRunError {
      // A scenario's run (`ScenarioRun`); exit 1.
      report(error)
      Foundation.exit(1)
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

/// Prints a scenario run's error (`ScenarioRun`): a layout error as compilers print them, a
/// choice or a `--set` as `touchlab: error: …`.
func report(_ error: ScenarioRunError) {
  if case .layout = error {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
  } else {
    FileHandle.standardError.write(Data("touchlab: error: \(error.description.escapingControlCharacters)\n".utf8))
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
    return first.hasPrefix("--") && first != "--help" && first != "--version"
  }

  /// The subcommands' names (`configuration.commandName` of each of `subcommands`; a test
  /// mistypes each name `touchlab --experimental-dump-help` lists and expects it suggested).
  static let commandNames = [
    "replay", "check", "list", "open", "shot", "record", "compare", "diagram", "import", "hit", "diff", "test",
  ]

  /// "unknown command 'replya' — did you mean 'replay'?" when the first argument looks like a
  /// mistyped subcommand rather than a layout for `open` (the default subcommand): it is not
  /// an option, not a `.yaml`/`.yml` name, not a path (no `/`), names no existing file, and is
  /// within two edits (a swap of neighbours counting one) of a subcommand's name. Nil otherwise.
  static func unknownCommandMessage(_ arguments: [String]) -> String? {
    guard let first = arguments.first, !first.isEmpty, !first.hasPrefix("-"), !first.contains("/"),
      !first.hasSuffix(".yaml"), !first.hasSuffix(".yml"), !commandNames.contains(first),
      first.count <= 32, !FileManager.default.fileExists(atPath: first)
    else { return nil }
    let typed = Array(first.lowercased())
    let scored = commandNames.map { ($0, editDistance(typed, Array($0))) }
    guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
    // Two edits for names of five letters and more, one for shorter ones ("lsit", "hti").
    guard best.1 <= (best.0.count >= 5 ? 2 : 1) else { return nil }
    return "unknown command '\(first)' — did you mean '\(best.0)'?"
  }

  /// Optimal string alignment distance: insertions, deletions, substitutions and swaps of
  /// two neighbouring letters each count one.
  static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { table[i][0] = i }
    for j in 0...b.count { table[0][j] = j }
    for i in 1...a.count {
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var best = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { best = min(best, table[i - 2][j - 2] + 1) }
        table[i][j] = best
      }
    }
    return table[a.count][b.count]
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
  if let problem = OptionLimits.filesProblem(files.count) { throw fail(problem) }
  return try readScene(strict: strict, quiet: quiet) { try SceneInput(paths: files, windowSize: window) }
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
    let run = try ScenarioRun(
      scene: try loadScene(played.files), file: file, scenario: scenario, gestures: try played.gestures.scenario())
    let scene = run.scene
    try run.apply(setFiles: played.setFiles, assignments: assignments)
    let output = BufferedStandardOutput()
    if explain {
      // The story looks ahead (a chain of forwarded calls is one line): it reads every record.
      try run.play()
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
      run.observe { [unowned run] record in
        if json {
          if allRecords || record.line != nil { output.write(TranscriptFormatter.json(record) + "\n") }
        } else if let line = formatter.line(record) {
          output.write(line + "\n")
        }
        if output.written > LayoutLimits.maximumOutputBytes {
          run.stop(
            "writes more than \(LayoutLimits.maximumOutputBytes >> 20) MB, the limit on a replay's output; stopped at "
              + String(format: "%.3f s", record.time))
        }
      }
      // What was written before an overrun goes out before its error.
      defer { output.flush() }
      try run.play()
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
    if let problem = OptionLimits.filesProblem(files.count) { throw fail(problem) }
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
