import Foundation
import TouchLabEngine
import TouchLabLayout
import TouchLabRecords
import XCTest

@testable import TouchLabCanvas
@testable import TouchLabEncoding
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
    let canvas = try RenderSupport.render(FrameContent(window: scene.window, overlay: overlay.state, now: 0.2))
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
    let canvas = try RenderSupport.render(FrameContent(window: scene.window, overlay: overlay.state, now: 0.1))
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
    let transcript = scene.records.records.compactMap { record in
      TranscriptFormatter().line(record).map { TranscriptEntry.line(TranscriptTime(record.time), $0) }
    }
    let content = FrameContent(
      window: scene.window, overlay: overlay.state, transcript: transcript, title: scene.title,
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
    let lines = (0..<200).map {
      TranscriptEntry.line(TranscriptTime(Double($0) / 100), "-[View touchesMoved:withEvent:] \($0)")
    }
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

/// Where the overlay puts its marks and cards: clipped as the scene is, and off the views.
final class OverlayPlacementTests: XCTestCase {
  func testTheHitOutlineIsClippedByTheScrollViewAfterAScroll() throws {
    let scene = try RenderSupport.scene(
      """
      window: {size: [390, 440]}
      controller:
        view:
          color: white
          subviews:
            - id: scroll
              class: UIScrollView
              frame: [0, 100, 390, 200]
              contentSize: [390, 900]
              subviews: [{id: row, frame: [20, 20, 200, 100], color: "#E5E5EA"}]
      """)
    let overlay = TouchOverlay(application: scene.application)
    let scroll = try XCTUnwrap(scene.objects["scroll"] as? UIScrollView)
    // Scrolled by 60: the row's top 40 points are above the scroll view, cut off.
    scroll.contentOffset = CGPoint(x: 0, y: 60)
    scene.application.sendTouches([TouchInput(finger: 1, phase: .began, location: CGPoint(x: 120, y: 130))])
    let touch = try XCTUnwrap(overlay.touch(withIdentifier: 1))
    let renderer = SceneRenderer(theme: .standard)
    let outline = try XCTUnwrap(renderer.touchOverlay.hitOutline(of: touch, in: scene.window))
    XCTAssertEqual(outline.visible, CanvasRect(x: 20, y: 100, width: 200, height: 60))
    let canvas = try RenderSupport.render(FrameContent(window: scene.window, overlay: overlay.state, now: 0))
    let touchColor = PNGPixel(Theme.standard.overlay.touchColor(at: 0).withAlpha(1))
    // The outline's left edge shows inside the scroll view and not above it.
    XCTAssertEqual(RenderSupport.pixel(canvas, 20, 140), touchColor)
    XCTAssertEqual(RenderSupport.pixel(canvas, 20, 70), PNGPixel(red: 255, green: 255, blue: 255))
    assertSnapshot(canvas.makeImage(), named: "overlay-clipped@2x", tolerance: 2)

    // Scrolled right out of sight: no outline at all.
    scroll.contentOffset = CGPoint(x: 0, y: 400)
    XCTAssertNil(renderer.touchOverlay.hitOutline(of: touch, in: scene.window))
  }

  /// A drag's frames outline the hit view found once (kept weakly, not searched for again),
  /// and a hit view that has left the window is not outlined from that memory.
  func testTheHitOutlineFollowsTheRecordedObjectAndForgetsOneThatLeftTheWindow() throws {
    let scene = try RenderSupport.bundledScene("seed003-gestures.yaml")
    let overlay = TouchOverlay(application: scene.application)
    ScenarioPlayer(scene: scene).play(try XCTUnwrap(scene.scenario(named: "tap-red")))
    let touch = try XCTUnwrap(overlay.touch(withIdentifier: 1))
    let red = try XCTUnwrap(scene.objects["red"] as? UIView)
    let renderer = SceneRenderer(theme: .standard)
    let first = try XCTUnwrap(renderer.touchOverlay.hitOutline(of: touch, in: scene.window))
    XCTAssertEqual(first.corners, TouchOverlayRenderer.windowCorners(of: red))
    XCTAssertEqual(try XCTUnwrap(renderer.touchOverlay.hitOutline(of: touch, in: scene.window)).corners, first.corners)
    red.removeFromSuperview()
    XCTAssertNil(renderer.touchOverlay.hitOutline(of: touch, in: scene.window))
  }

  func testACardCoversNoneOfTheSceneViewsWhenThereIsRoom() throws {
    let scene = try RenderSupport.scene(
      """
      window: {size: [390, 700]}
      controller:
        view:
          color: white
          subviews:
            - {id: top, frame: [20, 40, 350, 120], color: yellow}
            - {id: button, class: UIButton, frame: [40, 200, 140, 44], title: Tap}
            - {id: bottom, frame: [20, 560, 350, 100], color: blue}
      scenarios:
        tap: [{tap: top}]
      """)
    ScenarioPlayer(scene: scene).play(try XCTUnwrap(scene.scenario(named: "tap")))
    let state = OverlayState.fold(scene.records.records)
    let renderer = SceneRenderer(theme: .standard)
    let size = CanvasSize(width: 390, height: 700)
    let cards = renderer.touchOverlay.layoutCards(of: state, window: scene.window, now: state.time, sceneSize: size)
    let card = try XCTUnwrap(cards.first)
    for box in TouchOverlayRenderer.contentBoxes(of: scene.window, sceneSize: size) {
      let overlap = TouchOverlayRenderer.intersection(card.frame, box)
      XCTAssertTrue(overlap.width * overlap.height == 0, "\(card.frame) covers \(box)")
    }
    // Faded away some seconds after the lift: no card.
    XCTAssertTrue(
      renderer.touchOverlay.layoutCards(of: state, window: scene.window, now: state.time + 6, sceneSize: size).isEmpty)
  }

  /// Where there is no room but over a finger, the card covers it: its text is read whole,
  /// no finger ring drawn over it (issue 48 §7).
  func testAFingerRingIsNeverDrawnOverACard() throws {
    let scene = try RenderSupport.scene(
      """
      window: {size: [200, 200]}
      controller:
        view: {color: white}
      """)
    let overlay = TouchOverlay(application: scene.application)
    scene.application.sendTouches([TouchInput(finger: 1, phase: .began, location: CGPoint(x: 100, y: 100))])
    scene.application.clock.advance(to: 0.1)
    let renderer = SceneRenderer(theme: .standard)
    let size = CanvasSize(width: 200, height: 200)
    let cards = renderer.touchOverlay.layoutCards(
      of: overlay.state, window: scene.window, now: 0.1, sceneSize: size)
    let card = try XCTUnwrap(cards.first)
    let radius = Theme.standard.overlay.touchRadius
    let canvas = try RenderSupport.render(FrameContent(window: scene.window, overlay: overlay.state, now: 0.1))
    let touchColor = PNGPixel(Theme.standard.overlay.touchColor(at: 0).withAlpha(1))
    // The finger's centre and its ring's left, right and bottom lie inside the card.
    let points = [(radius, 0.0), (-radius, 0), (0, radius), (0, 0)]
    for (dx, dy) in points {
      let inside = TouchOverlayRenderer.intersection(
        card.frame, CanvasRect(x: 100 + dx, y: 100 + dy, width: 1, height: 1))
      XCTAssertEqual(inside.width * inside.height, 1, "(\(dx), \(dy)) under \(card.frame)")
    }
    for (dx, dy) in points {
      let pixel = RenderSupport.pixel(canvas, 100 + dx, 100 + dy)
      XCTAssertFalse(pixel.isClose(to: touchColor, tolerance: 60), "the ring over the card at (\(dx), \(dy)): \(pixel)")
      // The card's dark face or its white and grey text: neutral, none of the finger's purple.
      let spread = Int(max(pixel.red, pixel.green, pixel.blue)) - Int(min(pixel.red, pixel.green, pixel.blue))
      XCTAssertLessThanOrEqual(spread, 12, "the card's face or text at (\(dx), \(dy)): \(pixel)")
    }
  }

  /// A name made once is kept (issue 49) and given again as made; more names than are kept
  /// drop the kept ones, and each is still right.
  func testABreakableNameIsKeptAndStaysRightPastTheKeptNames() {
    let space = "\u{200B}"
    var made = 0
    let names = BreakableNames()
    let make: (String) -> String = { name in
      made += 1
      return name + "!"
    }
    XCTAssertEqual(names.name("TapView", made: make), "TapView!")
    XCTAssertEqual(names.name("TapView", made: make), "TapView!")
    XCTAssertEqual(made, 1, "made once")
    for index in 0..<(BreakableNames.capacity + 10) {
      XCTAssertEqual(names.name("View\(index)", made: make), "View\(index)!")
    }
    XCTAssertEqual(names.name("TapView", made: make), "TapView!")
    XCTAssertEqual(made, BreakableNames.capacity + 12, "dropped once full, made again")
    for _ in 0..<3 {
      XCTAssertEqual(OverlayCardLayout.breakable("UIButtonLabel"), "UIButton\(space)Label")
    }
  }

  /// A card's long class names may wrap before each capital that follows a small letter: the
  /// bytes-only way for ASCII names and the Unicode way for the rest agree on both.
  func testALongClassNameMayBreakBeforeEachWord() {
    let space = "\u{200B}"
    XCTAssertEqual(
      OverlayCardLayout.breakable("UIScrollViewDelayedTouchesBeganGestureRecognizer"),
      ["UIScroll", "View", "Delayed", "Touches", "Began", "Gesture", "Recognizer"].joined(separator: space))
    XCTAssertEqual(OverlayCardLayout.breakable("_UISystemGestureGate"), "_UISystem\(space)Gesture\(space)Gate")
    XCTAssertEqual(OverlayCardLayout.breakable("row 3"), "row 3")
    XCTAssertEqual(OverlayCardLayout.breakable(""), "")
    // Not ASCII: the Unicode rule, letters with accents and words after Chinese.
    XCTAssertEqual(OverlayCardLayout.breakable("ÉcoleÉtéView"), "École\(space)Été\(space)View")
    XCTAssertEqual(OverlayCardLayout.breakable("按钮Button"), "按钮Button")
    XCTAssertEqual(OverlayCardLayout.breakable("myÄrger"), "my\(space)Ärger")
    for name in ["aB", "abcDEF", "Zz9Yy", "a\u{200B}B", "tableView(_:didSelectRowAt:)"] {
      var expected = ""
      var previousIsLowercase = false
      for character in name {
        if character.isUppercase && previousIsLowercase { expected += space }
        expected.append(character)
        previousIsLowercase = character.isLowercase
      }
      XCTAssertEqual(OverlayCardLayout.breakable(name), expected, name)
    }
  }
}
