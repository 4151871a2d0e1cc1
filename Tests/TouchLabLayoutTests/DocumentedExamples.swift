import Foundation
import XCTest

/// The first YAML example after `heading` in docs/layouts.md: what a reader copies, so tests
/// run it as written.
func documentedExample(after heading: String, file: StaticString = #filePath, line: UInt = #line) throws -> String {
  let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("docs/layouts.md")
  let text = try String(contentsOf: docs, encoding: .utf8)
  let section = try XCTUnwrap(text.range(of: heading), "no \(heading) in docs/layouts.md", file: file, line: line)
  let start = try XCTUnwrap(
    text.range(of: "```yaml\n", range: section.upperBound..<text.endIndex), file: file, line: line)
  let end = try XCTUnwrap(text.range(of: "```", range: start.upperBound..<text.endIndex), file: file, line: line)
  return String(text[start.upperBound..<end.lowerBound])
}
