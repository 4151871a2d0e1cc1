import ArgumentParser
import Foundation
import TouchLabEncoding
import TouchLabImport
import TouchLabLayout
import TouchLabRecords
import TouchLabRender

struct Test: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "test",
    abstract: "Replay every scenario that has an expected transcript and report each difference.",
    discussion: """
      Each layout (or debugger dump) NAME.yaml found under the paths (folders are searched, hidden \
      files skipped) that has a folder NAME.expected beside it is tested: every scenario with a file \
      NAME.expected/SCENARIO.txt is replayed and its transcript compared with the file's lines (lines \
      starting with # and blank lines are ignored on both sides). One line a scenario: PASS, FAIL \
      (followed by a unified diff), SKIP (no expected transcript) or ERROR (an input that cannot be \
      read, with its reason on standard error). Exit 0 when every scenario matches, 1 when any \
      differs, 2 when an input cannot be read.

      --update writes the expected transcripts instead (a file's leading # lines are kept). \
      --expected DIR reads DIR/NAME/SCENARIO.txt instead of NAME.expected/SCENARIO.txt.
      """)

  @Argument(help: "Layout files, dumps, or folders to search for them.")
  var paths: [String]

  @Option(
    help: ArgumentHelp(
      "Read (and with --update write) the expected transcripts as DIR/NAME/SCENARIO.txt.", valueName: "DIR"))
  var expected: String?

  @Flag(help: "Write each scenario's transcript as its expected one instead of comparing.")
  var update = false

  @Option(
    help: ArgumentHelp("Also write a JUnit XML report (one testcase a scenario) to this file.", valueName: "FILE"))
  var junit: String?

  @Flag(help: "Print a JSON summary (each scenario's status and diff) instead of the lines.")
  var json = false

  /// One scenario's outcome (or one input's, for an input that cannot be read).
  struct Outcome: Encodable {
    enum Status: String, Encodable { case pass, fail, skip, error, updated }
    var file: String
    var scenario: String?
    var status: Status
    var expected: String?
    var message: String?
    var diff: [String]?
  }

  func run() throws {
    var inputs: [String] = []
    var outcomes: [Outcome] = []
    for path in paths {
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
        outcomes.append(report(Outcome(file: path, status: .error, message: "no such file or folder")))
        continue
      }
      if !isFolder.boolValue {
        inputs.append(path)
        continue
      }
      let found = testedFiles(under: path)
      if found.isEmpty {
        outcomes.append(
          report(Outcome(file: path, status: .error, message: "no layout with expected transcripts under this folder")))
      }
      inputs += found
    }
    for input in inputs { outcomes += test(input) }
    let count = { (status: Outcome.Status) in outcomes.filter { $0.status == status }.count }
    let summary =
      "\(outcomes.filter { $0.scenario != nil }.count) scenarios: \(count(.pass)) passed, \(count(.fail)) failed, "
      + "\(count(.error)) errors, \(count(.skip)) skipped" + (update ? ", \(count(.updated)) updated" : "")
    if json {
      struct Summary: Encodable {
        var passed, failed, errors, skipped, updated: Int
        var scenarios: [Outcome]
      }
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
      let data = try encoder.encode(
        Summary(
          passed: count(.pass), failed: count(.fail), errors: count(.error), skipped: count(.skip),
          updated: count(.updated), scenarios: outcomes))
      print(String(decoding: data, as: UTF8.self))
    } else {
      print(summary)
    }
    if let junit {
      do {
        try OutputFile.write(Data(Self.junitXML(outcomes).utf8), to: junit)
      } catch {
        FileHandle.standardError.write(Data("touchlab: error: \(error)\n".utf8))
        throw ExitCode(2)
      }
    }
    if count(.error) > 0 { throw ExitCode(2) }
    if count(.fail) > 0 { throw ExitCode(1) }
  }

  /// Prints the outcome's line (and diff) unless --json, and returns it.
  private func report(_ outcome: Outcome) -> Outcome {
    if outcome.status == .error, let message = outcome.message {
      FileHandle.standardError.write(
        Data("touchlab: error: \(outcome.file): \(message.escapingControlCharacters)\n".utf8))
    }
    guard !json else { return outcome }
    var line = "\(outcome.status.rawValue.uppercased()) \(outcome.file)"
    if let scenario = outcome.scenario { line += " --scenario \(scenario)" }
    if outcome.status != .error, let message = outcome.message { line += " (\(message))" }
    print(line.escapingControlCharacters)
    for diffLine in outcome.diff ?? [] { print(diffLine.escapingControlCharacters) }
    return outcome
  }

  /// Where `file`'s expected transcripts are: `NAME.expected`, or `--expected DIR`'s `DIR/NAME`.
  private func expectedFolder(of file: String) -> String {
    let name = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
    if let expected { return (expected as NSString).appendingPathComponent(name) }
    return ((file as NSString).deletingPathExtension) + ".expected"
  }

  /// The files under `folder`, sorted, that have an expected-transcripts folder: layouts
  /// (`.yaml`, `.yml`) and other files (dumps), hidden ones and `.expected` folders skipped.
  private func testedFiles(under folder: String) -> [String] {
    guard let enumerator = FileManager.default.enumerator(atPath: folder) else { return [] }
    var files: [String] = []
    while let relative = enumerator.nextObject() as? String {
      let name = (relative as NSString).lastPathComponent
      let path = (folder as NSString).appendingPathComponent(relative)
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { continue }
      if name.hasPrefix(".") || (isFolder.boolValue && name.hasSuffix(".expected")) {
        if isFolder.boolValue { enumerator.skipDescendants() }
        continue
      }
      guard !isFolder.boolValue else { continue }
      var expectedIsFolder: ObjCBool = false
      if FileManager.default.fileExists(atPath: expectedFolder(of: path), isDirectory: &expectedIsFolder),
        expectedIsFolder.boolValue
      {
        files.append(path)
      }
    }
    return files.sorted()
  }

  /// Tests (or with --update writes) every scenario of one layout or dump.
  private func test(_ file: String) -> [Outcome] {
    let yaml: String
    do {
      yaml = try layoutText(file)
    } catch let error as ReadFailure {
      return [report(Outcome(file: file, status: .error, message: error.message))]
    } catch {
      return [report(Outcome(file: file, status: .error, message: "\(error)"))]
    }
    let scenarios: [Scenario]
    do {
      scenarios = try LayoutLoader.load(yaml: yaml, file: file).scenarios
    } catch let error as LayoutError {
      FileHandle.standardError.write(Data("\(error)\n".utf8))
      return [report(Outcome(file: file, status: .error, message: "the layout has a mistake"))]
    } catch {
      return [report(Outcome(file: file, status: .error, message: "\(error)"))]
    }
    let folder = expectedFolder(of: file)
    var isFolder: ObjCBool = false
    let hasFolder = FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) && isFolder.boolValue
    if !hasFolder && !update {
      return [report(Outcome(file: file, status: .error, message: "no expected transcripts (\(folder))"))]
    }
    var outcomes: [Outcome] = []
    for scenario in scenarios {
      let expectedFile = (folder as NSString).appendingPathComponent("\(scenario.name).txt")
      var outcome = Outcome(file: file, scenario: scenario.name, status: .pass, expected: expectedFile)
      let stored: String?
      if FileManager.default.fileExists(atPath: expectedFile) {
        do {
          stored = try LayoutLoader.readText(expectedFile)
        } catch let error as LayoutError {
          outcome.status = .error
          outcome.message = "\(expectedFile): \(error.message)"
          outcomes.append(report(outcome))
          continue
        } catch {
          outcome.status = .error
          outcome.message = "\(expectedFile): \(error)"
          outcomes.append(report(outcome))
          continue
        }
      } else {
        stored = nil
      }
      if stored == nil && !update {
        outcome.status = .skip
        outcome.message = "no expected transcript \(expectedFile)"
        outcomes.append(report(outcome))
        continue
      }
      let played: (lines: [String], overrun: LayoutError?)
      do {
        played = try Self.transcript(yaml: yaml, file: file, scenario: scenario.name)
      } catch {
        outcome.status = .error
        outcome.message = "\(error)"
        outcomes.append(report(outcome))
        continue
      }
      if let overrun = played.overrun {
        FileHandle.standardError.write(Data("\(overrun)\n".utf8))
        outcome.status = .fail
        outcome.message = overrun.message
        outcomes.append(report(outcome))
        continue
      }
      let actual = played.lines.filter { !Self.isIgnored($0) }
      if update {
        let header = (stored ?? "").split(separator: "\n", omittingEmptySubsequences: false)
          .prefix { $0.hasPrefix("#") }.map { $0 + "\n" }.joined()
        let text = header + played.lines.map { $0 + "\n" }.joined()
        if text == stored {
          outcomes.append(report(outcome))
          continue
        }
        do {
          try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
          try OutputFile.write(Data(text.utf8), to: expectedFile)
          outcome.status = .updated
        } catch {
          outcome.status = .error
          outcome.message = "cannot write \(expectedFile): \(error)"
        }
        outcomes.append(report(outcome))
        continue
      }
      let expectedLines = (stored ?? "").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        .filter { !Self.isIgnored($0) }
      let diff = UnifiedDiff.lines(
        expected: expectedLines, actual: actual, from: expectedFile,
        to: "touchlab replay \(file) --scenario \(scenario.name)")
      if !diff.isEmpty {
        outcome.status = .fail
        outcome.message = "the transcript differs"
        outcome.diff = diff
      }
      outcomes.append(report(outcome))
    }
    // An expected transcript that names no scenario of the layout is a failure, not forgotten.
    let names = Set(scenarios.map(\.name))
    let stray = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
      .filter { $0.hasSuffix(".txt") && !names.contains(String($0.dropLast(4))) }.sorted()
    for name in stray {
      outcomes.append(
        report(
          Outcome(
            file: file, scenario: String(name.dropLast(4)), status: .fail,
            expected: (folder as NSString).appendingPathComponent(name),
            message: "the layout has no scenario of this name")))
    }
    return outcomes
  }

  /// A `#` comment line or a blank one: not compared.
  static func isIgnored(_ line: String) -> Bool {
    line.hasPrefix("#") || line.allSatisfy { $0 == " " || $0 == "\t" || $0 == "\r" }
  }

  struct ReadFailure: Error { var message: String }

  /// The layout's text, read once: a dump is imported first (docs/import.md).
  private func layoutText(_ file: String) throws -> String {
    if file.hasSuffix(".yaml") || file.hasSuffix(".yml") {
      do {
        return try LayoutLoader.readText(file)
      } catch let error as LayoutError {
        throw ReadFailure(message: error.message)
      }
    }
    do {
      return try DumpImporter.importFiles([file]).yaml
    } catch let error as DumpImportError {
      FileHandle.standardError.write(Data(error.diagnostics.map { "\($0)\n" }.joined().utf8))
      throw ReadFailure(message: "the dump cannot be imported")
    }
  }

  /// Plays one scenario on a fresh scene made from the layout's text and returns its
  /// transcript's lines, or the limit it ran past (`Scene.overrun`).
  static func transcript(yaml: String, file: String, scenario name: String) throws -> (
    lines: [String], overrun: LayoutError?
  ) {
    let scene = try LayoutLoader.load(yaml: yaml, file: file)
    guard let scenario = scene.scenario(named: name) else { return ([], nil) }
    ScenarioPlayer(scene: scene).play(scenario)
    return (TranscriptFormatter().lines(scene.records.records), scene.overrun)
  }

  /// JUnit XML as CI systems read it: a testsuite a file, a testcase a scenario (its
  /// `classname` the file, its `name` the scenario), `<failure>` holding the diff, `<error>`
  /// an input that cannot be read, `<skipped/>` a scenario with no expected transcript.
  static func junitXML(_ outcomes: [Outcome]) -> String {
    var files: [String] = []
    var byFile: [String: [Outcome]] = [:]
    for outcome in outcomes {
      if byFile[outcome.file] == nil { files.append(outcome.file) }
      byFile[outcome.file, default: []].append(outcome)
    }
    func count(_ list: [Outcome], _ status: Outcome.Status) -> Int { list.filter { $0.status == status }.count }
    var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    xml +=
      "<testsuites name=\"touchlab test\" tests=\"\(outcomes.count)\" failures=\"\(count(outcomes, .fail))\" "
      + "errors=\"\(count(outcomes, .error))\" skipped=\"\(count(outcomes, .skip))\">\n"
    for file in files {
      let list = byFile[file]!
      xml +=
        "  <testsuite name=\"\(escape(file))\" tests=\"\(list.count)\" failures=\"\(count(list, .fail))\" "
        + "errors=\"\(count(list, .error))\" skipped=\"\(count(list, .skip))\">\n"
      for outcome in list {
        let name = outcome.scenario ?? "(file)"
        xml += "    <testcase classname=\"\(escape(file))\" name=\"\(escape(name))\""
        let message = escape(outcome.message ?? "")
        switch outcome.status {
        case .pass, .updated:
          xml += "/>\n"
        case .skip:
          xml += ">\n      <skipped message=\"\(message)\"/>\n    </testcase>\n"
        case .fail:
          let body = escape((outcome.diff ?? []).joined(separator: "\n"))
          xml += ">\n      <failure message=\"\(message)\">\(body)</failure>\n    </testcase>\n"
        case .error:
          xml += ">\n      <error message=\"\(message)\"/>\n    </testcase>\n"
        }
      }
      xml += "  </testsuite>\n"
    }
    xml += "</testsuites>\n"
    return xml
  }

  /// Text for an XML attribute or element: the five special characters as entities, and
  /// characters XML 1.0 cannot hold (most control characters) written out as `\u{…}`.
  static func escape(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&apos;"
      case "\n": out += "&#10;"
      case "\t": out += "&#9;"
      default:
        let value = scalar.value
        if value < 0x20 || (0xD800...0xDFFF).contains(value) || value == 0xFFFE || value == 0xFFFF {
          out += "\\u{\(String(value, radix: 16))}"
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out
  }
}
