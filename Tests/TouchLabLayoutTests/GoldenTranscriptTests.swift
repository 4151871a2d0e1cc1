import Foundation
import TouchLabEngine
import TouchLabLayout
import TouchLabRecords
import XCTest

/// Every scenario of every bundled layout, replayed and compared whole with its golden
/// transcript (Golden/LAYOUT/SCENARIO.txt: the article's lines; `#` lines are comments,
/// blank lines are ignored, as the articles use them to group lines).
final class GoldenTranscriptTests: XCTestCase {
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
  static let layouts = repository.appendingPathComponent("Layouts")
  static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

  static func layoutFiles() throws -> [URL] {
    try FileManager.default.contentsOfDirectory(at: layouts, includingPropertiesForKeys: nil)
      .filter { $0.pathExtension == "yaml" }.sorted { $0.lastPathComponent < $1.lastPathComponent }
  }

  static func expectedLines(_ url: URL) throws -> [String] {
    try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
      .map(String.init).filter { !$0.hasPrefix("#") && !$0.trimmingCharacters(in: .whitespaces).isEmpty }
  }

  /// A readable line-by-line diff.
  static func diff(expected: [String], actual: [String]) -> String {
    var out = ["--- expected (article)", "+++ actual (touchlab)"]
    for i in 0..<max(expected.count, actual.count) {
      let e = i < expected.count ? expected[i] : nil
      let a = i < actual.count ? actual[i] : nil
      if e == a {
        out.append("  \(e!)")
      } else {
        if let e { out.append("- \(e)") }
        if let a { out.append("+ \(a)") }
      }
    }
    return out.joined(separator: "\n")
  }

  func testEveryScenarioMatchesItsGoldenTranscript() throws {
    var compared = 0
    for file in try Self.layoutFiles() {
      let scene0 = try LayoutLoader.load(path: file.path)
      let base = file.deletingPathExtension().lastPathComponent
      for scenario in scene0.scenarios {
        // A fresh scene per scenario: scenarios do not share state.
        let scene = try LayoutLoader.load(path: file.path)
        ScenarioPlayer(scene: scene).play(scene.scenario(named: scenario.name)!)
        let actual = TranscriptFormatter().lines(scene.records.records)
        let goldenFile = Self.golden.appendingPathComponent(base).appendingPathComponent("\(scenario.name).txt")
        guard FileManager.default.fileExists(atPath: goldenFile.path) else {
          XCTFail("\(base) --scenario \(scenario.name) has no golden transcript at \(goldenFile.path)")
          continue
        }
        let expected = try Self.expectedLines(goldenFile)
        XCTAssertEqual(
          actual, expected,
          "\(base) --scenario \(scenario.name):\n\(Self.diff(expected: expected, actual: actual))")
        compared += 1
      }
    }
    XCTAssertGreaterThanOrEqual(compared, 30, "the bundled layouts should cover every seed experiment")
  }

  func testEveryGoldenTranscriptHasItsScenario() throws {
    let layouts = Set(try Self.layoutFiles().map { $0.deletingPathExtension().lastPathComponent })
    for folder in try FileManager.default.contentsOfDirectory(atPath: Self.golden.path) {
      XCTAssertTrue(layouts.contains(folder), "Golden/\(folder) has no layout Layouts/\(folder).yaml")
      guard layouts.contains(folder) else { continue }
      let scene = try LayoutLoader.load(path: Self.layouts.appendingPathComponent("\(folder).yaml").path)
      for name in try FileManager.default.contentsOfDirectory(atPath: Self.golden.appendingPathComponent(folder).path) {
        let scenario = String(name.dropLast(4))
        XCTAssertNotNil(scene.scenario(named: scenario), "Golden/\(folder)/\(name) names no scenario of the layout")
      }
    }
  }

  func testTimesPrefixShowsVirtualTime() throws {
    let scene = try LayoutLoader.load(path: Self.layouts.appendingPathComponent("seed000-gestures.yaml").path)
    ScenarioPlayer(scene: scene).play(scene.scenario(named: "tap")!)
    let lines = TranscriptFormatter(showsTimes: true).lines(scene.records.records)
    XCTAssertEqual(lines.first, "[0.000] -[ZZTapGestureRecognizer touchesBegan:withEvent:]")
    XCTAssertEqual(lines.last, "[0.050] -[YellowView touchesCancelled:withEvent:]")
  }

  func testReplayingTwiceGivesTheSameTranscript() throws {
    for file in try Self.layoutFiles() {
      let names = try LayoutLoader.load(path: file.path).scenarios.map(\.name)
      for name in names {
        var runs: [[String]] = []
        for _ in 0..<2 {
          let scene = try LayoutLoader.load(path: file.path)
          ScenarioPlayer(scene: scene).play(scene.scenario(named: name)!)
          runs.append(scene.records.records.map { TranscriptFormatter.json($0) })
        }
        XCTAssertEqual(runs[0], runs[1], "\(file.lastPathComponent) --scenario \(name) is not deterministic")
      }
    }
  }
}
