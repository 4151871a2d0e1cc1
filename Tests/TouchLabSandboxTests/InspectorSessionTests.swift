import Foundation
import TouchLabCanvas
import TouchLabEngine
import TouchLabLayout
import TouchLabRecords
import TouchLabRender
import TouchLabSandbox
import TouchLabX11
import XCTest

/// The inspector in the session: the tree it lists, the hovered point's hit-test path,
/// properties flipped with a click (a playing scenario replays with the change), and the
/// scenario picker.
final class InspectorSessionTests: XCTestCase {
  var time = ManualTime(50)

  /// The bundled table demo.
  static var tableDemo: String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Layouts/table-cell-conflict.yaml").path
  }

  func makeSession(_ path: String) throws -> SandboxSession {
    SandboxSession(scene: try LayoutLoader.load(path: path), scale: 1, timeSource: time.read, report: { _ in })
  }

  func hover(_ x: Double, _ y: Double) -> InputEvent {
    .pointer(PointerInput(phase: .moved, button: 0, location: InputPoint(x: x, y: y)))
  }

  /// The application's other windows are listed after the main one, lowest level first.
  func testTheOtherWindowsAreListedAfterTheMainOne() throws {
    let path = URL(fileURLWithPath: Self.tableDemo).deletingLastPathComponent().appendingPathComponent("windows.yaml")
    let session = try makeSession(path.path)
    session.handleOnShownFrame(PollWakeup(events: [TestEvents.key("i")]))
    let inspection = try XCTUnwrap(session.frameContent.inspection)
    let windows = inspection.rows.filter { $0.depth == 0 }.map(\.title)
    XCTAssertEqual(windows, ["UIWindow", "PassThroughWindow bannerWindow", "UIWindow alertWindow"])
    XCTAssertTrue(inspection.rows.contains { $0.title == "BannerView banner" })
  }

  func testIListsTheTreeWithRecognizersTargetsAndTheirProperties() throws {
    let session = try makeSession(Self.tableDemo)
    XCTAssertNil(session.frameContent.inspection)
    session.handleOnShownFrame(PollWakeup(events: [TestEvents.key("i")]))
    let inspection = try XCTUnwrap(session.frameContent.inspection)
    let titles = inspection.rows.map(\.title)
    XCTAssertEqual(
      Array(titles.prefix(4)),
      [
        "UIWindow", "_UISystemGestureGateGestureRecognizer systemGestureGate", "UIView backView",
        "UITapGestureRecognizer backTap",
      ])
    let backTap = try XCTUnwrap(inspection.rows.first { $0.title == "UITapGestureRecognizer backTap" })
    XCTAssertEqual(backTap.kind, .recognizer)
    XCTAssertEqual(
      backTap.properties.prefix(4).map { "\($0.name)=\($0.value) \($0.path ?? "-")" },
      [
        "isEnabled=flag(true) backTap.isEnabled", "cancelsTouchesInView=flag(true) backTap.cancelsTouchesInView",
        "delaysTouchesBegan=flag(false) backTap.delaysTouchesBegan",
        "delaysTouchesEnded=flag(true) backTap.delaysTouchesEnded",
      ])
    XCTAssertTrue(backTap.properties.contains { $0.name == "numberOfTapsRequired" && $0.value == .text("1") })
    let index = try XCTUnwrap(titles.firstIndex(of: "UITapGestureRecognizer backTap"))
    XCTAssertEqual(titles[index + 1], "→ print “backview taped”")
    let table = try XCTUnwrap(inspection.rows.first { $0.title == "GLTableView table" })
    XCTAssertEqual(table.detail, "(0, 100, 390, 440)")
    XCTAssertTrue(table.properties.contains { $0.path == "table.delaysContentTouches" && $0.value == .flag(true) })
    XCTAssertTrue(table.properties.contains { $0.path == "table.canCancelContentTouches" })
    // UIKit's own recognizers are listed, not flippable (the layout does not name them).
    let pan = try XCTUnwrap(inspection.rows.first { $0.title == "UIScrollViewPanGestureRecognizer" })
    XCTAssertTrue(pan.properties.allSatisfy { $0.settableID == nil })
    // A control's targets.
    XCTAssertTrue(titles.contains("touchUpInside → print “button clicked!”"), "\(titles)")
    XCTAssertEqual(
      inspection.scenarios,
      ["quick-tap", "short-press", "long-press", "button-tap", "fix-cancels-false", "fix-delegate", "fix-table-tap"])
    XCTAssertNil(inspection.hitTest, "no hover yet")
  }

  func testHoverShowsTheHitTestPathAndAFrameOnlyWhenThePathChanges() throws {
    let session = try makeSession(TestLayouts.url("live").path)
    session.frameDrawn()
    session.handleOnShownFrame(PollWakeup(events: [hover(105, 45)]))
    XCTAssertFalse(session.needsFrame, "no inspector: hovering costs nothing")
    XCTAssertNil(session.hoverPoint)

    session.handleOnShownFrame(PollWakeup(events: [TestEvents.key("i")]))
    session.frameDrawn()
    session.handleOnShownFrame(PollWakeup(events: [hover(105, 45)]))  // button A
    XCTAssertTrue(session.needsFrame)
    var trace = try XCTUnwrap(session.frameContent.inspection?.hitTest)
    XCTAssertEqual(trace.hitView?.id, "buttonA")
    XCTAssertEqual(trace.answeringSteps.map { $0.view.id ?? $0.view.className }, ["UIWindow", "root", "buttonA"])
    session.frameDrawn()
    session.handleOnShownFrame(PollWakeup(events: [hover(110, 50)]))  // still button A: the same path
    XCTAssertFalse(session.needsFrame)
    session.handleOnShownFrame(PollWakeup(events: [hover(200, 125)]))  // the tap view
    XCTAssertTrue(session.needsFrame)
    trace = try XCTUnwrap(session.frameContent.inspection?.hitTest)
    XCTAssertEqual(trace.hitView?.id, "tapView")
    session.frameDrawn()
    session.handleOnShownFrame(PollWakeup(events: [hover(600, 125)]))  // over the panel: no path
    XCTAssertTrue(session.needsFrame)
    XCTAssertNil(session.frameContent.inspection?.hitTest)
    XCTAssertEqual(session.scene.records.records, [], "hovering records nothing")
  }

  /// The centre of the inspector's chip for `path` (window pixels at scale 1).
  func chip(_ session: SandboxSession, _ target: InspectorTarget) throws -> (Double, Double) {
    let inspection = try XCTUnwrap(session.frameContent.inspection)
    let rect = SceneRenderer.inspectorRect(
      frame: SceneRenderer.frameSize(
        for: session.scene.window, showsPanel: true, showsTimeline: session.showsTimeline, showsInspector: true),
      sceneSize: CanvasSize(
        width: Double(session.scene.window.bounds.width), height: Double(session.scene.window.bounds.height)))
    let items = SceneRenderer(theme: .standard).layoutInspector(inspection, in: rect, firstRow: 0)
    let item = try XCTUnwrap(items.first { $0.target == target }, "no chip for \(target)")
    return (item.rect.midX, item.rect.midY)
  }

  func testAClickFlipsAPropertyAndThePlayingScenarioReplaysWithIt() throws {
    let original = try String(contentsOfFile: Self.tableDemo, encoding: .utf8)
    let session = try makeSession(Self.tableDemo)
    try session.play(scenario: "quick-tap", speed: 1, loops: false)
    session.handleOnShownFrame(PollWakeup(events: [TestEvents.key("i")]))
    time.seconds = 60
    session.handleOnShownFrame(PollWakeup(events: []))
    XCTAssertEqual(shownLines(session.frameContent), ["[0.050] backview taped"])

    let property = try XCTUnwrap(
      session.frameContent.inspection?.rows.flatMap(\.properties).first { $0.path == "backTap.cancelsTouchesInView" })
    let (x, y) = try chip(session, .property(property))
    session.handleOnShownFrame(PollWakeup(events: TestEvents.click(x, y)))
    XCTAssertEqual(session.changes.map(\.path), ["backTap.cancelsTouchesInView"])
    XCTAssertEqual(
      session.frameContent.inspection?.changes, ["backTap.cancelsTouchesInView = false"], "the fix as code")
    let playback = try XCTUnwrap(session.playback)
    XCTAssertTrue(playback.isPlaying, "replays from its start")
    XCTAssertEqual(playback.time(at: 60), 0, accuracy: 1e-9)
    time.seconds = 70
    session.handleOnShownFrame(PollWakeup(events: []))
    // What `replay --set backTap.cancelsTouchesInView=false` prints.
    let expected = try LayoutLoader.load(path: Self.tableDemo)
    try expected.set("backTap.cancelsTouchesInView=false")
    ScenarioPlayer(scene: expected).play(try XCTUnwrap(expected.scenario(named: "quick-tap")))
    XCTAssertEqual(
      shownLines(session.frameContent), TranscriptFormatter(showsTimes: true).lines(expected.records.records))
    XCTAssertTrue(shownLines(session.frameContent).contains("[0.050] cell selected!"))
    XCTAssertEqual(try String(contentsOfFile: Self.tableDemo, encoding: .utf8), original, "the file is not changed")

    // Flipped back: no change left, and the scenario as in the file.
    let flipped = try XCTUnwrap(
      session.frameContent.inspection?.rows.flatMap(\.properties).first { $0.path == "backTap.cancelsTouchesInView" })
    XCTAssertTrue(flipped.isChanged)
    let (x2, y2) = try chip(session, .property(flipped))
    session.handleOnShownFrame(PollWakeup(events: TestEvents.click(x2, y2)))
    XCTAssertTrue(session.changes.isEmpty)
    time.seconds = 80
    session.handleOnShownFrame(PollWakeup(events: []))
    XCTAssertEqual(shownLines(session.frameContent), ["[0.050] backview taped"])
  }

  func testAFlipInTheLiveSceneSurvivesAReloadAndNotAnotherLayout() throws {
    let folder = try TestLayouts.copies(["live", "second"])
    defer { try? FileManager.default.removeItem(at: folder) }
    let session = try makeSession(folder.appendingPathComponent("live.yaml").path)
    session.flip("buttonA.isEnabled", to: false)
    XCTAssertEqual((session.scene.objects["buttonA"] as? UIControl)?.isEnabled, false)
    session.handleOnShownFrame(PollWakeup(events: [TestEvents.key("r")]))
    XCTAssertEqual((session.scene.objects["buttonA"] as? UIControl)?.isEnabled, false, "kept on reload")
    time.seconds = 51
    session.handleOnShownFrame(PollWakeup(events: TestEvents.click(105, 45)))
    XCTAssertFalse(session.transcript.recentLines.contains { $0.hasSuffix("button A tapped") })
    session.handleOnShownFrame(PollWakeup(events: [TestEvents.key("n"), TestEvents.key("p")]))
    XCTAssertTrue(session.changes.isEmpty, "another layout forgets the changes")
    XCTAssertEqual((session.scene.objects["buttonA"] as? UIControl)?.isEnabled, true)
  }

  func testDigitsAndTheListPickAScenario() throws {
    let session = try makeSession(Self.tableDemo)
    session.handleOnShownFrame(PollWakeup(events: [TestEvents.key("2")]))
    XCTAssertEqual(session.playback?.scenario?.name, "short-press")
    session.handleOnShownFrame(PollWakeup(events: [TestEvents.key("bracketleft"), TestEvents.key("7")]))
    XCTAssertEqual(session.playback?.scenario?.name, "fix-table-tap")
    XCTAssertEqual(session.playback?.speed, 0.5, "the speed carries over")
    session.handleOnShownFrame(PollWakeup(events: [TestEvents.key("9")]))
    XCTAssertEqual(session.playback?.scenario?.name, "fix-table-tap", "no ninth scenario: nothing")
    session.handleOnShownFrame(PollWakeup(events: [TestEvents.key("0")]))
    XCTAssertNil(session.playback, "0: live")
    // A click on the list in the inspector.
    session.handleOnShownFrame(PollWakeup(events: [TestEvents.key("i")]))
    let (x, y) = try chip(session, .scenario("long-press"))
    session.handleOnShownFrame(PollWakeup(events: TestEvents.click(x, y)))
    XCTAssertEqual(session.playback?.scenario?.name, "long-press")
    XCTAssertEqual(session.frameContent.inspection?.playingScenario, "long-press")
  }
}
