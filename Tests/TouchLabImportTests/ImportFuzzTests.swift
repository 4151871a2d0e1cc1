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

  /// Processor time the calling thread has used, in seconds.
  static func threadCPUTime() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }
}
