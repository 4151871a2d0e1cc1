import Foundation
import TouchLabLayout
import XCTest

/// README's "Bundled layouts" table names every file of Layouts/, and only those; the
/// scenarios a row names in backticks are the file's (issue 48 §6: tab-bar.yaml and
/// text-view.yaml were missing).
final class ReadmeLayoutTableTests: XCTestCase {
  func testEveryBundledLayoutIsInTheReadmeTable() throws {
    let readme = try String(
      contentsOf: GoldenTranscriptTests.repository.appendingPathComponent("README.md"), encoding: .utf8)
    let section = try XCTUnwrap(
      readme.components(separatedBy: "\n## Bundled layouts\n").dropFirst().first?.components(separatedBy: "\n## ")
        .first, "README has a section '## Bundled layouts'")
    var rows: [String: String] = [:]
    for line in section.split(separator: "\n") where line.hasPrefix("| `") {
      let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
      let name = cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
      XCTAssertNil(rows[name], "\(name) has two rows")
      rows[name] = cells.count > 2 ? cells[2] : ""
    }
    let files = try GoldenTranscriptTests.layoutFiles()
    XCTAssertEqual(Set(rows.keys), Set(files.map(\.lastPathComponent)), "README's table against Layouts/")
    for file in files {
      guard let scenarios = rows[file.lastPathComponent] else { continue }
      let scene = try LayoutLoader.load(path: file.path)
      let names = Set(scene.scenarios.map(\.name))
      for named in scenarios.components(separatedBy: "`").enumerated().filter({ $0.offset % 2 == 1 }).map(\.element) {
        XCTAssertTrue(names.contains(named), "\(file.lastPathComponent): README names no scenario '\(named)'")
      }
    }
  }
}
