import Foundation
import TouchLabCanvas
import TouchLabEngine
import TouchLabRecords

/// A sequence diagram of one delivery (`touchlab diagram`), laid out from its delivery
/// records alone: one lane per receiver (the touches themselves, recognizers, views, the
/// controller, the window and application when they take part, target-actions), time
/// running down, one row per thing that happened, and every deadline and every held call
/// drawn as a span on its lane. Nothing here reads the engine's live objects, and nothing
/// here draws: `DeliveryDiagramRenderer` draws the finished layout on a canvas or as SVG.
///
/// Time runs down the page and is not to scale: many records share one instant (a lift
/// settles recognizers, cancels views and resets, all at 0.300), so each record gets a
/// row of its own, and each instant a band labelled with its virtual time.
///
/// Folded, so a drag does not fill pages: a receiver's later `touchesMoved` (and a
/// control's `continueTracking`, a touch's later moves, a recognizer's `changed`, a scroll
/// view's offsets) join its first one's row, counted, until something else happens on its
/// lane. Left out: logged lines of `touches…` and tracking methods (the typed call is
/// there already). Grouped: consecutive records of one instant that say the same thing on
/// different lanes (a call passed along the responder chain, resets) share a row.
public struct DeliveryDiagram: Equatable, Sendable {
  /// A receiver's column: header box at the top, lifeline down the page.
  public struct Lane: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
      /// The touches as input events (and timers nobody owns).
      case touches
      case receiver(Participant)
      /// Target-action messages and printed actions.
      case actions
    }

    public var kind: Kind
    /// The class name, or "Touches", "Actions".
    public var title: String
    /// The layout id, or what the lane holds.
    public var subtitle: String?
    /// `title` broken at its words to fit the header.
    public var titleLines: [String]
    public var centerX: Double
    public var headerFrame: CanvasRect

    public var participant: Participant? {
      if case .receiver(let participant) = kind { return participant }
      return nil
    }

    /// The lane's name as text: class and id.
    public var name: String { [title, subtitle].compactMap { $0 }.joined(separator: " ") }
  }

  /// What a mark stands for (the diagram's model, `DiagramEntries`, says).
  public typealias MarkKind = DiagramMarkKind

  /// One record (or a folded run of them) on its lane.
  public struct Mark: Equatable, Sendable {
    public var lane: Int
    public var kind: MarkKind
    public var time: TimeInterval
    public var cause: DeliveryCause?
    public var touchIDs: [Int]
    /// The indices of the records it stands for, in the list the diagram was made from.
    public var records: [Int]
    public var center: CanvasPoint
    public var row: Int
  }

  /// An arrow in a row: from who caused it (the holder, the rule's `by`, the sender) to the
  /// mark, or along the responder chain from one mark to the next.
  public struct Arrow: Equatable, Sendable {
    public enum Kind: Equatable, Sendable { case cause, chain }
    public var kind: Kind
    public var fromLane: Int
    public var toLane: Int
    public var from: CanvasPoint
    public var to: CanvasPoint
  }

  /// One line of the diagram: its marks, arrows and label.
  public struct Row: Equatable, Sendable {
    public var time: TimeInterval
    public var marks: [Int]
    public var arrows: [Arrow]
    /// What happened ("touchesBegan held until 0.150").
    public var title: String
    /// Why: the cause's rule and who applied it, for cancels, drops, failures, holds,
    /// releases and denials.
    public var detail: String?
    public var top: Double
    public var height: Double
    public var titleFrame: CanvasRect
    public var detailFrame: CanvasRect?
    /// Behind the label, to keep it clear of lifelines.
    public var labelFrame: CanvasRect
    /// The marks' y.
    public var markY: Double
  }

  /// A deadline (a timer from scheduled to fired or cancelled) or a held call (from its
  /// hold to its release or drop), as a bar down its lane.
  public struct Span: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
      case deadline(TimerPurpose, timer: Int, deadline: TimeInterval)
      case hold(TouchPhase)
    }

    /// How it ended: a deadline fired or was cancelled; a held call was released, dropped,
    /// or given up when the view's touches were cancelled (`cancelled`); either may still be
    /// running when the records end.
    public enum End: Equatable, Sendable { case fired, cancelled, released, dropped, pending }

    public var lane: Int
    public var kind: Kind
    public var start: TimeInterval
    /// When it ended; for a pending one, its deadline (or the last record's time).
    public var end: TimeInterval
    public var ending: End
    public var frame: CanvasRect
    /// Its text, for the SVG's title.
    public var label: String
  }

  /// A virtual time on the axis, at the first row of its instant.
  public struct Tick: Equatable, Sendable {
    public var time: TimeInterval
    public var y: Double
    public var label: String
    public var frame: CanvasRect
  }

  /// A sample mark and its meaning, under the diagram.
  public struct LegendItem: Equatable, Sendable {
    public var mark: MarkKind?
    /// A span sample instead of a mark.
    public var span: Span.End?
    public var text: String
    public var glyphCenter: CanvasPoint
    public var textFrame: CanvasRect
  }

  public var title: String
  public var subtitle: String
  public var titleFrame: CanvasRect
  public var subtitleFrame: CanvasRect
  public var lanes: [Lane]
  public var marks: [Mark]
  public var rows: [Row]
  public var spans: [Span]
  public var ticks: [Tick]
  public var legend: [LegendItem]
  /// Where lifelines and the axis run.
  public var lifelineTop: Double
  public var lifelineBottom: Double
  /// The time axis's x.
  public var axisX: Double
  public var size: CanvasSize
  public var fontFamily: String
}

extension DiagramLaneKey {
  /// What the laid-out lane holds.
  var laneKind: DeliveryDiagram.Lane.Kind {
    switch group {
    case .touches: return .touches
    case .actions: return .actions
    case .recognizer: return .receiver(Participant(kind: .recognizer, className: className, id: id))
    case .view: return .receiver(Participant(kind: .view, className: className, id: id))
    case .responder: return .receiver(Participant(kind: .responder, className: className, id: id))
    case .controller: return .receiver(Participant(kind: .controller, className: className, id: id))
    case .window: return .receiver(Participant(kind: .window, className: className, id: id))
    case .application: return .receiver(Participant(kind: .application, className: className, id: id))
    }
  }
}

// MARK: - Sizes and fonts

extension DeliveryDiagram {
  public static let margin = 16.0
  /// The time axis's column, left of the lanes.
  public static let axisWidth = 64.0
  public static let laneWidth = 100.0
  public static let rowHeight = 20.0
  /// A row with a cause line under its title.
  public static let detailRowHeight = 32.0
  /// Between two instants.
  public static let bandGap = 12.0
  /// Between a mark and its label.
  public static let labelGap = 12.0
  /// How far labels may reach right of the last lane before they go left of their marks.
  public static let labelOverhang = 160.0
  /// A span's bar width, and the step between spans sharing a lane.
  public static let spanWidth = 6.0
  public static let spanStep = 8.0

  public func titleStyle() -> TextStyle { Self.style(fontFamily, 15, .bold) }
  public func subtitleStyle() -> TextStyle { Self.style(fontFamily, 10.5, .regular) }
  public func laneClassStyle() -> TextStyle { Self.style(fontFamily, 9, .regular) }
  public func laneIDStyle() -> TextStyle { Self.style(fontFamily, 11.5, .bold) }
  public func rowTitleStyle() -> TextStyle { Self.style(fontFamily, 11, .regular) }
  public func rowDetailStyle() -> TextStyle { Self.style(fontFamily, 10, .regular) }
  public func tickStyle() -> TextStyle { Self.style(fontFamily, 9.5, .regular) }
  public func legendStyle() -> TextStyle { Self.style(fontFamily, 9.5, .regular) }

  static func style(_ family: String, _ size: Double, _ weight: TextWeight) -> TextStyle {
    TextStyle(
      fontFamily: family, fontSize: size, weight: weight, alignment: .leading, verticalAlignment: .top,
      truncation: .clip, maximumLines: 1)
  }

  static func measure(_ text: String, _ style: TextStyle) -> CanvasSize {
    TextFonts.measure(text, style: style)
  }
}

// MARK: - Layout

extension DeliveryDiagram {
  /// The diagram of `records` (a scenario's, in order), headed by `title` and `subtitle`.
  public init(
    records: [DeliveryRecord], title: String, subtitle: String = "", fontFamily: String = TextFonts.defaultFamily
  ) {
    self.title = title
    self.subtitle = subtitle
    self.fontFamily = fontFamily
    lanes = []
    marks = []
    rows = []
    spans = []
    ticks = []
    legend = []
    titleFrame = CanvasRect(x: 0, y: 0, width: 0, height: 0)
    subtitleFrame = titleFrame
    lifelineTop = 0
    lifelineBottom = 0
    axisX = 0
    size = .zero

    let entries = DiagramEntries(records)
    let order = entries.laneOrder
    let laneIndex = Dictionary(uniqueKeysWithValues: order.enumerated().map { ($1, $0) })
    layOut(entries: entries, order: order, laneIndex: laneIndex, records: records)
  }

  private mutating func layOut(
    entries diagramEntries: DiagramEntries, order: [DiagramLaneKey], laneIndex: [DiagramLaneKey: Int],
    records: [DeliveryRecord]
  ) {
    let entries = diagramEntries.entries
    let margin = Self.margin
    titleFrame = CanvasRect(origin: CanvasPoint(x: margin, y: 12), size: Self.measure(title, titleStyle()))
    subtitleFrame = CanvasRect(
      origin: CanvasPoint(x: margin, y: titleFrame.maxY + 3), size: Self.measure(subtitle, subtitleStyle()))

    // Lanes and their headers.
    let headerTop = subtitleFrame.maxY + 14
    let lanesLeft = margin + Self.axisWidth
    axisX = lanesLeft - 12
    let classStyle = laneClassStyle()
    let idStyle = laneIDStyle()
    let classLineHeight = Self.measure("Ag", classStyle).height
    let idLineHeight = Self.measure("Ag", idStyle).height
    var laneTexts: [(title: String, subtitle: String?, lines: [String])] = []
    for key in order {
      let (laneTitle, laneSubtitle) = key.texts
      laneTexts.append((laneTitle, laneSubtitle, Self.wrap(laneTitle, width: Self.laneWidth - 14, style: classStyle)))
    }
    let headerHeight =
      (laneTexts.map { Double($0.lines.count) * classLineHeight + ($0.subtitle == nil ? 0 : idLineHeight + 1) }.max()
        ?? 0) + 12
    for (index, key) in order.enumerated() {
      let left = lanesLeft + Double(index) * Self.laneWidth
      let texts = laneTexts[index]
      lanes.append(
        Lane(
          kind: key.laneKind, title: texts.title, subtitle: texts.subtitle, titleLines: texts.lines,
          centerX: left + Self.laneWidth / 2,
          headerFrame: CanvasRect(x: left + 4, y: headerTop, width: Self.laneWidth - 8, height: headerHeight)))
    }
    let lanesRight = lanesLeft + Double(lanes.count) * Self.laneWidth
    lifelineTop = headerTop + headerHeight

    let titleStyle = rowTitleStyle()
    let detailStyle = rowDetailStyle()
    let titleHeight = Self.measure("Ag", titleStyle).height
    var y = lifelineTop + 14
    var lastTime: TimeInterval?
    var markOfRecord: [Int: Int] = [:]
    let tickStyle = tickStyle()
    for group in diagramEntries.rowGroups {
      let first = entries[group[0]]
      if lastTime != first.time {
        if lastTime != nil { y += Self.bandGap }
        lastTime = first.time
        let label = String(format: "%.3f s", first.time)
        let labelSize = Self.measure(label, tickStyle)
        ticks.append(
          Tick(
            time: first.time, y: y + titleHeight / 2, label: label,
            frame: CanvasRect(
              origin: CanvasPoint(x: axisX - 6 - labelSize.width, y: y + titleHeight / 2 - labelSize.height / 2),
              size: labelSize)))
      }
      let rowIndex = rows.count
      let markY = y + titleHeight / 2
      var rowMarks: [Int] = []
      for entryIndex in group {
        let entry = entries[entryIndex]
        let lane = laneIndex[entry.lane]!
        let mark = Mark(
          lane: lane, kind: entry.kind, time: entry.time, cause: entry.cause, touchIDs: entry.touchIDs,
          records: entry.records, center: CanvasPoint(x: lanes[lane].centerX, y: markY), row: rowIndex)
        for record in entry.records { markOfRecord[record] = marks.count }
        rowMarks.append(marks.count)
        marks.append(mark)
      }
      // Arrows: from the cause (or holder, or sender) to the first mark; along the chain.
      var arrows: [Arrow] = []
      let firstLane = marks[rowMarks[0]].lane
      let rowLanes = Set(group.map { laneIndex[entries[$0].lane]! })
      if let source = first.source.flatMap({ resolve($0, laneIndex: laneIndex) }), !rowLanes.contains(source) {
        arrows.append(
          Arrow(
            kind: .cause, fromLane: source, toLane: firstLane, from: CanvasPoint(x: lanes[source].centerX, y: markY),
            to: marks[rowMarks[0]].center))
      }
      if first.isChain {
        for (a, b) in zip(rowMarks, rowMarks.dropFirst()) {
          arrows.append(
            Arrow(
              kind: .chain, fromLane: marks[a].lane, toLane: marks[b].lane, from: marks[a].center, to: marks[b].center))
        }
      }
      let detail = first.cause.map { "\($0.rule.rawValue) · by \($0.by)" }
      let height = detail == nil ? Self.rowHeight : Self.detailRowHeight
      let titleSize = Self.measure(first.title, titleStyle)
      let detailSize = detail.map { Self.measure($0, detailStyle) }
      let labelWidth = max(titleSize.width, detailSize?.width ?? 0)
      // The label is placed once the spans are known (`placeLabels`); for now at the marks.
      let titleFrame = CanvasRect(origin: CanvasPoint(x: 0, y: y), size: titleSize)
      let detailFrame = detailSize.map {
        CanvasRect(origin: CanvasPoint(x: 0, y: titleFrame.maxY + 1), size: $0)
      }
      let labelBottom = detailFrame?.maxY ?? titleFrame.maxY
      rows.append(
        Row(
          time: first.time, marks: rowMarks, arrows: arrows, title: first.title, detail: detail, top: y,
          height: height, titleFrame: titleFrame, detailFrame: detailFrame,
          labelFrame: CanvasRect(x: -3, y: y - 1, width: labelWidth + 6, height: labelBottom - y + 2),
          markY: markY))
      y += height
    }
    lifelineBottom = y + 10

    layOutSpans(records: records, markOfRecord: markOfRecord, laneIndex: laneIndex)
    placeLabels(lanesRight: lanesRight)

    // The legend, wrapped to the diagram's width.
    let labelsRight = rows.map(\.labelFrame.maxX).max() ?? 0
    let contentRight = max(lanesRight, labelsRight, titleFrame.maxX, subtitleFrame.maxX)
    var width = contentRight + margin
    let legendStyle = legendStyle()
    let legendLineHeight = Self.measure("Ag", legendStyle).height + 6
    // As many items a line as fit, the lines as even as their count allows.
    let items = Self.legendItems.map { item in (item, Self.measure(item.2, legendStyle)) }
    let itemWidths = items.map { 16 + $0.1.width + 18 }
    var lineCount = 1
    while lineCount < items.count {
      let perLine = (items.count + lineCount - 1) / lineCount
      let widest =
        stride(from: 0, to: items.count, by: perLine).map {
          itemWidths[$0..<min($0 + perLine, items.count)].reduce(0, +)
        }.max() ?? 0
      if margin + widest - 18 <= width - margin { break }
      lineCount += 1
    }
    let perLine = (items.count + lineCount - 1) / lineCount
    let legendTop = lifelineBottom + 14
    for (index, ((mark, span, text), textSize)) in items.enumerated() {
      let line = index / perLine
      let legendX = margin + itemWidths[(line * perLine)..<index].reduce(0, +)
      let legendY = legendTop + Double(line) * legendLineHeight
      legend.append(
        LegendItem(
          mark: mark, span: span, text: text,
          glyphCenter: CanvasPoint(x: legendX + 6, y: legendY + textSize.height / 2),
          textFrame: CanvasRect(origin: CanvasPoint(x: legendX + 16, y: legendY), size: textSize)))
    }
    let legendBottom = (legend.map(\.textFrame.maxY).max() ?? lifelineBottom) + margin
    width = max(width, (legend.map(\.textFrame.maxX).max() ?? 0) + margin)
    size = CanvasSize(width: width.rounded(.up), height: legendBottom.rounded(.up))
  }

  /// The samples the legend explains.
  static let legendItems: [(MarkKind?, Span.End?, String)] = [
    (.input(.began), nil, "touch"),
    (.hitTest, nil, "hit-test"),
    (.call(.began), nil, "view call"),
    (.recognizerCall(.began), nil, "recognizer call"),
    (.state(from: .possible, to: .recognized), nil, "state change"),
    (.hold(.began), nil, "held"),
    (.release(.began), nil, "released"),
    (.drop(.began), nil, "dropped"),
    (.action(delivered: true), nil, "action"),
    (.timer(.scheduled, .other), nil, "timer"),
    (nil, .fired, "deadline, fired"),
    (nil, .cancelled, "deadline, cancelled"),
    (nil, .released, "held call"),
  ]

  /// The lane a cause, holder or sender names, when exactly one lane is it.
  private func resolve(_ source: DiagramSource, laneIndex: [DiagramLaneKey: Int]) -> Int? {
    switch source {
    case .participant(let participant):
      return laneIndex[DiagramLaneKey(participant)]
    case .name(let name):
      let found = lanes.indices.filter { lanes[$0].participant?.name == name }
      return found.count == 1 ? found[0] : nil
    }
  }

  /// Puts each row's label beside its marks: right of them, left of them, or past the far
  /// end of its cause arrow, whichever covers least. What a label must
  /// not cover, worst first: the page's edge (or more than the labels' overhang past the
  /// last lane, or a time label), the row's cause arrow (its head would be hidden), a span at the row's
  /// height. Ties go to the first.
  private mutating func placeLabels(lanesRight: Double) {
    for index in rows.indices {
      let row = rows[index]
      let xs = row.marks.map { marks[$0].center.x }
      let width = row.labelFrame.width - 6
      var candidates = [xs.max()! + Self.labelGap, xs.min()! - Self.labelGap - width]
      for source in row.arrows.filter({ $0.kind == .cause }).map(\.from.x) {
        if source > xs.max()! { candidates.append(source + Self.labelGap) }
        if source < xs.min()! { candidates.append(source - Self.labelGap - width) }
      }
      func cost(_ x: Double) -> Int {
        var cost = 0
        if x < Self.margin || x + width > lanesRight + Self.labelOverhang { cost += 100 }
        let top = row.labelFrame.minY
        let bottom = row.labelFrame.maxY
        // Into the time axis's column only where it has no time label.
        for tick in ticks
        where tick.frame.minX < x + width + 3 && x - 3 < tick.frame.maxX && tick.frame.minY < bottom
          && top < tick.frame.maxY
        {
          cost += 100
        }
        for arrow in row.arrows where arrow.kind == .cause {
          let (low, high) = (min(arrow.from.x, arrow.to.x), max(arrow.from.x, arrow.to.x))
          if low < x + width && high > x { cost += 20 }
        }
        for span in spans
        where span.frame.maxX > x - 3 && span.frame.minX < x + width + 3 && span.frame.maxY > top
          && span.frame.minY < bottom
        {
          cost += 10
        }
        return cost
      }
      let labelX = candidates.min { cost($0) < cost($1) }!
      rows[index].titleFrame.origin.x = labelX
      rows[index].detailFrame?.origin.x = labelX
      rows[index].labelFrame.origin.x = labelX - 3
    }
  }

  private mutating func layOutSpans(
    records: [DeliveryRecord], markOfRecord: [Int: Int], laneIndex: [DiagramLaneKey: Int]
  ) {
    struct Open {
      var lane: Int
      var kind: Span.Kind
      var start: TimeInterval
      var startY: Double
      var label: String
      var touches: [Int]
      var view: Participant?
    }
    var timers: [Int: Open] = [:]
    var holds: [Open] = []
    var found: [(Open, end: TimeInterval, endY: Double, ending: Span.End)] = []
    let lastTime = records.last?.time ?? 0
    for (index, record) in records.enumerated() {
      guard let markIndex = markOfRecord[index] else { continue }
      let mark = marks[markIndex]
      switch record.event {
      case .timer(let change, let timer):
        switch change {
        case .scheduled:
          let length = TranscriptNumber.seconds(timer.deadline - record.time)
          timers[timer.id] = Open(
            lane: mark.lane, kind: .deadline(timer.purpose, timer: timer.id, deadline: timer.deadline),
            start: record.time, startY: mark.center.y,
            label: "\(timer.purpose.rawValue) deadline, \(length) s, scheduled at \(Self.time(record.time))",
            touches: [], view: nil)
        case .fired, .cancelled:
          guard var open = timers.removeValue(forKey: timer.id) else { continue }
          open.label += ", \(change.rawValue) at \(Self.time(record.time))"
          found.append((open, record.time, mark.center.y, change == .fired ? .fired : .cancelled))
        }
      case .hold(let phase, let view, let holder, _):
        holds.append(
          Open(
            lane: mark.lane, kind: .hold(phase), start: record.time, startY: mark.center.y,
            label:
              "\(view.name)'s touches\(phase.rawValue.capitalized) held"
              + (holder.map { " by \($0.name)" } ?? "") + " from \(Self.time(record.time))",
            touches: record.touchIDs, view: view))
      case .touches(.cancelled, let view):
        // A held call the view's touchesCancelled makes moot: it never arrives.
        let cancelled = Set(record.touchIDs)
        while let at = holds.firstIndex(where: { $0.view == view && !cancelled.isDisjoint(with: $0.touches) }) {
          var open = holds.remove(at: at)
          open.label += ", given up at \(Self.time(record.time)): the view's touches are cancelled"
          found.append((open, record.time, mark.center.y, .cancelled))
        }
      case .release(let phase, let view, _), .drop(let phase, let view):
        guard
          let at = holds.firstIndex(where: {
            $0.view == view && $0.kind == .hold(phase) && Set($0.touches) == Set(record.touchIDs)
          })
        else { continue }
        var open = holds.remove(at: at)
        let released: Bool
        if case .release = record.event { released = true } else { released = false }
        open.label += ", \(released ? "released" : "dropped") at \(Self.time(record.time))"
        found.append((open, record.time, mark.center.y, released ? .released : .dropped))
      default:
        continue
      }
    }
    for open in timers.values.sorted(by: { $0.startY < $1.startY }) + holds {
      var end = lastTime
      if case .deadline(_, _, let deadline) = open.kind { end = deadline }
      var pending = open
      pending.label += ", still pending when the records end"
      found.append((pending, max(end, open.start), lifelineBottom - 4, .pending))
    }
    // A lane's spans side by side where they overlap: the first free slot.
    found.sort { ($0.0.startY, $0.0.lane) < ($1.0.startY, $1.0.lane) }
    var slotEnds: [Int: [Double]] = [:]
    for (open, end, endY, ending) in found {
      var ends = slotEnds[open.lane] ?? []
      let slot = ends.firstIndex { $0 < open.startY - 1 } ?? ends.count
      if slot == ends.count { ends.append(endY) } else { ends[slot] = endY }
      slotEnds[open.lane] = ends
      let x = lanes[open.lane].centerX - Self.spanWidth / 2 + Double(slot) * Self.spanStep
      spans.append(
        Span(
          lane: open.lane, kind: open.kind, start: open.start, end: end, ending: ending,
          frame: CanvasRect(x: x, y: open.startY, width: Self.spanWidth, height: max(2, endY - open.startY)),
          label: open.label))
    }
  }

  static func time(_ t: TimeInterval) -> String { DiagramEntries.time(t) }

  /// `text` (a class name) in lines no wider than `width`, broken between its words
  /// ("UIScrollView", "Delayed", "Touches"…), a word too long for a line on its own line.
  static func wrap(_ text: String, width: Double, style: TextStyle) -> [String] {
    var words: [String] = []
    var current = ""
    var previous: Character?
    for character in text {
      if let previous, character.isUppercase, previous.isLowercase || previous.isNumber, !current.isEmpty {
        words.append(current)
        current = ""
      }
      current.append(character)
      previous = character
    }
    if !current.isEmpty { words.append(current) }
    var lines: [String] = []
    for word in words {
      if let last = lines.last, measure(last + word, style).width <= width {
        lines[lines.count - 1] = last + word
      } else {
        lines.append(word)
      }
    }
    return lines
  }
}
