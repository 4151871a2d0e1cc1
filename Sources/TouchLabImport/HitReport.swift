import Foundation
import TouchLabEngine
import TouchLabLayout
import TouchLabRecords

/// Where a touch at a point goes, and why (`touchlab hit`): the hit view, the hit-test path,
/// the views under the point that were passed over with the reason, the responder chain and
/// the recognizers that would see the touch. The path is the engine's own hit-test
/// (`UIApplication.traceHitTest(at:)`); nothing here tests a point against a view itself,
/// except to tell which passed-over views lie under the point.
public struct HitReport: Equatable {
  /// An object as `hit` names it.
  public struct Entry: Equatable {
    /// `{"class", "id", "address", "line"}` (and `"file"` for a line of another file than the
    /// view dump, `"unlisted": true` for an unlisted array, `"added": true` for a controller
    /// the import added).
    public var json: String {
      "{\"class\": \(className.jsonQuoted), \"id\": \(id.map(\.jsonQuoted) ?? "null"), "
        + "\"address\": \(address.map(\.jsonQuoted) ?? "null"), \"line\": \(line.map(String.init) ?? "null")"
        + (file.map { ", \"file\": \($0.jsonQuoted)" } ?? "")
        + (isUnlistedArray ? ", \"unlisted\": true" : "") + (isAddedByImport ? ", \"added\": true}" : "}")
    }

    /// The class as the dump prints it (as the layout declares it).
    public var className: String
    public var id: String?
    public var address: String?
    public var line: Int?
    /// The file `line` is of, when it is not the view dump (a recognizer list's).
    public var file: String?
    /// A view's `gestureRecognizers = <NSArray: 0x…>` whose recognizers the dump does not list:
    /// they would see the touch too, but nobody knows which they are.
    public var isUnlistedArray = false
    /// A view controller the import added, unnamed, because a layout's root view has one
    /// and the dump showed none for it: no object of the app.
    public var isAddedByImport = false
  }

  /// A view under the point that the touch does not go to.
  public struct Skip: Equatable {
    public var view: Entry
    public var reason: String
  }

  public var point: CGPoint
  /// The hit view, or nil when no view of the scene is hit (a window answers itself, or nothing).
  public var view: Entry?
  /// The views that answered, from the window down to the hit view.
  public var path: [Entry]
  public var skipped: [Skip]
  /// The responder chain from the hit view on, controllers included.
  public var responders: [Entry]
  /// The recognizers that would receive the touch, outermost first (as UIKit collects them).
  public var recognizers: [Entry]

  public init(scene: Scene, at point: CGPoint) {
    self.init(scene: scene, at: point, views: ViewIndex(scene))
  }

  /// Every view of a scene, and the box each covers on the screen: made once for many points.
  public struct ViewIndex {
    let order: [UIView]
    let byObject: [ObjectIdentifier: UIView]
    let boxes: [CGRect]
    /// Each view's index among its superview's subviews (a view with 10,000 siblings was
    /// searched for among them for every view passed over, at every point).
    let positions: [ObjectIdentifier: Int]

    public init(_ scene: Scene) {
      var order: [UIView] = []
      var byObject: [ObjectIdentifier: UIView] = [:]
      var positions: [ObjectIdentifier: Int] = [:]
      for window in scene.application.windowsFrontToBack {
        var stack: [UIView] = [window]
        while let view = stack.popLast() {
          byObject[ObjectIdentifier(view)] = view
          order.append(view)
          for (position, subview) in view.subviews.enumerated() { positions[ObjectIdentifier(subview)] = position }
          stack.append(contentsOf: view.subviews.reversed())
        }
      }
      self.order = order
      self.byObject = byObject
      self.positions = positions
      boxes = order.map { view in
        let b = view.bounds
        let corners = [
          CGPoint(x: b.minX, y: b.minY), CGPoint(x: b.maxX, y: b.minY), CGPoint(x: b.maxX, y: b.maxY),
          CGPoint(x: b.minX, y: b.maxY),
        ].map { view.convert($0, to: nil) }
        let xs = corners.map(\.x)
        let ys = corners.map(\.y)
        // A hair wider: a point on the edge is tested exactly below.
        return CGRect(
          x: xs.min()! - 0.001, y: ys.min()! - 0.001, width: xs.max()! - xs.min()! + 0.002,
          height: ys.max()! - ys.min()! + 0.002)
      }
    }
  }

  public init(scene: Scene, at point: CGPoint, views index: ViewIndex) {
    self.point = point
    let trace = scene.application.traceHitTest(at: point)
    func entry(_ object: AnyObject) -> Entry { Self.entry(object, in: scene) }
    // Every view, to find the hit one and those under the point.
    let views = index.byObject
    let order = index.order
    let boxes = index.boxes
    let hit = trace.hitObject.flatMap { views[$0] }
    // A window that answers itself is the hit view when it is a view of the dump (its root
    // printed as a UIWindow, or a class whose baseClass is one: it has the dump's address),
    // as UIKit's hitTest returns it; a layout's own window is no view of the scene.
    let hitView = hit.flatMap { $0 is UIWindow && scene.origins[ObjectIdentifier($0)]?.address == nil ? nil : $0 }
    view = hitView.map(entry)
    let objects = trace.answeringSteps.compactMap { views[$0.object] }
    path = objects.map(entry)

    // Skipped views: those under the point that are neither on the path nor the hit view.
    var verdicts: [ObjectIdentifier: HitTestTrace.Verdict] = [:]
    for step in trace.steps { verdicts[step.object] = step.verdict }
    let onPath = Set(objects.map(ObjectIdentifier.init))
    // The positions of the path's views among their siblings, by their superview: what
    // `reason` asks of a passed-over view, without searching the siblings.
    var pathPositions: [ObjectIdentifier: [(position: Int, view: UIView)]] = [:]
    for object in objects {
      if let parent = object.superview, let position = index.positions[ObjectIdentifier(object)] {
        pathPositions[ObjectIdentifier(parent), default: []].append((position, object))
      }
    }
    var skipped: [Skip] = []
    for (number, view) in order.enumerated() {
      // The box around the view on the screen rules most views out first, with no cast, no
      // hash and no conversion of the point (50,000 views, at every point).
      guard boxes[number].contains(point), !(view is UIWindow), !onPath.contains(ObjectIdentifier(view)) else {
        continue
      }
      let local = view.convert(point, from: nil)
      guard view.bounds.containsPoint(local) else { continue }
      if let reason = Self.reason(
        for: view, verdicts: verdicts, onPath: onPath, positions: index.positions, pathPositions: pathPositions,
        entry: entry)
      {
        skipped.append(Skip(view: entry(view), reason: reason))
      }
    }
    self.skipped = skipped

    var responders: [Entry] = []
    var next: UIResponder? = hitView
    var seen = 0
    while let responder = next, seen < 10_000 {
      responders.append(entry(responder))
      next = responder.next
      seen += 1
    }
    self.responders = responders

    // The recognizers of the hit view and its ancestors, outermost first, enabled (docs/BEHAVIOUR.md §3).
    var chain: [UIView] = []
    var ancestor: UIView? = hit
    while let v = ancestor {
      chain.append(v)
      ancestor = v.superview
    }
    var recognizers: [Entry] = []
    for v in chain.reversed() {
      if let origin = scene.origins[ObjectIdentifier(v)], let array = origin.unlistedGestures {
        recognizers.append(
          Entry(className: "NSArray", id: nil, address: array, line: origin.line, isUnlistedArray: true))
      }
      for recognizer in v.gestureRecognizers where recognizer.isEnabled {
        recognizers.append(entry(recognizer))
      }
    }
    self.recognizers = recognizers
  }

  /// An object of `scene` as the report names it: class, id, and the dump's address and line.
  static func entry(_ object: AnyObject, in scene: Scene) -> Entry {
    let participant: Participant
    if let responder = object as? UIResponder {
      participant = responder.participant
    } else if let recognizer = object as? UIGestureRecognizer {
      participant = recognizer.participant
    } else {
      participant = Participant(kind: .responder, className: className(of: type(of: object)))
    }
    let origin = scene.origins[ObjectIdentifier(object)]
    // An imported scene (its objects have origins) whose controller has no name and no line of
    // the dump: the import's.
    let added = object is UIViewController && participant.id == nil && origin == nil && !scene.origins.isEmpty
    return Entry(
      className: participant.className, id: participant.id, address: origin?.address, line: origin?.line,
      file: origin?.file, isAddedByImport: added)
  }

  /// Why hit-testing passed over `view`, which lies under the point.
  static func reason(
    for view: UIView, verdicts: [ObjectIdentifier: HitTestTrace.Verdict], onPath: Set<ObjectIdentifier>,
    positions: [ObjectIdentifier: Int], pathPositions: [ObjectIdentifier: [(position: Int, view: UIView)]],
    entry: (AnyObject) -> Entry
  ) -> String? {
    func name(_ v: UIView) -> String {
      let e = entry(v)
      return "\(e.className)" + (e.address.map { " \($0)" } ?? "") + (e.id.map { " '\($0)'" } ?? "")
    }
    if let verdict = verdicts[ObjectIdentifier(view)] {
      switch verdict {
      case .interactionDisabled: return "userInteractionEnabled = NO"
      case .hidden: return "hidden"
      case .transparent: return "alpha \(format(view.alpha)) < 0.01"
      case .outside: return "pointInside said no"
      case .refused: return "its hitTest answered nil"
      case .redirected: return "its hitTest answered another view"
      case .subviewAnswered, .answeredItself: return nil
      }
    }
    // Not asked: the nearest ancestor that was, and what it did.
    var child = view
    var parent = view.superview
    while let p = parent {
      if onPath.contains(ObjectIdentifier(p)) {
        // p answered with a view: a later sibling of `child` (or one of its subviews) answered first.
        if let index = positions[ObjectIdentifier(child)],
          let later = pathPositions[ObjectIdentifier(p)]?.filter({ $0.position > index }).max(by: {
            $0.position < $1.position
          })?.view
        {
          return child === view
            ? "covered by a later sibling, \(name(later))"
            : "covered: \(name(child)) is under a later sibling, \(name(later))"
        }
        return "\(name(p)) answered another way"
      }
      if let verdict = verdicts[ObjectIdentifier(p)] {
        switch verdict {
        case .interactionDisabled: return "userInteractionEnabled = NO on an ancestor, \(name(p))"
        case .hidden: return "an ancestor is hidden, \(name(p))"
        case .transparent: return "an ancestor is transparent (alpha < 0.01), \(name(p))"
        case .outside: return "outside its parent's bounds: \(name(p)) does not contain the point"
        case .refused: return "an ancestor's hitTest answered nil, \(name(p))"
        case .redirected: return "an ancestor's hitTest answered another view, \(name(p))"
        case .subviewAnswered, .answeredItself: return "covered by a later sibling under \(name(p))"
        }
      }
      child = p
      parent = p.superview
    }
    return "in a window that was not asked"
  }

  // MARK: Output

  /// The plain-text report, several lines.
  public var text: String {
    func describe(_ e: Entry) -> String {
      var s = e.className
      if let address = e.address { s += " \(address)" }
      if let id = e.id { s += " '\(id)'" }
      if let line = e.line { s += " (line \(line)" + (e.file.map { " of \($0)" } ?? "") + ")" }
      if e.isAddedByImport { s += " (added by the import: the dump shows no controller of the root view)" }
      if e.isUnlistedArray {
        s = "recognizers not listed (gestureRecognizers = <NSArray: \(e.address ?? "?")>, line \(e.line ?? 0))"
      }
      // Names and addresses come from a dump: never raw control characters on the terminal.
      return s.escapingControlCharacters
    }
    var lines: [String] = []
    lines.append("at (\(format(point.x)), \(format(point.y))): " + (view.map(describe) ?? "no view of the scene"))
    if !path.isEmpty {
      lines.append("  path:")
      for (depth, e) in path.enumerated() {
        lines.append("    " + String(repeating: "  ", count: min(depth, 40)) + describe(e))
      }
    }
    if !skipped.isEmpty {
      lines.append("  passed over:")
      for skip in skipped { lines.append("    \(describe(skip.view)): \(skip.reason.escapingControlCharacters)") }
    }
    if !responders.isEmpty {
      lines.append("  responders: " + responders.map(describe).joined(separator: " → "))
    }
    lines.append(
      "  recognizers: " + (recognizers.isEmpty ? "none" : recognizers.map(describe).joined(separator: ", ")))
    return lines.joined(separator: "\n")
  }

  /// One line of JSON: `{"at": [x, y], "view": …, "path": […], "skipped": […], "responders": […], "recognizers": […]}`.
  public var json: String {
    func object(_ e: Entry) -> String { e.json }
    let skips = skipped.map { "{\"view\": \(object($0.view)), \"reason\": \($0.reason.jsonQuoted)}" }
    return "{\"at\": [\(format(point.x)), \(format(point.y))], \"view\": \(view.map(object) ?? "null"), "
      + "\"path\": [\(path.map(object).joined(separator: ", "))], \"skipped\": [\(skips.joined(separator: ", "))], "
      + "\"responders\": [\(responders.map(object).joined(separator: ", "))], "
      + "\"recognizers\": [\(recognizers.map(object).joined(separator: ", "))]}"
  }
}
