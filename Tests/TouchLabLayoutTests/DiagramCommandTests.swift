import Foundation
import XCTest

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// `touchlab diagram`: the files it writes in each format, and its errors.
extension CommandLineTests {
  private func diagramFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("diagram-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
    return folder
  }

  private func diagram(_ arguments: [String], out: URL) throws -> Data {
    let result = try run(["diagram", "Layouts/table-cell-conflict.yaml"] + arguments + ["--out", out.path])
    XCTAssertEqual(result.status, 0, result.err)
    XCTAssertEqual(result.err, "")
    XCTAssertEqual(result.out, "")
    return try Data(contentsOf: out)
  }

  func testDiagramWritesSVGWithLaneTitlesAndTextThatParses() throws {
    let folder = try diagramFolder()
    let arguments = ["--scenario", "short-press"]
    let svg = try diagram(arguments, out: folder.appendingPathComponent("a.svg"))
    XCTAssertEqual(try diagram(arguments, out: folder.appendingPathComponent("b.svg")), svg, "the same bytes twice")
    let document = try XMLDocument(data: svg)
    XCTAssertEqual(document.rootElement()?.name, "svg")
    func strings(_ path: String) throws -> [String] { try document.nodes(forXPath: path).compactMap(\.stringValue) }
    XCTAssertEqual(
      try strings("//*[local-name()='g'][@class='lane']/*[local-name()='title']"),
      [
        "Touches input", "UITapGestureRecognizer backTap", "UIScrollViewDelayedTouchesBeganGestureRecognizer",
        "UIScrollViewPanGestureRecognizer", "UITableViewCellContentView", "UITableViewCell", "GLTableView table",
        "Actions target-action",
      ])
    let texts = try strings("//*[local-name()='text']")
    XCTAssertTrue(texts.contains("touchesBegan held until 0.150"), "\(texts)")
    XCTAssertTrue(texts.contains("delaysContentTouches · by table"))
    XCTAssertEqual(try strings("/*/*[local-name()='title']"), ["The table-cell tap conflict (seed 001)"])
  }

  func testDiagramWritesPNGAtItsScaleAndPDFWithText() throws {
    let folder = try diagramFolder()
    let svg = try diagram(["--scenario", "long-press"], out: folder.appendingPathComponent("size.svg"))
    let document = try XMLDocument(data: svg)
    let viewBox = try XCTUnwrap(document.nodes(forXPath: "/*/@viewBox").first?.stringValue)
    let box = viewBox.split(separator: " ").compactMap { Int($0) }
    XCTAssertEqual(box.count, 4)

    let arguments = ["--scenario", "long-press", "--scale", "2"]
    let png = try diagram(arguments, out: folder.appendingPathComponent("a.png"))
    XCTAssertEqual(try diagram(arguments, out: folder.appendingPathComponent("b.png")), png)
    let bytes = [UInt8](png)
    XCTAssertEqual(Array(bytes.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    func word(_ offset: Int) -> Int { bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
    XCTAssertEqual(word(16), box[2] * 2)
    XCTAssertEqual(word(20), box[3] * 2)

    let pdf = try diagram(["--scenario", "long-press"], out: folder.appendingPathComponent("a.pdf"))
    XCTAssertEqual(try diagram(["--scenario", "long-press"], out: folder.appendingPathComponent("b.pdf")), pdf)
    let text = String(decoding: pdf, as: UTF8.self)
    XCTAssertTrue(text.hasPrefix("%PDF-1."))
    XCTAssertTrue(text.contains("/MediaBox [ 0 0 \(box[2]) \(box[3]) ]"))
    XCTAssertTrue(text.contains("/FontFile"), "text kept as text")

    // --set changes the run: with the background's tap not cancelling, the table hears the tap.
    let fixed = try diagram(
      ["--scenario", "quick-tap", "--set", "backTap.cancelsTouchesInView=false"],
      out: folder.appendingPathComponent("fixed.svg"))
    let fixedText = String(decoding: fixed, as: UTF8.self)
    XCTAssertTrue(fixedText.contains("print &quot;cell selected!&quot;"))
    XCTAssertTrue(fixedText.contains("--set backTap.cancelsTouchesInView=false"))
  }

  func testDiagramErrors() throws {
    let folder = try diagramFolder()
    let file = "Layouts/table-cell-conflict.yaml"
    let jpg = folder.appendingPathComponent("x.jpg").path
    let cases: [([String], String)] = [
      (["--scenario", "short-press", "--out", jpg], "--out must name a .png, .svg or .pdf file, not '\(jpg)'"),
      (["--scenario", "short-press", "--out", folder.appendingPathComponent("none/x.svg").path], "the folder"),
      (["--scenario", "short-press", "--out", folder.path], "folder"),
      (
        ["--scenario", "nope", "--out", folder.appendingPathComponent("x.png").path],
        "\(file) has no scenario 'nope'; it has: quick-tap"
      ),
      (["--out", folder.appendingPathComponent("x.png").path], "has several scenarios; choose one with --scenario"),
      (
        ["--scenario", "short-press", "--scale", "9", "--out", folder.appendingPathComponent("x.png").path],
        "--scale must be a decimal number from 1 to 3, such as 1.5, not '9'"
      ),
      (
        ["--scenario", "short-press", "--set", "nobody.alpha=1", "--out", folder.appendingPathComponent("x.png").path],
        "--set nobody.alpha=1: "
      ),
    ]
    for (arguments, message) in cases {
      let result = try run(["diagram", file] + arguments)
      XCTAssertEqual(result.status, 1, "\(arguments)")
      XCTAssertEqual(result.out, "")
      XCTAssertTrue(result.err.hasPrefix("touchlab: error: "), result.err)
      XCTAssertTrue(result.err.contains(message), "\(arguments): \(result.err)")
    }
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [], "nothing written")
    let missing = try run([
      "diagram", "Layouts/no-such-file.yaml", "--out", folder.appendingPathComponent("x.svg").path,
    ])
    XCTAssertEqual(missing.status, 1)
    XCTAssertTrue(missing.err.contains("no-such-file.yaml"), missing.err)
  }
}
