import Foundation
import TouchLabEngine
import TouchLabLayout
import XCTest

@testable import TouchLabCanvas
@testable import TouchLabEncoding
@testable import TouchLabRecords
@testable import TouchLabRender

/// Each kind of view drawn as it looks on iOS, checked at telling pixels and against a
/// reference image (References/views-*.png; TOUCHLAB_RECORD=1 records them anew).
final class ViewDrawingTests: XCTestCase {
  let white = PNGPixel(red: 255, green: 255, blue: 255)

  func testPlainViewsFollowAlphaTransformClipAndHidden() throws {
    let scene = try RenderSupport.scene(
      """
      window: {size: [200, 120]}
      controller:
        view:
          color: white
          subviews:
            - id: faded
              frame: [10, 10, 60, 60]
              color: blue
              alpha: 0.5
              subviews:
                - {frame: [5, 5, 30, 30], color: red}
                - {frame: [20, 20, 30, 30], color: red}
            - id: clip
              frame: [80, 10, 50, 50]
              color: green
              clipsToBounds: true
              subviews:
                - {frame: [25, 25, 50, 50], color: orange}
            - {id: rotated, frame: [145, 15, 40, 40], color: purple, transform: {rotate: 45}}
            - {id: hidden, frame: [10, 80, 40, 30], color: black, isHidden: true}
            - {id: invisible, frame: [60, 80, 40, 30], color: black, alpha: 0.005}
            - id: colourless
              frame: [110, 75, 80, 40]
              subviews:
                - {frame: [10, 10, 20, 20], color: red}
      """)
    let canvas = try RenderSupport.render(FrameContent(window: scene.window))
    let pixel = { RenderSupport.pixel(canvas, $0, $1) }
    // Group opacity: where the two red squares overlap is no darker than one alone.
    XCTAssertTrue(pixel(18, 18).isClose(to: PNGPixel(red: 255, green: 128, blue: 128)), "\(pixel(18, 18))")
    XCTAssertEqual(pixel(32, 32), pixel(18, 18))
    XCTAssertTrue(pixel(12, 65).isClose(to: PNGPixel(red: 128, green: 128, blue: 255)), "\(pixel(12, 65))")
    // clipsToBounds: the orange child shows inside its parent only.
    XCTAssertTrue(pixel(120, 50).isClose(to: PNGPixel(red: 255, green: 128, blue: 0)), "\(pixel(120, 50))")
    XCTAssertEqual(pixel(135, 58), white)
    // The transform turns the square about its centre: its corners are now white.
    XCTAssertTrue(pixel(165, 35).isClose(to: PNGPixel(red: 128, green: 0, blue: 128)))
    XCTAssertTrue(pixel(165, 12).isClose(to: PNGPixel(red: 128, green: 0, blue: 128)))
    XCTAssertEqual(pixel(147, 17), white)
    // Hidden and (almost) transparent views draw nothing; a view without colour only its subviews.
    XCTAssertEqual(pixel(30, 95), white)
    XCTAssertEqual(pixel(80, 95), white)
    XCTAssertEqual(pixel(115, 80), white)
    XCTAssertTrue(pixel(130, 95).isClose(to: PNGPixel(red: 255, green: 0, blue: 0)))
    assertSnapshot(canvas.makeImage(), named: "views-plain@2x", tolerance: 2)
  }

  /// The application's other visible windows are drawn over the main one, lowest level first
  /// (docs/BEHAVIOUR.md §15); a hidden one is not.
  func testOtherWindowsAreDrawnOverTheMainOneByLevel() throws {
    let scene = try RenderSupport.bundledScene("windows.yaml")
    let main = try RenderSupport.render(FrameContent(window: scene.window))
    // The status-bar window's banner (#FFD60A) over the main window's grey; the alert
    // window is hidden.
    XCTAssertTrue(RenderSupport.pixel(main, 30, 100).isClose(to: PNGPixel(red: 255, green: 214, blue: 10)))
    XCTAssertTrue(RenderSupport.pixel(main, 30, 400).isClose(to: PNGPixel(red: 242, green: 242, blue: 247)))
    try scene.set("alertWindow.isHidden=false")
    let dimmed = try RenderSupport.render(FrameContent(window: scene.window))
    // The alert window's dimming view (black at 0x66 alpha) over both.
    let under = RenderSupport.pixel(dimmed, 30, 400)
    XCTAssertTrue(under.red < 200 && under.red > 120, "\(under)")
    XCTAssertTrue(RenderSupport.pixel(dimmed, 30, 100).red < 200)
  }

  func testButtonsNormalHighlightedAndDisabled() throws {
    let scene = try RenderSupport.scene(
      """
      window: {size: [330, 110]}
      controller:
        view:
          color: "#F2F2F7"
          subviews:
            - {id: normal, class: UIButton, frame: [10, 10, 96, 40], title: Tap me}
            - {id: pressed, class: UIButton, frame: [117, 10, 96, 40], title: Pressed, isHighlighted: true}
            - {id: off, class: UIButton, frame: [224, 10, 96, 40], title: Disabled, isEnabled: false}
            - {id: red, class: UIButton, frame: [10, 60, 96, 40], title: Red, color: red}
            - {id: redPressed, class: UIButton, frame: [117, 60, 96, 40], title: Pressed, color: red, isHighlighted: true}
            - {id: plain, class: UIButton, frame: [224, 60, 96, 40], title: 按钮, color: white}
      """)
    let canvas = try RenderSupport.render(FrameContent(window: scene.window))
    let pixel = { RenderSupport.pixel(canvas, $0, $1) }
    let theme = Theme.standard.colors
    // Sample near a corner, clear of the rounded edge and the title.
    XCTAssertEqual(pixel(16, 16), PNGPixel(theme.controlFill))
    XCTAssertEqual(pixel(123, 16), PNGPixel(theme.controlHighlighted))
    XCTAssertEqual(pixel(230, 16), PNGPixel(theme.controlDisabled))
    // A background colour of its own is kept; highlighted, it darkens.
    XCTAssertEqual(pixel(16, 66), PNGPixel(red: 255, green: 0, blue: 0))
    // Its corners are rounded as iOS's: the very corner shows what is behind it.
    XCTAssertEqual(pixel(10.25, 60.25), pixel(8, 58))
    let darkened = pixel(123, 66)
    XCTAssertGreaterThan(darkened.red, 150)
    XCTAssertLessThan(darkened.red, 230)
    XCTAssertEqual(darkened.green, 0)
    // On white the title is the system blue, as a plain UIButton's.
    XCTAssertTrue(
      inkColors(canvas, in: CanvasRect(x: 254, y: 68, width: 36, height: 24)).contains { $0.blue > 200 && $0.red < 100 }
    )
    assertSnapshot(canvas.makeImage(), named: "views-buttons@2x", tolerance: 2)
  }

  /// A title too wide for its button shrinks to fit instead of losing its middle ("U… er").
  func testAButtonTitleShrinksToFitBeforeItTruncates() {
    let style = TextStyle(fontFamily: Theme.standard.metrics.fontFamily, fontSize: 17, weight: .medium)
    let wide = TextFonts.measure("Under", style: style).width
    XCTAssertEqual(ViewPainter.fittingFontSize("Under", style: style, width: wide + 1), 17)
    let size = ViewPainter.fittingFontSize("Under", style: style, width: wide * 0.7)
    XCTAssertLessThan(size, 17)
    var shrunk = style
    shrunk.fontSize = size
    XCTAssertLessThanOrEqual(TextFonts.measure("Under", style: shrunk).width, wide * 0.7 + 0.5)
    // Never below 9 points: a title far too long still truncates.
    XCTAssertEqual(ViewPainter.fittingFontSize("A very long button title", style: style, width: 20), 9)
  }

  func testSwitchesOffOnAndMidDrag() throws {
    let scene = try RenderSupport.scene(
      """
      window: {size: [220, 50]}
      controller:
        view:
          color: white
          subviews:
            - {id: off, class: UISwitch, frame: [10, 10, 51, 31]}
            - {id: on, class: UISwitch, frame: [80, 10, 51, 31], isOn: true}
            - {id: dragged, class: UISwitch, frame: [150, 10, 51, 31]}
      """)
    // A finger on the third switch's knob, dragged two thirds of the way across.
    scene.application.sendTouches([TouchInput(finger: 1, phase: .began, location: CGPoint(x: 165, y: 25))])
    scene.application.sendTouches([TouchInput(finger: 1, phase: .moved, location: CGPoint(x: 184, y: 25))])
    let dragged = try XCTUnwrap(scene.objects["dragged"] as? UISwitch)
    XCTAssertEqual(Double(dragged.knobPosition), 34.0 / 51, accuracy: 0.01)
    XCTAssertTrue(dragged.isHighlighted)

    let canvas = try RenderSupport.render(FrameContent(window: scene.window))
    let pixel = { RenderSupport.pixel(canvas, $0, $1) }
    // Off: a grey track, the knob at the left; on: green, the knob at the right.
    XCTAssertEqual(pixel(55, 25), PNGPixel(UIKitLook.switchOffTrack))
    XCTAssertEqual(pixel(24, 25), PNGPixel(red: 255, green: 255, blue: 255))
    XCTAssertEqual(pixel(86, 25), PNGPixel(CanvasColor(UIColor.systemGreen)))
    XCTAssertEqual(pixel(118, 25), PNGPixel(red: 255, green: 255, blue: 255))
    // Mid-drag: the track is between grey and green, and the (stretched) knob is past the middle.
    let track = pixel(153, 25)
    XCTAssertLessThan(track.red, UIKitLook.switchOffTrack.pngPixel.red)
    XCTAssertGreaterThan(track.red, 52)
    XCTAssertEqual(pixel(181, 25), PNGPixel(red: 255, green: 255, blue: 255))
    assertSnapshot(canvas.makeImage(), named: "views-switches@2x", tolerance: 2)
  }

  func testLabelsDrawChineseAndLatinText() throws {
    let scene = try RenderSupport.scene(
      """
      window: {size: [240, 90]}
      controller:
        view:
          color: white
          subviews:
            - {id: chinese, class: UILabel, frame: [10, 10, 220, 24], text: 按钮点击 cell selected!}
            - {id: centred, class: UILabel, frame: [10, 38, 220, 20], text: Centred, textAlignment: center,
               fontSize: 13, textColor: "#FF3B30"}
            - {id: right, class: UILabel, frame: [10, 62, 220, 20], text: Right, textAlignment: right,
               color: "#E5E5EA"}
      """)
    let canvas = try RenderSupport.render(FrameContent(window: scene.window))
    XCTAssertEqual(TextFonts.unknownGlyphCount(in: "按钮点击", style: TextStyle()), 0)
    // Ink where each alignment puts it, none where it does not.
    XCTAssertFalse(inkColors(canvas, in: CanvasRect(x: 10, y: 12, width: 60, height: 20)).isEmpty)
    XCTAssertFalse(inkColors(canvas, in: CanvasRect(x: 95, y: 40, width: 50, height: 16)).isEmpty)
    XCTAssertTrue(inkColors(canvas, in: CanvasRect(x: 12, y: 40, width: 50, height: 16)).isEmpty)
    XCTAssertTrue(
      inkColors(
        canvas, in: CanvasRect(x: 12, y: 64, width: 100, height: 16),
        background: PNGPixel(red: 229, green: 229, blue: 234)
      ).isEmpty)
    XCTAssertFalse(
      inkColors(
        canvas, in: CanvasRect(x: 180, y: 64, width: 48, height: 16),
        background: PNGPixel(red: 229, green: 229, blue: 234)
      ).isEmpty)
    assertSnapshot(canvas.makeImage(), named: "views-labels@2x", tolerance: 2)
  }

  func testScrollViewClipsItsContentAndShowsItsIndicator() throws {
    let scene = try RenderSupport.scene(
      """
      window: {size: [160, 140]}
      controller:
        view:
          color: white
          subviews:
            - id: scroll
              class: UIScrollView
              frame: [20, 20, 120, 100]
              color: "#F2F2F7"
              contentSize: [120, 300]
              contentOffset: [0, 40]
              subviews:
                - {frame: [0, 0, 120, 50], color: red}
                - {frame: [0, 50, 120, 50], color: green}
                - {frame: [0, 100, 120, 50], color: blue}
                - {frame: [0, 150, 120, 50], color: orange}
                - {frame: [0, 200, 120, 50], color: purple}
                - {frame: [0, 250, 120, 50], color: cyan}
      scenarios:
        drag: [{drag: [80, 100], by: [0, -40], duration: 0.4, steps: 8}]
      """)
    let scroll = try XCTUnwrap(scene.objects["scroll"] as? UIScrollView)
    // Still: no indicator; the content offset moves the content up by 40.
    XCTAssertNil(scroll.verticalScrollIndicatorFrame)
    var canvas = try RenderSupport.render(FrameContent(window: scene.window))
    XCTAssertEqual(RenderSupport.pixel(canvas, 60, 25), PNGPixel(red: 255, green: 0, blue: 0))
    XCTAssertEqual(RenderSupport.pixel(canvas, 60, 35), PNGPixel(red: 0, green: 255, blue: 0))
    // Clipped to its bounds although clipsToBounds is false: nothing above or below it.
    XCTAssertEqual(RenderSupport.pixel(canvas, 60, 15), white)
    XCTAssertEqual(RenderSupport.pixel(canvas, 60, 125), white)

    // Mid-drag the indicator shows: a dark bar near the right edge, over the content.
    ScenarioPlayer(scene: scene).play(try XCTUnwrap(scene.scenario(named: "drag")), until: 0.3)
    let indicator = try XCTUnwrap(scroll.verticalScrollIndicatorFrame)
    canvas = try RenderSupport.render(FrameContent(window: scene.window))
    let onBar = scroll.convert(CGPoint(x: indicator.midX, y: indicator.midY), to: nil)
    let bar = RenderSupport.pixel(canvas, Double(onBar.x), Double(onBar.y))
    let beside = RenderSupport.pixel(canvas, Double(onBar.x) - 8, Double(onBar.y))
    XCTAssertLessThan(
      Int(bar.red) + Int(bar.green) + Int(bar.blue), Int(beside.red) + Int(beside.green) + Int(beside.blue) - 100,
      "\(bar) on \(beside)")
    assertSnapshot(canvas.makeImage(), named: "views-scroll@2x", tolerance: 2)
  }

  func testTableCellsShowHighlightSelectionAndSeparators() throws {
    let scene = try RenderSupport.scene(
      """
      window: {size: [200, 150]}
      controller:
        view:
          color: "#F2F2F7"
          subviews:
            - id: table
              class: UITableView
              frame: [0, 5, 200, 140]
              color: white
              rows: [{text: Row 0}, {text: Row 1 — highlighted}, {text: 行 2 selected}]
      scenarios:
        hold: [{down: {row: 1, in: table}}, {wait: 0.3}, {up: 1}]
      """)
    let table = try XCTUnwrap(scene.objects["table"] as? UITableView)
    table.selectRow(at: IndexPath(row: 2, section: 0))
    // A finger held on row 1 past the scroll view's 0.15 s: the table highlights it.
    ScenarioPlayer(scene: scene).play(try XCTUnwrap(scene.scenario(named: "hold")), until: 0.2)
    let canvas = try RenderSupport.render(FrameContent(window: scene.window))
    let pixel = { RenderSupport.pixel(canvas, $0, $1) }
    XCTAssertEqual(pixel(190, 5 + 22), white)
    XCTAssertEqual(pixel(190, 5 + 44 + 22), PNGPixel(UIKitLook.cellSelection))
    XCTAssertEqual(pixel(190, 5 + 88 + 22), PNGPixel(UIKitLook.cellSelection))
    // A hairline at the foot of each cell, from 16 points in, in the table's separator colour.
    let separator = PNGPixel(CanvasColor(table.separatorColor).over(.white))
    XCTAssertTrue(canvas.pixel(x: 100 * 2, y: (5 + 44) * 2 - 1).isClose(to: separator, tolerance: 1))
    XCTAssertEqual(canvas.pixel(x: 8 * 2, y: (5 + 44) * 2 - 1), white)
    XCTAssertEqual(canvas.pixel(x: 100 * 2, y: (5 + 44) * 2 - 2), white)
    XCTAssertFalse(
      inkColors(
        canvas, in: CanvasRect(x: 16, y: 5 + 88 + 10, width: 60, height: 24), background: pixel(190, 5 + 88 + 22)
      )
      .isEmpty)
    assertSnapshot(canvas.makeImage(), named: "views-table@2x", tolerance: 2)
  }

  func testImageViewsShowTheStandInPictureAndTheirName() throws {
    let scene = try RenderSupport.scene(
      """
      window: {size: [200, 120]}
      controller:
        view:
          color: white
          subviews:
            - {id: photo, class: UIImageView, frame: [10, 10, 120, 100], image: sunset.jpg}
            - {id: empty, class: UIImageView, frame: [140, 10, 50, 50]}
      """)
    let canvas = try RenderSupport.render(FrameContent(window: scene.window))
    let pixel = { RenderSupport.pixel(canvas, $0, $1) }
    // The pale fill at the top left, the sun at the top right, a hill near the foot.
    XCTAssertTrue(pixel(14, 14).isClose(to: PNGPixel(red: 242, green: 242, blue: 247)), "\(pixel(14, 14))")
    XCTAssertTrue(pixel(130 - 30, 10 + 30).isClose(to: PNGPixel(red: 255, green: 204, blue: 0)), "sun")
    XCTAssertTrue(pixel(60, 85).isClose(to: PNGPixel(red: 90, green: 170, blue: 190)), "\(pixel(60, 85))")
    // No image, no picture: the window's white shows through.
    XCTAssertEqual(pixel(165, 35), white)
  }

  func testDrawingTwiceGivesTheSameBytes() throws {
    let scene = try RenderSupport.bundledScene("seed003-gestures.yaml")
    let overlay = TouchOverlay(application: scene.application)
    ScenarioPlayer(scene: scene).play(try XCTUnwrap(scene.scenario(named: "tap-red")), until: 0.02)
    let content = FrameContent(
      window: scene.window, overlay: overlay.state,
      transcript: [.line(TranscriptTime(0), "one"), .line(TranscriptTime(0.02), "two")],
      title: "Twice",
      keyHelp: ["Space  replay"], now: 0.02)
    let renderer = SceneRenderer(theme: .standard)
    let canvas = try CairoCanvas(size: SceneRenderer.frameSize(for: scene.window, showsPanel: true), scale: 1)
    renderer.draw(content, on: canvas)
    let first = try canvas.pngData()
    renderer.draw(content, on: canvas)
    XCTAssertEqual(try canvas.pngData(), first)
  }

  /// The pixels in `rect` (scene points) that differ from `background`: text or marks.
  private func inkColors(_ canvas: CairoCanvas, in rect: CanvasRect, background: PNGPixel? = nil) -> [PNGPixel] {
    let paper = background ?? white
    var found: [PNGPixel] = []
    for y in Int(rect.minY * canvas.scale)..<Int(rect.maxY * canvas.scale) {
      for x in Int(rect.minX * canvas.scale)..<Int(rect.maxX * canvas.scale) {
        let pixel = canvas.pixel(x: x, y: y)
        if !pixel.isClose(to: paper, tolerance: 24) { found.append(pixel) }
      }
    }
    return found
  }
}

extension PNGPixel {
  init(_ color: CanvasColor) {
    self.init(
      red: UInt8((color.red * 255).rounded()), green: UInt8((color.green * 255).rounded()),
      blue: UInt8((color.blue * 255).rounded()), alpha: UInt8((color.alpha * 255).rounded()))
  }
}

extension CanvasColor {
  var pngPixel: PNGPixel { PNGPixel(self) }
}
