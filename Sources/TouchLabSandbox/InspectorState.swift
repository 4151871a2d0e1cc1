import Foundation
import TouchLabEngine
import TouchLabLayout
import TouchLabRecords
import TouchLabRender

/// The inspector's state in the window: shown or not (I), its first row shown (the wheel
/// scrolls it), and the point hovered over the scene with its hit-test's outcome.
struct InspectorState {
  var isShown = false
  var firstRow = 0
  /// The point under the mouse over the scene (scene points), while the inspector is shown.
  var hoverPoint: CGPoint?
  /// The outcome of the hovered point's hit-test as last drawn.
  var hoverPath: [String]?

  /// I: shown or hidden (hidden, it forgets the point hovered).
  mutating func toggle() {
    isShown.toggle()
    if !isShown { hoverPoint = nil }
  }

  /// The mouse is over `point` of the scene (nil: off it), `window` shown. Returns whether
  /// the hit-test path changed (which views were asked and what each answered): a frame is
  /// drawn only then, not at every move.
  mutating func hover(at point: CGPoint?, in window: UIWindow) -> Bool {
    let path = point.flatMap { window.application?.traceHitTest(at: $0) }.map(Self.outcome)
    hoverPoint = point
    guard path != hoverPath else { return false }
    hoverPath = path
    return true
  }

  /// The wheel over the inspector: `steps` notches over its `rowCount` rows. Returns whether
  /// it scrolled.
  mutating func scroll(by steps: Int, rowCount: Int) -> Bool {
    let first = min(max(0, firstRow + steps * TranscriptScroll.wheelLines), max(0, rowCount - 1))
    guard first != firstRow else { return false }
    firstRow = first
    return true
  }

  /// What a trace's outcome is, for telling whether the picture changes.
  private static func outcome(_ trace: HitTestTrace) -> [String] {
    trace.steps.map { "\($0.object.hashValue) \($0.verdict) \($0.corners)" }
  }

  /// An object's layout id: its own `identifier` (the live scene's and a scenario's copy's
  /// alike; no map of the tree is made each frame).
  static func layoutID(_ object: AnyObject) -> String? {
    (object as? UIView)?.identifier ?? (object as? UIGestureRecognizer)?.identifier
  }

  /// The inspection of `window` (of `shownScene`: the live scene or a scenario's copy), with
  /// the file's `scenarios`, the one `playing`, the `flips` and the hovered point's
  /// hit-test path.
  func inspection(
    of window: UIWindow, in shownScene: Scene, scenarios: [String], playing: String?, flips: PropertyFlips
  ) -> SceneInspection {
    let changed = flips.paths
    // An imported scene's dump addresses and lines (docs/import.md), of the scene shown.
    let origins = shownScene.origins
    var inspection = SceneInspection(
      window: window, layoutID: Self.layoutID, changed: { changed.contains($0) },
      origin: { object in
        origins[ObjectIdentifier(object)].map { origin in
          [origin.address, origin.line.map { "line \($0)" + (origin.file.map { " of \($0)" } ?? "") }].compactMap { $0 }
            .joined(separator: " ")
        }
      })
    inspection.scenarios = scenarios
    inspection.playingScenario = playing
    inspection.changes = flips.fixes
    if let hoverPoint { inspection.hitTest = window.application?.traceHitTest(at: hoverPoint) }
    return inspection
  }
}
