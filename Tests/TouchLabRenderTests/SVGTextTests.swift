import Foundation
import TouchLabCanvas
import TouchLabEncoding
import TouchLabRender
import TouchLabTestSupport
import XCTest

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// `touchlab shot … --out x.svg` writes its text as text (issue 30): `<text>` elements in the
/// colour, font and place the PNG draws them, clipped as the drawing is, and no glyph
/// outlines. Rasterized (rsvg-convert, from librsvg2-bin: `.ci/setup`), it looks like the PNG.
final class SVGTextTests: XCTestCase {
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  private var folder: URL!

  override func setUpWithError() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("svg-text-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  override func tearDown() {
    if let folder { try? FileManager.default.removeItem(at: folder) }
  }

  /// Runs `touchlab ARGUMENTS --out FOLDER/NAME` from the repository and returns the file.
  private func shot(_ arguments: [String], _ name: String) throws -> URL {
    let out = folder.appendingPathComponent(name)
    let result = try TouchLabCommand.run(arguments + ["--out", out.path], in: Self.repository)
    XCTAssertEqual(result.status, 0, result.err)
    return out
  }

  /// `svg` rasterized by rsvg-convert at its own size.
  private func rasterized(_ svg: URL) throws -> PNGImage {
    let tool = "/usr/bin/rsvg-convert"
    guard FileManager.default.isExecutableFile(atPath: tool) else {
      throw XCTSkip("rsvg-convert is not installed (bash .ci/setup installs librsvg2-bin)")
    }
    let png = svg.deletingPathExtension().appendingPathExtension("rsvg.png")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tool)
    process.arguments = [svg.path, "-o", png.path]
    try process.run()
    process.waitUntilExit()
    XCTAssertEqual(process.terminationStatus, 0)
    if let keep = ProcessInfo.processInfo.environment["TOUCHLAB_KEEP_SHOTS"] {
      try? FileManager.default.copyItem(
        atPath: png.path, toPath: (keep as NSString).appendingPathComponent(png.lastPathComponent))
    }
    return try PNGImage(contentsOf: png)
  }

  /// Each `<text>` of an SVG: its content, its attributes, and those of the elements round it.
  final class Texts: NSObject, XMLParserDelegate {
    struct Text {
      var content = ""
      var attributes: [String: String]
      var enclosing: [[String: String]]
    }
    var texts: [Text] = []
    var elementNames: [String] = []
    private var open: [[String: String]] = []
    private var current: Text?

    func parser(
      _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
      attributes: [String: String] = [:]
    ) {
      elementNames.append(name)
      if name == "text" { current = Text(attributes: attributes, enclosing: open) }
      open.append(attributes)
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { current?.content += string }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
      open.removeLast()
      if name == "text", let text = current {
        texts.append(text)
        current = nil
      }
    }

    /// Whether `text` shows: a fill that is a colour, and no opacity of 0 on it or round it.
    static func isVisible(_ text: Text) -> Bool {
      guard let fill = text.attributes["fill"], fill.hasPrefix("rgb("), !fill.contains("none") else { return false }
      for attributes in [text.attributes] + text.enclosing {
        for key in ["opacity", "fill-opacity"] where attributes[key].flatMap(Double.init) == 0 { return false }
        if attributes["style"]?.contains("opacity:0;") == true { return false }
      }
      return true
    }
  }

  private func parsed(_ svg: URL) throws -> Texts {
    let parser = try XCTUnwrap(XMLParser(contentsOf: svg))
    let texts = Texts()
    parser.delegate = texts
    XCTAssertTrue(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
    return texts
  }

  func testTheShotsTextIsVisibleTextWithNoGlyphOutlinesAndLooksLikeThePNG() throws {
    let arguments = ["shot", "Layouts/table-cell-conflict.yaml", "--scenario", "long-press"]
    let svg = try shot(arguments, "long-press.svg")
    let document = try String(contentsOf: svg, encoding: .utf8)
    let texts = try parsed(svg)
    XCTAssertFalse(texts.elementNames.contains("symbol"), "no glyph outlines")
    XCTAssertFalse(document.contains("#glyph"), "no glyphs used")
    XCTAssertFalse(document.contains("evenodd"), "no text stands in for by a mark")
    XCTAssertFalse(document.contains("id=\"surface"), "written by SVGCanvas, not by a Cairo SVG surface")
    XCTAssertGreaterThan(texts.texts.count, 50)
    XCTAssertTrue(texts.texts.allSatisfy(Texts.isVisible), "\(texts.texts.filter { !Texts.isVisible($0) })")
    // The panel's lines: the title, the transcript's stamps and lines, as drawn (DejaVu
    // Sans Mono for the transcript, bold for the title), on their baselines.
    func text(_ content: String) throws -> Texts.Text {
      try XCTUnwrap(texts.texts.first { $0.content == content }, "no <text> '\(content)'")
    }
    let title = try text("The table-cell tap conflict (seed 001)")
    XCTAssertEqual(title.attributes["font-weight"], "700")
    XCTAssertEqual(title.attributes["font-family"], "'DejaVu Sans', sans-serif")
    let selected = try text("cell selected!")
    XCTAssertEqual(selected.attributes["font-family"], "'DejaVu Sans Mono', monospace")
    XCTAssertGreaterThan(Double(try XCTUnwrap(selected.attributes["x"])) ?? 0, 390, "in the panel, right of the scene")
    XCTAssertNotNil(try? text("Row 9"), "the scene's labels too")

    // Rasterized, the SVG is the PNG but for the edges of glyphs (rsvg-convert sets the same
    // fonts with Pango too).
    let raster = try rasterized(svg)
    let png = try PNGImage(contentsOf: try shot(arguments, "long-press.png"))
    let comparison = PNGComparison(actual: raster, expected: png, tolerance: 96)
    XCTAssertTrue(comparison.sizesMatch)
    XCTAssertLessThan(
      Double(comparison.mismatchedPixelCount), 0.005 * Double(png.width * png.height), comparison.summary)
    // Where the PNG has the panel's title, the raster has ink too: the text is not transparent.
    XCTAssertTrue((20...30).contains { y in (410...500).contains { x in raster[x, y].red > 200 } })
  }

  func testTextIsClippedAsTheDrawingIs() throws {
    // A label wider than its clipping superview: the PNG shows its start only, and so must
    // the SVG.
    let layout = folder.appendingPathComponent("clip.yaml")
    try """
    window: {size: [200, 100]}
    controller:
      view:
        color: white
        subviews:
          - id: box
            frame: [20, 20, 100, 40]
            color: "#EEEEEE"
            clipsToBounds: true
            subviews:
              - {class: UILabel, frame: [0, 0, 400, 40], text: "WWWWWWWWWWWWWWWWWWWWWWWW", fontSize: 20}
    """.write(to: layout, atomically: true, encoding: .utf8)
    let svg = try shot(["shot", layout.path, "--scene-only", "--no-scenario"], "clip.svg")
    let texts = try parsed(svg)
    let label = try XCTUnwrap(texts.texts.first { $0.content.hasPrefix("WWWW") })
    XCTAssertTrue(label.enclosing.contains { $0["clip-path"] != nil }, "the text is drawn under its clip")
    let raster = try rasterized(svg)
    func inked(_ x: Int, _ y: Int) -> Bool { raster[x, y].red < 128 }
    XCTAssertTrue((20..<120).contains { x in (20..<60).contains { y in inked(x, y) } }, "the label shows")
    XCTAssertFalse((121..<200).contains { x in (0..<100).contains { y in inked(x, y) } }, "nothing past the box")
    let png = try PNGImage(contentsOf: try shot(["shot", layout.path, "--scene-only", "--no-scenario"], "clip.png"))
    let comparison = PNGComparison(actual: raster, expected: png, tolerance: 96)
    XCTAssertLessThan(comparison.mismatchedPixelCount, 60, comparison.summary)
  }

  func testTheSameShotGivesTheSameSVGBytes() throws {
    let arguments = [
      "compare", "Layouts/table-cell-conflict.yaml", "--scenario", "short-press", "--set",
      "table.delaysContentTouches=false", "--at", "0.1",
    ]
    let first = try Data(contentsOf: try shot(arguments, "a.svg"))
    XCTAssertEqual(try Data(contentsOf: try shot(arguments, "b.svg")), first)
    // Both sides' panels, in regions of one document, as text at their own places.
    let texts = try parsed(folder.appendingPathComponent("a.svg"))
    let titles = texts.texts.filter { $0.content == "The table-cell tap conflict (seed 001)" }
    XCTAssertEqual(titles.count, 2)
    XCTAssertNotEqual(titles.first?.attributes["x"], titles.last?.attributes["x"])
  }
}
