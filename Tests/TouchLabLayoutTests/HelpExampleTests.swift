import Foundation
import TouchLabTestSupport
import XCTest

/// Every example in every command's `--help` runs as printed, in a folder of its own, and
/// does what the text around it says (issue 48 §3: compare's "fix" used to fix nothing; §6:
/// record's example was wrapped across two lines without a `\`).
final class HelpExampleTests: XCTestCase {
  static let commands = [
    "", "replay", "check", "list", "open", "shot", "record", "compare", "diagram", "import", "hit", "diff",
  ]

  /// An example: its words, and the help it came from.
  struct Example {
    var words: [String]
    var command: String { words.count > 1 ? words[1] : "" }
  }

  /// The examples of a help text: each a line indented by two spaces starting with
  /// `touchlab `, continued by a `\` at a line's end. An example's last line must be followed
  /// by an empty line (or the end): a line wrapped by the help's width has its rest there.
  static func examples(in help: String, of command: String) -> [Example] {
    let lines = help.components(separatedBy: "\n")
    var examples: [Example] = []
    var index = 0
    while index < lines.count {
      guard lines[index].hasPrefix("  touchlab ") else {
        index += 1
        continue
      }
      var text = ""
      while index < lines.count {
        let line = lines[index].trimmingCharacters(in: .whitespaces)
        index += 1
        if line.hasSuffix("\\") {
          text += line.dropLast() + " "
        } else {
          text += line
          break
        }
      }
      XCTAssertTrue(
        index >= lines.count || lines[index].isEmpty,
        "`touchlab \(command) --help`: the example `\(text)` goes on past its line: `\(lines[index])`")
      examples.append(Example(words: text.split(separator: " ").map(String.init)))
    }
    return examples
  }

  func testEveryHelpExampleRunsAndDoesWhatItSays() throws {
    var checked = 0
    for command in Self.commands {
      let help = try CommandLineTests.run((command.isEmpty ? [] : [command]) + ["--help"])
      XCTAssertEqual(help.status, 0, "\(command): \(help.err)")
      for line in help.out.split(separator: "\n") where !line.hasPrefix("USAGE: ") {  // ArgumentParser never wraps it
        XCTAssertLessThanOrEqual(line.count, 80, "`touchlab \(command) --help`: \(line)")
        // No run of spaces inside a line of prose (a continuation's indent left in the text).
        if !line.hasPrefix(" ") { XCTAssertFalse(line.contains("  "), "`touchlab \(command) --help`: \(line)") }
      }
      for example in Self.examples(in: help.out, of: command) {
        try check(example)
        checked += 1
      }
    }
    XCTAssertGreaterThanOrEqual(checked, 7, "the examples of replay, check, list, shot, record, compare and diagram")
  }

  /// Runs the example in a fresh folder with the repository's layouts, then checks its claim.
  func check(_ example: Example) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("help-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createSymbolicLink(
      at: folder.appendingPathComponent("Layouts"),
      withDestinationURL: GoldenTranscriptTests.repository.appendingPathComponent("Layouts"))
    // A shell's glob (`Layouts/*.yaml`), in the order a shell gives it.
    var arguments: [String] = []
    for word in example.words.dropFirst() {
      if word.hasPrefix("Layouts/*") {
        let suffix = String(word.dropFirst("Layouts/*".count))
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("Layouts").path)
        arguments += names.filter { $0.hasSuffix(suffix) }.sorted().map { "Layouts/" + $0 }
      } else {
        arguments.append(word)
      }
    }
    let what = example.words.joined(separator: " ")
    let run = try TouchLabCommand.run(arguments, in: folder)
    XCTAssertEqual(run.status, 0, "\(what): \(run.err)")
    XCTAssertEqual(run.err, "", what)
    let out = arguments.firstIndex(of: "--out").map { folder.appendingPathComponent(arguments[$0 + 1]) }
    switch example.command {
    case "replay":
      // The transcript, each line at its time (--times).
      let lines = run.out.split(separator: "\n")
      XCTAssertFalse(lines.isEmpty, what)
      for line in lines {
        XCTAssertNotNil(line.range(of: #"^\[[0-9]+\.[0-9]{3}\] "#, options: .regularExpression), "\(what): \(line)")
      }
    case "check":
      // Every bundled layout is free of mistakes: one ok line a file.
      let files = arguments.dropFirst().count
      XCTAssertEqual(run.out.split(separator: "\n").filter { $0.contains(": ok (") }.count, files, what)
    case "list":
      // The scenarios `replay` takes with --scenario, each of which replays.
      let names = run.out.split(separator: "\n").map(String.init)
      XCTAssertFalse(names.isEmpty, what)
      for name in names {
        XCTAssertEqual(try CommandLineTests.run(["replay", arguments[1], "--scenario", name]).status, 0, name)
      }
    case "shot", "record", "diagram", "compare":
      // The file, of the kind its extension names; the same input gives the same bytes.
      let file = try XCTUnwrap(out, what)
      let bytes = try Data(contentsOf: file)
      let magic: [String: [UInt8]] = [
        "png": [0x89, 0x50, 0x4E, 0x47], "gif": Array("GIF8".utf8), "svg": Array("<?xml".utf8),
        "pdf": Array("%PDF".utf8),
      ]
      XCTAssertEqual(Array(bytes.prefix(magic[file.pathExtension]?.count ?? 4)), magic[file.pathExtension], what)
      try FileManager.default.removeItem(at: file)
      XCTAssertEqual(try TouchLabCommand.run(arguments, in: folder).status, 0, what)
      XCTAssertEqual(try Data(contentsOf: file), bytes, "\(what): the same bytes again")
      if example.command == "compare" { try checkTheFix(arguments, what) }
    default:
      XCTFail("\(what): no check for the examples of `\(example.command)`: say what it shows, test it")
    }
  }

  /// compare's claim: the left transcript shows the problem (the background's tap wins and
  /// the table is cancelled), the right one, with the --set changes, no longer does.
  func checkTheFix(_ arguments: [String], _ what: String) throws {
    var left = ["replay", arguments[1]]
    var right = left
    var index = 2
    while index < arguments.count {
      switch arguments[index] {
      case "--scenario":
        left += arguments[index...(index + 1)]
        right += arguments[index...(index + 1)]
      case "--set": right += arguments[index...(index + 1)]
      default: break
      }
      index += 2
    }
    let bug = try CommandLineTests.run(left).out.split(separator: "\n").map(String.init)
    let fix = try CommandLineTests.run(right).out.split(separator: "\n").map(String.init)
    let problems = ["backview taped", "-[GLTableView touchesCancelled:withEvent:]"]
    XCTAssertEqual(Array(bug.suffix(2)), problems, "\(what): the left side shows the problem")
    for problem in problems {
      XCTAssertFalse(fix.contains(problem), "\(what): the fix still has \(problem): \(fix)")
    }
    XCTAssertEqual(fix.last, "cell selected!", "\(what): \(fix)")
  }
}
