import Foundation
import PropertyBased

@testable import TouchLabEngine
@testable import TouchLabLayout

/// The bundled layouts, read once.
enum BundledLayouts {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Layouts")

  static let names: [String] = {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return files.filter { $0.hasSuffix(".yaml") }.sorted()
  }()

  static func text(_ name: String) -> String {
    (try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)) ?? ""
  }
}

/// Edits to a layout's text, each `[kind, a, b]` (a and b pick lines, tokens, values);
/// value changes are the likeliest, so that many mutants still load and get replayed:
///
/// | kind | edit |
/// |---|---|
/// | 0 | delete line a |
/// | 1 | duplicate line a |
/// | 2 | swap lines a and b |
/// | 3–7 | replace number b of line a (or its value) with a strange one (`LayoutMutation.values`) |
/// | 8 | replace the key of line a with another key (`LayoutMutation.keys`) |
/// | 9 | indent line a by two more spaces (b even) or two fewer |
/// | 10 | cut the text off at character a |
/// | 11 | insert a YAML indicator character at character a |
/// | 12–13 | insert a snippet (`LayoutMutation.snippets`, b picks) after line a, at its indentation |
/// | 14–15 | replace the value of line a with a snippet |
struct LayoutMutation: Sendable, CustomStringConvertible {
  var edits: [[Int]]
  /// Picks the scenario to replay, when the mutant loads.
  var pick: Int

  var description: String { "LayoutMutation(edits: \(edits), pick: \(pick))" }

  static let generator = zip(
    zip(Gen.int(in: 0...15), Gen.int(in: 0...100_000), Gen.int(in: 0...100_000)).map { [$0.0, $0.1, $0.2] }
      .array(of: 1...3),
    Gen.int(in: 0...1000)
  ).map { LayoutMutation(edits: $0.0, pick: $0.1) }

  /// Strange values only, so that most mutants still load and get replayed.
  static let valueGenerator = zip(
    zip(Gen.int(in: 3...3), Gen.int(in: 0...100_000), Gen.int(in: 0...100_000)).map { [$0.0, $0.1, $0.2] }
      .array(of: 1...3),
    Gen.int(in: 0...1000)
  ).map { LayoutMutation(edits: $0.0, pick: $0.1) }

  static let values = [
    "1e308", "-1e308", "99999999999999999999999", "-5", "-100001", "0", ".nan", "nan", ".inf", "-.inf", "abc",
    "\"\"", "~", "[]", "{}", "0x10", "1_000", "true", "10000000", "1e-300", "-0", "3.5", "[1, 2, 3, 4, 5, 6, 7]",
    "[.nan, .inf, 1, 1]", "[-100000, -100000, 100000, 100000]", "[1e9, 1e9]", "'\\u0000'", "\"\\t\"",
  ]

  static let keys = [
    "frame", "id", "class", "base", "subviews", "gestures", "targets", "action", "hitTest", "pointInside", "rows",
    "numberOfRows", "rowHeight", "contentSize", "contentOffset", "transform", "alpha", "scenarios", "tap", "drag",
    "steps", "duration", "wait", "fingers", "finger", "requireToFail", "delegate", "log", "super", "controller", "view",
    "window", "size", "sections", "set", "isHidden", "to", "by", "up", "down", "move", "press", "target", "event",
    "framee", "zz", "<<", "? complex", "- item",
  ]

  /// Targeted troubles, each valid YAML on its own, at the line's indentation.
  static let snippets = [
    // A circle in base classes, and a class based on itself.
    "classes: {CycA: {base: CycB}, CycB: {base: CycA}, Selfish: {base: Selfish}}",
    // hitTest forwarded to itself, to the root, to an unknown view.
    "classes: {Fwd: {base: UIView, hitTest: {forwardTo: fwd}}}",
    "- {id: fwd, class: Fwd, frame: [0, 0, 400, 900]}",
    "hitTest: {forwardTo: root}",
    // Ten thousand rows, listed and generated; a table row tapped far down.
    "- {id: bigTable, class: UITableView, frame: [0, 0, 390, 800], rows: {numberOfRows: 10000000}}",
    "rows: {numberOfRows: 10000, rowText: \"R %d\"}",
    "- {tap: {row: 9999, in: bigTable}}",
    "- {drag: [100, 700], by: [0, -100000], duration: 0.2, steps: 10000}",
    // Deep nesting: in the text, and through aliases.
    String(repeating: "[", count: 1200) + String(repeating: "]", count: 1200),
    "deep: &d0 [x]\n" + (1...1100).map { "deep\($0): &d\($0) [*d\($0 - 1)]" }.joined(separator: "\n"),
    "- &v {frame: [0, 0, 10, 10], subviews: [*v]}",
    // Numbers at and past every limit.
    "window: {size: [10000, 10000]}",
    "window: {size: [7800, 2000]}",
    "frame: [-100000, -100000, 100000, 100000]",
    "transform: [0, 0, 0, 0, 1e308, -1e308]",
    "transform: {rotate: 36000, scale: 0, translate: [100000, -100000]}",
    "contentSize: [10000000, 10000000]",
    "- {wait: 600}",
    "- {press: [195, 400], duration: 600, fingers: 10}",
    "- {down: [1, 1], finger: 100}",
    // Circles of failure requirements.
    "gestures: [{id: ga, class: UITapGestureRecognizer, requireToFail: [gb]}, "
      + "{id: gb, class: UITapGestureRecognizer, requireToFail: [ga]}, "
      + "{id: gc, class: UIPanGestureRecognizer, requireToFail: [gc]}]",
    // Controllers inside controllers.
    "- {controller: {view: {frame: [0, 0, 100, 100], subviews: [{controller: {view: {frame: [0, 0, 10, 10]}}}]}}}",
    // Anchors, merge keys, tags, documents.
    "<<: {frame: [0, 0, 1, 1]}",
    "!!binary aGVsbG8=",
    "---\nsecond: document",
    "? [complex, key]\n: value",
  ]

  /// The edited text.
  func apply(to text: String) -> String {
    var lines = text.components(separatedBy: "\n")
    var joined: String { lines.joined(separator: "\n") }
    for edit in edits {
      let (kind, a, b) = (edit[0], edit[1], edit[2])
      if lines.isEmpty { lines = [""] }
      let i = a % lines.count
      let indent = String(lines[i].prefix { $0 == " " })
      switch kind {
      case 0: lines.remove(at: i)
      case 1: lines.insert(lines[i], at: i)
      case 2: lines.swapAt(i, b % lines.count)
      case 3...7: lines[i] = Self.replaceNumber(in: lines[i], index: b, with: Self.values[b % Self.values.count])
      case 8:
        if let colon = lines[i].firstIndex(of: ":") {
          let start = lines[i].firstIndex { $0 != " " && $0 != "-" } ?? lines[i].startIndex
          if start < colon { lines[i].replaceSubrange(start..<colon, with: Self.keys[b % Self.keys.count]) }
        }
      case 9:
        lines[i] = b % 2 == 0 ? "  " + lines[i] : String(lines[i].dropFirst(min(2, indent.count)))
      case 10:
        let all = joined
        lines = String(all.prefix(a % max(1, all.count))).components(separatedBy: "\n")
      case 11:
        let all = joined
        let marks: [Character] = [
          "[", "]", "{", "}", ":", "-", "'", "\"", "#", "&", "*", "!", "|", ">", ",", "%", "@", "\t", "?",
        ]
        var chars = Array(all)
        chars.insert(marks[b % marks.count], at: a % (chars.count + 1))
        lines = String(chars).components(separatedBy: "\n")
      case 12, 13:
        let snippet = Self.snippets[b % Self.snippets.count].components(separatedBy: "\n").map { indent + $0 }
        lines.insert(contentsOf: snippet, at: i + 1)
      default:
        if let colon = lines[i].firstIndex(of: ":") {
          let snippet = Self.snippets[b % Self.snippets.count].replacingOccurrences(of: "\n", with: " ")
          lines[i] = String(lines[i][...colon]) + " " + snippet
        }
      }
    }
    return joined
  }

  /// Replaces the `index`th number of `line` (any, when it has none: its value after the colon).
  static func replaceNumber(in line: String, index: Int, with value: String) -> String {
    // A number standing alone (not the digits of a name, a colour or a quoted text).
    let pattern = try! NSRegularExpression(pattern: "(?<![\\w#.\"'%])-?[0-9]+(\\.[0-9]+)?(?![\\w.\"'%])")
    let range = NSRange(line.startIndex..., in: line)
    let matches = pattern.matches(in: line, range: range)
    if !matches.isEmpty, let r = Range(matches[index % matches.count].range, in: line) {
      return line.replacingCharacters(in: r, with: value)
    }
    if let colon = line.firstIndex(of: ":") { return String(line[...colon]) + " " + value }
    return line
  }
}

/// Processor time the calling thread has used, in seconds.
func threadCPUTime() -> TimeInterval {
  var time = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
  return TimeInterval(time.tv_sec) + TimeInterval(time.tv_nsec) / 1e9
}

/// The result a thread hands back (read only after it signalled).
final class ThreadResult<T>: @unchecked Sendable {
  var value: (T, TimeInterval)?
}

/// What became of one layout text: it must be a scene or a `FILE:LINE:COLUMN: error:`
/// within a bounded time, and a scene must replay one of its scenarios without crashing or hanging.
enum LayoutOutcome {
  /// How long a load may take, and a replay (virtual time runs at most 10 s past the last step).
  /// These are bounds on pathological cost (a quadratic blow-up takes minutes), not speed
  /// targets: the slowest targeted layout loads in about 0.5 s of processor time, up to 1.1 s
  /// on this 2-core machine under a heavy parallel build, so the bound leaves room for that.
  static let loadLimit: TimeInterval = 3
  static let replayLimit: TimeInterval = 5
  /// Past this, a call is taken for a hang and the property fails (its thread is left behind).
  static let watchdog: TimeInterval = 20

  /// Runs `body` on a thread with the main thread's stack (8 MB), as `touchlab` does, and
  /// returns what it gave with the processor time it took (the thread's own: other work on
  /// a shared machine does not count); nil when it did not finish within `watchdog` seconds
  /// of wall time.
  static func onThread<T>(_ body: @escaping () -> T) -> (value: T, seconds: TimeInterval)? {
    let box = ThreadResult<T>()
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
      let start = threadCPUTime()
      let value = body()
      box.value = (value, threadCPUTime() - start)
      done.signal()
    }
    thread.stackSize = 8 << 20
    thread.start()
    guard done.wait(timeout: .now() + watchdog) == .success, let (value, seconds) = box.value else { return nil }
    return (value, seconds)
  }

  /// The problems with `text` as a layout (empty when it behaves).
  static func problems(_ text: String, file: String, pick: Int) -> [String] {
    // A crash leaves the last input behind, to reproduce it with `touchlab check`.
    let last = FileManager.default.temporaryDirectory.appendingPathComponent("touchlab-fuzz-last.yaml")
    try? text.write(to: last, atomically: false, encoding: .utf8)
    guard
      let (result, seconds) = onThread({ () -> Result<Scene, Error> in
        Result { try LayoutLoader.load(yaml: text, file: file) }
      })
    else { return ["loading did not finish within \(watchdog) s (a hang): \(last.path)"] }
    var problems: [String] = []
    if seconds > loadLimit { problems.append(String(format: "loading took %.2f s of processor time", seconds)) }
    switch result {
    case .failure(let error as LayoutError):
      let lineCount = text.components(separatedBy: "\n").count
      let shape = error.description.hasPrefix("\(file):\(error.line):\(error.column): error: ")
      if !shape || error.line < 1 || error.line > lineCount + 1 || error.column < 1 || error.message.isEmpty {
        problems.append("malformed error (\(lineCount) lines): \(error.description)")
      }
    case .failure(let error):
      problems.append("not a LayoutError: \(error)")
    case .success(let scene):
      problems += replayProblems(scene, pick: pick)
    }
    return problems
  }

  /// Replays the picked scenario (a tap in the middle when there is none), on the same kind
  /// of thread, within `replayLimit`, then lifts any finger left down. Time must never run
  /// backwards; each touch's hit-test view hears its end exactly once; no view hears of a
  /// held, dropped or blocked touch.
  static func replayProblems(_ scene: Scene, pick: Int) -> [String] {
    let replay = onThread { () -> [String] in
      let player = ScenarioPlayer(scene: scene)
      if scene.scenarios.isEmpty {
        let centre = CGPoint(x: scene.window.bounds.midX, y: scene.window.bounds.midY)
        player.play(Scenario(name: "tap", steps: [.tap(.point(centre), duration: 0.05, fingers: 1)], line: 0))
      } else {
        player.play(scene.scenarios[pick % scene.scenarios.count])
      }
      // A scenario may end with fingers down: lift them, and let the timers run out.
      let app = scene.application
      let remaining = app.touchesOnScreen
      if !remaining.isEmpty {
        app.sendTouches(remaining.map { TouchInput(finger: $0.finger, phase: .ended, location: $0.location(in: nil)) })
      }
      let limit = app.clock.now + player.settleLimit
      while let next = app.clock.nextFireTime, next <= limit { app.clock.fireNextTimer() }
      let records = scene.records.records
      var recognizerClasses: Set<String> = []
      var views: [UIView] = [scene.window]
      while let view = views.popLast() {
        views += view.subviews
        for recognizer in view.gestureRecognizers { recognizerClasses.insert(recognizer.className) }
      }
      // A recognizer by its record's kind: one whose view left the window by the end (a
      // navigation controller's popped screen) is no longer among the hierarchy's.
      let isRecognizer = { (record: DeliveryRecord) -> Bool in
        if case .touches(_, let receiver) = record.event, receiver.kind == .recognizer { return true }
        return recognizerClasses.contains(record.receiver)
      }
      return Invariants.time(records) + Invariants.hitViewSequences(records)
        + Invariants.heldAndDropped(records, isRecognizer: isRecognizer)
    }
    guard let (broken, seconds) = replay else { return ["replay did not finish within \(watchdog) s (a hang)"] }
    return broken + (seconds > replayLimit ? [String(format: "replay took %.2f s of processor time", seconds)] : [])
  }
}
