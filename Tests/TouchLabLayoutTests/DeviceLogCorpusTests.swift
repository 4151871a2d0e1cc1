import Foundation
import TouchLabEngine
import TouchLabImport
import TouchLabLayout
import XCTest

/// The device-log corpus (issue 44): console logs people pasted from real devices, each set
/// against a layout that reproduces the author's setup (docs/BEHAVIOUR.md "Device logs first").
///
/// `DeviceLogs/SLUG.log` is the log exactly as printed. Beside it either `SLUG.yaml`, a layout
/// with one scenario whose replay must match the log line for line (`touchlab diff`'s
/// `DeviceLogDiff`), whose first comment lines name `# source: URL`, `# ios: VERSION (stated|
/// inferred from …)` and `# setup: …`, and `# ignores: N (why)` when N of the log's lines are
/// not the scene's to print; or `SLUG.pending.md`, an entry TouchLab cannot express yet, with
/// its `source:` and why.
final class DeviceLogCorpusTests: XCTestCase {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("DeviceLogs")

  struct Header {
    var fields: [String: String] = [:]
    /// The declared number of ignored lines (0 when the header says nothing).
    var ignores = 0
  }

  /// The leading `# key: value` comment lines of a layout.
  static func header(of text: String) -> Header {
    var header = Header()
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      guard line.hasPrefix("#") else { break }
      let body = line.dropFirst().trimmingCharacters(in: .whitespaces)
      guard let colon = body.firstIndex(of: ":") else { continue }
      let key = body[..<colon].trimmingCharacters(in: .whitespaces)
      let value = body[body.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      guard !key.contains(" "), header.fields[key] == nil else { continue }
      header.fields[key] = value
      if key == "ignores" {
        header.ignores = Int(value.prefix { $0.isNumber }) ?? -1
      }
    }
    return header
  }

  /// The site and author a `# source:` names, so that one author's several articles count as
  /// one source: `github.com/OWNER` for a repository's file, `blog.csdn.net/USER` (and
  /// cnblogs') for a blog, otherwise the page itself (one article, one source).
  static func sourceKey(_ source: String) -> String {
    let url = source.split(separator: " ").first.map(String.init) ?? source
    var rest = Substring(url)
    for scheme in ["https://", "http://"] where rest.hasPrefix(scheme) { rest = rest.dropFirst(scheme.count) }
    if rest.hasPrefix("www.") { rest = rest.dropFirst(4) }
    let parts = rest.split(separator: "/", omittingEmptySubsequences: true)
    guard let host = parts.first else { return url }
    if ["github.com", "blog.csdn.net", "cnblogs.com"].contains(host), parts.count > 1 {
      return "\(host)/\(parts[1])".lowercased()
    }
    return parts.joined(separator: "/").lowercased()
  }

  static func slugs(withExtension ext: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix("." + ext) }
      .map { String($0.dropLast(ext.count + 1)) }.sorted()
  }

  static func nonEmptyLines(_ text: String) -> Int {
    text.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }.count
  }

  /// Every layout's replay matches its log, with no line ignored that the header does not declare.
  func testEveryLogMatchesItsLayoutLineForLine() throws {
    let layouts = try Self.slugs(withExtension: "yaml")
    XCTAssertFalse(layouts.isEmpty, "the corpus has no entries")
    var sources: Set<String> = []
    for slug in layouts {
      let yamlURL = Self.folder.appendingPathComponent(slug + ".yaml")
      let logURL = Self.folder.appendingPathComponent(slug + ".log")
      let yaml = try String(contentsOf: yamlURL, encoding: .utf8)
      let header = Self.header(of: yaml)
      for key in ["source", "ios", "setup"] {
        XCTAssertFalse((header.fields[key] ?? "").isEmpty, "\(slug).yaml: its header lacks `# \(key): …`")
      }
      let source = header.fields["source"] ?? ""
      XCTAssertTrue(source.hasPrefix("http"), "\(slug).yaml: `# source:` is not a URL: \(source)")
      sources.insert(Self.sourceKey(source))
      let ios = header.fields["ios"] ?? ""
      XCTAssertTrue(
        ios.contains("(stated") || ios.contains("(inferred"),
        "\(slug).yaml: `# ios:` says neither (stated…) nor (inferred from …): \(ios)")
      guard FileManager.default.fileExists(atPath: logURL.path) else {
        XCTFail("\(slug).yaml has no \(slug).log")
        continue
      }
      let log = try String(contentsOf: logURL, encoding: .utf8)
      let scene = try LayoutLoader.load(path: yamlURL.path)
      XCTAssertEqual(scene.scenarios.count, 1, "\(slug).yaml: a corpus layout has exactly one scenario")
      guard let scenario = scene.scenarios.first else { continue }
      let diff = DeviceLogDiff(scene: scene, scenario: scenario, log: log)
      XCTAssertNil(diff.firstDivergence.map { "\(slug): \($0)" })
      XCTAssertFalse(diff.device.isEmpty, "\(slug): no line of the log is the scene's")
      XCTAssertEqual(
        diff.ignoredCount, header.ignores,
        "\(slug): \(diff.ignoredCount) log lines ignored, the header declares \(header.ignores): "
          + diff.ignored.map { "line \($0.line) '\($0.text)'" }.joined(separator: "; "))
      if header.ignores > 0 {
        XCTAssertTrue(
          (header.fields["ignores"] ?? "").contains("("), "\(slug).yaml: `# ignores: N (why)` gives no why")
      }
      XCTAssertEqual(
        diff.device.count + diff.ignoredCount, Self.nonEmptyLines(log),
        "\(slug): every non-empty log line is either compared or ignored")
    }
    print(
      "device-log corpus: \(layouts.count) replayed entries from \(sources.count) sources: "
        + sources.sorted().joined(separator: ", "))
    // Issue 44's corpus: 63 replayed logs from 16 sources, counted by site and author
    // (docs/BEHAVIOUR.md §28.1); fewer means one was lost.
    XCTAssertGreaterThanOrEqual(layouts.count, 63)
    XCTAssertGreaterThanOrEqual(sources.count, 16)
  }

  /// Entries TouchLab cannot express yet: listed and counted, each with its source and why.
  func testPendingEntriesNameTheirSourceAndWhy() throws {
    let pending = try Self.slugs(withExtension: "pending.md")
    for slug in pending {
      let text = try String(contentsOf: Self.folder.appendingPathComponent(slug + ".pending.md"), encoding: .utf8)
      XCTAssertTrue(text.contains("source: http"), "\(slug).pending.md: no `source: URL` line")
      XCTAssertTrue(text.lowercased().contains("why:"), "\(slug).pending.md: no `why:` line")
      let log = Self.folder.appendingPathComponent(slug + ".log")
      XCTAssertTrue(FileManager.default.fileExists(atPath: log.path), "\(slug).pending.md has no \(slug).log")
      XCTAssertGreaterThan(Self.nonEmptyLines((try? String(contentsOf: log, encoding: .utf8)) ?? ""), 0)
      XCTAssertFalse(
        FileManager.default.fileExists(atPath: Self.folder.appendingPathComponent(slug + ".yaml").path),
        "\(slug) is both pending and replayed")
    }
    print("device-log corpus: \(pending.count) pending: \(pending.joined(separator: ", "))")
  }

  /// Every log belongs to a layout or a pending note; nothing else lies in the folder.
  func testEveryLogHasItsLayoutOrPendingNote() throws {
    let layouts = Set(try Self.slugs(withExtension: "yaml"))
    let pending = Set(try Self.slugs(withExtension: "pending.md"))
    for slug in try Self.slugs(withExtension: "log") {
      XCTAssertTrue(layouts.contains(slug) || pending.contains(slug), "\(slug).log has no .yaml nor .pending.md")
    }
    for name in try FileManager.default.contentsOfDirectory(atPath: Self.folder.path) {
      XCTAssertTrue(
        name.hasSuffix(".yaml") || name.hasSuffix(".log") || name.hasSuffix(".pending.md"),
        "DeviceLogs/\(name) is not part of the corpus")
    }
  }

  /// The harness fails on an ignored line the header does not declare (the check above is real).
  func testAnUndeclaredIgnoredLineIsCounted() throws {
    let layout = """
      # source: https://example.invalid/test
      # ios: 17 (stated)
      # setup: a logging view
      classes:
        LogView: {base: UIView, log: [touchesBegan, touchesEnded]}
      controller:
        view:
          subviews:
            - {id: pad, class: LogView, frame: [0, 0, 200, 200]}
      scenarios:
        tap:
          - tap: pad
      """
    let scene = try LayoutLoader.load(yaml: layout, file: "corpus-check.yaml")
    let log = """
      2024-01-02 03:04:05.678 App[1:2] -[LogView touchesBegan:withEvent:]
      2024-01-02 03:04:05.700 App[1:2] something the model never prints
      2024-01-02 03:04:05.778 App[1:2] -[LogView touchesEnded:withEvent:]
      """
    let diff = DeviceLogDiff(scene: scene, scenario: scene.scenarios[0], log: log)
    XCTAssertNil(diff.firstDivergence)
    XCTAssertEqual(diff.ignored.map(\.line), [2])
    XCTAssertEqual(Self.header(of: layout).ignores, 0)
    XCTAssertEqual(Self.header(of: "# ignores: 3 (a print of the app)\nx: 1").ignores, 3)
  }

  /// Sources are counted by site and author, not by file: two articles of one author are one.
  func testSourcesAreCountedBySiteAndAuthor() {
    XCTAssertEqual(
      Self.sourceKey("https://github.com/zhaoName/Notes/blob/HEAD/iOS/TouchesEvents-02.md"),
      Self.sourceKey("https://github.com/zhaoName/Notes/blob/HEAD/iOS/TouchesEvents-03.md"))
    XCTAssertEqual(
      Self.sourceKey("https://github.com/tsc000/Exploration/blob/HEAD/ResponderChain/README.md"), "github.com/tsc000")
    XCTAssertEqual(Self.sourceKey("https://blog.csdn.net/wf96390/article/details/51045165"), "blog.csdn.net/wf96390")
    XCTAssertEqual(
      Self.sourceKey("https://www.jianshu.com/p/c294d1bd963d (Lotheve, \"iOS触摸事件全家桶\")"), "jianshu.com/p/c294d1bd963d")
    XCTAssertNotEqual(
      Self.sourceKey("https://juejin.cn/post/7020976046191149070"),
      Self.sourceKey("https://juejin.cn/post/6990038261003452423"))
  }
}
