import Foundation
import XCTest

/// Issue 16's campaign, bounded to run in every `swift test`: hostile layouts — alias bombs,
/// billion laughs, deep nesting, long ids with typos, control characters, huge numbers,
/// hundreds of recognizers in chains and circles, windows and texts at and past their caps —
/// made from a fixed seed and run through the real `touchlab` (check, list, replay, shot)
/// under a CPU-time and memory limit each. Every run must end with status 0 or 1, and a 1
/// must say why in one of the two styles (`FILE:LINE:COLUMN: error: …`, `touchlab: error: …`),
/// every line of it; never a crash, a signal, a hang or a raw message. The campaign is a
/// number of runs, not a time, so a busy machine runs the same layouts as an idle one
/// (`TOUCHLAB_HOSTILE_RUNS`, `TOUCHLAB_HOSTILE_SEED` for a longer or other campaign, and
/// `TOUCHLAB_HOSTILE_SECONDS` to stop starting runs after so many seconds).
final class HostileFuzzTests: XCTestCase {
  /// Per run: processor seconds (`ulimit -t`: a run that computes too long is signalled, a
  /// failure), wall seconds (a run still there then waits for something that never comes, a
  /// hang: killed, a failure; far past the processor limit, so that a busy machine's stretch
  /// of the wall clock is not taken for one), and address space (`ulimit -v`, kilobytes) —
  /// the issue's target is 1 GB resident.
  static let runCPUSeconds = 15
  static let runSeconds: Double = 300
  static let runAddressSpaceKB = 4_000_000
  static let residentLimitKB = 1_000_000

  func testHostileLayoutsEndCleanlyWithinTheLimits() throws {
    let environment = ProcessInfo.processInfo.environment
    let runs = environment["TOUCHLAB_HOSTILE_RUNS"].flatMap(Int.init) ?? 120
    let budget = environment["TOUCHLAB_HOSTILE_SECONDS"].flatMap(Double.init) ?? .infinity
    var random = SeededRandom(seed: environment["TOUCHLAB_HOSTILE_SEED"].flatMap(UInt64.init) ?? 16)
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-fuzz-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let executable = CommandLineTests.executable.path
    guard FileManager.default.isExecutableFile(atPath: executable) else {
      throw XCTSkip("touchlab is not built beside the tests (run `swift build --build-tests`)")
    }
    let hasTime = FileManager.default.isExecutableFile(atPath: "/usr/bin/time")
    let start = ProcessInfo.processInfo.systemUptime
    var ran = 0
    var statuses: [Int32: Int] = [:]
    for index in 0..<runs {
      if ProcessInfo.processInfo.systemUptime - start > budget { break }
      let (kind, text) = HostileLayout.make(&random)
      let file = folder.appendingPathComponent("\(index)-\(kind).yaml").path
      try text.write(toFile: file, atomically: true, encoding: .utf8)
      let command = HostileLayout.command(&random, file: file, out: folder.appendingPathComponent("\(index).png").path)
      let run = try runLimited(executable, command, measuring: hasTime)
      ran += 1
      statuses[run.status, default: 0] += 1
      let what = "run \(index) (\(kind)): touchlab \(command.joined(separator: " ")) — status \(run.status)"
      XCTAssertFalse(run.timedOut, "\(what): still running after \(Self.runSeconds) s")
      XCTAssertTrue([0, 1].contains(run.status), "\(what); stderr: \(run.err.prefix(500))")
      if let peak = run.peakKB {
        XCTAssertLessThan(peak, Self.residentLimitKB, "\(what): \(peak) kB resident")
      }
      if run.status == 1 {
        XCTAssertFalse(run.err.isEmpty, "\(what): exit 1 and no message")
      }
      for line in run.err.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
        let styled =
          line.range(of: #"^.+:[0-9]+:[0-9]+: error: "#, options: .regularExpression) != nil
          || line.hasPrefix("touchlab: error: ")
        XCTAssertTrue(styled, "\(what): an unstyled line on standard error: \(line.prefix(300))")
      }
      if !run.err.isEmpty { XCTAssertTrue(run.err.hasSuffix("\n"), "\(what): unterminated message") }
    }
    print(
      "hostile campaign: \(ran) runs in \(String(format: "%.1f", ProcessInfo.processInfo.systemUptime - start)) s, "
        + "statuses \(statuses.sorted { $0.key < $1.key })")
    XCTAssertGreaterThan(statuses[0, default: 0], 0, "some hostile layouts are within every limit and run")
    XCTAssertGreaterThan(statuses[1, default: 0], 0, "some go past a limit and are refused")
  }

  /// Issue 43's campaign: the importer's own fixtures (Tests/TouchLabImportTests/Dumps) and a
  /// device log made from a golden transcript, mutated — cut, lines repeated thousands of
  /// times, numbers made NaN, infinite or huge, control and line-separator characters put
  /// in — and given to `import`, `hit`, `diff` and the commands that take a dump (`replay`,
  /// `shot`), under the same limits. Each run ends with 0, or 1 and one error line (after the
  /// importer's warnings and notes, at most 1,000 lines of them); never a crash or a hang.
  func testHostileDumpsAndDeviceLogsEndCleanlyWithinTheLimits() throws {
    let environment = ProcessInfo.processInfo.environment
    let runs = environment["TOUCHLAB_HOSTILE_DUMP_RUNS"].flatMap(Int.init) ?? 60
    let budget = environment["TOUCHLAB_HOSTILE_SECONDS"].flatMap(Double.init) ?? .infinity
    var random = SeededRandom(seed: environment["TOUCHLAB_HOSTILE_SEED"].flatMap(UInt64.init) ?? 43)
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-dumps-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let executable = CommandLineTests.executable.path
    guard FileManager.default.isExecutableFile(atPath: executable) else {
      throw XCTSkip("touchlab is not built beside the tests (run `swift build --build-tests`)")
    }
    let dumps = GoldenTranscriptTests.repository.appendingPathComponent("Tests/TouchLabImportTests/Dumps")
    let fixtures = try FileManager.default.contentsOfDirectory(atPath: dumps.path).filter { $0.hasSuffix(".txt") }
      .sorted().map { try String(contentsOf: dumps.appendingPathComponent($0), encoding: .utf8) }
    let transcript = try String(
      contentsOf: GoldenTranscriptTests.repository.appendingPathComponent(
        "Tests/TouchLabLayoutTests/Golden/seed003-gestures/tap-red.txt"), encoding: .utf8
    ).split(separator: "\n").filter { !$0.hasPrefix("#") }
    let hasTime = FileManager.default.isExecutableFile(atPath: "/usr/bin/time")
    let start = ProcessInfo.processInfo.systemUptime
    var ran = 0
    var statuses: [Int32: Int] = [:]
    var commands: [String: Int] = [:]
    for index in 0..<runs {
      if ProcessInfo.processInfo.systemUptime - start > budget { break }
      let dump = HostileDump.mutate(fixtures.randomElement(using: &random)!, &random)
      let file = folder.appendingPathComponent("\(index).txt").path
      try dump.write(toFile: file, atomically: true, encoding: .utf8)
      let log = folder.appendingPathComponent("\(index).log").path
      try HostileDump.mutate(HostileDump.deviceLog(transcript, &random), &random).write(
        toFile: log, atomically: true, encoding: .utf8)
      let out = folder.appendingPathComponent("\(index)").path
      let command = HostileDump.command(&random, dump: file, log: log, out: out)
      commands[command[0], default: 0] += 1
      // The processor-time limit is the bound; the wall clock only catches a run that waits (a
      // loaded machine stretches the rest).
      let run = try runLimited(executable, command, measuring: hasTime, seconds: 3 * Self.runSeconds)
      ran += 1
      statuses[run.status, default: 0] += 1
      let what = "run \(index): touchlab \(command.prefix(8).joined(separator: " ")) — status \(run.status)"
      XCTAssertFalse(run.timedOut, "\(what): still running after \(3 * Self.runSeconds) s")
      // `diff`: 1 is a difference, 2 an input it cannot read (docs/import.md).
      let statusesAllowed: [Int32] = command[0] == "diff" ? [0, 1, 2] : [0, 1]
      XCTAssertTrue(statusesAllowed.contains(run.status), "\(what); stderr: \(run.err.suffix(500))")
      if let peak = run.peakKB {
        XCTAssertLessThan(peak, Self.residentLimitKB, "\(what): \(peak) kB resident")
      }
      let lines = run.err.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
      XCTAssertLessThanOrEqual(lines.count, 1_002, "\(what): \(lines.count) lines on standard error")
      var errors = 0
      for line in lines {
        let diagnostic = line.range(of: #"^.+:[0-9]+:[0-9]+: (error|warning|note): "#, options: .regularExpression)
        let isError = line.hasPrefix("touchlab: error: ") || diagnostic != nil && line.contains(": error: ")
        if isError { errors += 1 }
        let styled = isError || diagnostic != nil || line.hasPrefix("imported ")
        XCTAssertTrue(styled, "\(what): an unstyled line on standard error: \(line.prefix(300))")
      }
      if run.status == 1 && command[0] != "diff" || run.status == 2 {
        XCTAssertEqual(errors, 1, "\(what): one error line; stderr: \(run.err.suffix(500))")
      }
      if run.status == 0 { XCTAssertEqual(errors, 0, "\(what): an error and status 0") }
      if !run.err.isEmpty { XCTAssertTrue(run.err.hasSuffix("\n"), "\(what): unterminated message") }
    }
    print(
      "hostile dump campaign: \(ran) runs in "
        + "\(String(format: "%.1f", ProcessInfo.processInfo.systemUptime - start)) s, statuses "
        + "\(statuses.sorted { $0.key < $1.key }), commands \(commands.sorted { $0.key < $1.key })")
    XCTAssertGreaterThan(statuses[0, default: 0], 0, "some mutated dumps still import and run")
    XCTAssertGreaterThan(statuses[1, default: 0] + statuses[2, default: 0], 0, "some are refused")
  }

  /// Runs `touchlab ARGUMENTS` under `ulimit -t` and `ulimit -v`, killed after `runSeconds`,
  /// with its peak resident memory from GNU time when there is one.
  private func runLimited(
    _ executable: String, _ arguments: [String], measuring: Bool, seconds: Double = HostileFuzzTests.runSeconds
  ) throws -> (
    status: Int32, err: String, peakKB: Int?, timedOut: Bool
  ) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    let timing = measuring ? "/usr/bin/time -f 'peak %M' -o \"$PEAK\" " : ""
    process.arguments =
      [
        "-c", "ulimit -t \(Self.runCPUSeconds); ulimit -v \(Self.runAddressSpaceKB); exec \(timing)\"$@\"", "sh",
        executable,
      ] + arguments
    let peakFile = FileManager.default.temporaryDirectory.appendingPathComponent("peak-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: peakFile) }
    var environment = ProcessInfo.processInfo.environment
    environment["PEAK"] = peakFile.path
    process.environment = environment
    process.currentDirectoryURL = GoldenTranscriptTests.repository
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    let errorFile = FileManager.default.temporaryDirectory.appendingPathComponent("err-\(UUID().uuidString)")
    _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
    defer { try? FileManager.default.removeItem(at: errorFile) }
    process.standardError = try FileHandle(forWritingTo: errorFile)
    try process.run()
    let deadline = ProcessInfo.processInfo.systemUptime + seconds
    var timedOut = false
    while process.isRunning {
      if ProcessInfo.processInfo.systemUptime > deadline {
        timedOut = true
        process.terminate()
        break
      }
      usleep(10_000)
    }
    process.waitUntilExit()
    let err = (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
    let peak = (try? String(contentsOf: peakFile, encoding: .utf8)).flatMap { text in
      text.split(separator: "\n").last { $0.hasPrefix("peak ") }.flatMap { Int($0.dropFirst(5)) }
    }
    // A signal: the shell reports 128 + N, GNU time "Command terminated by signal N".
    let status =
      process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
    return (status, err, peak, timedOut)
  }
}

/// A small deterministic generator (SplitMix64).
struct SeededRandom: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// The hostile layouts and commands of the campaign.
enum HostileLayout {
  static let header = "controller:\n  view:\n    subviews:\n      - {id: v, frame: [10, 10, 300, 300]}\n"

  static func make(_ random: inout SeededRandom) -> (kind: String, text: String) {
    switch Int.random(in: 0..<14, using: &random) {
    case 10, 11:
      return ("steps", steps(&random))
    case 12:
      // A logged line of placeholders on a long class name, on a long drag (issue 25 #3).
      let name = String(repeating: "K", count: Int.random(in: 1...200, using: &random))
      let line = String(
        repeating: ["%s", "%location", "%result", "x", "%%"].randomElement(using: &random)!,
        count: Int.random(in: 1...6_000, using: &random))
      return (
        "amplify",
        "classes:\n  \(name):\n    base: UIView\n    log:\n      touchesMoved: \"\(line)\"\n"
          + "controller:\n  view:\n    subviews:\n      - {id: v, class: \(name), frame: [0, 0, 300, 300]}\n"
          + "scenarios:\n  s:\n    - drag: v\n      by: [100, 0]\n      steps: \(Int.random(in: 1...10_000, using: &random))\n"
      )
    case 13:
      // A condition on many view ids, a control deep in a chain, many moves (issue 25 #5).
      let ids = Int.random(in: 1...20_000, using: &random)
      let depth = Int.random(in: 1...190, using: &random)
      var text =
        "classes:\n  C:\n    base: UIControl\n    beginTracking: {returns: false, when: {view: ["
        + (0..<ids).map { "x\($0)" }.joined(separator: ", ") + "]}}\ncontroller:\n  view:\n    subviews:\n"
      text += (0..<ids).map { "      - {id: x\($0), frame: [0, 0, 1, 1]}\n" }.joined()
      var indent = "      "
      for level in 0..<depth {
        text += "\(indent)- id: d\(level)\n\(indent)  frame: [0, 0, 300, 300]\n\(indent)  subviews:\n"
        indent += "    "
      }
      text += "\(indent)- {id: c, class: C, frame: [0, 0, 300, 300]}\nscenarios:\n  s:\n"
      for _ in 0..<Int.random(in: 1...1_000, using: &random) {
        text += "    - moveView: {view: x\(Int.random(in: 0..<ids, using: &random)), to: d0}\n    - tap: [10, 10]\n"
      }
      return ("conditions", text)
    case 0:
      // Aliases of a long drag: some within 100,000 events, most far past.
      let steps = Int.random(in: 1...10_000, using: &random)
      let aliases = Int.random(in: 0...400, using: &random)
      return (
        "aliases",
        header + "scenarios:\n  s:\n    - &d {drag: v, by: [50, 0], steps: \(steps), duration: 0.5}\n"
          + String(repeating: "    - *d\n", count: aliases)
      )
    case 1:
      // A billion laughs, some levels short of the cap.
      let width = Int.random(in: 2...12, using: &random)
      let levels = Int.random(in: 2...9, using: &random)
      var text = "a0: &a0 [" + Array(repeating: "x", count: width).joined(separator: ", ") + "]\n"
      for level in 1...levels {
        text +=
          "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: width).joined(separator: ", ")
          + "]\n"
      }
      return ("laughs", text + "controller: {view: {color: white}}\n")
    case 2:
      let depth = Int.random(in: 100...3_000, using: &random)
      return (
        "nesting",
        "controller:\n  view:\n    subviews: " + String(repeating: "[", count: depth)
          + String(repeating: "]", count: depth)
          + "\n"
      )
    case 3:
      // Long ids, and a finger at one of them with a typo.
      let length = Int.random(in: 150...260, using: &random)
      let count = Int.random(in: 10...300, using: &random)
      let ids = (0..<count).map { String(repeating: "q", count: length) + "\($0)" }
      let typo = ids[count / 2].dropLast() + "Z"
      return (
        "long-ids",
        "controller:\n  view:\n    subviews:\n" + ids.map { "      - {id: \($0), frame: [0, 0, 10, 10]}\n" }.joined()
          + "scenarios:\n  s:\n    - tap: \(Bool.random(using: &random) ? String(typo) : ids[0])\n"
      )
    case 4:
      // Control characters in ids and printed texts.
      let controls = ["\\n", "\\e[2J", "\\t", "\\r", "\\u0007", "\\x9b", "\\0"]
      let bad = controls.randomElement(using: &random)!
      return (
        "controls",
        "controller:\n  view:\n    subviews:\n      - id: \"w\(bad)x\"\n        frame: [10, 10, 300, 300]\n"
          + "        gestures: [{class: UITapGestureRecognizer, action: {print: \"p\(bad)q\"}}]\n"
          + "scenarios:\n  s:\n    - tap: \"\(Bool.random(using: &random) ? "w\(bad)x" : "w\(bad)y")\"\n"
      )
    case 5:
      // Huge and strange numbers where points and frames go.
      let numbers = ["1e308", "-1e308", "100000", "100001", "-99999.5", ".nan", ".inf", "0x10", "1e5"]
      let a = numbers.randomElement(using: &random)!
      let b = numbers.randomElement(using: &random)!
      return (
        "numbers",
        "controller:\n  view:\n    subviews:\n      - {id: v, frame: [0, 0, \(Bool.random(using: &random) ? a : "300"), 300]}\n"
          + "scenarios:\n  s:\n    - tap: [\(a), \(b)]\n    - drag: v\n      by: [\(b), 1]\n"
      )
    case 6:
      // Many recognizers on one view, each requiring the next (or a circle).
      let count = Int.random(in: 50...300, using: &random)
      let circle = Bool.random(using: &random)
      let gestures = (0..<count).map { i -> String in
        let next = i + 1 < count ? "t\(i + 1)" : (circle ? "t0" : "")
        return "          - {id: t\(i), class: UITapGestureRecognizer, action: {print: t\(i)}"
          + (next.isEmpty ? "" : ", requireToFail: \(next)") + "}\n"
      }
      return (
        "recognizers",
        "controller:\n  view:\n    subviews:\n      - id: v\n        frame: [10, 10, 300, 300]\n        gestures:\n"
          + gestures.joined() + "scenarios:\n  s:\n    - tap: v\n    - tap: v\n"
      )
    case 7:
      // Windows and texts at and past their caps.
      let side = [1, 390, 4000, 7800, 7801, 10000].randomElement(using: &random)!
      let other = [1, 844, 2000, 2051, 4000, 7800].randomElement(using: &random)!
      let title = String(repeating: "t", count: [10, 9_999, 10_000, 10_001, 100_000].randomElement(using: &random)!)
      return ("window", "title: \(title)\nwindow: {size: [\(side), \(other)]}\ncontroller:\n  view: {color: white}\n")
    case 8:
      // Null actions and names, a repeat of a wait.
      return (
        "nulls",
        "classes:\n  C: {base: UIViewController, actions: [\(["null", "~", "ok", "\"\""].randomElement(using: &random)!)]}\n"
          + "controller: {class: C, view: {}}\nscenarios:\n  s:\n    - &w {wait: 600}\n"
          + String(repeating: "    - *w\n", count: Int.random(in: 0...50, using: &random))
      )
    default:
      // A table and taps with many fingers, at the limits of the format.
      let rows = Int.random(in: 0...100_000, using: &random)
      return (
        "table",
        "controller:\n  view:\n    subviews:\n      - {id: t, class: UITableView, frame: [0, 0, 390, 600], "
          + "rows: {numberOfRows: \(rows)}}\nscenarios:\n  s:\n    - tap: {row: \(max(0, rows - 1)), in: t}\n"
          + "    - drag: t\n      by: [0, -100000]\n      steps: \(Int.random(in: 1...2_000, using: &random))\n"
          + "      fingers: \(Int.random(in: 1...10, using: &random))\n"
      )
    }
  }

  /// A scene of views, steppers, scroll views and a table, and a random sequence of steps on
  /// it — moves (chains among siblings, into subtrees), removals, `set:`s of rows, frames and
  /// alphas, fingers held on steppers and long waits, flicks (issue 25: every limit holds
  /// after every step).
  static func steps(_ random: inout SeededRandom) -> String {
    let views = Int.random(in: 2...[50, 400, 5_000].randomElement(using: &random)!, using: &random)
    var text = "window: {size: [400, 7800]}\ncontroller:\n  view:\n    id: root\n    subviews:\n"
    text += (0..<views).map { "      - {id: v\($0), frame: [0, 0, 300, 300]}\n" }.joined()
    text += (0..<3).map {
      "      - {id: s\($0), class: UIStepper, frame: [10, \(10 + 40 * $0), 94, 32], wraps: true}\n"
    }
    .joined()
    text += "      - {id: sc, class: UIScrollView, frame: [0, 200, 300, 300], contentSize: [3000, 3000000], "
    text += "decelerationRate: \(["normal", "0.9999", "0.5"].randomElement(using: &random)!)}\n"
    text += "      - {id: tv, class: UITableView, frame: [0, 600, 400, 7000], rows: {numberOfRows: 100000}}\n"
    text += "scenarios:\n  s:\n"
    var down = Set<Int>()
    for _ in 0..<Int.random(in: 1...[20, 500, 30_000].randomElement(using: &random)!, using: &random) {
      let a = Int.random(in: 0..<views, using: &random)
      let b = Int.random(in: 0..<views, using: &random)
      switch Int.random(in: 0..<12, using: &random) {
      case 0, 1: text += "    - moveView: {view: v\(a), to: v\(a > 0 ? a - 1 : b)}\n"
      case 2: text += "    - moveView: {view: v\(a), to: \(Bool.random(using: &random) ? "root" : "v\(b)")}\n"
      case 3: text += "    - remove: v\(a)\n"
      case 4:
        let value = [
          "{tv.rowHeight: \(Int.random(in: 1...100, using: &random))}", "{tv.frame: [0, 0, 400, 100000]}",
          "{v\(a).alpha: 0.5}", "{sc.decelerationRate: 0.9999}",
        ].randomElement(using: &random)!
        text += "    - set: \(value)\n"
      case 5: text += "    - wait: \([0.1, 1, 600].randomElement(using: &random)!)\n"
      case 6:
        let finger = Int.random(in: 1...10, using: &random)
        if down.contains(finger) {
          text += "    - up: \(finger)\n"
          down.remove(finger)
        } else {
          text +=
            "    - down: {view: s\(Int.random(in: 0..<3, using: &random)), at: [70, 16]}\n      finger: \(finger)\n"
          down.insert(finger)
        }
      case 7:
        text += "    - drag: sc\n      by: [0, -\(Int.random(in: 1...100_000, using: &random))]\n"
        text += "      steps: \(Int.random(in: 1...3, using: &random))\n      duration: 0.01\n"
      case 8:
        text += "    - drag: tv\n      by: [0, -3000]\n      steps: \(Int.random(in: 1...10_000, using: &random))\n"
      default:
        text += "    - tap: [\(Int.random(in: 0...400, using: &random)), \(Int.random(in: 0...800, using: &random))]\n"
      }
    }
    return text
  }

  static func command(_ random: inout SeededRandom, file: String, out: String) -> [String] {
    switch Int.random(in: 0..<8, using: &random) {
    case 6: return ["diagram", file, "--scenario", "s", "--out", (out as NSString).deletingPathExtension + ".svg"]
    case 7:
      // At 1 frame every 10 s of scenario: the debug build these tests run is ~17 times
      // slower than the release build the limits are set for.
      return [
        "record", file, "--scenario", "s", "--fps", "1", "--speed", "10", "--out",
        (out as NSString).deletingPathExtension + ".gif",
      ]
    case 0: return ["check", file]
    case 1: return ["list", file]
    case 2: return ["replay", file, "--scenario", "s"]
    case 3: return ["replay", file, "--scenario", "s", "--json", "--all-records"]
    case 4: return ["replay", file, "--scenario", "s", "--times"]
    default:
      return [
        "shot", file, "--no-scenario", "--scale", ["1", "1.5", "3"].randomElement(using: &random)!, "--out", out,
      ]
    }
  }
}

/// The mutated dumps and device logs of issue 43's campaign.
enum HostileDump {
  /// Characters a pasted dump may hold that a dump never should: line and paragraph
  /// separators, NEL, an escape sequence, NUL, a lone carriage return, non-characters.
  static let oddPieces = [
    "\u{2028}", "\u{2029}", "\u{85}", "\u{1B}]0;title\u{7}", "\u{1B}[2J", "\u{0}", "\r", "\u{FFFE}", "\u{FFFF}",
    "\t", "\u{202E}",
  ]
  /// What a number becomes.
  static let oddNumbers = [
    "nan", "NaN", "inf", "-inf", "1e308", "-1e308", "99999999999999999999", "1e-30", "0x7fffffffffffffff",
    "-0", "1e7",
  ]

  static func mutate(_ text: String, _ random: inout SeededRandom) -> String {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    for _ in 0..<Int.random(in: 1...3, using: &random) {
      guard !lines.isEmpty else { break }
      let at = Int.random(in: 0..<lines.count, using: &random)
      switch Int.random(in: 0..<7, using: &random) {
      case 0:
        // Cut anywhere, mid-line too.
        let line = lines[at]
        lines = Array(lines[..<at]) + [String(line.prefix(Int.random(in: 0...line.count, using: &random)))]
      case 1:
        // A line repeated thousands of times.
        let count = [2, 100, 2_000, 10_000].randomElement(using: &random)!
        lines.insert(contentsOf: Array(repeating: lines[at], count: count), at: at)
      case 2, 3:
        // Every number of a line made odd.
        let odd = oddNumbers.randomElement(using: &random)!
        lines[at] = lines[at].replacingOccurrences(
          of: #"-?[0-9]+(\.[0-9]+)?"#, with: odd, options: .regularExpression)
      case 4:
        // Odd characters put in.
        var line = Array(lines[at])
        for _ in 0..<Int.random(in: 1...4, using: &random) {
          line.insert(
            contentsOf: oddPieces.randomElement(using: &random)!, at: Int.random(in: 0...line.count, using: &random))
        }
        lines[at] = String(line)
      case 5:
        // Huge counts: a view nested hundreds deep, or the whole text again.
        if Bool.random(using: &random) {
          lines[at] = String(repeating: "   |", count: 300) + lines[at]
        } else {
          lines += lines
        }
      default:
        lines.remove(at: at)
      }
    }
    return lines.joined(separator: "\n")
  }

  /// A console log of the transcript, as Xcode shows NSLog's lines, with noise between.
  static func deviceLog(_ transcript: [Substring], _ random: inout SeededRandom) -> String {
    var out: [String] = ["2024-05-01 10:00:00.000 Demo[812:33101] app launched"]
    for (index, line) in transcript.enumerated() {
      let text = line.hasPrefix("method: ") ? line.dropFirst(8) : line
      out.append(String(format: "2024-05-01 10:00:%06.3f Demo[812:33101] ", 1 + Double(index) * 0.01) + text)
      if Bool.random(using: &random) { out.append("default\t10:00:01.000000+0100\tDemo\t-[UIKeyboardImpl x]") }
    }
    return out.joined(separator: "\n")
  }

  static func command(_ random: inout SeededRandom, dump: String, log: String, out: String) -> [String] {
    let point = { (random: inout SeededRandom) in
      "--at=\(Int.random(in: -10...400, using: &random)),\(Int.random(in: -10...900, using: &random))"
    }
    switch Int.random(in: 0..<7, using: &random) {
    case 0: return ["import", dump, "--out", out + ".yaml"]
    case 1: return ["hit", dump] + (0..<Int.random(in: 1...20, using: &random)).map { _ in point(&random) }
    case 2: return ["hit", dump, "--json", point(&random)]
    case 3: return ["replay", dump]
    case 4: return ["shot", dump, "--no-scenario", "--out", out + ".png"]
    case 5: return ["diff", dump, "--log", log]
    default: return ["diff", "Layouts/seed003-gestures.yaml", "--scenario", "tap-red", "--log", log, "--times"]
    }
  }
}
