import Foundation
import TouchLabEngine
import TouchLabLayout
import XCTest

@testable import TouchLabCanvas
@testable import TouchLabRecords
@testable import TouchLabRender

/// Issue 30 (a drag's frame at scales 2 and 3): what a drag's frame no longer draws again.
/// The scene's views are kept drawn on a canvas of their own and copied where only what is
/// over them changed (`KeptViews`); a finger's mark is drawn once and laid as pixels at each
/// motion (`Canvas.drawStamp`); a card's times are written without Foundation's formatting.
final class KeptPixelsTests: XCTestCase {
  private let violet = CanvasColor(red: 0.6, green: 0.3, blue: 0.9)

  /// A mark like a finger's: a translucent disc, two ring strokes, a badge with a number.
  private func drawMark(at center: CanvasPoint, on canvas: Canvas) {
    canvas.fillCircle(center: center, radius: 22, color: violet.withAlpha(0.22))
    canvas.strokeCircle(center: center, radius: 22, color: CanvasColor.white.withAlpha(0.85), style: .solid(5.5))
    canvas.strokeCircle(center: center, radius: 22, color: violet, style: .solid(2.5))
    canvas.fillCircle(center: CanvasPoint(x: center.x + 15.6, y: center.y - 15.6), radius: 8, color: violet)
    canvas.draw(
      "1", in: CanvasRect(x: center.x - 4.4, y: center.y - 25.6, width: 40, height: 20),
      style: TextStyle(fontSize: 10.5, weight: .bold, color: .white, alignment: .center, verticalAlignment: .center))
  }

  private func stampMark(at center: CanvasPoint, on canvas: Canvas, stamps: StampCache) {
    let bounds = CanvasRect(x: center.x - 26, y: center.y - 26, width: 76, height: 52)
    canvas.drawStamp(7, bounds: bounds, stamps: stamps) { drawMark(at: center, on: $0) }
  }

  /// The largest difference of any channel between the two canvases' pixels in `rect` of
  /// `a` and the same rectangle moved by (`dx`, `dy`) in `b`.
  private func largestDifference(
    _ a: CairoCanvas, _ b: CairoCanvas, in rect: DamageRect, movedBy dx: Int = 0, _ dy: Int = 0
  ) -> Int {
    var largest = 0
    for y in rect.y..<rect.maxY {
      for x in rect.x..<rect.maxX {
        let p = a.pixel(x: x, y: y)
        let q = b.pixel(x: x + dx, y: y + dy)
        largest = max(
          largest, abs(Int(p.red) - Int(q.red)), abs(Int(p.green) - Int(q.green)), abs(Int(p.blue) - Int(q.blue)),
          abs(Int(p.alpha) - Int(q.alpha)))
      }
    }
    return largest
  }

  /// How many rows of the two canvases (of one size) differ.
  private func differingRows(_ a: CairoCanvas, _ b: CairoCanvas) -> Int {
    a.withUnsafePixelBytes { first in
      b.withUnsafePixelBytes { second in
        (0..<a.pixelHeight).filter { row in
          memcmp(first.baseAddress! + row * a.bytesPerRow, second.baseAddress! + row * b.bytesPerRow, a.pixelWidth * 4)
            != 0
        }.count
      }
    }
  }

  func testAStampIsDrawnOnceAndLaidWhereverItsDrawingFallsAsFarIntoAPixel() throws {
    let stamps = StampCache()
    let first = try CairoCanvas(pixelWidth: 400, pixelHeight: 300, scale: 3)
    first.clear(to: .white)
    stampMark(at: CanvasPoint(x: 30, y: 40), on: first, stamps: stamps)
    XCTAssertEqual(stamps.drawnCount, 1)
    // Whole pixels away (10 points is 30 pixels at scale 3), and at a point that comes back
    // from pixels a hair short (101.333… points is 303.99999999999994 pixels).
    let second = try CairoCanvas(pixelWidth: 400, pixelHeight: 300, scale: 3)
    second.clear(to: .white)
    stampMark(at: CanvasPoint(x: 40, y: 50), on: second, stamps: stamps)
    stampMark(at: CanvasPoint(x: 304.0 / 3, y: 40), on: second, stamps: stamps)
    XCTAssertEqual(stamps.drawnCount, 1, "the same stamp laid three times")
    let mark = DamageRect(x: 10, y: 40, width: 150, height: 160)
    XCTAssertEqual(largestDifference(first, second, in: mark, movedBy: 30, 30), 0, "the same pixels 30 pixels on")
    // Where the drawing falls elsewhere in a pixel, another stamp.
    stampMark(at: CanvasPoint(x: 40.5, y: 50), on: second, stamps: stamps)
    XCTAssertEqual(stamps.drawnCount, 2)
    // The stamp is the drawing: laid over white, within a level or two of drawing it there.
    let drawn = try CairoCanvas(pixelWidth: 400, pixelHeight: 300, scale: 3)
    drawn.clear(to: .white)
    drawMark(at: CanvasPoint(x: 30, y: 40), on: drawn)
    let difference = largestDifference(first, drawn, in: mark)
    XCTAssertLessThanOrEqual(difference, 2, "a stamp looks as the drawing does")
    XCTAssertGreaterThan(
      largestDifference(first, try CairoCanvas(pixelWidth: 400, pixelHeight: 300, scale: 3), in: mark), 100,
      "the mark was laid at all")
  }

  func testAStampIsDrawnWhereItCannotBeLaid() throws {
    let stamps = StampCache()
    // Turned: drawn, as a vector canvas draws it.
    let turned = try CairoCanvas(pixelWidth: 200, pixelHeight: 200, scale: 1)
    turned.rotate(radians: 0.3)
    stampMark(at: CanvasPoint(x: 100, y: 60), on: turned, stamps: stamps)
    XCTAssertEqual(stamps.drawnCount, 0, "a turned canvas draws the mark's shapes")
    XCTAssertEqual(stamps.count, 0)
    let vector = try SVGCanvas(size: CanvasSize(width: 200, height: 200))
    stampMark(at: CanvasPoint(x: 60, y: 60), on: vector, stamps: stamps)
    XCTAssertEqual(stamps.drawnCount, 0, "a vector canvas draws the mark's shapes")
    let text = String(decoding: vector.data(), as: UTF8.self)
    XCTAssertTrue(text.contains("<path"), "vectors, not an embedded bitmap")
    XCTAssertFalse(text.contains("<image"))
  }

  func testAStampIsNotedAsOneItemAClipCutsExactlyOutsideALayer() throws {
    let stamps = StampCache()
    let recorder = DamageRecordingCanvas(
      wrapping: try DamageRecordingCanvas.makeBase(pixelWidth: 400, pixelHeight: 300, scale: 2))
    stampMark(at: CanvasPoint(x: 60, y: 60), on: recorder, stamps: stamps)
    recorder.beginTransparencyLayer(alpha: 0.35)
    stampMark(at: CanvasPoint(x: 60, y: 60), on: recorder, stamps: stamps)
    recorder.endTransparencyLayer()
    XCTAssertEqual(recorder.items.count, 2, "one item a stamp: \(recorder.items)")
    XCTAssertEqual(recorder.items.map(\.cutsExactly), [true, false])
    // (34, 34)–(110, 86) points at scale 2, with a pixel more for antialiasing.
    XCTAssertEqual(recorder.items.first?.rect, DamageRect(x: 67, y: 67, width: 154, height: 106))
    XCTAssertEqual(stamps.drawnCount, 0, "noting draws nothing")
  }

  func testACardsTimesAreWrittenAsPrintfWritesThem() {
    var values: [Double] = [0, -0.0, 0.005, 0.015, 0.125, 0.375, 2.675, 1.005, -0.001, -2.5, 99.995, 1e9 + 0.125, 1e20]
    values += (-2000...20000).map { Double($0) / 1000 }
    var generator = SystemRandomNumberGenerator()
    values += (0..<5000).map { _ in Double.random(in: 0..<100_000, using: &generator) }
    values += [.nan, .infinity]
    for value in values {
      XCTAssertEqual(OverlayCardLayout.seconds(value), String(format: "%.2f", value), "\(value)")
    }
  }

  /// A drag over the playground's yellow view at scale 2: the views do not change, and the
  /// frames copy them (nothing of theirs to draw again, no rectangle grown over the slider's
  /// thumb the line to the card crosses); a view that changes is drawn again on the kept
  /// views, and every frame has a whole drawing's pixels.
  /// The kept views are drawn one rectangle at a time, each under a clip of its own: no
  /// rectangle may cut an item, even one another rectangle holds whole (a switch's track
  /// redrawn, and its knob's shadow a row taller than the track's rectangle).
  func testEveryRectangleOfTheKeptViewsHoldsWholeWhatItMeets() throws {
    let kept = KeptViews(canvas: try CairoCanvas(pixelWidth: 1200, pixelHeight: 900))
    let track = DamageRect(x: 611, y: 713, width: 155, height: 95)
    let shadow = DamageRect(x: 720, y: 768, width: 41, height: 41)
    kept.note([DrawingItem(key: 1, rect: track), DrawingItem(key: 2, rect: shadow)], maximumRects: 16)
    kept.commit()
    let views = [
      DrawingItem(key: 3, rect: track),
      DrawingItem(key: 4, rect: DamageRect(x: 720, y: 768, width: 41, height: 42)),
    ]
    kept.note(views, maximumRects: 16)
    XCTAssertFalse(kept.needed.isEmpty)
    for rect in kept.needed {
      for item in views where !item.rect.intersection(rect).isEmpty {
        XCTAssertTrue(rect.contains(item.rect), "\(rect) cuts \(item.rect)")
      }
    }
    XCTAssertTrue(kept.needed.contains { $0.contains(track) })
  }

  func testADragCopiesTheKeptViewsAndAChangedViewIsDrawnOnThem() throws {
    let scene = try RenderSupport.bundledScene("playground.yaml")
    let application = scene.application
    let overlay = TouchOverlay(application: application)
    let renderer = SceneRenderer(theme: .standard)
    let tracker = FrameDamageTracker()
    let start = CGPoint(x: 101, y: 156)
    application.clock.advance(to: application.clock.now + 0.5)
    application.sendTouches([TouchInput(finger: 1, phase: .began, location: start)])
    var content = FrameContent(
      window: scene.window, overlay: overlay.state, transcript: [], title: scene.title, keyHelp: [],
      now: application.clock.now)
    let size = SceneRenderer.frameSize(for: scene.window, showsPanel: true)
    let canvas = try CairoCanvas(size: size, scale: 2)
    func drawAndCompare(_ what: String) throws -> [DamageRect] {
      guard case .drawn(let rects) = renderer.draw(content, on: canvas, tracking: tracker) else {
        XCTFail("\(what): stopped")
        return []
      }
      let whole = try CairoCanvas(size: size, scale: 2)
      SceneRenderer(theme: .standard).draw(content, on: whole)
      XCTAssertEqual(differingRows(canvas, whole), 0, "\(what): a whole drawing's pixels")
      return rects
    }
    _ = try drawAndCompare("the first frame")
    let kept = try XCTUnwrap(tracker.keptViews)
    XCTAssertEqual(kept.canvas.pixelWidth, Int(scene.window.bounds.width) * 2, "the scene's pixels only")
    for step in 1...5 {
      application.clock.advance(to: application.clock.now + 0.008)
      application.sendTouches([
        TouchInput(finger: 1, phase: .moved, location: CGPoint(x: start.x + Double(step * 2), y: start.y + 1))
      ])
      content.overlay = overlay.state
      content.now = application.clock.now
      _ = renderer.damage(
        for: content, pixelWidth: canvas.pixelWidth, pixelHeight: canvas.pixelHeight, scale: 2, tracking: tracker)
      XCTAssertEqual(kept.needed, [], "step \(step): the views did not change")
      let rects = try drawAndCompare("step \(step)")
      // The slider's thumb (112–140, 525–555 points) under the line: not drawn whole.
      let thumb = DamageRect(x: 230, y: 1060, width: 40, height: 40)
      XCTAssertFalse(
        rects.contains { $0.contains(thumb) }, "step \(step): the thumb under the line is copied, not drawn: \(rects)")
    }
    // A view changes: drawn again on the kept views, where it is.
    let yellow = try XCTUnwrap(scene.window.view(withIdentifier: "yellow"))
    yellow.backgroundColor = UIColor(red: 0, green: 0.5, blue: 0, alpha: 1)
    _ = renderer.damage(
      for: content, pixelWidth: canvas.pixelWidth, pixelHeight: canvas.pixelHeight, scale: 2, tracking: tracker)
    let frame = yellow.frame
    let yellowPixels = DamageRect(
      x: Int(frame.minX * 2) + 2, y: Int(frame.minY * 2) + 2, width: Int(frame.width * 2) - 4,
      height: Int(frame.height * 2) - 4)
    XCTAssertTrue(kept.needed.contains { !$0.intersection(yellowPixels).isEmpty }, "\(kept.needed)")
    _ = try drawAndCompare("the view recoloured")
    XCTAssertEqual(kept.needed, [])
    // A whole frame (an Expose, a new size) draws the kept views whole again: pixels spoilt
    // on them do not outlive it.
    _ = kept.canvas.withUnsafePixelBytes { bytes in
      memset(UnsafeMutableRawPointer(mutating: bytes.baseAddress!), 0x5A, bytes.count / 2)
    }
    tracker.reset()
    tracker.canvas = canvas
    _ = try drawAndCompare("a whole frame after the kept views were spoilt")
  }

  /// Issue 46: a damage drawing reads only the `FrameDamage` it is given. The renderer notes
  /// another scene's frame (on a tracker of its own, whose kept views hold that scene's views)
  /// between noting this frame and drawing it: the drawing still copies this frame's kept
  /// views and runs this frame's parts — a renderer that kept the last noting for the next
  /// drawing would copy the other scene's views.
  func testADamageDrawingReadsOnlyTheDamageItIsGivenNotTheRenderersLastNoting() throws {
    let renderer = SceneRenderer(theme: .standard)
    func setUp(_ file: String) throws -> (Scene, TouchOverlay, FrameContent, CairoCanvas, FrameDamageTracker) {
      let scene = try RenderSupport.bundledScene(file)
      let overlay = TouchOverlay(application: scene.application)
      let content = FrameContent(
        window: scene.window, overlay: overlay.state, transcript: [], title: scene.title, keyHelp: [],
        now: scene.application.clock.now)
      let canvas = try CairoCanvas(size: SceneRenderer.frameSize(for: scene.window, showsPanel: true), scale: 2)
      return (scene, overlay, content, canvas, FrameDamageTracker())
    }
    var (scene, overlay, content, canvas, tracker) = try setUp("playground.yaml")
    let (_, _, otherContent, otherCanvas, otherTracker) = try setUp("slider.yaml")
    let application = scene.application
    application.clock.advance(to: application.clock.now + 0.5)
    application.sendTouches([TouchInput(finger: 1, phase: .began, location: CGPoint(x: 101, y: 156))])
    content.overlay = overlay.state
    content.now = application.clock.now
    guard case .drawn = renderer.draw(content, on: canvas, tracking: tracker),
      case .drawn = renderer.draw(otherContent, on: otherCanvas, tracking: otherTracker)
    else { return XCTFail("a first frame stopped") }
    application.clock.advance(to: application.clock.now + 0.008)
    application.sendTouches([TouchInput(finger: 1, phase: .moved, location: CGPoint(x: 131, y: 170))])
    content.overlay = overlay.state
    content.now = application.clock.now
    let damage = renderer.damage(
      for: content, pixelWidth: canvas.pixelWidth, pixelHeight: canvas.pixelHeight, scale: 2, tracking: tracker)
    XCTAssertNotNil(damage.keptViews, "the move copies the kept views")
    let sceneWidth = Int(scene.window.bounds.width) * 2
    XCTAssertTrue(damage.rects.contains { $0.x < sceneWidth }, "the move damages the scene: \(damage.rects)")
    // Another frame noted in between, of another scene, on another tracker.
    _ = renderer.damage(
      for: otherContent, pixelWidth: otherCanvas.pixelWidth, pixelHeight: otherCanvas.pixelHeight, scale: 2,
      tracking: otherTracker)
    // Drawn as `draw(_:on:tracking:)` draws: on a canvas of its own, the rectangles copied.
    let scratch = try CairoCanvas(pixelWidth: canvas.pixelWidth, pixelHeight: canvas.pixelHeight, scale: 2)
    XCTAssertTrue(renderer.draw(content, on: scratch, within: damage.rects, of: damage))
    for rect in damage.rects { canvas.copyPixels(of: scratch, in: rect) }
    tracker.commit()
    let whole = try CairoCanvas(size: SceneRenderer.frameSize(for: scene.window, showsPanel: true), scale: 2)
    SceneRenderer(theme: .standard).draw(content, on: whole)
    XCTAssertEqual(differingRows(canvas, whole), 0, "the moved frame's pixels are a whole drawing's")
  }
}

/// What a damage drawing skips: a card or a card's row its rectangles miss, and the clips and
/// strokes of a long line near an axis, drawn in longer pieces.
final class DamageSkippingTests: XCTestCase {
  func testACanvasSkipsOnlyWhatItsDamageRectanglesMissAndARecordingNothing() throws {
    let canvas = try CairoCanvas(pixelWidth: 200, pixelHeight: 200, scale: 2)
    XCTAssertFalse(canvas.skips(CanvasRect(x: 0, y: 0, width: 10, height: 10)), "a whole drawing skips nothing")
    canvas.withDamageClip([DamageRect(x: 100, y: 100, width: 20, height: 20)]) {
      XCTAssertTrue(canvas.skips(CanvasRect(x: 0, y: 0, width: 40, height: 40)))
      XCTAssertFalse(canvas.skips(CanvasRect(x: 45, y: 45, width: 10, height: 10)))
      // A pixel of antialiasing more: a rectangle ending half a point short is drawn.
      XCTAssertFalse(canvas.skips(CanvasRect(x: 0, y: 0, width: 49.75, height: 49.75)))
    }
    let recorder = DamageRecordingCanvas(
      wrapping: try DamageRecordingCanvas.makeBase(pixelWidth: 200, pixelHeight: 200, scale: 2))
    XCTAssertFalse(recorder.skips(CanvasRect(x: -500, y: -500, width: 1, height: 1)))
  }

  func testALineNearAnAxisIsDrawnInLongerPiecesWhoseBandsSlantNoMore() throws {
    let canvas = try CairoCanvas(pixelWidth: 1200, pixelHeight: 1200, scale: 1)
    let pieces = try XCTUnwrap(canvas.shapePieces)
    func lengths(dx: Double) throws -> [Int] {
      let bands = try XCTUnwrap(
        pieces.line(from: CanvasPoint(x: 100, y: 50), to: CanvasPoint(x: 100 + dx, y: 1050), width: 1.5))
      return bands.dropLast().map(\.height)
    }
    XCTAssertEqual(Set(try lengths(dx: 0)), [128], "upright: the longest pieces")
    XCTAssertEqual(Set(try lengths(dx: 125)), [64], "1 in 8")
    XCTAssertEqual(Set(try lengths(dx: 250)), [32], "1 in 4")
    XCTAssertEqual(Set(try lengths(dx: 600)), [32], "steeper: never shorter than 32")
    // However long the pieces, a band is as wide as the line's slant over it and its width.
    for dx in [0.0, 125, 250] {
      let bands = try XCTUnwrap(
        pieces.line(from: CanvasPoint(x: 100, y: 50), to: CanvasPoint(x: 100 + dx, y: 1050), width: 1.5))
      XCTAssertLessThanOrEqual(bands.map(\.width).max() ?? 0, 8 + 12, "dx \(dx): \(bands.map(\.width))")
    }
  }
}
