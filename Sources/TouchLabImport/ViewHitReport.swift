import Foundation
import TouchLabEngine
import TouchLabLayout
import TouchLabRecords

/// "Why can't I tap this?" (`touchlab hit FILE… --view ADDRESS_OR_ID`, docs/import.md): whether
/// a view can be hit at all, a point where it is the hit view, and where it cannot be, every
/// reason with the view responsible — hidden or transparent (its own or an ancestor's),
/// `userInteractionEnabled = NO`, outside an ancestor's bounds, zero size, covered everywhere
/// by later siblings (which), a `hitTest` or `pointInside` that answers otherwise — and the
/// recognizers that would see a touch there. The engine's own hit-testing answers at points
/// spread over the view (its centre first): nothing is guessed from the geometry alone.
public struct ViewHitReport {
  public struct Reason: Equatable {
    public var reason: String
    public var view: HitReport.Entry
  }

  public var view: HitReport.Entry
  public var isHittable: Bool
  /// A point (window coordinates) where the view is the hit view.
  public var point: CGPoint?
  public var reasons: [Reason]
  public var recognizers: [HitReport.Entry]

  /// Points tried across the view: a grid this many a side (after its centre).
  static let gridSide = 9

  /// The view of `scene` whose printed address or layout id is `name`, if any.
  public static func find(_ name: String, in scene: Scene, views index: HitReport.ViewIndex) -> UIView? {
    let lowered = name.lowercased()
    return index.order.first { view in
      !(view is UIWindow) && scene.origins[ObjectIdentifier(view)]?.address?.lowercased() == lowered
    } ?? index.order.first { $0.participant.id == name }
  }

  public init(scene: Scene, view target: UIView, views index: HitReport.ViewIndex) {
    func entry(_ object: AnyObject) -> HitReport.Entry { HitReport.entry(object, in: scene) }
    view = entry(target)
    var reasons: [Reason] = []
    func add(_ text: String, _ responsible: UIView) {
      let reason = Reason(reason: text, view: entry(responsible))
      if !reasons.contains(reason) { reasons.append(reason) }
    }
    // What no point can get past: the view's own state and its ancestors'.
    let bounds = target.bounds
    if !(bounds.width > 0) || !(bounds.height > 0) { add("zero size", target) }
    var chain: [UIView] = []
    var ancestor: UIView? = target
    while let v = ancestor, chain.count < 10_000 {
      chain.append(v)
      ancestor = v.superview
    }
    for v in chain {
      let own = v === target
      if v.isHidden { add(own ? "hidden" : "an ancestor is hidden", v) }
      if v.alpha < 0.01 { add(own ? "alpha \(format(v.alpha)) < 0.01" : "an ancestor's alpha < 0.01", v) }
      if !v.isUserInteractionEnabled {
        add(own ? "userInteractionEnabled = NO" : "userInteractionEnabled = NO on an ancestor", v)
      }
    }
    // Points over the view, its centre first; the engine's hit-test at each.
    var points: [CGPoint] = []
    if bounds.width > 0, bounds.height > 0 {
      points.append(target.convert(CGPoint(x: bounds.midX, y: bounds.midY), to: nil))
      let side = Self.gridSide
      for row in 0..<side {
        for column in 0..<side {
          let local = CGPoint(
            x: bounds.minX + bounds.width * (CGFloat(column) + 0.5) / CGFloat(side),
            y: bounds.minY + bounds.height * (CGFloat(row) + 0.5) / CGFloat(side))
          points.append(target.convert(local, to: nil))
        }
      }
    }
    var found: CGPoint?
    var covering: [UIView] = []
    var coveredEverywhere = !points.isEmpty
    let targetIdentifier = ObjectIdentifier(target)
    for point in points where point.x.isFinite && point.y.isFinite {
      let trace = scene.application.traceHitTest(at: point)
      if trace.hitObject == targetIdentifier {
        found = point
        break
      }
      var verdicts: [ObjectIdentifier: HitTestTrace.Verdict] = [:]
      for step in trace.steps { verdicts[step.object] = step.verdict }
      let onPath = Set(trace.answeringSteps.map(\.object))
      var covered = false
      if let verdict = verdicts[targetIdentifier] {
        switch verdict {
        case .refused: add("its hitTest answers nil (an override)", target)
        case .redirected: add("its hitTest answers another view (an override)", target)
        case .outside: add("its pointInside answers NO inside its bounds (an override)", target)
        case .subviewAnswered: add("a subview is hit instead (the touch goes to it)", target)
        case .interactionDisabled, .hidden, .transparent, .answeredItself: break
        }
      } else {
        // Not asked: the nearest ancestor that was, and what it did.
        var child = target
        var parent = target.superview
        while let p = parent {
          let identifier = ObjectIdentifier(p)
          if onPath.contains(identifier) {
            if let index = p.subviews.firstIndex(where: { $0 === child }),
              let later = p.subviews[(index + 1)...].last(where: { onPath.contains(ObjectIdentifier($0)) })
            {
              covered = true
              if !covering.contains(where: { $0 === later }) { covering.append(later) }
            } else {
              add("an ancestor's hitTest answers another view (an override)", p)
            }
            break
          }
          if let verdict = verdicts[identifier] {
            switch verdict {
            case .outside:
              let local = p.convert(point, from: nil)
              add(
                p.bounds.containsPoint(local)
                  ? "an ancestor's pointInside answers NO (an override)" : "outside an ancestor's bounds", p)
            case .refused: add("an ancestor's hitTest answers nil (an override)", p)
            case .redirected: add("an ancestor's hitTest answers another view (an override)", p)
            case .interactionDisabled, .hidden, .transparent, .subviewAnswered, .answeredItself: break
            }
            break
          }
          child = p
          parent = p.superview
        }
      }
      if !covered { coveredEverywhere = false }
    }
    if found == nil, coveredEverywhere, !covering.isEmpty {
      for later in covering { add("covered everywhere by later siblings", later) }
    } else if found == nil, !covering.isEmpty {
      for later in covering { add("covered in part by a later sibling", later) }
    }
    point = found
    isHittable = found != nil
    self.reasons = found == nil ? reasons : []
    recognizers = found.map { HitReport(scene: scene, at: $0, views: index).recognizers } ?? []
  }

  /// The plain-text answer, several lines.
  public var text: String {
    func describe(_ e: HitReport.Entry) -> String {
      e.className + (e.address.map { " \($0)" } ?? "") + (e.id.map { " '\($0)'" } ?? "")
        + (e.line.map { " (line \($0))" } ?? "")
    }
    var lines = ["\(describe(view)): " + (isHittable ? "can be hit" : "cannot be hit")]
    if let point { lines.append("  hit at (\(format(point.x)), \(format(point.y)))") }
    for reason in reasons { lines.append("  \(reason.reason): \(describe(reason.view))") }
    if isHittable {
      lines.append(
        "  recognizers: " + (recognizers.isEmpty ? "none" : recognizers.map(describe).joined(separator: ", ")))
    }
    return lines.joined(separator: "\n")
  }

  /// One line of JSON: `{"view": …, "hittable": …, "at": [x, y] or null, "reasons": [{"reason": …,
  /// "view": …}], "recognizers": […]}`.
  public var json: String {
    let at = point.map { "[\(format($0.x)), \(format($0.y))]" } ?? "null"
    let reasonObjects = reasons.map { "{\"reason\": \($0.reason.jsonQuoted), \"view\": \($0.view.json)}" }
    return "{\"view\": \(view.json), \"hittable\": \(isHittable), \"at\": \(at), "
      + "\"reasons\": [\(reasonObjects.joined(separator: ", "))], "
      + "\"recognizers\": [\(recognizers.map(\.json).joined(separator: ", "))]}"
  }
}
