import Foundation
import TouchLabImport
import TouchLabLayout
import TouchLabTestSupport
import XCTest

/// Issue 43 through the `touchlab` binary: dumps, layouts and `--set`s that crashed the
/// commands, overwrote files that were not theirs or planted layout syntax. Each ends with
/// exit 0 or one clean error (the importer's warnings before it).
final class HostileImportTests: XCTestCase {
  private func folder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("hostile43-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    addTeardownBlock { try? FileManager.default.removeItem(at: url) }
    return url
  }

  private func put(_ text: String, _ name: String, in folder: URL) throws -> String {
    let url = folder.appendingPathComponent(name)
    try Data(text.utf8).write(to: url)
    return url.path
  }

  private func run(_ arguments: [String], in folder: URL) throws -> (status: Int32, out: String, err: String) {
    try TouchLabCommand.run(arguments, in: folder)
  }

  /// No crash: status 0 or 1, and every line of standard error a diagnostic or a summary.
  private func assertClean(
    _ result: (status: Int32, out: String, err: String), _ what: String, line: UInt = #line
  ) {
    XCTAssertTrue(
      result.status == 0 || result.status == 1, "\(what): status \(result.status)\n\(result.err)", line: line)
    XCTAssertFalse(result.err.contains("Fatal error"), "\(what): \(result.err)", line: line)
    XCTAssertFalse(result.err.contains("runtime failure"), "\(what): \(result.err)", line: line)
  }

  // MARK: Item 1: NaN and infinite numbers in a dump

  static let nanColours = """
    <UIWindow: 0x7f8a1c00; frame = (0 0; 390 844); layer = <CALayer: 0x6000>>
       | <UIView: 0x7f8a2000; frame = (0 0; 390 844); backgroundColor = UIExtendedGrayColorSpace nan 1; layer = <CALayer: 0x6001>>
       |    | <UIView: 0x7f8a3000; frame = (10 10; 100 100); backgroundColor = UIExtendedSRGBColorSpace inf 0 0 1; layer = <CALayer: 0x6002>>
       |    | <UIView: 0x7f8a4000; frame = (10 200; 100 100); backgroundColor = UIExtendedSRGBColorSpace 0 -inf nan 1; layer = <CALayer: 0x6003>>
       |    | <UIView: 0x7f8a5000; frame = (10 400; 100 100); backgroundColor = UIDeviceWhiteColorSpace -nan 1; alpha = nan; layer = <CALayer: 0x6004>>
       |    | <UIView: 0x7f8a6000; frame = (10 600; 100 100); backgroundColor = UIExtendedSRGBColorSpace 0.5 1e400 0.5 1; layer = <CALayer: 0x6005>>

    """

  /// `backgroundColor = UIExtendedGrayColorSpace nan 1` killed import, hit, replay, shot (and
  /// the window) with SIGILL, NaN → Int while writing the colour.
  func testNaNAndInfiniteColourComponentsAreWarningsInEveryCommand() throws {
    let folder = try folder()
    let dump = try put(Self.nanColours, "nan.txt", in: folder)
    let out = folder.appendingPathComponent("nan.yaml").path
    let imported = try run(["import", dump, "--out", out], in: folder)
    XCTAssertEqual(imported.status, 0, imported.err)
    XCTAssertTrue(
      imported.err.contains(
        "nan.txt:2:69: warning: backgroundColor = UIExtendedGrayColorSpace nan 1: a component is not a finite number; "
          + "no colour taken"), imported.err)
    XCTAssertEqual(imported.err.components(separatedBy: "a component is not a finite number").count - 1, 5)
    let layout = try String(contentsOfFile: out, encoding: .utf8)
    XCTAssertFalse(layout.contains("color:"), "no colour is made up:\n\(layout)")
    XCTAssertEqual(try run(["check", out], in: folder).status, 0)
    for arguments in [
      ["hit", dump, "--at", "50,50", "--at", "50,250"], ["replay", dump], ["list", dump],
      ["shot", dump, "--out", folder.appendingPathComponent("nan.png").path],
      ["shot", dump, "--out", folder.appendingPathComponent("nan.svg").path],
      ["diagram", dump, "--out", folder.appendingPathComponent("d.svg").path],
      ["record", dump, "--fps", "2", "--out", folder.appendingPathComponent("nan.gif").path],
    ] {
      let result = try run(arguments, in: folder)
      assertClean(result, arguments[0])
      XCTAssertEqual(result.status, 0, "\(arguments): \(result.err)")
    }
  }

  /// Every other number a dump gives goes through the same finite, in-range test.
  func testNonFiniteAndHugeNumbersInEveryFieldAreCleanErrors() throws {
    let folder = try folder()
    let fields = [
      "frame = (nan 0; 10 10)", "frame = (0 0; inf 10)", "frame = (1e300 0; 10 10)", "alpha = -inf",
      "transform = [nan, 0, 0, 1, 0, 0]", "transform = [1e-30, 0, 0, 1e-30, 0, 0]",
      "transform = [1e300, 0, 0, 1e300, 1e300, 0]", "contentOffset = {nan, 0}", "contentOffset = {1e300, 0}",
      "contentSize = {inf, 10}", "adjustedContentInset = {nan, 0, 0, 0}", "tag = 99999999999999999999999",
      "alpha = 1e-320",
    ]
    for (index, field) in fields.enumerated() {
      let dump = try put(
        "<UIWindow: 0x7f8a1c00; frame = (0 0; 390 844); layer = <CALayer: 0x6000>>\n"
          + "   | <UIScrollView: 0x7f8a2000; frame = (0 0; 390 844); \(field); layer = <CALayer: 0x6001>>\n",
        "f\(index).txt", in: folder)
      for arguments in [
        ["import", dump, "--out", folder.appendingPathComponent("f\(index).yaml").path],
        ["hit", dump, "--at", "50,50"],
        ["shot", dump, "--out", folder.appendingPathComponent("f\(index).png").path],
      ] {
        assertClean(try run(arguments, in: folder), "\(arguments[0]) with \(field)")
      }
    }
  }

  // MARK: Item 2: geometry scaled past what an Int holds

  private static func forwardingLayout(transform: String) -> String {
    """
    classes:
      Fwd:
        base: UIView
        hitTest: {forwardTo: segments}
    controller:
      view:
        color: white
        subviews:
          - {id: fwd, class: Fwd, frame: [0, 0, 390, 400]}
          - {id: segments, class: UISegmentedControl, frame: [20, 580, 350, 32], segments: [First, Second],
             selectedSegmentIndex: 0, transform: \(transform)}
    scenarios:
      tap:
        - tap: [100, 100]
      drag:
        - drag: [100, 100]
          by: [200, 200]
          duration: 0.2

    """
  }

  /// A view whose hitTest forwards to a segmented control scaled by 1e-30 put the touch 1e32
  /// points along it: the segment index trapped (Double → Int) in replay, shot and the window.
  func testASegmentedControlScaledByATinyTransformDoesNotTrap() throws {
    let folder = try folder()
    for (index, transform) in [
      "[1e-30, 0, 0, 1e-30, 0, 0]", "[-1e-30, 0, 0, 1e-30, 0, 0]", "[1e-300, 1e-300, 1e300, 1e-300, 1e300, -1e300]",
      "[1e30, 0, 0, 1e30, 0, 0]", "[0, 0, 0, 0, 0, 0]",
    ].enumerated() {
      let file = try put(Self.forwardingLayout(transform: transform), "seg\(index).yaml", in: folder)
      XCTAssertEqual(try run(["check", file], in: folder).status, 0)
      for scenario in ["tap", "drag"] {
        for arguments in [
          ["replay", file, "--scenario", scenario],
          ["shot", file, "--scenario", scenario, "--out", folder.appendingPathComponent("s.png").path],
          ["shot", file, "--scenario", scenario, "--at", "0.1", "--out", folder.appendingPathComponent("s.svg").path],
          ["diagram", file, "--scenario", scenario, "--out", folder.appendingPathComponent("s.svg").path],
        ] {
          let result = try run(arguments, in: folder)
          assertClean(result, "\(arguments[0]) \(transform)")
          XCTAssertEqual(result.status, 0, "\(arguments) \(transform): \(result.err)")
        }
      }
    }
    // The same control made tiny by `--set` after the load.
    let plain = try put(Self.forwardingLayout(transform: "[1, 0, 0, 1, 0, 0]"), "plain.yaml", in: folder)
    let set = try run(
      ["replay", plain, "--scenario", "tap", "--set", "segments.transform=[1e-30, 0, 0, 1e-30, 0, 0]"],
      in: folder)
    assertClean(set, "--set transform")
    XCTAssertEqual(set.status, 0, set.err)
  }

  /// Numbers given to `--set` are finite and in range, or one error line.
  func testNonFiniteSetValuesAreOneErrorLine() throws {
    let folder = try folder()
    let plain = try put(Self.forwardingLayout(transform: "[1, 0, 0, 1, 0, 0]"), "plain.yaml", in: folder)
    for set in [
      "segments.transform=[nan, 0, 0, 1, 0, 0]", "segments.frame=[0, 0, .inf, 10]", "segments.alpha=.nan",
      "fwd.frame=[1e300, 0, 10, 10]", "segments.selectedSegmentIndex=1e300",
      "segments.transform={scale: 1e300}",
    ] {
      let result = try run(["replay", plain, "--scenario", "tap", "--set", set], in: folder)
      XCTAssertEqual(result.status, 1, "\(set): \(result.err)")
      XCTAssertEqual(result.err.split(separator: "\n").count, 1, "\(set): \(result.err)")
      XCTAssertTrue(result.err.contains("error: "), result.err)
    }
  }

  // MARK: Item 3: every output through one writer

  /// Every command that writes a file, with the extension it writes.
  private func writingCommands(layout: String, dump: String) -> [(name: String, arguments: (String) -> [String])] {
    [
      ("import", { ["import", dump, "--out", $0] }),
      ("shot", { ["shot", layout, "--scenario", "tap", "--out", $0 + ".png"] }),
      ("shot-svg", { ["shot", layout, "--scenario", "tap", "--out", $0 + ".svg"] }),
      ("record", { ["record", layout, "--scenario", "tap", "--fps", "2", "--out", $0 + ".gif"] }),
      ("compare", { ["compare", layout, "--scenario", "tap", "--versus", "drag", "--out", $0 + ".png"] }),
      ("diagram", { ["diagram", layout, "--scenario", "tap", "--out", $0 + ".svg"] }),
    ]
  }

  /// `import --out` renamed a new 0644 file over a symlink, a FIFO, a device node and a 0600
  /// file. Each command that writes a file now writes a link's target, a FIFO (with a reader)
  /// in place, refuses a read-only file and keeps a 0600 file's mode.
  func testEveryCommandThatWritesAFileKeepsWhatIsNotARegularFileOfTheUsers() throws {
    let folder = try folder()
    let layout = try put(Self.forwardingLayout(transform: "[1, 0, 0, 1, 0, 0]"), "l.yaml", in: folder)
    let dump = try put(
      Self.dump("   | <UIView: 0x7f8a2000; frame = (0 0; 390 844); layer = <CALayer: 0x6001>>\n"), "d.txt", in: folder)
    for command in writingCommands(layout: layout, dump: dump) {
      // The extension the command wants, on every kind of destination.
      let suffix = String(command.arguments("X").last!.dropFirst(1))
      func destination(_ name: String) -> String { folder.appendingPathComponent("\(command.name)-\(name)").path }

      // A symlink: written through, still a link.
      let target = destination("target") + suffix
      let link = destination("link") + suffix
      XCTAssertEqual(symlink(target, link), 0)
      let linked = try run(command.arguments(destination("link")), in: folder)
      XCTAssertEqual(linked.status, 0, "\(command.name): \(linked.err)")
      var info = stat()
      XCTAssertEqual(lstat(link, &info), 0)
      XCTAssertEqual(info.st_mode & S_IFMT, S_IFLNK, "\(command.name): the link stays a link")
      XCTAssertGreaterThan((try? Data(contentsOf: URL(fileURLWithPath: target)))?.count ?? 0, 0, command.name)

      // A FIFO with a reader: written in place, still a FIFO.
      let fifo = destination("fifo") + suffix
      XCTAssertEqual(mkfifo(fifo, 0o600), 0)
      let reader = FIFOReader(fifo)
      let piped = try run(command.arguments(destination("fifo")), in: folder)
      let read = reader.finish()
      XCTAssertEqual(piped.status, 0, "\(command.name): \(piped.err)")
      XCTAssertEqual(lstat(fifo, &info), 0)
      XCTAssertEqual(info.st_mode & S_IFMT, S_IFIFO, "\(command.name): the FIFO stays a FIFO")
      XCTAssertGreaterThan(read.count, 0, command.name)

      // A read-only file: one clean error, the file unchanged.
      let readOnly = destination("read-only") + suffix
      try Data("old".utf8).write(to: URL(fileURLWithPath: readOnly))
      XCTAssertEqual(chmod(readOnly, 0o444), 0)
      let refused = try run(command.arguments(destination("read-only")), in: folder)
      XCTAssertEqual(refused.status, 1, "\(command.name): \(refused.err)")
      XCTAssertTrue(
        refused.err.hasSuffix("touchlab: error: cannot write '\(readOnly)': Permission denied\n"),
        "\(command.name): \(refused.err)")
      XCTAssertEqual(try String(contentsOfFile: readOnly, encoding: .utf8), "old", command.name)

      // A 0600 file: written, still 0600.
      let secret = destination("secret") + suffix
      try Data("old".utf8).write(to: URL(fileURLWithPath: secret))
      XCTAssertEqual(chmod(secret, 0o600), 0)
      let kept = try run(command.arguments(destination("secret")), in: folder)
      XCTAssertEqual(kept.status, 0, "\(command.name): \(kept.err)")
      XCTAssertEqual(stat(secret, &info), 0)
      XCTAssertEqual(info.st_mode & 0o7777, 0o600, "\(command.name): the mode stays")
      XCTAssertNotEqual(try Data(contentsOf: URL(fileURLWithPath: secret)), Data("old".utf8), command.name)

      // A device: written in place, never replaced.
      let null = try run(
        command.arguments("/dev/null").map { $0.hasPrefix("/dev/null") ? "/dev/null" : $0 }, in: folder)
      XCTAssertTrue(null.status == 0, "\(command.name): \(null.err)")
      XCTAssertEqual(stat("/dev/null", &info), 0)
      XCTAssertEqual(info.st_mode & S_IFMT, S_IFCHR)
    }
  }

  // MARK: Item 7: text from a dump is data, never layout syntax

  /// `baseClass`'s raw value went into a `#` comment of the layout; a U+2028 (or a new line
  /// inside brackets) ended the comment, and the lines after it became keys: `hitTest: none`
  /// planted on the class, and `hit` named the wrong view without a warning.
  func testABaseClassCannotPlantLayoutKeys() throws {
    let folder = try folder()
    let window = "<UIWindow: 0x7f8a1c00; frame = (0 0; 390 844); layer = <CALayer: 0x6000>>\n"
    for (index, separator) in ["\u{2028}", "\u{2029}", "\u{85}"].enumerated() {
      let planted = "UIView\(separator)    hitTest: none\(separator)    super: false"
      let dump = try put(
        window + "   | <UIView: 0x7f8a2000; frame = (0 0; 390 844); layer = <CALayer: 0x6001>>\n"
          + "   |    | <PlantedView: 0x7f8a3000; baseClass = \(planted); frame = (0 0; 200 200); "
          + "layer = <CALayer: 0x6002>>\n", "planted\(index).txt", in: folder)
      let out = folder.appendingPathComponent("planted\(index).yaml").path
      let imported = try run(["import", dump, "--out", out], in: folder)
      XCTAssertEqual(imported.status, 0, imported.err)
      let layout = try String(contentsOfFile: out, encoding: .utf8)
      // Every line break the YAML reader knows is an escape in the file.
      XCTAssertFalse(
        layout.unicodeScalars.contains { [0x2028, 0x2029, 0x85, 0x0D].contains($0.value) }, layout.debugDescription)
      XCTAssertEqual(try run(["check", out], in: folder).status, 0)
      // The planted view is hit-tested as what it is: a plain view that answers for itself.
      let hit = try run(["hit", dump, "--at", "50,50"], in: folder)
      XCTAssertEqual(hit.status, 0, hit.err)
      XCTAssertTrue(
        hit.out.hasPrefix("at (50, 50): PlantedView 0x7f8a3000"), "\(separator.debugDescription): \(hit.out)")
    }
  }

  // MARK: Item 8: what import writes, loads

  /// The dump's views, with a window.
  private static func dump(_ views: String) -> String {
    "<UIWindow: 0x7f8a1c00; frame = (0 0; 390 844); layer = <CALayer: 0x6000>>\n" + views
  }

  /// Each case made `import` exit 0 with a layout `check` refused (and `hit`, `replay` then
  /// called it a bug in import): now an error at the dump's line, exit 1, no file written.
  func testAnImportThatSucceedsWritesALayoutThatLoads() throws {
    let folder = try folder()
    let longName = "A" + String(repeating: ".1", count: 99)  // 199 characters, 298 when made legal
    var recognizerLists: [String] = []
    for (list, view) in ["0x7f8a2000", "0x7f8a3000"].enumerated() {
      let entries = (0..<200).map { index in
        "<UITapGestureRecognizer: 0x\(String(0x70_0000 + list * 1000 + index, radix: 16)); state = Possible; "
          + "view = <UIView: \(view)>; target= <(action=tap:, target=<X 0x1>)>>"
      }
      recognizerLists.append(
        try put(
          "<__NSArrayM 0x600\(list)>(\n" + entries.joined(separator: ",\n") + "\n)\n", "list\(list).txt", in: folder))
    }
    let recognizer =
      "<UITapGestureRecognizer: 0x700001; state = Possible; view = <UIView: 0x7f8a2000>; "
      + "target= <(action=tap:, target=<X 0x1>)>>"
    let twice = try put(
      "<__NSArrayM 0x6000aa>(\n" + recognizer + "\n)\n", "twice-list.txt", in: folder)
    let cases: [(name: String, dump: String, extra: [String], line: Int?, says: String)] = [
      (
        "twice",
        Self.dump(
          "   | <UIView: 0x7f8a2000; frame = (0 0; 390 844); gestureRecognizers = <NSArray: 0x6000aa>; "
            + "layer = <CALayer: 0x6001>>\n   |    | <UIView: 0x7f8a2000; frame = (0 0; 30 44); "
            + "layer = <CALayer: 0x6002>>\n"), [twice], 2, "duplicate id"
      ),
      (
        "long", Self.dump("   | <\(longName): 0x7f8a2000; frame = (0 0; 390 844); layer = <CALayer: 0x6001>>\n"), [], 2,
        "a class name of 298 characters; at most 200"
      ),
      (
        "inset",
        Self.dump(
          "   | <UIScrollView: 0x7f8a2000; frame = (0 0; 390 844); contentOffset: {0, 0}; contentSize: {390, 1000}; "
            + "adjustedContentInset: {10000000, 0, 0, 0}; layer = <CALayer: 0x6001>>\n"), [], 2,
        "contentInset values must be within ±100,000"
      ),
      (
        "recognizers",
        Self.dump(
          "   | <UIView: 0x7f8a2000; frame = (0 0; 390 844); gestureRecognizers = <NSArray: 0x6000aa>; "
            + "layer = <CALayer: 0x6001>>\n   |    | <UIView: 0x7f8a3000; frame = (0 0; 30 44); "
            + "gestureRecognizers = <NSArray: 0x6000bb>; layer = <CALayer: 0x6002>>\n"), recognizerLists, 2,
        "more than 256 gesture recognizers"
      ),
    ]
    for item in cases {
      let dump = try put(item.dump, "\(item.name).txt", in: folder)
      let out = folder.appendingPathComponent("\(item.name).yaml").path
      let imported = try run(["import", dump] + item.extra + ["--out", out], in: folder)
      XCTAssertEqual(imported.status, 1, "\(item.name): \(imported.err)")
      let last = imported.err.split(separator: "\n").last.map(String.init) ?? ""
      XCTAssertTrue(
        last.hasPrefix("\(dump):\(item.line.map(String.init) ?? "")")
          && last.contains(":1: error: this dump makes a layout TouchLab refuses"),
        "\(item.name): \(last)")
      XCTAssertTrue(last.contains(item.says), "\(item.name): \(last)")
      XCTAssertFalse(FileManager.default.fileExists(atPath: out), item.name)
      for command in [["hit", dump] + item.extra + ["--at", "10,10"], ["replay", dump]]
      where item.extra.isEmpty || command[0] == "hit" {
        let refused = try run(command, in: folder)
        XCTAssertEqual(refused.status, 1, "\(item.name) \(command[0]): \(refused.err)")
        XCTAssertFalse(refused.err.contains("bug in import"), refused.err)
      }
    }
  }

  // MARK: Item 9: what a dump or a log holds reaches no file or terminal raw

  /// `shot … .svg` of a label holding U+FFFE or U+FFFF wrote XML that was not well-formed.
  func testAnSVGOfAnyLabelTextIsWellFormedXML() throws {
    let folder = try folder()
    let layout = try put(
      """
      controller:
        view:
          color: white
          subviews:
            - {id: label, class: UILabel, frame: [10, 10, 300, 40], text: "a\\uFFFEb\\uFFFFc\\x01d\\x1B[2Je<&>\\"'"}
            - {id: button, class: UIButton, frame: [10, 60, 300, 40], title: "\\uFFFF\\x7F\\x85"}

      """, "labels.yaml", in: folder)
    let dump = try put(
      Self.dump(
        "   | <UILabel: 0x7f8a2000; frame = (0 0; 390 44); text = 'x\u{FFFE}y\u{FFFF}z'; layer = <CALayer: 0x6001>>\n"),
      "labels.txt", in: folder)
    for (index, input) in [layout, dump].enumerated() {
      let svg = folder.appendingPathComponent("labels\(index).svg").path
      let shot = try run(["shot", input, "--out", svg], in: folder)
      XCTAssertEqual(shot.status, 0, shot.err)
      let parser = Process()
      parser.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
      parser.arguments = ["-c", "import sys, xml.etree.ElementTree as E; E.parse(sys.argv[1])", svg]
      let errors = Pipe()
      parser.standardError = errors
      try parser.run()
      let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      parser.waitUntilExit()
      XCTAssertEqual(parser.terminationStatus, 0, "\(input): \(message)")
      let text = try String(contentsOfFile: svg, encoding: .utf8)
      XCTAssertTrue(text.contains("\u{FFFD}"), "the characters XML refuses are U+FFFD")
    }
  }

  /// `diff` printed a device log's escape sequences raw: a log could retitle and clear the terminal.
  func testDiffWritesOutTheControlCharactersOfALog() throws {
    let scene = try LayoutLoader.load(path: DeviceLogDiffTests.layout)
    let scenario = scene.scenario(named: "tap-red")!
    let model = DeviceLogDiff(scene: scene, scenario: scenario, log: "", tolerance: 0.05).model
    var lines = ["2024-05-01 10:00:00.000 Demo[812:33101] app launched"]
    for (index, line) in model.enumerated() {
      let text = index == 0 ? line.text + "\u{1B}]0;owned\u{07}\u{1B}[2J" : line.text
      lines.append(String(format: "2024-05-01 10:00:%06.3f Demo[812:33101] %@", 1 + line.time, text))
    }
    let diff = DeviceLogDiff(scene: scene, scenario: scenario, log: lines.joined(separator: "\n"), tolerance: 0.05)
    let divergence = try XCTUnwrap(diff.firstDivergence)
    XCTAssertFalse(divergence.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
    XCTAssertTrue(divergence.contains("\\u{1B}]0;owned\\u{7}\\u{1B}[2J"), divergence)
    // And through the command, with the log's own name holding an escape.
    let folder = try folder()
    let log = try put(lines.joined(separator: "\n") + "\n", "log\u{1B}[2J.txt", in: folder)
    let result = try run(["diff", DeviceLogDiffTests.layout, "--log", log, "--scenario", "tap-red"], in: folder)
    XCTAssertEqual(result.status, 1, result.err)
    XCTAssertFalse(result.out.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 }, result.out)
    XCTAssertTrue(result.out.contains("\\u{1B}]0;owned"), result.out)
  }
}

/// Reads a FIFO on its own thread while a command writes it: opened read-write (so it has a
/// reader from the start and never sees an end of file), drained until `finish()`.
private final class FIFOReader: @unchecked Sendable {
  private let descriptor: Int32
  private let lock = NSLock()
  private var bytes = Data()
  private var done = false
  private let finished = DispatchSemaphore(value: 0)

  init(_ path: String) {
    descriptor = open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC)
    Thread.detachNewThread { [self] in
      var buffer = [UInt8](repeating: 0, count: 65_536)
      while true {
        let count = read(descriptor, &buffer, buffer.count)
        if count > 0 {
          lock.withLock { bytes.append(buffer, count: count) }
          continue
        }
        if lock.withLock({ done }) { break }
        var wait = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        _ = poll(&wait, 1, 50)
      }
      finished.signal()
    }
  }

  /// Everything written, once the writer has exited.
  func finish() -> Data {
    lock.withLock { done = true }
    finished.wait()
    close(descriptor)
    return lock.withLock { bytes }
  }
}
