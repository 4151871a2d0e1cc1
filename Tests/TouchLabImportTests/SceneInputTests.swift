import Foundation
import TouchLabEngine
import TouchLabImport
import TouchLabLayout
import TouchLabTestSupport
import XCTest

/// Every command's input read once (issue 43.4/43.9, 45.5, 48.4): pipes, `-` for standard
/// input, several dump files, dumps imported in memory with no file written anywhere.
final class SceneInputTests: XCTestCase {
  static let repository = FixtureHitTests.dumps.deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
  static let layout = "Layouts/table-cell-conflict.yaml"

  var folder: URL!

  override func setUpWithError() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "scene-input-tests-\(getpid())-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    // The cocoadelica dump with a recognizer list and a controller hierarchy for its views.
    try FileChangeFixtures.write(FixtureHitTests.text("cocoadelica-ios7-lldb.txt"), to: folder, "views.txt")
    try FileChangeFixtures.write(AttachmentTests.list, to: folder, "recognizers.txt")
    try FileChangeFixtures.write(AttachmentTests.controllers, to: folder, "controllers.txt")
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: folder)
  }

  func run(_ arguments: [String], input: Data? = nil, through wrapper: [String] = []) throws -> (
    status: Int32, out: String, err: String
  ) {
    try TouchLabCommand.run(arguments, in: Self.repository, through: wrapper, input: input)
  }

  func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

  func testALayoutOnStandardInputAndThroughAPipeReplaysAsTheFileDoes() throws {
    let direct = try run(["replay", Self.layout, "--scenario", "short-press"])
    XCTAssertEqual(direct.status, 0, direct.err)
    let bytes = try Data(contentsOf: Self.repository.appendingPathComponent(Self.layout))
    let piped = try run(["replay", "-", "--scenario", "short-press"], input: bytes)
    XCTAssertEqual(piped.status, 0, piped.err)
    XCTAssertEqual(piped.out, direct.out)
    // `replay <(cat layout.yaml)`: a pipe, read once.
    let substituted = try run(
      ["replay", "--scenario", "short-press"],
      through: ["/bin/bash", "-c", #"exec "$1" "$2" <(cat "$0") "$3" "$4""#, Self.layout])
    XCTAssertEqual(substituted.status, 0, substituted.err)
    XCTAssertEqual(substituted.out, direct.out)
  }

  /// `record` builds a fresh scene for each frame: its layout and its `--set-file`, both
  /// through pipes, are read once.
  func testRecordReadsItsLayoutAndSetFileOnceThroughPipes() throws {
    let setFile = path("set.yaml")
    try "backTapFiltered.isEnabled: true\n".write(toFile: setFile, atomically: true, encoding: .utf8)
    let gif = path("out.gif")
    let result = try run(
      ["record", "--scenario", "short-press", "--fps", "5", "--out", gif],
      through: [
        "/bin/bash", "-c", #"exec "$2" "$3" <(cat "$0") "$4" "$5" "$6" "$7" "$8" "$9" --set-file <(cat "$1")"#,
        Self.layout, setFile,
      ])
    XCTAssertEqual(result.status, 0, result.err)
    XCTAssertGreaterThan(try Data(contentsOf: URL(fileURLWithPath: gif)).count, 1000)
  }

  func testALayoutMistakeOnStandardInputNamesStdin() throws {
    let result = try run(["check", "-"], input: Data("controller:\n  nonsense: 1\n".utf8))
    XCTAssertEqual(result.status, 1)
    XCTAssertTrue(result.err.hasPrefix("<stdin>:2:3: error: "), result.err)
    let empty = try run(["replay", "-"], input: Data())
    XCTAssertEqual(empty.err, "<stdin>:1:1: error: the file is empty; a layout needs at least a controller\n")
    let ok = try run(["check", "-"], input: try Data(contentsOf: Self.repository.appendingPathComponent(Self.layout)))
    XCTAssertEqual(ok.status, 0, ok.err)
    XCTAssertTrue(ok.out.hasPrefix("<stdin>: ok ("), ok.out)
  }

  func testStandardInputNamedTwiceIsOneClearError() throws {
    let bytes = Data("controller:\n  view: {}\n".utf8)
    for arguments in [["hit", "-", "-", "--at", "1,1"], ["replay", "-", "-"], ["check", "-", "-"]] {
      let result = try run(arguments, input: bytes)
      XCTAssertEqual(result.status, 1, "\(arguments)")
      XCTAssertTrue(result.err.contains("standard input ('-') is named more than once"), result.err)
      XCTAssertEqual(result.err.split(separator: "\n").count, 1, result.err)
    }
    // diff's log and its scene both on standard input.
    let layout = try Data(contentsOf: Self.repository.appendingPathComponent(Self.layout))
    let diff = try run(["diff", "-", "--scenario", "short-press", "--log", "-"], input: layout)
    XCTAssertEqual(diff.status, 2, "diff: an input it cannot read")
    XCTAssertTrue(diff.err.contains("standard input ('-') is named more than once"), diff.err)
  }

  func testADumpOnStandardInputWithItsRecognizerListHitsAsTheFiles() throws {
    let arguments = ["--at", "160,200", "--json"]
    let files = try run(["hit", path("views.txt"), path("recognizers.txt")] + arguments)
    XCTAssertEqual(files.status, 0, files.err)
    XCTAssertTrue(files.out.contains("0x7a1b0010"), files.out)
    let piped = try run(
      ["hit", "-", path("recognizers.txt")] + arguments,
      input: try Data(contentsOf: URL(fileURLWithPath: path("views.txt"))))
    XCTAssertEqual(piped.status, 0, piped.err)
    // The same answer; only the file's name in the ids and lines differs.
    XCTAssertEqual(piped.out, files.out)
  }

  func testImportWritesToStandardOutput() throws {
    let out = path("imported.yaml")
    let toFile = try run(["import", path("views.txt"), path("recognizers.txt"), "--out", out])
    XCTAssertEqual(toFile.status, 0, toFile.err)
    let toStandardOutput = try run(["import", path("views.txt"), path("recognizers.txt"), "--out", "-"])
    XCTAssertEqual(toStandardOutput.status, 0, toStandardOutput.err)
    XCTAssertEqual(toStandardOutput.out, try String(contentsOfFile: out, encoding: .utf8))
    XCTAssertTrue(toStandardOutput.err.hasSuffix("imported 10 views, 3 recognizers, 0 view controllers\n"))
    // Piped on: `import … --out - | touchlab check -`.
    let checked = try run(["check", "-"], input: Data(toStandardOutput.out.utf8))
    XCTAssertEqual(checked.status, 0, checked.err)
  }

  /// Every command that takes a dump takes the files `import` takes, and imports them in
  /// memory: with TMPDIR an empty folder, nothing appears in it.
  func testEveryDumpTakingCommandTakesSeveralFilesAndWritesNoTemporaryFile() throws {
    let temporary = folder.appendingPathComponent("tmp")
    try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
    let dumps = [path("views.txt"), path("recognizers.txt"), path("controllers.txt")]
    let environment = ["/usr/bin/env", "TMPDIR=\(temporary.path)"]
    let picture = path("out.png")
    let commands: [[String]] = [
      ["replay"] + dumps,
      ["shot"] + dumps + ["--out", picture],
      ["hit"] + dumps + ["--at", "160,200"],
      ["check"] + dumps,
    ]
    for command in commands {
      let result = try run(command, through: environment)
      XCTAssertEqual(result.status, 0, "\(command): \(result.err)")
      XCTAssertTrue(
        result.err.contains("warning: recognizer kinds TouchLab does not model")
          || command[0] == "check" || command[0] == "hit", "\(command): \(result.err)")
    }
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: temporary.path), [])
    // check: several dumps are one import; layouts beside each other are each checked.
    let checked = try run(["check"] + dumps)
    XCTAssertTrue(checked.out.hasPrefix(dumps.joined(separator: " ") + ": ok ("), checked.out)
    let layouts = try run(["check", Self.layout, "Layouts/edge-pan.yaml"])
    XCTAssertEqual(layouts.status, 0, layouts.err)
    XCTAssertEqual(layouts.out.split(separator: "\n").count, 2, layouts.out)
    // The recognizers came with the dump: hit names the double tap on the notes view.
    let hit = try run(["hit"] + dumps + ["--at", "160,200", "--json"])
    XCTAssertTrue(hit.out.contains("\"address\": \"0x7a1b0010\""), hit.out)
    // 45.1: the controller keeps its printed address and its line in _printHierarchy.
    XCTAssertTrue(
      hit.out.contains(
        #"{"class": "NotesViewController", "id": "notesViewController", "address": "0x7a000100", "line": 1}"#),
      hit.out)
  }

  func testSceneInputReadsEachFileOnceAndTellsLayoutFromDump() throws {
    let layout = try SceneInput(paths: [Self.repository.appendingPathComponent(Self.layout).path])
    XCTAssertFalse(layout.isImported)
    XCTAssertEqual(layout.files.map(\.kind), [.layout])
    let a = try layout.scene()
    let b = try layout.scene()
    XCTAssertFalse(a === b)
    let dumps = try SceneInput(paths: [path("views.txt"), path("recognizers.txt"), path("controllers.txt")])
    XCTAssertTrue(dumps.isImported)
    XCTAssertEqual(dumps.files.map(\.kind), [.views, .recognizers, .controllers])
    XCTAssertEqual(dumps.layoutName, path("views.txt") + " (imported)")
    XCTAssertEqual(try dumps.scene().file, path("views.txt") + " (imported)")
    // A layout among dumps is refused by the importer, naming it.
    XCTAssertThrowsError(
      try SceneInput(paths: [path("views.txt"), Self.repository.appendingPathComponent(Self.layout).path]))
  }

  /// Issue 45: a dump is loaded once — the import's check of the layout it wrote is the
  /// command's first scene — and every later scene is a fresh load of the same text.
  func testADumpsFirstSceneIsTheOneItsImportLoaded() throws {
    let dumps = try SceneInput(paths: [path("views.txt"), path("recognizers.txt"), path("controllers.txt")])
    XCTAssertEqual(dumps.layoutLoads, 1, "the import loads the layout it wrote once, to check it")
    let first = try dumps.scene()
    XCTAssertEqual(dumps.layoutLoads, 1, "the first scene is the import's, not a second load")
    XCTAssertEqual(first.file, dumps.layoutName)
    let second = try dumps.scene()
    XCTAssertEqual(dumps.layoutLoads, 2)
    XCTAssertFalse(first === second)
    // The two are the same scene: the same views, classes and frames, in the same order.
    func views(_ scene: Scene) -> [String] {
      var out: [String] = []
      func walk(_ view: UIView) {
        out.append("\(type(of: view)) \(view.frame)")
        view.subviews.forEach(walk)
      }
      walk(scene.window)
      return out
    }
    XCTAssertGreaterThan(views(first).count, 5)
    XCTAssertEqual(views(first), views(second))
    // A layout file is loaded only when a scene is asked for.
    let layout = try SceneInput(paths: [Self.repository.appendingPathComponent(Self.layout).path])
    XCTAssertEqual(layout.layoutLoads, 0)
    _ = try layout.scene()
    XCTAssertEqual(layout.layoutLoads, 1)
  }
}

/// Writing the test's input files.
enum FileChangeFixtures {
  static func write(_ text: String, to folder: URL, _ name: String) throws {
    try text.write(to: folder.appendingPathComponent(name), atomically: false, encoding: .utf8)
  }
}

/// 45.3: `baseClass =` counts for recognizers as for views.
final class RecognizerBaseClassTests: XCTestCase {
  func testARecognizerSubclassWithABaseClassIsPlayedAsThatBase() throws {
    let list = """
      <TDTapGestureRecognizer: 0x7a1b0050; baseClass = UITapGestureRecognizer; state = Possible; view = <Blinc_NotesView 0x78e6a050>; target= <(action=tdTap:, target=<Blinc_NotesView 0x78e6a050>)>; numberOfTapsRequired = 2>
      """
    let result = try DumpImporter.importTexts([
      ("dump.txt", try FixtureHitTests.text("cocoadelica-ios7-lldb.txt")), ("list.txt", list),
    ])
    XCTAssertEqual(result.summary, "imported 10 views, 1 recognizer, 0 view controllers")
    XCTAssertFalse(
      result.diagnostics.contains { $0.message.contains("TDTapGestureRecognizer") }, "\(result.diagnostics)")
    let scene = try LayoutLoader.load(yaml: result.yaml, file: "d.yaml")
    let tap = try XCTUnwrap(
      scene.objects.values.compactMap { $0 as? UITapGestureRecognizer }.first { $0.numberOfTapsRequired == 2 })
    XCTAssertEqual(scene.origins[ObjectIdentifier(tap)]?.address, "0x7a1b0050")
  }
}

/// 45.4: nothing printed is dropped silently.
final class LeftOutRecognizerTests: XCTestCase {
  func testUIKitsPrivateScrollRecognizersAreNamedWithTheirLinesInAWarningAndTheHeader() throws {
    let list = """
      <__NSArrayM 0x600000c4c0f0>(
      <UIScrollViewPagingSwipeGestureRecognizer: 0x7a1b0060; state = Possible; enabled = NO; view = <Blinc_NotesView 0x78e6a050>; target= <(action=_handleSwipe:, target=<Blinc_NotesView 0x78e6a050>)>>,
      <_UIDragAutoScrollGestureRecognizer: 0x7a1b0070; state = Possible; cancelsTouchesInView = NO; delaysTouchesEnded = NO; view = <Blinc_NotesView 0x78e6a050>; target= <(action=_handleAutoScroll:, target=<Blinc_NotesView 0x78e6a050>)>>,
      <UIScrollViewPanGestureRecognizer: 0x7a1b0080; state = Possible; delaysTouchesEnded = NO; view = <Blinc_NotesView 0x78e6a050>; target= <(action=handlePan:, target=<Blinc_NotesView 0x78e6a050>)>>
      )
      """
    let result = try DumpImporter.importTexts([
      ("dump.txt", try FixtureHitTests.text("cocoadelica-ios7-lldb.txt")), ("list.txt", list),
    ])
    let warning = try XCTUnwrap(
      result.diagnostics.first { $0.message.contains("never begin") }, "\(result.diagnostics)")
    XCTAssertEqual(warning.file, "list.txt")
    XCTAssertTrue(
      warning.message.contains("UIScrollViewPagingSwipeGestureRecognizer 0x7a1b0060 (line 2)"), warning.message)
    XCTAssertTrue(warning.message.contains("_UIDragAutoScrollGestureRecognizer 0x7a1b0070 (line 3)"), warning.message)
    // The scroll view's own pan is made by TouchLab's UIScrollView: not left out.
    XCTAssertFalse(warning.message.contains("0x7a1b0080"))
    XCTAssertTrue(result.yaml.contains("# Left out (recognizers TouchLab does not model"), result.yaml)
    XCTAssertTrue(result.yaml.contains("#   - _UIDragAutoScrollGestureRecognizer 0x7a1b0070 (line 3)"), result.yaml)
    _ = try LayoutLoader.load(yaml: result.yaml, file: "d.yaml")
  }
}
