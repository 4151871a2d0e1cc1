import Foundation
import TouchLabCanvas
import TouchLabEngine
import TouchLabRecords

/// What a click on the inspector does.
public enum InspectorTarget: Equatable, Sendable {
  /// Flip this boolean property.
  case property(SceneInspection.Property)
  /// Play this scenario of the file; nil: go live.
  case scenario(String?)
}

/// One thing the inspector draws, where, and what a click on it does.
public struct InspectorItem: Equatable, Sendable {
  public enum Look: Equatable, Sendable {
    /// A section's small capitals.
    case heading(String)
    /// A line of text; dim for hints.
    case text(String, dim: Bool, lines: Int)
    /// A row's title (a view bold): marked when the hit-test path asked it.
    case rowTitle(String, detail: String?, kind: SceneInspection.Row.Kind, mark: HitTestTrace.Verdict?)
    /// A property or a scenario as a chip.
    case chip(String, state: Bool?, flippable: Bool, highlighted: Bool)
    /// A rule across the panel.
    case rule
  }

  public var rect: CanvasRect
  public var look: Look
  public var target: InspectorTarget?
}

/// The inspector panel to the right of the transcript panel (I): the scenarios to pick,
/// the properties changed, the hovered point's hit-test path, and the tree. Laid out by
/// `layoutInspector`, which the window also asks what a click hits.
extension SceneRenderer {
  /// The inspector's width, in points.
  public static let inspectorWidth: Double = 420
  private static let inspectorPadding = 14.0
  private static let chipHeight = 17.0
  /// The hit-test path's lines at the inspector's top, kept whether or not the mouse is over the scene.
  static let hitPathLines = 3

  private var chipStyle: TextStyle {
    TextStyle(
      fontFamily: theme.metrics.fontFamily, fontSize: 10.5, color: theme.overlay.panelText, alignment: .leading,
      verticalAlignment: .center, truncation: .tail)
  }

  private var rowStyle: TextStyle {
    TextStyle(
      fontFamily: theme.metrics.fontFamily, fontSize: 11.5, color: theme.overlay.panelText, alignment: .leading,
      verticalAlignment: .top, truncation: .tail)
  }

  /// What the inspector shows in `rect`, its tree starting at row `firstRow`.
  public func layoutInspector(_ inspection: SceneInspection, in rect: CanvasRect, firstRow: Int) -> [InspectorItem] {
    var items: [InspectorItem] = []
    let left = rect.minX + Self.inspectorPadding
    let right = rect.maxX - Self.inspectorPadding
    var y = rect.minY + 14
    /// A line of text, on up to `lines` lines (drawn on no more than measured); `reserved`:
    /// always that many lines' height, so what follows stays put whatever the text.
    func line(_ text: String, dim: Bool, lines: Int = 1, reserved: Bool = false) {
      var style = rowStyle
      style.maximumLines = lines
      var height = TextFonts.measure(text, style: style, maximumWidth: right - left).height
      if reserved {
        let full = Array(repeating: "X", count: lines).joined(separator: "\n")
        height = max(height, TextFonts.measure(full, style: style, maximumWidth: right - left).height)
      }
      items.append(
        InspectorItem(
          rect: CanvasRect(x: left, y: y, width: right - left, height: height),
          look: .text(text, dim: dim, lines: lines)))
      y += height + 4
    }
    /// Chips from `x`, wrapping at `right` back to `x`.
    func chips(_ chips: [(String, Bool?, Bool, Bool, InspectorTarget?)], from x: Double) {
      var cursor = x
      for (label, state, flippable, highlighted, target) in chips {
        let width = min(right - x, TextFonts.measure(label, style: chipStyle).width + 12)
        if cursor > x, cursor + width > right {
          cursor = x
          y += Self.chipHeight + 4
        }
        items.append(
          InspectorItem(
            rect: CanvasRect(x: cursor, y: y, width: width, height: Self.chipHeight),
            look: .chip(label, state: state, flippable: flippable, highlighted: highlighted), target: target))
        cursor += width + 5
      }
      if !chips.isEmpty { y += Self.chipHeight + 6 }
    }

    items.append(
      InspectorItem(rect: CanvasRect(x: left, y: y, width: right - left, height: 14), look: .heading("INSPECTOR")))
    y += 20
    if !inspection.scenarios.isEmpty {
      line("Scenarios — click one, or press its number (0: live):", dim: true)
      var scenarioChips: [(String, Bool?, Bool, Bool, InspectorTarget?)] = [
        ("0 live", nil, true, inspection.playingScenario == nil, .scenario(nil))
      ]
      for (index, name) in inspection.scenarios.enumerated() {
        let label = index < 9 ? "\(index + 1) \(name)" : name
        scenarioChips.append((label, nil, true, inspection.playingScenario == name, .scenario(name)))
      }
      chips(scenarioChips, from: left)
    }
    if inspection.changes.isEmpty {
      line("Click a ✓ or ✗ to flip it (the file is not changed).", dim: true)
    } else {
      line("Changed here: " + inspection.changes.joined(separator: "; "), dim: false, lines: 3)
    }
    if let trace = inspection.hitTest {
      let path = trace.answeringSteps.map { $0.view.id ?? $0.view.className }
      let answer =
        trace.hitView.map { view in "→ " + (view.id.map { "\(view.className) \($0)" } ?? view.className) } ?? "→ nil"
      // Three lines, hovered or not: the rows below never move as the path grows, so a
      // click lands on the chip it aimed at.
      line(
        "Hit-test: " + (path.isEmpty ? "no view" : path.joined(separator: " › "))
          + " \(answer) (\(trace.steps.count) asked)",
        dim: false, lines: Self.hitPathLines, reserved: true)
    } else {
      line("Hover over the scene to see its hit-test path.", dim: true, lines: Self.hitPathLines, reserved: true)
    }
    items.append(InspectorItem(rect: CanvasRect(x: left, y: y, width: right - left, height: 1), look: .rule))
    y += 8

    let marks = Dictionary(
      (inspection.hitTest?.steps ?? []).map { ($0.object, $0.verdict) }, uniquingKeysWith: { first, _ in first })
    let start = min(max(0, firstRow), max(0, inspection.rows.count - 1))
    if start > 0 { line("↑ \(start) row\(start == 1 ? "" : "s") above (wheel up)", dim: true) }
    for (index, row) in inspection.rows.enumerated().dropFirst(start) {
      guard y + 40 < rect.maxY else {
        let rest = inspection.rows.count - index
        line("↓ \(rest) more row\(rest == 1 ? "" : "s") (wheel down)", dim: true)
        break
      }
      let indent = left + Double(min(row.depth, 8)) * 10
      items.append(
        InspectorItem(
          rect: CanvasRect(x: indent, y: y, width: right - indent, height: 15),
          look: .rowTitle(row.title, detail: row.detail, kind: row.kind, mark: row.object.flatMap { marks[$0] })))
      y += 17
      chips(
        row.properties.map { property in
          switch property.value {
          case .flag(let on):
            return (
              (on ? "✓ " : "✗ ") + property.name, on, property.settableID != nil, property.isChanged,
              property.settableID != nil ? .property(property) : nil
            )
          case .text(let text):
            return ("\(property.name) \(text)", nil, false, false, nil)
          }
        }, from: indent + 8)
    }
    return items
  }

  /// Draws the inspector in `rect` and returns its clickable rows as laid out.
  func drawInspector(
    _ inspection: SceneInspection, in rect: CanvasRect, firstRow: Int, on canvas: Canvas
  ) -> [FrameTargets.InspectorRow] {
    let overlay = theme.overlay
    let text = overlay.panelText
    let items = layoutInspector(inspection, in: rect, firstRow: firstRow)
    canvas.withSavedState {
      canvas.clip(to: rect)
      canvas.fill(rect, color: theme.colors.background)
      canvas.fill(CanvasRect(x: rect.minX, y: rect.minY, width: 1, height: rect.height), color: text.withAlpha(0.16))
      for item in items {
        switch item.look {
        case .heading(let title):
          let style = TextStyle(
            fontFamily: theme.metrics.fontFamily, fontSize: 10.5, weight: .bold, color: text.withAlpha(0.55),
            alignment: .leading, verticalAlignment: .top)
          canvas.draw(title, in: item.rect, style: style)
        case .text(let line, let dim, let lines):
          var style = rowStyle
          style.maximumLines = lines
          style.color = text.withAlpha(dim ? 0.5 : 0.85)
          canvas.draw(line, in: item.rect, style: style)
        case .rule:
          canvas.fill(item.rect, color: text.withAlpha(0.16))
        case .rowTitle(let title, let detail, let kind, let mark):
          var style = rowStyle
          style.weight = kind == .view ? .semibold : .regular
          style.color = text.withAlpha(kind == .target ? 0.6 : 0.95)
          var x = item.rect.minX
          if let mark {
            // The hit-test path: answered (green) or asked and out (red); skipped (grey).
            let color: CanvasColor =
              mark.answered
              ? overlay.gestureRecognized
              : (mark == .outside || mark == .refused ? overlay.gestureFailed : overlay.gesturePossible)
            canvas.fillCircle(center: CanvasPoint(x: x + 4, y: item.rect.midY), radius: 3.5, color: color)
            x += 11
          }
          let titleWidth = min(item.rect.maxX - x, TextFonts.measure(title, style: style).width + 1)
          canvas.draw(title, in: CanvasRect(x: x, y: item.rect.minY, width: titleWidth, height: 15), style: style)
          if let detail, item.rect.maxX - x - titleWidth > 30 {
            var detailStyle = style
            detailStyle.weight = .regular
            detailStyle.color = text.withAlpha(0.45)
            canvas.draw(
              detail,
              in: CanvasRect(
                x: x + titleWidth + 6, y: item.rect.minY, width: item.rect.maxX - x - titleWidth - 6, height: 15),
              style: detailStyle)
          }
        case .chip(let label, let state, let flippable, let highlighted):
          let fill: CanvasColor
          switch state {
          case true?: fill = overlay.gestureRecognized.withAlpha(0.25)
          case false?: fill = text.withAlpha(0.12)  // not an outcome: no red
          case nil: fill = text.withAlpha(highlighted ? 0.3 : 0.08)
          }
          canvas.fillRoundedRect(item.rect, cornerRadius: 4, color: fill)
          if highlighted && state != nil {
            canvas.strokeRoundedRect(
              item.rect.insetBy(dx: 0.75, dy: 0.75), cornerRadius: 4, color: overlay.gestureHeld, style: .solid(1.5))
          } else if flippable {
            canvas.strokeRoundedRect(
              item.rect.insetBy(dx: 0.5, dy: 0.5), cornerRadius: 4, color: text.withAlpha(0.35), style: .solid(1))
          }
          var style = chipStyle
          style.color = state == nil && !flippable ? text.withAlpha(0.7) : text
          canvas.draw(label, in: item.rect.insetBy(dx: 6, dy: 0), style: style)
        }
      }
    }
    return items.compactMap { item in item.target.map { FrameTargets.InspectorRow(rect: item.rect, target: $0) } }
  }

  // MARK: The hit-test path over the scene

  /// The hovered point's path over the scene: each view asked and out as a thin dashed
  /// outline, each that answered as a solid one, the hit view tagged with its name.
  func drawHitTestPath(_ trace: HitTestTrace, sceneSize: CanvasSize, on canvas: Canvas) {
    let overlay = theme.overlay
    for step in trace.steps where !step.verdict.answered && (step.verdict == .outside || step.verdict == .refused) {
      canvas.strokePolyline(
        closed(step.corners), color: overlay.gestureFailed.withAlpha(0.7),
        style: CanvasStrokeStyle(width: 1, dash: [3, 3], cap: .butt))
    }
    let answering = trace.answeringSteps.filter { $0.depth > 0 }
    for step in answering {
      canvas.strokePolyline(closed(step.corners), color: CanvasColor.white.withAlpha(0.8), style: .solid(3))
      canvas.strokePolyline(closed(step.corners), color: overlay.gestureBegan, style: .solid(1.5))
    }
    guard let hit = trace.steps.last(where: { $0.object == trace.hitObject }) else { return }
    let name = "hit-test → " + (hit.view.id.map { "\(hit.view.className) \($0)" } ?? hit.view.className)
    let style = TextStyle(
      fontFamily: theme.metrics.fontFamily, fontSize: 10.5, weight: .semibold, color: .white, alignment: .leading,
      verticalAlignment: .center)
    let box = Self.boundingBox(hit.corners.map { CanvasPoint(x: $0.x, y: $0.y) })
    let width = TextFonts.measure(name, style: style).width + 10
    // Whole inside the scene: a view at its right edge has its tag moved left, not cut.
    let tag = CanvasRect(
      x: Self.tagX(max(0, box.minX), width: width, sceneWidth: sceneSize.width),
      y: box.maxY + 18 < sceneSize.height ? box.maxY + 2 : max(0, box.minY - 18), width: width, height: 16)
    canvas.fillRoundedRect(tag, cornerRadius: 4, color: overlay.gestureBegan)
    canvas.draw(name, in: tag.insetBy(dx: 5, dy: 0), style: style)
  }

  private func closed(_ corners: [RecordPoint]) -> [CanvasPoint] {
    let points = corners.map { CanvasPoint(x: $0.x, y: $0.y) }
    return points + points.prefix(1)
  }
}
