import CCairo
import Foundation
import XCTest

@testable import TouchLabCanvas
@testable import TouchLabEncoding
@testable import TouchLabRender

final class TextRenderingTests: XCTestCase {
  func testFontsComeFromTheAssetsFontconfigFile() throws {
    let path = try XCTUnwrap(TextFonts.configurationPath, "Assets/fonts.conf was not found")
    XCTAssertTrue(path.hasSuffix("Assets/fonts.conf"), path)
    XCTAssertEqual(ProcessInfo.processInfo.environment["FONTCONFIG_FILE"], path)
  }

  /// fontconfig runs on TouchLab's file alone: it was loaded into a configuration made
  /// current before fontconfig first started, so `FcInit` (which Pango calls) did not also
  /// parse the system's 40-odd template files for their descriptions (5 ms at start-up).
  func testFontconfigReadTouchLabsFileAndNoOther() throws {
    let path = try XCTUnwrap(TextFonts.configurationPath, "Assets/fonts.conf was not found")
    _ = TextFonts.measure("Tap", style: TextStyle())
    let configuration = try XCTUnwrap(FcConfigGetCurrent())
    var iterator = FcConfigFileInfoIter()
    FcConfigFileInfoIterInit(configuration, &iterator)
    var files: [String] = []
    repeat {
      var name: UnsafeMutablePointer<FcChar8>?
      var description: UnsafeMutablePointer<FcChar8>?
      var enabled = FcBool(FcFalse)
      guard FcConfigFileInfoIterGet(configuration, &iterator, &name, &description, &enabled) != 0 else { break }
      if let name { files.append(String(cString: name)) }
      FcStrFree(name)
      FcStrFree(description)
    } while FcConfigFileInfoIterNext(configuration, &iterator) != 0
    XCTAssertEqual(files, [path])
  }

  /// The font map's resolution is the contexts': the contexts Pango makes of it to measure a
  /// font's metrics then ask fontconfig for the same patterns as TouchLab's own, whose match
  /// and sort they reuse, instead of the same pixel sizes in points at 96 dpi.
  func testTheFontMapsResolutionIsTheContexts() {
    XCTAssertEqual(pango_cairo_font_map_get_resolution(OpaquePointer(TextFonts.fontMap)), TextFonts.resolution)
    let context = pango_font_map_create_context(TextFonts.fontMap)
    defer { touchlab_release_context(context) }
    XCTAssertEqual(pango_cairo_context_get_resolution(TextFonts.measuringContext), TextFonts.resolution)
    XCTAssertEqual(pango_cairo_context_get_resolution(context), -1, "a new context follows its map's resolution")
  }

  /// Text measured and text drawn on a canvas get one and the same font from the font map,
  /// not a font each (their contexts' font options are the same once merged).
  func testMeasuringAndDrawingShareTheirFonts() throws {
    let canvas = try CairoCanvas(pixelWidth: 40, pixelHeight: 20, scale: 2)
    canvas.draw("Tap", in: CanvasRect(x: 0, y: 0, width: 20, height: 10), style: TextStyle())
    let description = pango_font_description_from_string("DejaVu Sans 17px")
    defer { pango_font_description_free(description) }
    TextFonts.lock.lock()
    defer { TextFonts.lock.unlock() }
    let measured = try XCTUnwrap(pango_context_load_font(TextFonts.measuringContext, description))
    defer { g_object_unref(UnsafeMutableRawPointer(measured)) }
    let drawn = try XCTUnwrap(pango_context_load_font(TextFonts.drawingContext, description))
    defer { g_object_unref(UnsafeMutableRawPointer(drawn)) }
    XCTAssertEqual(measured, drawn)
  }

  /// The fonts warmed at start-up are the Latin ones alone; the CJK face (15–20 ms to open)
  /// is warmed apart, once a window's first frame is out.
  func testStartUpWarmsLatinFontsAndTheFallbackWarmsChinese() {
    let families = TextFonts.warmUpStyles.map {
      TextFonts.fontFamilies(usedFor: TextFonts.startUpWarmUpText, style: $0)
    }
    XCTAssertEqual(families, [["DejaVu Sans"], ["DejaVu Sans Mono"]])
    XCTAssertEqual(
      TextFonts.fontFamilies(usedFor: TextFonts.fallbackWarmUpText, style: TextStyle()), ["Noto Sans CJK SC"])
  }

  func testChineseAndLatinHaveGlyphs() {
    let style = TextStyle(fontSize: 17)
    XCTAssertEqual(TextFonts.unknownGlyphCount(in: "按钮点击 Tap ✓", style: style), 0)
    XCTAssertEqual(TextFonts.fontFamilies(usedFor: "Tap", style: style), ["DejaVu Sans"])
    XCTAssertEqual(TextFonts.fontFamilies(usedFor: "按钮点击", style: style), ["Noto Sans CJK SC"])
  }

  func testMeasureGrowsWithTextAndWeight() {
    let regular = TextStyle(fontSize: 17)
    var bold = regular
    bold.weight = .bold
    let short = TextFonts.measure("Tap", style: regular)
    let long = TextFonts.measure("Tap me please", style: regular)
    XCTAssertGreaterThan(short.width, 0)
    XCTAssertGreaterThan(long.width, short.width)
    XCTAssertGreaterThan(TextFonts.measure("Tap me please", style: bold).width, long.width)
    // DejaVu Sans at 17 points has a line height of about 1.16 em.
    XCTAssertEqual(short.height, 17 * 1.164, accuracy: 1)
    let chinese = TextFonts.measure("按钮点击", style: regular)
    XCTAssertEqual(chinese.width, 4 * 17, accuracy: 1, "CJK glyphs are one em wide")
  }

  func testMeasureIsIndependentOfCanvasScale() throws {
    let style = TextStyle(fontSize: 13)
    let text = "Hit-test 按钮"
    let before = TextFonts.measure(text, style: style)
    let canvas = try CairoCanvas(pixelWidth: 300, pixelHeight: 60, scale: 3)
    canvas.draw(text, in: CanvasRect(x: 0, y: 0, width: 100, height: 20), style: style)
    XCTAssertEqual(canvas.measure(text, style: style), before)
  }

  func testTruncationKeepsWithinWidthAndWrapsWhenAllowed() {
    var style = TextStyle(fontSize: 17)
    let text = "A label much too long for its little frame"
    let truncated = TextFonts.measure(text, style: style, maximumWidth: 80)
    XCTAssertLessThanOrEqual(truncated.width, 80)
    XCTAssertEqual(truncated.height, TextFonts.measure("A", style: style).height, accuracy: 0.01)
    style.maximumLines = 0
    let wrapped = TextFonts.measure(text, style: style, maximumWidth: 80)
    XCTAssertLessThanOrEqual(wrapped.width, 80)
    XCTAssertGreaterThan(wrapped.height, 3 * truncated.height)
    style.maximumLines = 2
    let twoLines = TextFonts.measure(text, style: style, maximumWidth: 80)
    XCTAssertEqual(twoLines.height, 2 * truncated.height, accuracy: 1)
  }

  /// The panel wraps a selector after a `:` or between words, never inside an identifier,
  /// and adds no hyphen (issue 48 §7: `willShowViewControl-ler:`); labels still break as
  /// Pango does, which the same text at the same widths shows.
  func testThePanelBreaksSelectorsOnlyAfterAColonOrBetweenWords() {
    let text = "[1.234] -[GLNavigationController navigationController:willShowViewController:animated:] YES"
    var panel = TextStyle(
      fontFamily: SceneRenderer.monospacedFamily, fontSize: 11.5, alignment: .leading, verticalAlignment: .top,
      truncation: .tail, maximumLines: 0)
    panel.keepsIdentifiersWhole = true
    var label = panel
    label.keepsIdentifiersWhole = false
    func isIdentifier(_ c: Character?) -> Bool { c.map { $0.isLetter || $0.isNumber || $0 == "_" } ?? false }
    var labelBrokeInside = false
    var labelHyphenated = false
    for width in stride(from: 120.0, through: 420, by: 7) {
      let lines = TextFonts.wrappedLines(text, style: panel, width: width)
      XCTAssertEqual(lines.map(\.text).joined(), text, "width \(width)")
      XCTAssertEqual(lines.map(\.addedGlyphs), Array(repeating: 0, count: lines.count), "a hyphen at \(width)")
      for (line, next) in zip(lines, lines.dropFirst()) {
        XCTAssertFalse(
          isIdentifier(line.text.last) && isIdentifier(next.text.first),
          "width \(width): broken inside an identifier: \(lines.map(\.text))")
      }
      let labelLines = TextFonts.wrappedLines(text, style: label, width: width)
      labelHyphenated = labelHyphenated || labelLines.contains { $0.addedGlyphs > 0 }
      labelBrokeInside =
        labelBrokeInside
        || zip(labelLines, labelLines.dropFirst()).contains {
          isIdentifier($0.text.last) && isIdentifier($1.text.first)
        }
    }
    XCTAssertTrue(labelBrokeInside, "the widths tried make Pango break inside a word where it may")
    XCTAssertTrue(labelHyphenated, "and add a hyphen there, which the count of glyphs sees")
  }

  func testAlignmentMovesInk() throws {
    func inkColumns(_ alignment: TextAlignment, truncation: TextTruncation) throws -> ClosedRange<
      Int
    > {
      let canvas = try CairoCanvas(pixelWidth: 200, pixelHeight: 30)
      canvas.clear(to: .white)
      let style = TextStyle(fontSize: 14, alignment: alignment, truncation: truncation)
      canvas.draw("Tap", in: CanvasRect(x: 0, y: 0, width: 200, height: 30), style: style)
      let image = canvas.makeImage()
      let columns = (0..<200).filter { x in (0..<30).contains { y in image[x, y].red < 128 } }
      return try XCTUnwrap(columns.first)...XCTUnwrap(columns.last)
    }
    for truncation in [TextTruncation.tail, .clip] {
      let leading = try inkColumns(.leading, truncation: truncation)
      let center = try inkColumns(.center, truncation: truncation)
      let trailing = try inkColumns(.trailing, truncation: truncation)
      XCTAssertLessThan(leading.lowerBound, 3)
      XCTAssertEqual(Double(center.lowerBound + center.upperBound) / 2, 100, accuracy: 3)
      XCTAssertGreaterThan(trailing.upperBound, 196)
    }
  }

  func testTextMatchesReference() throws {
    assertSnapshot(try drawText(scale: 2).makeImage(), named: "text@2x")
  }

  // MARK: Kept layouts

  func testAKeptLayoutIsReusedAndAChangedTextOrStyleMakesANewOne() {
    let cache = TextLayoutCache(context: TextFonts.makeContext())
    let style = TextStyle(fontSize: 17)
    func width(_ text: String, _ style: TextStyle = style, maximumWidth: Double? = nil) -> Double {
      cache.withLayout(text, style: style, width: maximumWidth) { TextFonts.logicalSize(of: $0).width }
    }
    let tap = width("Tap")
    XCTAssertEqual([cache.misses, cache.hits], [1, 0])
    XCTAssertEqual(width("Tap"), tap)
    XCTAssertEqual([cache.misses, cache.hits], [1, 1], "the same text and style: the kept layout")
    XCTAssertGreaterThan(width("Tap me"), tap, "a changed text is laid out anew, not the kept one")
    XCTAssertGreaterThan(width("Tap", TextStyle(fontSize: 17, weight: .bold)), tap, "so is a changed style")
    XCTAssertLessThan(width("Tap me please", maximumWidth: 40), width("Tap me please"), "and a changed width")
    XCTAssertEqual(cache.misses, 5)
    // The colour and the vertical placement are not the layout's: the kept one serves.
    _ = width("Tap", TextStyle(fontSize: 17, color: .white, verticalAlignment: .top))
    XCTAssertEqual(cache.misses, 5)
  }

  /// The shared caches keep at most 1,024 layouts each however many texts a session shows,
  /// and still keep a frame's few hundred from one frame to the next.
  func testTheSharedCachesAreBoundedAndKeepAFramesTexts() {
    for shared in [TextFonts.measuringLayouts, TextFonts.drawingLayouts] {
      XCTAssertEqual(shared.limit, 1024)
    }
    let cache = TextLayoutCache(context: TextFonts.makeContext())
    for index in 0..<3000 { _ = cache.withLayout("[\(index)] line", style: TextStyle(), width: nil) { _ in 0 } }
    XCTAssertLessThanOrEqual(cache.count, 1024)
    // A frame of 400 texts, drawn twice: the second time every layout is kept.
    let frame = (0..<400).map { "[frame] line \($0)" }
    for text in frame { _ = cache.withLayout(text, style: TextStyle(), width: nil) { _ in 0 } }
    let misses = cache.misses
    for text in frame { _ = cache.withLayout(text, style: TextStyle(), width: nil) { _ in 0 } }
    XCTAssertEqual(cache.misses, misses)
    cache.removeAll()
  }

  /// A kept layout stays laid out whatever the canvas's transform: the context follows a
  /// canvas's surface (its font options), never its translation or scale (each Pango update
  /// marks every layout of the context stale, to be shaped again; and a context following a
  /// scale had fontconfig match every font again for it).
  func testTheContextFollowsTheSurfaceNotTheTransform() throws {
    let cache = TextLayoutCache(context: TextFonts.makeContext())
    let canvas = try CairoCanvas(pixelWidth: 200, pixelHeight: 100, scale: 2)
    cache.follow(canvas.context)
    let serial = cache.contextSerial
    for (x, y) in [(10.0, 0.0), (37.5, 21.25), (-4, 90)] {
      canvas.withSavedState {
        canvas.translate(x: x, y: y)
        cache.follow(canvas.context)
      }
    }
    canvas.withSavedState {
      canvas.scale(x: 1.5, y: 1.5)
      cache.follow(canvas.context)
    }
    let another = try CairoCanvas(pixelWidth: 10, pixelHeight: 10, scale: 1)
    withExtendedLifetime(another) { cache.follow(another.context) }
    XCTAssertEqual(cache.contextUpdates, 1)
    XCTAssertEqual(cache.contextSerial, serial, "no translation or scale changed the context")
    // A PDF surface's font options are not an image's: followed, and back.
    let pdf = try XCTUnwrap(cairo_pdf_surface_create(nil, 100, 100))
    defer { cairo_surface_destroy(pdf) }
    let pdfContext = try XCTUnwrap(cairo_create(pdf))
    defer { cairo_destroy(pdfContext) }
    cache.follow(pdfContext)
    XCTAssertEqual(cache.contextUpdates, 2, "another kind of surface")
    XCTAssertNotEqual(cache.contextSerial, serial)
    cache.follow(canvas.context)
    XCTAssertEqual(cache.contextUpdates, 3, "and back")
  }

  /// An empty line drawn at a scale above 1 is a whole line high, as at 1× and as measured:
  /// when the drawing context followed the canvas's scale, Pango made it half a line high at
  /// 2×, and a text view's lines after a blank one were drawn higher than they were measured.
  func testAnEmptyLineIsAWholeLineHighAtEveryScale() throws {
    let style = TextStyle(fontSize: 17, verticalAlignment: .top, truncation: .clip, maximumLines: 0)
    let text = "Notes\n\nMonday"
    let measured = TextFonts.measure(text, style: style, maximumWidth: 200)
    /// The lowest row with ink, in points.
    func inkBottom(scale: Double) throws -> Double {
      let width = Int(200 * scale)
      let height = Int(100 * scale)
      let canvas = try CairoCanvas(pixelWidth: width, pixelHeight: height, scale: scale)
      canvas.clear(to: .white)
      canvas.draw(text, in: CanvasRect(x: 0, y: 0, width: 200, height: 100), style: style)
      for row in stride(from: height - 1, through: 0, by: -1) {
        for column in 0..<width where canvas.pixel(x: column, y: row).red < 128 { return Double(row + 1) / scale }
      }
      return 0
    }
    let atOne = try inkBottom(scale: 1)
    XCTAssertGreaterThan(atOne, measured.height * 2 / 3, "three lines' ink, the last one's low in the text")
    for scale in [1.5, 2, 3] {
      XCTAssertEqual(try inkBottom(scale: scale), atOne, accuracy: 1, "at \(scale)×")
    }
  }

  func testKeptLayoutsAreBounded() {
    let cache = TextLayoutCache(context: TextFonts.makeContext(), limit: 8)
    for index in 0..<100 { _ = cache.withLayout("line \(index)", style: TextStyle(), width: nil) { _ in 0 } }
    XCTAssertLessThanOrEqual(cache.count, 8)
    XCTAssertEqual(cache.misses, 100)
    // Recently used ones are still kept.
    _ = cache.withLayout("line 99", style: TextStyle(), width: nil) { _ in 0 }
    XCTAssertEqual(cache.hits, 1)
    cache.removeAll()
    XCTAssertEqual(cache.count, 0)
  }

  func testDrawingTheSamePlaceWithAnotherTextDrawsTheNewText() throws {
    let style = TextStyle(fontSize: 14, color: .black)
    let rect = CanvasRect(x: 0, y: 0, width: 200, height: 30)
    func image(_ text: String) throws -> PNGImage {
      let canvas = try CairoCanvas(pixelWidth: 200, pixelHeight: 30, scale: 1)
      canvas.clear(to: .white)
      canvas.draw(text, in: rect, style: style)
      return canvas.makeImage()
    }
    let first = try image("Cancel")
    let hitsBefore = TextFonts.drawingLayouts.hits
    XCTAssertEqual(try image("Cancel"), first, "the kept layout draws the same pixels")
    XCTAssertGreaterThan(TextFonts.drawingLayouts.hits, hitsBefore)
    XCTAssertNotEqual(try image("Cancelled"), first, "a changed text is drawn, not the kept one")
    // A kept layout draws at any scale: the 1× "Cancel" kept above draws at 2× as a layout
    // made anew does.
    func doubled() throws -> PNGImage {
      let canvas = try CairoCanvas(pixelWidth: 400, pixelHeight: 60, scale: 2)
      canvas.clear(to: .white)
      canvas.draw("Cancel", in: rect, style: style)
      return canvas.makeImage()
    }
    let kept = try doubled()
    TextFonts.drawingLayouts.removeAll()
    XCTAssertEqual(kept, try doubled())
  }

  /// Fonts warm up on a thread of their own while other threads measure and draw: one
  /// lock keeps Pango to one user at a time, and every answer is the one alone would give.
  func testWarmingUpAndTextOnSeveralThreadsAtOnceGiveTheSameAnswers() throws {
    let style = TextStyle(fontSize: 13)
    let expected = TextFonts.measure("[0.150] -[Tile touchesBegan:withEvent:]", style: style)
    TextFonts.startWarmingUp()
    TextFonts.startWarmingUpFallbackFonts()
    let sizes = (0..<8).map { _ in CanvasSize(width: 0, height: 0) }
    let results = UnsafeMutableBufferPointer<CanvasSize>.allocate(capacity: sizes.count)
    defer { results.deallocate() }
    DispatchQueue.concurrentPerform(iterations: sizes.count) { index in
      let canvas = try? CairoCanvas(pixelWidth: 300, pixelHeight: 30)
      canvas?.draw("按钮 \(index)", in: CanvasRect(x: 0, y: 0, width: 300, height: 30), style: style)
      results[index] = TextFonts.measure("[0.150] -[Tile touchesBegan:withEvent:]", style: style)
    }
    XCTAssertEqual(Array(results), Array(repeating: expected, count: sizes.count))
  }

  func testTextRendersTheSameBytesTwice() throws {
    XCTAssertEqual(try drawText(scale: 1).pngData(), try drawText(scale: 1).pngData())
  }

  /// Labels as the view layer draws them: Latin, Chinese, bold, every
  /// alignment, truncated and wrapped.
  func drawText(scale: Double) throws -> CairoCanvas {
    let canvas = try CairoCanvas(size: CanvasSize(width: 200, height: 170), scale: scale)
    canvas.clear(to: .white)
    let guide = CanvasColor(hex: "#C7C7CC")!
    func box(_ y: Double, _ height: Double = 22) -> CanvasRect {
      let rect = CanvasRect(x: 10, y: y, width: 180, height: height)
      canvas.stroke(rect.insetBy(dx: -0.5, dy: -0.5), color: guide, style: .solid(1))
      return rect
    }
    canvas.draw("Tap me", in: box(8), style: TextStyle(fontSize: 15))
    canvas.draw(
      "按钮点击", in: box(36),
      style: TextStyle(fontSize: 15, color: CanvasColor(hex: "#007AFF")!, alignment: .center))
    canvas.draw(
      "Bold trailing", in: box(64),
      style: TextStyle(fontSize: 15, weight: .bold, alignment: .trailing))
    canvas.draw(
      "An overly long label that cannot fit 很长的标签", in: box(92),
      style: TextStyle(fontSize: 15, truncation: .tail))
    canvas.draw(
      "Wraps onto a second line, 第二行", in: box(120, 42),
      style: TextStyle(fontSize: 13, color: CanvasColor(hex: "#6C6C70")!, maximumLines: 0))
    return canvas
  }
}
