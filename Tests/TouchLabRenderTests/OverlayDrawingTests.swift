import Foundation
import TouchLabEngine
import TouchLabLayout
import XCTest

@testable import TouchLabRender

/// The overlay and the panel as drawn: against reference images, and at telling pixels.
final class OverlayDrawingTests: XCTestCase {
  static let dragScene = """
    window: {size: [340, 560]}
    classes:
      BoxView: {base: UIView, log: [touchesBegan, touchesMoved, touchesCancelled]}
    controller:
      view:
        color: white
        gestures: [{id: backTap, class: UITapGestureRecognizer, action: {print: background tapped}}]
        subviews:
          - id: box
            class: BoxView
            frame: [30, 50, 150, 110]
            color: "#FFCC00"
            gestures: [{id: pan, class: UIPanGestureRecognizer, action: {print: panned}}]
    scenarios:
      drag: [{drag: box, by: [60, 150], duration: 0.3, steps: 12}]
    """

  func testADragShowsTrailHitOutlineAndReceivers() throws {
    let scene = try RenderSupport.scene(Self.dragScene)
    let overlay = TouchOverlay(application: scene.application)
    ScenarioPlayer(scene: scene).play(try XCTUnwrap(scene.scenario(named: "drag")), until: 0.2)
    let canvas = try RenderSupport.render(FrameContent(window: scene.window, overlay: overlay, now: 0.2))
    let touchColor = PNGPixel(Theme.standard.overlay.touchColor(at: 0).withAlpha(1))
    // The hit view's outline, in the touch's colour, along the box's left edge.
    XCTAssertEqual(RenderSupport.pixel(canvas, 30, 150), touchColor)
    // The trail: the touch's colour between where it started and where it is.
    let touch = try XCTUnwrap(overlay.touch(withIdentifier: 1))
    XCTAssertEqual(touch.trail.count, 9)
    let middle = touch.trail[2]
    XCTAssertTrue(
      RenderSupport.pixel(canvas, Double(middle.x), Double(middle.y)).isClose(to: touchColor, tolerance: 40),
      "\(RenderSupport.pixel(canvas, Double(middle.x), Double(middle.y)))")
    assertSnapshot(canvas.makeImage(), named: "overlay-drag@2x", tolerance: 2)
  }

  func testTheDelayCountdownSweepsRoundTheFinger() throws {
    let scene = try RenderSupport.scene(
      """
      window: {size: [390, 440]}
      controller:
        view:
          color: white
          subviews:
            - id: scroll
              class: UIScrollView
              frame: [0, 0, 390, 440]
              contentSize: [390, 900]
              subviews: [{id: content, frame: [20, 40, 280, 88], color: "#E5E5EA"}]
      """)
    let overlay = TouchOverlay(application: scene.application)
    scene.application.sendTouches([TouchInput(finger: 1, phase: .began, location: CGPoint(x: 80, y: 84))])
    scene.application.clock.advance(to: 0.1)
    let canvas = try RenderSupport.render(FrameContent(window: scene.window, overlay: overlay, now: 0.1))
    let held = PNGPixel(Theme.standard.overlay.gestureHeld)
    let radius = Theme.standard.overlay.touchRadius + 7
    // Two thirds of the way round: the arc is at the right (a quarter) and the bottom (half),
    // not yet at the upper left (seven eighths).
    XCTAssertEqual(RenderSupport.pixel(canvas, 80 + radius, 84), held)
    XCTAssertEqual(RenderSupport.pixel(canvas, 80, 84 + radius), held)
    XCTAssertNotEqual(RenderSupport.pixel(canvas, 80 - radius * 0.7071, 84 - radius * 0.7071), held)
    assertSnapshot(canvas.makeImage(), named: "overlay-countdown@2x", tolerance: 2)
  }

  func testTheWholeFrameWithPanel() throws {
    let scene = try RenderSupport.bundledScene("seed003-gestures.yaml")
    let overlay = TouchOverlay(application: scene.application)
    ScenarioPlayer(scene: scene).play(try XCTUnwrap(scene.scenario(named: "tap-red")))
    let transcript = TranscriptFormatter(showsTimes: true).lines(scene.records.records)
    let content = FrameContent(
      window: scene.window, overlay: overlay, transcript: transcript, title: scene.title,
      keyHelp: ["Space  replay the scenario", "C  clear the overlay", "O  overlay on/off"], now: 0.05,
      subtitle: "seed003-gestures.yaml · tap-red")
    let canvas = try RenderSupport.render(content, showsPanel: true, scale: 1)
    XCTAssertEqual(canvas.pixelWidth, 375 + Int(SceneRenderer.panelWidth))
    XCTAssertEqual(canvas.pixelHeight, 812)
    // The panel's background right of the scene, and its text.
    XCTAssertEqual(canvas.pixel(x: 375 + 370, y: 400), PNGPixel(Theme.standard.colors.background))
    assertSnapshot(canvas.makeImage(), named: "frame-seed003-tap-red@1x", tolerance: 2)
  }

  func testTheTranscriptKeepsTheNewestLinesInSight() throws {
    let scene = try RenderSupport.scene("window: {size: [200, 300]}\ncontroller: {view: {color: white}}")
    let lines = (0..<200).map { "[\(String(format: "%.3f", Double($0) / 100))] -[View touchesMoved:withEvent:] \($0)" }
    let canvas = try RenderSupport.render(
      FrameContent(window: scene.window, transcript: lines, title: "Many lines"), showsPanel: true, scale: 1)
    assertSnapshot(canvas.makeImage(), named: "panel-long-transcript@1x", tolerance: 2)
  }

  func testALayoutErrorIsShownOverTheScene() throws {
    let scene = try RenderSupport.scene(
      "window: {size: [320, 200]}\ncontroller: {view: {color: white, subviews: [{frame: [0, 0, 320, 200], color: blue}]}}"
    )
    let message = "Layouts/broken.yaml:4:38: error: unknown key 'colour' for UIView (did you mean 'color'?)"
    let canvas = try RenderSupport.render(FrameContent(window: scene.window, message: message))
    // The red box across the top; the scene still drawn below it.
    XCTAssertEqual(RenderSupport.pixel(canvas, 20, 16), PNGPixel(red: 215, green: 0, blue: 21))
    XCTAssertEqual(RenderSupport.pixel(canvas, 160, 190), PNGPixel(red: 0, green: 0, blue: 255))
    assertSnapshot(canvas.makeImage(), named: "message@2x", tolerance: 2)
  }
}
