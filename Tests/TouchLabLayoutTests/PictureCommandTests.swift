import Foundation
import XCTest

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// A GIF's frames as its blocks say: the logical screen and each image's rectangle and delay.
struct GIFStructure {
  struct Frame: Equatable {
    var left: Int, top: Int, width: Int, height: Int
    /// Centiseconds, from the graphic control extension before the image.
    var delay: Int
  }
  var width = 0
  var height = 0
  var loops = false
  var frames: [Frame] = []

  init(_ data: Data) throws {
    let bytes = [UInt8](data)
    func fail(_ reason: String) -> Error {
      NSError(domain: "GIF", code: 1, userInfo: [NSLocalizedDescriptionKey: reason])
    }
    guard bytes.count > 13, String(decoding: bytes[0..<6], as: UTF8.self) == "GIF89a" else {
      throw fail("no GIF89a header")
    }
    func word(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
    width = word(6)
    height = word(8)
    var at = 13
    if bytes[10] & 0x80 != 0 { at += 3 << (Int(bytes[10] & 7) + 1) }
    func skipSubBlocks() throws {
      while true {
        guard at < bytes.count else { throw fail("truncated sub-blocks") }
        let length = Int(bytes[at])
        at += 1 + length
        if length == 0 { return }
      }
    }
    var delay = 0
    while true {
      guard at < bytes.count else { throw fail("no trailer") }
      switch bytes[at] {
      case 0x21:
        let label = bytes[at + 1]
        if label == 0xF9 { delay = word(at + 4) }
        if label == 0xFF, String(decoding: bytes[at + 3..<at + 14], as: UTF8.self) == "NETSCAPE2.0" { loops = true }
        at += 2
        try skipSubBlocks()
      case 0x2C:
        frames.append(
          Frame(left: word(at + 1), top: word(at + 3), width: word(at + 5), height: word(at + 7), delay: delay))
        let packed = bytes[at + 9]
        at += 10
        if packed & 0x80 != 0 { at += 3 << (Int(packed & 7) + 1) }
        at += 1  // LZW minimum code size
        try skipSubBlocks()
      case 0x3B:
        guard at == bytes.count - 1 else { throw fail("bytes after the trailer") }
        return
      default:
        throw fail("unknown block \(bytes[at]) at \(at)")
      }
    }
  }
}

/// `touchlab record`, `shot --out .svg/.pdf`, `--scene-only` and `compare`: the files they
/// write, and their errors.
extension CommandLineTests {
  /// How long `record` holds the last frame, in centiseconds.
  static let recordFinalHold = 100

  private func pictureFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pictures-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
    return folder
  }

  /// Runs touchlab expecting success and returns the file it wrote.
  private func picture(_ arguments: [String], out: URL) throws -> Data {
    let result = try run(arguments + ["--out", out.path])
    XCTAssertEqual(result.status, 0, result.err)
    XCTAssertEqual(result.err, "")
    return try Data(contentsOf: out)
  }

  func testRecordWritesALoopingGIFFrameByFrameAndTheSameBytesTwice() throws {
    let folder = try pictureFolder()
    let arguments = ["record", "Layouts/table-cell-conflict.yaml", "--scenario", "short-press"]
    let first = try picture(arguments, out: folder.appendingPathComponent("first.gif"))
    XCTAssertEqual(try picture(arguments, out: folder.appendingPathComponent("second.gif")), first)
    let gif = try GIFStructure(first)
    // The 390 × 844 scene and the 380-point panel; the press lifts at 0.3 s, so frames
    // 0…9 at 30 per second (the panel's clock changes in each), the last held a second more.
    XCTAssertEqual(gif.width, 390 + 380)
    XCTAssertEqual(gif.height, 844)
    XCTAssertTrue(gif.loops)
    XCTAssertEqual(gif.frames.count, 10)
    XCTAssertEqual(gif.frames.map(\.delay), [3, 4, 3, 3, 4, 3, 3, 4, 3, 103])
    // The first frame is whole; the others store only what changed.
    XCTAssertEqual(gif.frames[0], .init(left: 0, top: 0, width: 770, height: 844, delay: 3))
    for frame in gif.frames.dropFirst() {
      XCTAssertLessThan(frame.width * frame.height, 770 * 844, "\(frame)")
    }
  }

  func testRecordSlowMotionSceneOnlyAndUnchangedFramesMerged() throws {
    let folder = try pictureFolder()
    let gif = try GIFStructure(
      try picture(
        ["record", "Layouts/table-cell-conflict.yaml", "--scenario", "short-press", "--speed", "0.25", "--scene-only"],
        out: folder.appendingPathComponent("slow.gif")))
    XCTAssertEqual(gif.width, 390)
    // 0.3 virtual seconds at a quarter speed: frames 0…36 at 30 a second (1.23 s) and the
    // final second.
    XCTAssertEqual(gif.frames.map(\.delay).reduce(0, +), 123 + 100)
    XCTAssertEqual(gif.frames.count, 37, "the countdowns on the card move in every frame")

    // Where nothing moves at all, the whole animation is one frame held for its length:
    // frames 0…15 (0.5 s at 30 a second; the last one shown for its 1/30 s too).
    let layout = folder.appendingPathComponent("idle.yaml")
    try "window: {size: [100, 60]}\ncontroller: {view: {color: white}}\nscenarios:\n  idle:\n    - wait: 0.5\n".write(
      to: layout, atomically: true, encoding: .utf8)
    let idle = try GIFStructure(
      try picture(["record", layout.path, "--scene-only"], out: folder.appendingPathComponent("idle.gif")))
    XCTAssertEqual(idle.frames, [.init(left: 0, top: 0, width: 100, height: 60, delay: 53 + Self.recordFinalHold)])
  }

  func testRecordOfTwoSecondsAtScaleOneStaysUnderTwoMegabytes() throws {
    let folder = try pictureFolder()
    // The drag scrolls the whole content and it decelerates for two seconds more: the worst
    // case for frame differencing.
    let data = try picture(
      ["record", "Layouts/scroll-demo.yaml", "--scenario", "drag-tile"], out: folder.appendingPathComponent("drag.gif"))
    let gif = try GIFStructure(data)
    XCTAssertGreaterThanOrEqual(gif.frames.map(\.delay).reduce(0, +), 200 + Self.recordFinalHold)
    XCTAssertLessThan(data.count, 2_000_000)
  }

  func testRecordErrors() throws {
    let folder = try pictureFolder()
    let file = "Layouts/table-cell-conflict.yaml"
    let cases: [([String], String)] = [
      (["--out", folder.appendingPathComponent("x.png").path], "--out must name a .gif file"),
      (["--out", folder.appendingPathComponent("none/x.gif").path], "the folder"),
      (
        ["--fps", "0", "--out", folder.appendingPathComponent("x.gif").path],
        "--fps must be a whole number from 1 to 50"
      ),
      (["--speed", "fast", "--out", folder.appendingPathComponent("x.gif").path], "--speed must be a decimal number"),
      (["--speed", "0x1", "--out", folder.appendingPathComponent("x.gif").path], "--speed must be a decimal number"),
      (
        ["--fps", "+5", "--out", folder.appendingPathComponent("x.gif").path],
        "--fps must be a whole number from 1 to 50"
      ),
      (["--scenario", "nope", "--out", folder.appendingPathComponent("x.gif").path], "has no scenario 'nope'"),
    ]
    for (extra, message) in cases {
      let scenario = extra.contains("--scenario") ? [] : ["--scenario", "short-press"]
      let result = try run(["record", file] + scenario + extra)
      XCTAssertEqual(result.status, 1, "\(extra)")
      XCTAssertTrue(result.err.hasPrefix("touchlab: error: "), result.err)
      XCTAssertTrue(result.err.contains(message), "\(extra): \(result.err)")
    }
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [])
  }

  func testShotWritesSVGThatParsesAndTheSameBytesTwice() throws {
    let folder = try pictureFolder()
    let arguments = ["shot", "Layouts/table-cell-conflict.yaml", "--scenario", "short-press", "--at", "0.1"]
    let svg = try picture(arguments, out: folder.appendingPathComponent("a.svg"))
    XCTAssertEqual(try picture(arguments, out: folder.appendingPathComponent("b.svg")), svg)
    final class Root: NSObject, XMLParserDelegate {
      var element: String?
      var attributes: [String: String] = [:]
      func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
      ) {
        if element == nil {
          element = name
          self.attributes = attributes
        }
      }
    }
    let parser = XMLParser(data: svg)
    let root = Root()
    parser.delegate = root
    XCTAssertTrue(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
    XCTAssertEqual(root.element, "svg")
    XCTAssertEqual(root.attributes["viewBox"], "0 0 770 844")
    // Vector end to end, the panel too (issue 30): outlines, and the text as text (visible
    // `<text>`, no glyph outlines: SVGTextTests), no embedded bitmap.
    let document = String(decoding: svg, as: UTF8.self)
    XCTAssertFalse(document.contains("<image"), "no bitmap in the SVG")
    XCTAssertGreaterThan(document.components(separatedBy: "<path").count, 40)
    XCTAssertFalse(document.contains("<symbol"), "no glyph outlines")
    XCTAssertTrue(
      document.contains(">The table-cell tap conflict (seed 001)</text>"), "the panel's title, as text")

    let sceneOnly = try picture(
      arguments + ["--scene-only", "--scale", "2"], out: folder.appendingPathComponent("c.svg"))
    let text = String(decoding: sceneOnly, as: UTF8.self)
    XCTAssertTrue(text.contains("width=\"780px\" height=\"1688px\""), String(text.prefix(300)))
  }

  func testShotWritesAOnePagePDFWithTextAndTheSameBytesTwice() throws {
    let folder = try pictureFolder()
    let arguments = ["shot", "Layouts/seed003-gestures.yaml", "--scenario", "tap-red"]
    let pdf = try picture(arguments, out: folder.appendingPathComponent("a.pdf"))
    XCTAssertEqual(try picture(arguments, out: folder.appendingPathComponent("b.pdf")), pdf)
    let text = String(decoding: pdf, as: UTF8.self)
    XCTAssertTrue(text.hasPrefix("%PDF-1."))
    XCTAssertTrue(text.hasSuffix("%%EOF\n"))
    XCTAssertEqual(text.components(separatedBy: "/Type /Page %").count - 1, 1, "one page")
    XCTAssertTrue(text.contains("/MediaBox [ 0 0 755 812 ]"), "the 375 × 812 scene and the panel")
    // A PDF's page is in points at scale 1 whatever --scale: its detail is vectors (issue 48 §7:
    // --scale 2 made a 1540 × 1688 pt page).
    let doubled = try picture(arguments + ["--scale", "2"], out: folder.appendingPathComponent("c.pdf"))
    XCTAssertTrue(String(decoding: doubled, as: UTF8.self).contains("/MediaBox [ 0 0 755 812 ]"), "--scale 2")
    XCTAssertEqual(doubled, pdf, "the same page at any scale")
    // Text stays text: fonts are embedded, not glyphs drawn as paths; and the panel is drawn,
    // not pasted in as a picture (issue 30).
    XCTAssertTrue(text.contains("/FontFile"))
    XCTAssertFalse(text.contains("/Subtype /Image"), "no bitmap in the PDF")
  }

  func testShotSceneOnlyLeavesThePanelOut() throws {
    let folder = try pictureFolder()
    let data = try picture(
      ["shot", "Layouts/seed003-gestures.yaml", "--scenario", "tap-red", "--scene-only", "--scale", "2"],
      out: folder.appendingPathComponent("scene.png"))
    let bytes = [UInt8](data)
    func word(_ offset: Int) -> Int { bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
    XCTAssertEqual(word(16), 375 * 2)
    XCTAssertEqual(word(20), 812 * 2)
  }

  func testShotRejectsAnUnknownExtension() throws {
    let folder = try pictureFolder()
    let result = try run([
      "shot", "Layouts/seed003-gestures.yaml", "--scenario", "tap-red", "--out",
      folder.appendingPathComponent("x.jpg").path,
    ])
    XCTAssertEqual(result.status, 1)
    XCTAssertEqual(
      result.err, "touchlab: error: --out must name a .png, .svg or .pdf file, not '\(folder.path)/x.jpg'\n")
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [])
  }

  func testCompareDrawsBothSidesWithCaptionsInEachFormat() throws {
    let folder = try pictureFolder()
    let arguments = [
      "compare", "Layouts/table-cell-conflict.yaml", "--scenario", "short-press", "--set",
      "table.delaysContentTouches=false", "--at", "0.1",
    ]
    let png = try picture(arguments, out: folder.appendingPathComponent("a.png"))
    XCTAssertEqual(try picture(arguments, out: folder.appendingPathComponent("b.png")), png)
    let bytes = [UInt8](png)
    func word(_ offset: Int) -> Int { bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
    // Two 770-point frames 16 points apart, under a 44-point caption band and the fix as code,
    // `table.delaysContentTouches = false`, on a line of 17 points (and 4 below it).
    XCTAssertEqual(word(16), 770 * 2 + 16)
    XCTAssertEqual(word(20), 844 + 44 + 17 + 4)

    // The right side differs from the left: its began was not delayed.
    let same = try picture(
      [
        "compare", "Layouts/table-cell-conflict.yaml", "--scenario", "short-press", "--versus", "short-press", "--at",
        "0.1",
      ],
      out: folder.appendingPathComponent("same.png"))
    XCTAssertNotEqual(same, png)

    let pdf = String(
      decoding: try picture(arguments + ["--scene-only"], out: folder.appendingPathComponent("c.pdf")), as: UTF8.self)
    XCTAssertTrue(pdf.contains("/MediaBox [ 0 0 796 909 ]"))
    // Vector end to end, both sides and their panels (issue 30): no bitmap in either format.
    let wholePDF = String(
      decoding: try picture(arguments, out: folder.appendingPathComponent("whole.pdf")), as: UTF8.self)
    XCTAssertFalse(wholePDF.contains("/Subtype /Image"), "no bitmap in the PDF")
    let svg = String(decoding: try picture(arguments, out: folder.appendingPathComponent("whole.svg")), as: UTF8.self)
    XCTAssertFalse(svg.contains("<image"), "no bitmap in the SVG")
    XCTAssertGreaterThan(svg.components(separatedBy: "<path").count, 100)
    XCTAssertTrue(svg.contains(">table.delaysContentTouches = false</text>"), "the fix as code, as text")
    XCTAssertTrue(svg.contains(">-[GLTableView touchesBegan:withEvent:]</text>"), "the right panel's line, as text")

    let result = try run([
      "compare", "Layouts/table-cell-conflict.yaml", "--scenario", "short-press", "--out",
      folder.appendingPathComponent("d.png").path,
    ])
    XCTAssertEqual(result.status, 1)
    XCTAssertTrue(result.err.contains("compare needs a difference"), result.err)
  }
}
