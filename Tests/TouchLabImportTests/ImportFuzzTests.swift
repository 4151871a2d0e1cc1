import Foundation
import TouchLabImport
import TouchLabLayout
import XCTest

/// Damaged dumps — cut anywhere, characters dropped, doubled or swapped, odd bytes put in —
/// never crash the import: each either is refused with an error at a place in the file, or
/// gives a layout the loader accepts (so `check`, `replay` and `open` take it).
final class ImportFuzzTests: XCTestCase {
  /// A small deterministic generator (SplitMix64), so a failure is the same on every run.
  struct Random {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(max(n, 1))) }
  }

  static let pieces: [Character] = [
    "<", ">", "'", ";", "|", "\n", "=", ":", "(", ")", "{", "}", "`", "\"", "\\", " ", "x", "0", "é", "\u{1B}",
  ]

  func mutate(_ text: String, _ random: inout Random) -> String {
    var chars = Array(text)
    for _ in 0..<(1 + random.below(4)) {
      guard !chars.isEmpty else { break }
      let at = random.below(chars.count)
      switch random.below(5) {
      case 0: chars = Array(chars[..<at])  // cut short
      case 1: chars.remove(at: at)
      case 2: chars.insert(Self.pieces[random.below(Self.pieces.count)], at: at)
      case 3: chars.insert(contentsOf: chars[at..<min(chars.count, at + 1 + random.below(40))], at: at)
      default:
        let other = random.below(chars.count)
        chars.swapAt(at, other)
      }
    }
    return String(chars)
  }

  func testDamagedDumpsAreRefusedOrLoad() throws {
    let names = try FileManager.default.contentsOfDirectory(atPath: FixtureHitTests.dumps.path)
      .filter { $0.hasSuffix(".txt") }.sorted()
    var random = Random(state: 27)
    var loaded = 0
    var refused = 0
    for name in names {
      let original = try FixtureHitTests.text(name)
      for _ in 0..<40 {
        let damaged = mutate(original, &random)
        do {
          let result = try DumpImporter.importTexts([("d.txt", damaged)])
          do {
            _ = try LayoutLoader.load(yaml: result.yaml, file: "d.yaml")
            loaded += 1
          } catch {
            XCTFail(
              "\(name): the layout written does not load: \(error)\n--- dump:\n\(damaged)\n--- layout:\n\(result.yaml)")
            return
          }
        } catch let error as DumpImportError {
          let e = error.error
          XCTAssertEqual(e.severity, .error)
          XCTAssertGreaterThanOrEqual(e.line, 1)
          XCTAssertFalse(e.description.contains("\n"), "one line: \(e.description)")
          refused += 1
        }
      }
    }
    XCTAssertGreaterThan(loaded, 100)
    XCTAssertGreaterThan(refused, 10)
  }

  func testPathologicalInputsStayLinear() throws {
    // Openings that never close, quotes that never close, a line of a million bars.
    let inputs = [
      String(repeating: "<a", count: 200_000),
      "<UIView: 0x1; frame = (0 0; 1 1); text = '" + String(repeating: "x';\n", count: 50_000),
      String(repeating: "|", count: 1_000_000) + " <UIView: 0x1; frame = (0 0; 1 1)>",
      String(repeating: "<UITapGestureRecognizer: 0x1; state = Possible; must-fail = {", count: 20_000),
      "<UIView: 0x1; frame = (0 0; 1 1); animations = " + String(repeating: "{", count: 100_000),
    ]
    for input in inputs {
      // Processor time, the thread's own: a busy machine stretches the wall clock, not this.
      let start = Self.threadCPUTime()
      _ = try? DumpImporter.importTexts([("p.txt", input)])
      XCTAssertLessThan(Self.threadCPUTime() - start, 20, "\(input.prefix(60))")
    }
  }

  /// Issue 43: the fixtures mutated as a hostile user would — numbers made NaN, infinite or
  /// huge, line and paragraph separators, NEL, escape sequences, NUL and non-characters put in,
  /// lines repeated, views nested past the limit — then imported, loaded, hit at a few points
  /// and set against a mutated device log: each is refused with one error at a place, or gives
  /// a layout that loads and answers; never a crash (a crash ends this test process).
  func testHostileMutationsImportLoadHitAndDiffCleanly() throws {
    let names = try FileManager.default.contentsOfDirectory(atPath: FixtureHitTests.dumps.path)
      .filter { $0.hasSuffix(".txt") }.sorted()
    var random = Random(state: 43)
    let odd = [
      "nan", "-nan", "inf", "-inf", "1e308", "99999999999999999999", "1e-30", "0x7fffffffffffffff", "1e7",
    ]
    let pieces = ["\u{2028}", "\u{2029}", "\u{85}", "\u{1B}[2J", "\u{0}", "\r", "\u{FFFE}", "\u{FFFF}", "\u{202E}"]
    func hostile(_ text: String) -> String {
      var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      for _ in 0..<(1 + random.below(3)) {
        guard !lines.isEmpty else { break }
        let at = random.below(lines.count)
        switch random.below(5) {
        case 0, 1:
          lines[at] = lines[at].replacingOccurrences(
            of: #"-?[0-9]+(\.[0-9]+)?"#, with: odd[random.below(odd.count)], options: .regularExpression)
        case 2:
          var line = Array(lines[at])
          line.insert(contentsOf: pieces[random.below(pieces.count)], at: random.below(line.count + 1))
          lines[at] = String(line)
        case 3: lines.insert(contentsOf: Array(repeating: lines[at], count: 1 + random.below(300)), at: at)
        default: lines[at] = String(repeating: "   |", count: 1 + random.below(260)) + lines[at]
        }
      }
      return lines.joined(separator: "\n")
    }
    let transcript = [
      "-[LMGrayGestureRecognizer touchesBegan:withEvent:]", "-[LMRedView touchesBegan:withEvent:]",
      "-[ViewController redViewClick:]",
    ]
    var loaded = 0
    var refused = 0
    for name in names {
      let original = try FixtureHitTests.text(name)
      for _ in 0..<6 {
        let damaged = hostile(original)
        let result: ImportResult
        do {
          result = try DumpImporter.importTexts([("d.txt", damaged)])
        } catch let error as DumpImportError {
          XCTAssertEqual(error.error.severity, .error)
          XCTAssertLessThanOrEqual(error.diagnostics.count, DumpDiagnostic.maximumShown)
          XCTAssertFalse(error.error.description.contains("\n"), "one line: \(error.error.description)")
          refused += 1
          continue
        }
        XCTAssertLessThanOrEqual(result.diagnostics.count, DumpDiagnostic.maximumShown)
        let scene: Scene
        do {
          scene = try LayoutLoader.load(yaml: result.yaml, file: "d.yaml")
        } catch {
          // A layout the loader refuses is issue 43's item 8 (import refuses it instead); never a crash.
          refused += 1
          continue
        }
        loaded += 1
        let index = HitReport.ViewIndex(scene)
        for _ in 0..<3 {
          let point = CGPoint(x: Double(random.below(500)) - 50, y: Double(random.below(950)) - 50)
          let report = HitReport(scene: scene, at: point, views: index)
          XCTAssertFalse(report.text.isEmpty)
          XCTAssertFalse(report.json.contains("\n"))
        }
        if let scenario = scene.scenarios.first {
          let log = hostile(
            transcript.enumerated().map { "2024-05-01 10:00:0\($0.offset).000 Demo[1:2] \($0.element)" }
              .joined(separator: "\n"))
          let fresh = try LayoutLoader.load(yaml: result.yaml, file: "d.yaml")
          let diff = DeviceLogDiff(scene: fresh, scenario: scenario, log: log)
          XCTAssertLessThanOrEqual(diff.device.count, diff.model.count + 1)
          _ = diff.firstDivergence
          _ = diff.timeDifferences
        }
      }
    }
    XCTAssertGreaterThan(loaded, 20)
    XCTAssertGreaterThan(refused, 5)
  }

  /// Processor time the calling thread has used, in seconds.
  static func threadCPUTime() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }
}
