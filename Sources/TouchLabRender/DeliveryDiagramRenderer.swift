import Foundation
import TouchLabCanvas
import TouchLabEngine

/// Draws a `DeliveryDiagram` in the theme's colours: on a canvas (PNG; PDF through a
/// vector canvas) or as an SVG document whose text is text and whose lanes, rows and spans
/// are groups with titles. Both draw the same shapes from the same layout.
///
/// Colours follow the overlay's card: blue began, light blue moved or changed, green
/// recognized or ended, yellow held, orange cancelled, red failed or dropped, grey possible;
/// deadlines as the timeline strip's bars (green fired, orange cancelled, yellow pending).
/// Shapes too: recognizers' calls are rings, views' calls squares, actions arrowheads.
public struct DeliveryDiagramRenderer {
  public var theme: Theme

  public init(theme: Theme = .standard) {
    self.theme = theme
  }

  /// Draws `diagram` with its top-left corner at the canvas's.
  public func draw(_ diagram: DeliveryDiagram, on canvas: CairoCanvas) {
    draw(diagram, on: canvas as DiagramSurface)
  }

  /// The diagram as an SVG document, `scale` times its size in points.
  public func svgData(_ diagram: DeliveryDiagram, scale: Double = 1) -> Data {
    let document = SVGDocument(
      size: diagram.size, scale: scale, title: diagram.title,
      description: "A delivery diagram: \(diagram.subtitle). One lane per receiver, time running down.")
    draw(diagram, on: document)
    return document.data()
  }

  func draw(_ diagram: DeliveryDiagram, on surface: DiagramSurface) {
    let overlay = theme.overlay
    let text = overlay.panelText
    let background = theme.colors.background
    surface.fill(CanvasRect(origin: .zero, size: diagram.size), cornerRadius: 0, color: background)
    surface.text(diagram.title, at: diagram.titleFrame.origin, style: colored(diagram.titleStyle(), text))
    surface.text(
      diagram.subtitle, at: diagram.subtitleFrame.origin, style: colored(diagram.subtitleStyle(), text.withAlpha(0.7)))

    // The time axis: a line, a tick and a label per instant, a faint rule across the lanes.
    let lanesRight = diagram.lanes.last.map { $0.headerFrame.maxX + 4 } ?? diagram.axisX
    surface.beginGroup(kind: "axis", title: "Virtual time, running down", description: nil)
    surface.line(
      from: CanvasPoint(x: diagram.axisX, y: diagram.lifelineTop),
      to: CanvasPoint(x: diagram.axisX, y: diagram.lifelineBottom),
      color: text.withAlpha(0.35), width: 1, dash: [])
    for (index, tick) in diagram.ticks.enumerated() {
      if index > 0 {
        let ruleY = tick.y - DeliveryDiagram.bandGap / 2 - 6
        surface.line(
          from: CanvasPoint(x: diagram.axisX, y: ruleY), to: CanvasPoint(x: lanesRight, y: ruleY),
          color: text.withAlpha(0.1), width: 1, dash: [])
      }
      surface.line(
        from: CanvasPoint(x: diagram.axisX - 4, y: tick.y), to: CanvasPoint(x: diagram.axisX, y: tick.y),
        color: text.withAlpha(0.6), width: 1, dash: [])
      surface.text(tick.label, at: tick.frame.origin, style: colored(diagram.tickStyle(), text.withAlpha(0.8)))
    }
    surface.endGroup()

    // Lanes: header box, class and id, lifeline.
    for lane in diagram.lanes {
      let accent = laneColor(lane)
      surface.beginGroup(kind: "lane", title: lane.name, description: laneDescription(lane))
      surface.line(
        from: CanvasPoint(x: lane.centerX, y: lane.headerFrame.maxY),
        to: CanvasPoint(x: lane.centerX, y: diagram.lifelineBottom),
        color: text.withAlpha(0.22), width: 1, dash: [])
      surface.fill(lane.headerFrame, cornerRadius: 6, color: accent.withAlpha(0.16))
      surface.stroke(lane.headerFrame, cornerRadius: 6, color: accent.withAlpha(0.8), width: 1)
      let classStyle = diagram.laneClassStyle()
      let idStyle = diagram.laneIDStyle()
      let classHeight = DeliveryDiagram.measure("Ag", classStyle).height
      let idHeight = DeliveryDiagram.measure("Ag", idStyle).height
      let blockHeight = Double(lane.titleLines.count) * classHeight + (lane.subtitle == nil ? 0 : idHeight + 1)
      var y = lane.headerFrame.midY - blockHeight / 2
      for line in lane.titleLines {
        let width = DeliveryDiagram.measure(line, classStyle).width
        surface.text(
          line, at: CanvasPoint(x: lane.centerX - width / 2, y: y), style: colored(classStyle, text.withAlpha(0.75)))
        y += classHeight
      }
      if let subtitle = lane.subtitle {
        let width = DeliveryDiagram.measure(subtitle, idStyle).width
        surface.text(subtitle, at: CanvasPoint(x: lane.centerX - width / 2, y: y + 1), style: colored(idStyle, text))
      }
      surface.endGroup()
    }

    // Spans: deadlines and held calls, as bars down their lanes.
    for span in diagram.spans {
      surface.beginGroup(kind: "span", title: "\(diagram.lanes[span.lane].name): \(span.label)", description: nil)
      let color = spanColor(span.ending, hold: span.isHold)
      surface.fill(span.frame, cornerRadius: 2, color: color.withAlpha(span.isHold ? 0.85 : 0.55))
      if span.ending == .pending {
        surface.line(
          from: CanvasPoint(x: span.frame.minX - 2, y: span.frame.maxY),
          to: CanvasPoint(x: span.frame.maxX + 2, y: span.frame.maxY),
          color: color, width: 1, dash: [2, 2])
      }
      surface.endGroup()
    }

    // Rows: arrows, the label on a patch of background, the marks on top.
    for row in diagram.rows {
      let first = diagram.marks[row.marks[0]]
      let tone = markColor(first)
      let laneNames = row.marks.map { diagram.lanes[diagram.marks[$0].lane].name }.joined(separator: ", ")
      let time = String(format: "%.3f s", row.time)
      let description = first.cause.map { "Because of the rule \($0.rule.rawValue), applied by \($0.by)." }
      surface.beginGroup(kind: "row", title: "\(time) · \(laneNames): \(row.title)", description: description)
      for arrow in row.arrows {
        drawArrow(arrow, color: arrow.kind == .cause ? tone : text.withAlpha(0.5), on: surface)
      }
      // Opaque: a deadline's bar passes under the caption, never through it.
      surface.fill(row.labelFrame, cornerRadius: 3, color: background)
      surface.text(row.title, at: row.titleFrame.origin, style: colored(diagram.rowTitleStyle(), text))
      if let detail = row.detail, let frame = row.detailFrame {
        surface.text(detail, at: frame.origin, style: colored(diagram.rowDetailStyle(), tone))
      }
      for index in row.marks {
        drawMark(
          diagram.marks[index].kind, at: diagram.marks[index].center, color: markColor(diagram.marks[index]),
          on: surface)
      }
      surface.endGroup()
    }

    // The legend.
    surface.beginGroup(kind: "legend", title: "Legend", description: nil)
    for item in diagram.legend {
      if let kind = item.mark {
        let color = markColor(
          DeliveryDiagram.Mark(
            lane: 0, kind: kind, time: 0, cause: nil, touchIDs: [1], records: [], center: item.glyphCenter, row: 0))
        drawMark(kind, at: item.glyphCenter, color: color, on: surface)
      } else if let ending = item.span {
        let hold = ending == .released
        surface.fill(
          CanvasRect(x: item.glyphCenter.x - 3, y: item.glyphCenter.y - 6, width: 6, height: 12), cornerRadius: 2,
          color: spanColor(ending, hold: hold).withAlpha(hold ? 0.85 : 0.55))
      }
      surface.text(item.text, at: item.textFrame.origin, style: colored(diagram.legendStyle(), text.withAlpha(0.75)))
    }
    surface.endGroup()
  }

  // MARK: Colours

  private func colored(_ style: TextStyle, _ color: CanvasColor) -> TextStyle {
    var style = style
    style.color = color
    return style
  }

  private func laneColor(_ lane: DeliveryDiagram.Lane) -> CanvasColor {
    let overlay = theme.overlay
    switch lane.kind {
    case .touches: return overlay.touchColor(at: 0).withAlpha(1)
    case .actions: return overlay.gestureRecognized
    case .receiver(let participant):
      switch participant.kind {
      case .recognizer: return overlay.gestureChanged
      case .view: return theme.colors.viewOutline
      case .controller: return theme.colors.controlFill
      case .window, .application, .responder: return overlay.gesturePossible
      }
    }
  }

  private func laneDescription(_ lane: DeliveryDiagram.Lane) -> String {
    switch lane.kind {
    case .touches: return "The touches: going down, moving, lifting."
    case .actions: return "Target-action messages and printed actions."
    case .receiver(let participant):
      let kind: String
      switch participant.kind {
      case .recognizer: kind = "gesture recognizer"
      case .view: kind = "view"
      case .controller: kind = "view controller"
      case .window: kind = "window"
      case .application: kind = "application"
      case .responder: kind = "responder"
      }
      return "The \(kind) \(lane.name)."
    }
  }

  private func phaseColor(_ phase: TouchPhase) -> CanvasColor {
    let overlay = theme.overlay
    switch phase {
    case .began: return overlay.gestureBegan
    case .moved: return overlay.gestureChanged
    case .ended: return overlay.gestureRecognized
    case .cancelled: return overlay.gestureCancelled
    }
  }

  private func stateColor(_ state: RecognizerState) -> CanvasColor {
    let overlay = theme.overlay
    switch state {
    case .possible: return overlay.gesturePossible
    case .began: return overlay.gestureBegan
    case .changed: return overlay.gestureChanged
    case .ended, .recognized: return overlay.gestureRecognized
    case .cancelled: return overlay.gestureCancelled
    case .failed: return overlay.gestureFailed
    }
  }

  private func markColor(_ mark: DeliveryDiagram.Mark) -> CanvasColor {
    let overlay = theme.overlay
    switch mark.kind {
    case .input: return overlay.touchColor(at: (mark.touchIDs.first ?? 1) - 1).withAlpha(1)
    case .hitTest: return overlay.hitTestOutline
    case .call(let phase), .recognizerCall(let phase), .tracking(let phase): return phaseColor(phase)
    case .logged: return overlay.gesturePossible
    case .hold, .release: return overlay.gestureHeld
    case .drop, .denied, .illegalTransition: return overlay.gestureFailed
    case .state(_, let to): return stateColor(to)
    case .action(let delivered): return delivered ? overlay.gestureRecognized : overlay.gesturePossible
    case .print, .selection, .navigation: return overlay.gestureRecognized
    case .timer(let change, _):
      switch change {
      case .scheduled: return overlay.gestureHeld
      case .fired: return overlay.gestureRecognized
      case .cancelled: return overlay.gestureCancelled
      }
    case .scroll: return overlay.gestureChanged
    }
  }

  private func spanColor(_ ending: DeliveryDiagram.Span.End, hold: Bool) -> CanvasColor {
    let overlay = theme.overlay
    if hold { return overlay.gestureHeld }
    switch ending {
    case .fired: return overlay.gestureRecognized
    case .cancelled: return overlay.gestureCancelled
    case .released, .dropped, .pending: return overlay.gestureHeld
    }
  }

  // MARK: Shapes

  private func drawArrow(_ arrow: DeliveryDiagram.Arrow, color: CanvasColor, on surface: DiagramSurface) {
    let direction: Double = arrow.to.x >= arrow.from.x ? 1 : -1
    // From the edge of the source's lifeline to just short of the mark.
    let start = CanvasPoint(x: arrow.from.x + direction * (arrow.kind == .chain ? 7 : 2), y: arrow.from.y)
    let tip = CanvasPoint(x: arrow.to.x - direction * 7, y: arrow.to.y)
    surface.line(
      from: start, to: CanvasPoint(x: tip.x - direction * 5, y: tip.y), color: color, width: 1.25,
      dash: arrow.kind == .cause ? [4, 3] : [])
    surface.polygon(
      [
        tip, CanvasPoint(x: tip.x - direction * 7, y: tip.y - 3.5),
        CanvasPoint(x: tip.x - direction * 7, y: tip.y + 3.5),
      ],
      color: color)
  }

  private func drawMark(
    _ kind: DeliveryDiagram.MarkKind, at c: CanvasPoint, color: CanvasColor, on surface: DiagramSurface
  ) {
    let background = theme.colors.background
    func square(_ half: Double) -> CanvasRect {
      CanvasRect(x: c.x - half, y: c.y - half, width: 2 * half, height: 2 * half)
    }
    func diamond(_ half: Double) -> [CanvasPoint] {
      [
        CanvasPoint(x: c.x, y: c.y - half), CanvasPoint(x: c.x + half, y: c.y), CanvasPoint(x: c.x, y: c.y + half),
        CanvasPoint(x: c.x - half, y: c.y),
      ]
    }
    func cross(_ half: Double, width: Double) {
      surface.line(
        from: CanvasPoint(x: c.x - half, y: c.y - half), to: CanvasPoint(x: c.x + half, y: c.y + half), color: color,
        width: width, dash: [])
      surface.line(
        from: CanvasPoint(x: c.x - half, y: c.y + half), to: CanvasPoint(x: c.x + half, y: c.y - half), color: color,
        width: width, dash: [])
    }
    switch kind {
    case .input(let phase):
      switch phase {
      case .began: surface.fillCircle(center: c, radius: 5.5, color: color)
      case .moved: surface.fillCircle(center: c, radius: 3.5, color: color)
      case .ended: surface.strokeCircle(center: c, radius: 5, color: color, width: 2)
      case .cancelled:
        surface.strokeCircle(center: c, radius: 5, color: color, width: 2)
        cross(3, width: 1.5)
      }
    case .hitTest:
      surface.strokeCircle(center: c, radius: 6, color: color, width: 2)
      surface.fillCircle(center: c, radius: 2, color: color)
    case .call:
      surface.fill(square(4.5), cornerRadius: 1, color: color)
    case .recognizerCall:
      surface.fillCircle(center: c, radius: 4.5, color: background)
      surface.strokeCircle(center: c, radius: 4, color: color, width: 1.5)
    case .tracking:
      surface.fill(square(4.5), cornerRadius: 1, color: background)
      surface.stroke(square(4), cornerRadius: 1, color: color, width: 1.5)
    case .logged:
      surface.fill(square(3), cornerRadius: 1, color: color)
    case .hold:
      surface.polygon(diamond(6.5), color: color)
    case .release:
      surface.polygon(diamond(6.5), color: background)
      surface.polyline(diamond(5.5) + [diamond(5.5)[0]], color: color, width: 1.75)
    case .drop:
      surface.fillCircle(center: c, radius: 6, color: background)
      cross(4.5, width: 2.25)
    case .denied:
      surface.fillCircle(center: c, radius: 6, color: background)
      surface.strokeCircle(center: c, radius: 5, color: color, width: 1.75)
      surface.line(
        from: CanvasPoint(x: c.x - 3.5, y: c.y + 3.5), to: CanvasPoint(x: c.x + 3.5, y: c.y - 3.5), color: color,
        width: 1.75, dash: [])
    case .state(_, let to):
      if to == .possible {
        surface.fillCircle(center: c, radius: 4.5, color: background)
        surface.strokeCircle(center: c, radius: 4, color: color, width: 1.5)
        surface.fillCircle(center: c, radius: 1.5, color: color)
      } else {
        surface.fillCircle(center: c, radius: 6, color: color)
      }
    case .illegalTransition:
      surface.fillCircle(center: c, radius: 6, color: background)
      cross(3.5, width: 2)
    case .action, .print:
      surface.polygon(
        [
          CanvasPoint(x: c.x + 6, y: c.y), CanvasPoint(x: c.x - 5, y: c.y - 6), CanvasPoint(x: c.x - 2, y: c.y),
          CanvasPoint(x: c.x - 5, y: c.y + 6),
        ], color: color)
    case .timer(let change, _):
      // An hourglass: the timer's start, firing or cancellation.
      let top = [CanvasPoint(x: c.x - 5, y: c.y - 6), CanvasPoint(x: c.x + 5, y: c.y - 6), CanvasPoint(x: c.x, y: c.y)]
      let bottom = [
        CanvasPoint(x: c.x - 5, y: c.y + 6), CanvasPoint(x: c.x + 5, y: c.y + 6), CanvasPoint(x: c.x, y: c.y),
      ]
      surface.polygon(top, color: color)
      surface.polygon(bottom, color: color)
      if change == .cancelled {
        surface.line(
          from: CanvasPoint(x: c.x - 7, y: c.y), to: CanvasPoint(x: c.x + 7, y: c.y), color: background, width: 2,
          dash: [])
      }
    case .scroll:
      surface.polyline(
        [CanvasPoint(x: c.x - 5, y: c.y - 1), CanvasPoint(x: c.x, y: c.y - 6), CanvasPoint(x: c.x + 5, y: c.y - 1)],
        color: color, width: 2)
      surface.polyline(
        [CanvasPoint(x: c.x - 5, y: c.y + 4), CanvasPoint(x: c.x, y: c.y - 1), CanvasPoint(x: c.x + 5, y: c.y + 4)],
        color: color, width: 2)
    case .selection(let selected):
      surface.fillCircle(center: c, radius: 6.5, color: background)
      if selected {
        surface.polyline(
          [
            CanvasPoint(x: c.x - 5, y: c.y), CanvasPoint(x: c.x - 1.5, y: c.y + 4),
            CanvasPoint(x: c.x + 5.5, y: c.y - 5),
          ],
          color: color, width: 2.25)
      } else {
        surface.line(
          from: CanvasPoint(x: c.x - 5, y: c.y), to: CanvasPoint(x: c.x + 5, y: c.y), color: color, width: 2.25,
          dash: [])
      }
    case .navigation:
      // A chevron pointing back: the stack changing.
      surface.polyline(
        [CanvasPoint(x: c.x + 3, y: c.y - 6), CanvasPoint(x: c.x - 3, y: c.y), CanvasPoint(x: c.x + 3, y: c.y + 6)],
        color: color, width: 2.25)
    }
  }
}

extension DeliveryDiagram.Span {
  /// A held call (not a deadline).
  public var isHold: Bool {
    if case .hold = kind { return true }
    return false
  }
}
