import Foundation
import TouchLabEngine
import TouchLabLayout
import XCTest

@testable import TouchLabCanvas
@testable import TouchLabEncoding
@testable import TouchLabRender

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The delivery diagram's layout, checked from the records of the table-cell conflict's
/// scenarios (not from pixels), and its SVG and canvas drawings.
final class DeliveryDiagramTests: XCTestCase {
  static let table = "table-cell-conflict.yaml"

  private func records(_ scenario: String, in file: String = table) throws -> [DeliveryRecord] {
    let scene = try RenderSupport.bundledScene(file)
    let chosen = try XCTUnwrap(scene.scenario(named: scenario), scenario)
    ScenarioPlayer(scene: scene).play(chosen)
    return scene.records.records
  }

  private func diagram(_ scenario: String, in file: String = table) throws -> DeliveryDiagram {
    DeliveryDiagram(records: try records(scenario, in: file), title: "Test", subtitle: "\(file) · \(scenario)")
  }

  private func lane(_ diagram: DeliveryDiagram, _ name: String) throws -> Int {
    try XCTUnwrap(diagram.lanes.firstIndex { $0.name == name }, "no lane \(name) in \(diagram.lanes.map(\.name))")
  }

  private func marks(_ diagram: DeliveryDiagram, on lane: Int) -> [DeliveryDiagram.Mark] {
    diagram.marks.filter { $0.lane == lane }
  }

  func testOneLanePerReceiverInDeliveryOrder() throws {
    let short = try diagram("short-press")
    XCTAssertEqual(
      short.lanes.map(\.name),
      [
        "Touches input", "UITapGestureRecognizer backTap", "UIScrollViewDelayedTouchesBeganGestureRecognizer",
        "UIScrollViewPanGestureRecognizer", "UITableViewCellContentView", "UITableViewCell", "GLTableView table",
        "Actions target-action",
      ])
    XCTAssertEqual(
      short.lanes[1].participant, Participant(kind: .recognizer, className: "UITapGestureRecognizer", id: "backTap"))
    // Columns left to right, headers side by side, class names broken to fit them.
    for (a, b) in zip(short.lanes, short.lanes.dropFirst()) {
      XCTAssertEqual(b.centerX - a.centerX, DeliveryDiagram.laneWidth)
      XCTAssertLessThanOrEqual(a.headerFrame.maxX, b.headerFrame.minX)
    }
    XCTAssertEqual(short.lanes[2].titleLines.joined(), "UIScrollViewDelayedTouchesBeganGestureRecognizer")
    XCTAssertGreaterThan(short.lanes[2].titleLines.count, 1)
    // The button's tap: the button is a lane, the table's views are not.
    let button = try diagram("button-tap")
    XCTAssertTrue(button.lanes.contains { $0.name == "GLButton button" })
    XCTAssertFalse(button.lanes.contains { $0.name == "UITableViewCell" })
  }

  func testTheTapsMaximumDurationIsASpanOnItsLane() throws {
    for (scenario, end, ending) in [
      ("quick-tap", 0.05, DeliveryDiagram.Span.End.cancelled), ("short-press", 0.3, .cancelled),
      ("long-press", 0.75, .fired),
    ] {
      let chart = try diagram(scenario)
      let backTap = try lane(chart, "UITapGestureRecognizer backTap")
      let deadlines = chart.spans.filter { $0.lane == backTap && !$0.isHold }
      XCTAssertEqual(deadlines.count, 1, scenario)
      let span = try XCTUnwrap(deadlines.first)
      guard case .deadline(.tapMaximum, _, let deadline) = span.kind else { return XCTFail("\(span.kind)") }
      XCTAssertEqual(deadline, 0.75, accuracy: 1e-9)
      XCTAssertEqual(span.start, 0)
      XCTAssertEqual(span.end, end, accuracy: 1e-9, scenario)
      XCTAssertEqual(span.ending, ending, scenario)
      // From the timer's scheduled mark down to its fired or cancelled one, on the lifeline.
      let timerMarks = marks(chart, on: backTap).filter {
        if case .timer(_, .tapMaximum) = $0.kind { return true }
        return false
      }
      XCTAssertEqual(timerMarks.map(\.time), [0, end], scenario)
      XCTAssertEqual(span.frame.minY, timerMarks[0].center.y)
      XCTAssertEqual(span.frame.maxY, timerMarks[1].center.y)
      XCTAssertTrue(span.frame.minX < chart.lanes[backTap].centerX && chart.lanes[backTap].centerX < span.frame.maxX)
    }
    // The scroll view's 0.15 s: fired in the short press, cancelled by the quick tap's lift.
    let delay = "UIScrollViewDelayedTouchesBeganGestureRecognizer"
    let short = try diagram("short-press")
    let fired = short.spans.filter { $0.lane == (try? lane(short, delay)) }
    XCTAssertEqual(fired.map(\.ending), [.fired])
    XCTAssertEqual(fired.first?.end ?? 0, 0.15, accuracy: 1e-9)
    let quick = try diagram("quick-tap")
    XCTAssertEqual(quick.spans.filter { $0.lane == (try? lane(quick, delay)) }.map(\.ending), [.cancelled])
  }

  func testTheHeldBeganAndItsDropCarryTheirCauses() throws {
    let chart = try diagram("quick-tap")
    let content = try lane(chart, "UITableViewCellContentView")
    let onContent = marks(chart, on: content)
    XCTAssertEqual(onContent.map(\.kind), [.hitTest, .hold(.began), .drop(.began)])
    let hold = onContent[1]
    XCTAssertEqual(hold.cause, DeliveryCause(.delaysContentTouches, by: "table"))
    let drop = onContent[2]
    XCTAssertEqual(drop.cause, DeliveryCause(.cancelsTouchesInView, by: "backTap"))
    XCTAssertEqual(drop.time, 0.05, accuracy: 1e-9)
    // Their rows say so, with an arrow from who held (the scroll view's delay recognizer)
    // and from who cancelled (the background's tap).
    let holdRow = chart.rows[hold.row]
    XCTAssertEqual(holdRow.title, "touchesBegan held until 0.150")
    XCTAssertEqual(holdRow.detail, "delaysContentTouches · by table")
    XCTAssertEqual(
      holdRow.arrows.map(\.fromLane), [try lane(chart, "UIScrollViewDelayedTouchesBeganGestureRecognizer")])
    let dropRow = chart.rows[drop.row]
    XCTAssertEqual(dropRow.title, "held touchesBegan dropped")
    XCTAssertEqual(dropRow.detail, "cancelsTouchesInView · by backTap")
    XCTAssertEqual(dropRow.arrows.map(\.kind), [.cause])
    XCTAssertEqual(dropRow.arrows.first?.fromLane, try lane(chart, "UITapGestureRecognizer backTap"))
    XCTAssertEqual(dropRow.arrows.first?.to, drop.center)
    // The held call is a span from the hold to the drop.
    let held = chart.spans.filter { $0.lane == content }
    XCTAssertEqual(held.count, 1)
    XCTAssertEqual(held.first?.kind, .hold(.began))
    XCTAssertEqual(held.first?.ending, .dropped)
    XCTAssertEqual(held.first?.frame.minY, hold.center.y)
    XCTAssertEqual(held.first?.frame.maxY, drop.center.y)
  }

  func testTheShortPressIsReleasedThenCancelledAlongTheChain() throws {
    let chart = try diagram("short-press")
    let content = try lane(chart, "UITableViewCellContentView")
    let cell = try lane(chart, "UITableViewCell")
    let table = try lane(chart, "GLTableView table")
    let release = try XCTUnwrap(chart.marks.first { $0.kind == .release(.began) })
    XCTAssertEqual(release.lane, content)
    XCTAssertEqual(release.time, 0.15, accuracy: 1e-9)
    XCTAssertEqual(release.cause?.rule, .delaysContentTouches)
    // touchesCancelled passed from the content view to the cell and the table: one row,
    // a mark on each lane, arrows along the chain, and the background tap's arrow in.
    let cancel = try XCTUnwrap(chart.rows.first { $0.title == "touchesCancelled" })
    XCTAssertEqual(cancel.marks.map { chart.marks[$0].lane }, [content, cell, table])
    XCTAssertEqual(cancel.detail, "cancelsTouchesInView · by backTap")
    XCTAssertEqual(
      cancel.arrows.filter { $0.kind == .chain }.map { [$0.fromLane, $0.toLane] }, [[content, cell], [cell, table]])
    XCTAssertEqual(
      cancel.arrows.filter { $0.kind == .cause }.map(\.fromLane), [try lane(chart, "UITapGestureRecognizer backTap")])
    // The held touchesEnded never arrives: its span ends at the cancel.
    let heldEnded = try XCTUnwrap(chart.spans.first { $0.kind == .hold(.ended) })
    XCTAssertEqual(heldEnded.ending, .cancelled)
    XCTAssertEqual(heldEnded.frame.maxY, cancel.markY)
    // The tap's recognition and its printed action.
    let actions = try lane(chart, "Actions target-action")
    let printed = try XCTUnwrap(chart.marks.first { $0.lane == actions })
    XCTAssertEqual(chart.rows[printed.row].title, "print \"backview taped\"")
    XCTAssertEqual(chart.rows[printed.row].arrows.first?.fromLane, try lane(chart, "UITapGestureRecognizer backTap"))
  }

  func testFailuresAndDenialsNameWhoWon() throws {
    func failure(_ chart: DeliveryDiagram, _ laneName: String) throws -> DeliveryDiagram.Mark {
      let index = try lane(chart, laneName)
      return try XCTUnwrap(chart.marks.first { $0.lane == index && $0.kind == .state(from: .possible, to: .failed) })
    }
    let button = try diagram("button-tap")
    let lost = try failure(button, "UITapGestureRecognizer backTap")
    XCTAssertEqual(lost.cause, DeliveryCause(.controlBeatsParentTap, by: "button"))
    XCTAssertEqual(button.rows[lost.row].arrows.first?.fromLane, try lane(button, "GLButton button"))
    XCTAssertEqual(button.rows[lost.row].detail, "controlBeatsParentTap · by button")

    let closer = try diagram("fix-table-tap")
    let backTap = try failure(closer, "UITapGestureRecognizer backTap")
    XCTAssertEqual(backTap.cause, DeliveryCause(.closerRecognizerWins, by: "tableTap"))
    XCTAssertEqual(closer.rows[backTap.row].arrows.first?.fromLane, try lane(closer, "UITapGestureRecognizer tableTap"))

    let long = try diagram("long-press")
    let timedOut = try failure(long, "UITapGestureRecognizer backTap")
    XCTAssertEqual(timedOut.cause, DeliveryCause(.maximumDuration, by: "backTap"))
    XCTAssertEqual(timedOut.time, 0.75, accuracy: 1e-9)
    XCTAssertTrue(long.rows[timedOut.row].arrows.isEmpty, "its own rule: no arrow")

    let filtered = try diagram("fix-delegate")
    let denied = try XCTUnwrap(filtered.marks.first { $0.kind == .denied })
    XCTAssertEqual(filtered.lanes[denied.lane].name, "UITapGestureRecognizer backTapFiltered")
    XCTAssertEqual(denied.cause, DeliveryCause(.shouldReceive, by: "backTapFiltered"))
  }

  /// Every scenario of every bundled layout, the table conflict's first.
  private func everyScenario() throws -> [(file: String, scenario: String)] {
    let folder = RenderSupport.repository.appendingPathComponent("Layouts")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".yaml") }
    var all: [(String, String)] = []
    for file in [Self.table] + files.sorted().filter({ $0 != Self.table }) {
      for scenario in try RenderSupport.bundledScene(file).scenarios { all.append((file, scenario.name)) }
    }
    return all
  }

  func testEveryRecordHasAMarkAndNoLabelsOverlap() throws {
    let all = try everyScenario()
    XCTAssertGreaterThan(all.count, 50)
    for (file, name) in all {
      let scenario = "\(file) \(name)"
      let list = try records(name, in: file)
      let chart = DeliveryDiagram(records: list, title: "Test", subtitle: scenario)
      // Every record is on a mark, but the logged lines of touches and tracking methods
      // (their typed call is).
      let drawn = Set(chart.marks.flatMap(\.records))
      for (index, record) in list.enumerated() where !drawn.contains(index) {
        guard case .logged(let method, _) = record.event, method.hasPrefix("touches") || method.contains("Tracking")
        else {
          return XCTFail("\(scenario): record \(index) \(record.event) has no mark")
        }
      }
      XCTAssertEqual(chart.marks.flatMap(\.records).count, drawn.count, "\(scenario): a record on two marks")
      // Time runs down: rows in order, one tick per instant that has a row; an instant
      // without one has only records folded into an earlier row.
      XCTAssertEqual(chart.rows.map(\.time), chart.rows.map(\.time).sorted(), scenario)
      for (a, b) in zip(chart.rows, chart.rows.dropFirst()) { XCTAssertLessThan(a.markY, b.markY, scenario) }
      let rowTimes = chart.rows.map(\.time).reduce(into: [TimeInterval]()) { if $0.last != $1 { $0.append($1) } }
      XCTAssertEqual(chart.ticks.map(\.time), rowTimes, scenario)
      for mark in chart.marks where mark.records.count > 1 {
        XCTAssertEqual(list[mark.records[0]].time, mark.time)
      }
      for mark in chart.marks {
        XCTAssertEqual(mark.center.x, chart.lanes[mark.lane].centerX)
        XCTAssertEqual(mark.center.y, chart.rows[mark.row].markY)
      }
      // Nothing written over anything else, everything on the page.
      let page = CanvasRect(origin: .zero, size: chart.size)
      let texts =
        chart.rows.map(\.labelFrame) + chart.lanes.map(\.headerFrame) + chart.legend.map(\.textFrame)
        + chart.ticks.map(\.frame) + [chart.titleFrame, chart.subtitleFrame]
      for (i, a) in texts.enumerated() {
        XCTAssertTrue(a.minX >= 0 && a.minY >= 0 && a.maxX <= page.maxX && a.maxY <= page.maxY, "\(scenario): \(a)")
        for b in texts[(i + 1)...] {
          let overlaps = a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY
          XCTAssertFalse(overlaps, "\(scenario): \(a) and \(b)")
        }
      }
      // A label is beside its marks, never over one of its own row's.
      for row in chart.rows {
        for index in row.marks {
          XCTAssertFalse(
            row.labelFrame.minX < chart.marks[index].center.x && chart.marks[index].center.x < row.labelFrame.maxX)
        }
      }
    }
  }

  func testMovesAndScrollOffsetsFold() throws {
    let list = try records("drag-tile", in: "scroll-demo.yaml")
    let chart = DeliveryDiagram(records: list, title: "Test")
    let moves = try XCTUnwrap(chart.marks.first { $0.kind == .input(.moved) })
    let inputMoves = list.filter {
      guard case .input(let samples) = $0.event else { return false }
      return samples.allSatisfy { $0.phase == .moved }
    }
    XCTAssertEqual(moves.records.count, inputMoves.count, "the finger's moves are one mark")
    XCTAssertEqual(chart.rows[moves.row].title, "touch 1 moves ×\(inputMoves.count) until 0.700")
    let scrolls = chart.marks.filter { $0.kind == .scroll }
    let offsets = list.filter {
      if case .scroll = $0.event { return true }
      return false
    }
    XCTAssertEqual(scrolls.count, 1)
    XCTAssertEqual(scrolls.first?.records.count, offsets.count)
    XCTAssertLessThan(chart.rows.count, list.count / 4)
  }

  func testRecordsMadeByHand() {
    let tap = Participant(kind: .recognizer, className: "UITapGestureRecognizer", id: "tap")
    let view = Participant(kind: .view, className: "UIView", id: "box")
    let timer = TimerRecord(id: 1, purpose: .tapMaximum, owner: tap, deadline: 0.75)
    let loose = TimerRecord(id: 2, purpose: .other, owner: nil, deadline: 0.2)
    let list = [
      DeliveryRecord(time: 0, event: .timer(.scheduled, timer)),
      DeliveryRecord(time: 0, event: .timer(.scheduled, loose)),
      DeliveryRecord(
        time: 0, event: .hold(phase: .began, view: view, holder: tap, deadline: nil),
        cause: DeliveryCause(.delaysTouchesBegan, by: "tap"), touchIDs: [1]),
      DeliveryRecord(time: 0.1, event: .action(name: "tapped:", sender: tap, target: nil)),
    ]
    let chart = DeliveryDiagram(records: list, title: "Made by hand")
    XCTAssertEqual(
      chart.lanes.map(\.name), ["Touches input", "UITapGestureRecognizer tap", "UIView box", "Actions target-action"])
    // A timer nobody owns is on the touches lane; timers and holds still running at the end
    // run to the bottom.
    XCTAssertEqual(chart.marks[1].lane, 0)
    XCTAssertEqual(chart.spans.map(\.ending), [.pending, .pending, .pending])
    XCTAssertTrue(chart.spans.allSatisfy { $0.frame.maxY == chart.lifelineBottom - 4 })
    XCTAssertEqual(chart.spans.first { $0.lane == 1 }?.end, 0.75)
    XCTAssertEqual(chart.rows.last?.title, "tapped: reaches no target")
    XCTAssertEqual(chart.marks.last?.kind, .action(delivered: false))
    XCTAssertEqual(chart.rows.map(\.title)[2], "touchesBegan held")
  }

  func testSVGKeepsTextAsTextAndTitlesEveryLaneRowAndSpan() throws {
    let chart = try diagram("short-press")
    let renderer = DeliveryDiagramRenderer()
    let data = renderer.svgData(chart, scale: 2)
    XCTAssertEqual(renderer.svgData(chart, scale: 2), data, "the same bytes twice")
    let document = try XMLDocument(data: data)
    let root = try XCTUnwrap(document.rootElement())
    XCTAssertEqual(root.name, "svg")
    func strings(_ path: String) throws -> [String] {
      try document.nodes(forXPath: path).compactMap(\.stringValue)
    }
    XCTAssertEqual(try strings("/*/@viewBox"), ["0 0 \(Int(chart.size.width)) \(Int(chart.size.height))"])
    XCTAssertEqual(try strings("/*/@width"), ["\(Int(chart.size.width) * 2)px"])
    func groupTitles(_ kind: String) throws -> [String] {
      try strings("//*[local-name()='g'][@class='\(kind)']/*[local-name()='title']")
    }
    XCTAssertEqual(try groupTitles("lane"), chart.lanes.map(\.name))
    XCTAssertEqual(try groupTitles("row").count, chart.rows.count)
    XCTAssertEqual(try groupTitles("span").count, chart.spans.count)
    XCTAssertTrue(
      try groupTitles("span").contains {
        $0.hasPrefix(
          "UITapGestureRecognizer backTap: tapMaximum deadline, 0.75 s, scheduled at 0.000, cancelled at 0.300")
      })
    XCTAssertTrue(
      try groupTitles("row").contains(
        "0.300 s · UITableViewCellContentView, UITableViewCell, GLTableView table: touchesCancelled"))
    XCTAssertTrue(
      try strings("//*[local-name()='g'][@class='row']/*[local-name()='desc']").contains(
        "Because of the rule cancelsTouchesInView, applied by backTap."))
    // Text stays text: lane headers, labels and causes are searchable.
    let texts = try strings("//*[local-name()='text']")
    for expected in [
      "backTap", "UITableViewCell", "touchesCancelled", "cancelsTouchesInView · by backTap", "0.150 s",
      "tapMaximum 0.75 s, until 0.750", "print \"backview taped\"",
    ] {
      XCTAssertTrue(texts.contains(expected), expected)
    }
  }

  func testCanvasDrawingFillsThePageInTheThemesColours() throws {
    let chart = try diagram("quick-tap")
    let theme = Theme.standard
    let canvas = try CairoCanvas(size: chart.size, scale: 2)
    DeliveryDiagramRenderer(theme: theme).draw(chart, on: canvas)
    XCTAssertEqual(canvas.pixelWidth, Int(chart.size.width) * 2)
    XCTAssertEqual(canvas.pixelHeight, Int(chart.size.height) * 2)
    XCTAssertTrue(RenderSupport.pixel(canvas, 2, chart.size.height - 2).isClose(to: PNGPixel(theme.colors.background)))
    // The drop's cross is red; the held call's span yellow.
    let drop = try XCTUnwrap(chart.marks.first { $0.kind == .drop(.began) })
    XCTAssertTrue(
      RenderSupport.pixel(canvas, drop.center.x, drop.center.y).isClose(
        to: PNGPixel(theme.overlay.gestureFailed), tolerance: 40))
    let held = try XCTUnwrap(chart.spans.first { $0.isHold })
    let middle = RenderSupport.pixel(canvas, held.frame.midX, held.frame.midY)
    XCTAssertTrue(middle.red > 200 && middle.green > 170 && middle.blue < 90, "\(middle)")
  }

  /// A deadline's bar passes under a row's caption, never through it: the caption's patch
  /// of background is opaque (issue 48 §7: the tapMaximum bar ran through "touch 1 lifts at
  /// (195, 122)"). The title's text is white on the page's grey: every pixel of the bar's
  /// column inside the caption is neutral, none the bar's orange.
  func testABarDoesNotRunThroughACaption() throws {
    let chart = try diagram("short-press")
    let canvas = try CairoCanvas(size: chart.size, scale: 2)
    DeliveryDiagramRenderer(theme: Theme.standard).draw(chart, on: canvas)
    var crossings = 0
    for row in chart.rows {
      let title = row.titleFrame
      for span in chart.spans
      where span.frame.minX < title.maxX && span.frame.maxX > title.minX && span.frame.minY < title.maxY
        && span.frame.maxY > title.minY
      {
        crossings += 1
        var y = row.titleFrame.minY + 0.5
        while y < row.titleFrame.maxY {
          let pixel = RenderSupport.pixel(canvas, span.frame.midX, y)
          let spread = Int(max(pixel.red, pixel.green, pixel.blue)) - Int(min(pixel.red, pixel.green, pixel.blue))
          XCTAssertLessThanOrEqual(spread, 12, "'\(row.title)' at y \(y): \(pixel), the bar shows through")
          y += 0.5
        }
      }
    }
    XCTAssertGreaterThan(crossings, 0, "the short press has a bar under a caption (the tap's 0.75 s)")
  }
}
