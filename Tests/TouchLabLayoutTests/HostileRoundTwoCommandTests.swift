import Foundation
import XCTest

/// Issue 25 through the `touchlab` binary: the round-two attack files end with exit 0 or one
/// `FILE:LINE:COLUMN: error:` line, before the work where the file alone decides it.
extension CommandLineTests {
  private func roundTwoFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hostile2-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
    return folder
  }

  private func put(_ text: String, _ name: String, in folder: URL) throws -> String {
    let url = folder.appendingPathComponent(name)
    try text.write(to: url, atomically: true, encoding: .utf8)
    return url.path
  }

  /// Asserts one `FILE:LINE:COLUMN: error: …TEXT…` line on standard error and exit 1.
  private func assertOneLayoutError(
    _ result: (status: Int32, out: String, err: String), _ file: String, contains text: String,
    sourceLine: UInt = #line
  ) {
    XCTAssertEqual(result.status, 1, result.err, line: sourceLine)
    let lines = result.err.split(separator: "\n")
    XCTAssertEqual(lines.count, 1, result.err, line: sourceLine)
    XCTAssertNotNil(
      lines.first?.range(
        of: "^" + NSRegularExpression.escapedPattern(for: file) + ":[0-9]+:[0-9]+: error: ",
        options: .regularExpression), result.err, line: sourceLine)
    XCTAssertTrue(result.err.contains(text), result.err, line: sourceLine)
  }

  /// The crash: 20,000 siblings chained by 19,999 moves, then a tap, killed `replay`,
  /// `shot` and the window with a stack overflow.
  func testHostileRoundTwoAChainOfMovesIsAnErrorInEveryCommand() throws {
    let folder = try roundTwoFolder()
    let views = (0..<20_000).map { "      - {id: v\($0), frame: [0, 0, 300, 300]}\n" }.joined()
    let moves = (1..<20_000).map { "    - moveView: {view: v\($0), to: v\($0 - 1)}\n" }.joined()
    let file = try put(
      "controller:\n  view:\n    subviews:\n" + views + "scenarios:\n  s:\n" + moves + "    - tap: [10, 10]\n",
      "chain.yaml", in: folder)
    for arguments in [
      ["check", file], ["replay", file], ["shot", file, "--out", folder.appendingPathComponent("c.png").path],
      ["diagram", file, "--out", folder.appendingPathComponent("c.svg").path],
    ] {
      assertOneLayoutError(try run(arguments), file, contains: "nests views deeper than 200 levels")
    }
  }

  /// A PNG diagram of one 2,000-step pan was Cairo's raw "invalid value (typically too big)".
  func testHostileRoundTwoADiagramTooTallForAPNGSaysHowToDrawIt() throws {
    let folder = try roundTwoFolder()
    let file = try put(
      "controller:\n  view:\n    gestures:\n      - {class: UIPanGestureRecognizer, action: {print: \"pan %state\"}}\n"
        + "scenarios:\n  s:\n    - drag: [100, 100]\n      by: [200, 300]\n      steps: 2000\n      duration: 2\n",
      "pan.yaml", in: folder)
    let png = folder.appendingPathComponent("pan.png").path
    let refused = try run(["diagram", file, "--out", png])
    XCTAssertEqual(refused.status, 1)
    XCTAssertTrue(refused.err.hasPrefix("touchlab: error: the diagram would be "), refused.err)
    XCTAssertTrue(refused.err.contains("draw part of it with --from and --to (seconds), or write .svg"), refused.err)
    XCTAssertFalse(FileManager.default.fileExists(atPath: png))
    // Part of it fits; the whole as SVG too.
    XCTAssertEqual(try run(["diagram", file, "--from", "0", "--to", "0.05", "--out", png]).status, 0)
    XCTAssertTrue(FileManager.default.fileExists(atPath: png))
    let svg = folder.appendingPathComponent("pan.svg").path
    XCTAssertEqual(try run(["diagram", file, "--out", svg]).status, 0)
    let whole = try String(contentsOfFile: svg, encoding: .utf8)
    let part = folder.appendingPathComponent("part.svg").path
    XCTAssertEqual(try run(["diagram", file, "--from", "1", "--to", "1.2", "--out", part]).status, 0)
    let partText = try String(contentsOfFile: part, encoding: .utf8)
    XCTAssertLessThan(partText.utf8.count * 5, whole.utf8.count, "a tenth of the time draws far less")
    XCTAssertTrue(partText.contains("1–1.2 s"), "the subtitle names the part")
    XCTAssertEqual(try run(["diagram", file, "--from", "2", "--to", "1", "--out", part]).status, 1)
  }

  /// 100,000 events made a 110 MB SVG in 105 s: the diagram stops at its records.
  func testHostileRoundTwoADiagramOfTooManyRecordsIsRefusedAtTheScenario() throws {
    let folder = try roundTwoFolder()
    let file = try put(
      "controller:\n  view:\n    subviews:\n      - {id: v, frame: [10, 10, 300, 300]}\nscenarios:\n"
        + "  long:\n    - &d {drag: v, by: [100, 0], steps: 9998, duration: 1}\n"
        + String(repeating: "    - *d\n", count: 9),
      "long.yaml", in: folder)
    let svg = folder.appendingPathComponent("long.svg").path
    let result = try run(["diagram", file, "--out", svg])
    assertOneLayoutError(result, file, contains: "makes more than 10000 records to draw by")
    XCTAssertTrue(result.err.hasPrefix("\(file):6:3: error: scenario 'long'"), result.err)
    XCTAssertTrue(result.err.contains("draw part of it with --from and --to"), result.err)
    XCTAssertFalse(FileManager.default.fileExists(atPath: svg))
  }

  /// 11,600 labels for a 1 s drag took 56 s to record: refused before any frame.
  func testHostileRoundTwoARecordingOfTooMuchWorkIsRefusedBeforeAnyFrame() throws {
    let folder = try roundTwoFolder()
    let labels = (0..<1_000).map {
      "      - {class: UILabel, frame: [\($0 % 40 * 9), \($0 / 40 * 25), 9, 20], text: L}\n"
    }
    let file = try put(
      "window: {size: [390, 2000]}\ncontroller:\n  view:\n    subviews:\n" + labels.joined()
        + "scenarios:\n  s:\n    - drag: [100, 100]\n      by: [100, 300]\n      steps: 10\n      duration: 5\n",
      "labels.yaml", in: folder)
    let gif = folder.appendingPathComponent("l.gif").path
    let result = try run(["record", file, "--out", gif])
    assertOneLayoutError(result, file, contains: "the limit on a recording; use a lower --fps or a higher --speed")
    XCTAssertTrue(result.err.contains("views for each of 151 frames"), result.err)
    XCTAssertFalse(FileManager.default.fileExists(atPath: gif))
    // Two frames of it are within the limit.
    XCTAssertEqual(try run(["record", file, "--fps", "1", "--speed", "10", "--out", gif]).status, 0)
    XCTAssertTrue(FileManager.default.fileExists(atPath: gif))
  }

  /// A line of `%s` 5,000 times made `replay` write 5 GB: refused where the line is written.
  func testHostileRoundTwoAnAmplifyingLineIsRefusedWhereItIsWritten() throws {
    let folder = try roundTwoFolder()
    let name = String(repeating: "C", count: 200)
    let file = try put(
      "classes:\n  \(name):\n    base: UIView\n    log:\n      touchesMoved: \"" + String(repeating: "%s", count: 5_000)
        + "\"\ncontroller:\n  view:\n    subviews:\n      - {id: v, class: \(name), frame: [0, 0, 300, 300]}\n"
        + "scenarios:\n  s:\n    - drag: v\n      by: [100, 0]\n      steps: 5000\n      duration: 1\n",
      "amp.yaml", in: folder)
    let result = try run(["replay", file])
    assertOneLayoutError(result, file, contains: "the limit on a line's length")
    XCTAssertTrue(result.err.hasPrefix("\(file):5:21: error: this log can be 1520000 characters long"), result.err)
    XCTAssertEqual(result.out, "")
  }
}
