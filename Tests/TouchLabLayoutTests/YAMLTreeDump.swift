import Foundation

@testable import TouchLabLayout

extension YAMLDocument {
  /// The tree under `index`, one line a node with its place, kind, style and text: what the
  /// YAML tests compare between two ways of reading a file.
  func dump(_ index: Int, depth: Int = 0, into lines: inout [String]) {
    let node = self[index]
    let place = "\(node.line):\(node.column)"
    let indent = String(repeating: " ", count: depth)
    switch node.kind {
    case .scalar:
      lines.append("\(indent)\(place) \(node.isPlain ? "plain" : "styled") \(text(of: index)!.debugDescription)")
    case .mapping, .sequence:
      lines.append("\(indent)\(place) \(node.kind)")
      for child in children(of: index) { dump(child, depth: depth + 1, into: &lines) }
    }
  }

  /// The whole tree of a parse's result, or no lines for an empty file.
  static func dump(_ parsed: (document: YAMLDocument, root: Int)?) -> [String] {
    var lines: [String] = []
    if let parsed { parsed.document.dump(parsed.root, into: &lines) }
    return lines
  }
}

/// Every layout of the repository's `Layouts/`: its file name and text.
func bundledLayoutTexts() throws -> [(file: String, text: String)] {
  let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Layouts")
  let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".yaml") }
  return try files.sorted().map { ($0, try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8)) }
}
