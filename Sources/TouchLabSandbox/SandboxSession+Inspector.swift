import Foundation
import TouchLabEngine
import TouchLabLayout
import TouchLabRender
import TouchLabX11

/// The inspector (I): the tree of the scene shown, the hit-test path of the point under the
/// mouse, boolean properties flipped with a click (the layout file is not changed; a
/// playing scenario replays from its start with the change), and the file's scenarios to
/// pick (a click, or digits 1–9; 0 goes live).
extension SandboxSession {
  /// The window of the scene drawn now: the scenario's copy while one plays, else the live one.
  var shownWindow: UIWindow {
    guard let playback else { return scene.window }
    return playback.scene(at: playback.time(at: now))?.window ?? scene.window
  }

  /// The inspection of the scene shown, with the hovered point's hit-test path.
  func makeInspection() -> SceneInspection {
    let window = shownWindow
    // The scenario's copy has its own objects: its ids are found by walking its tree.
    var ids: [ObjectIdentifier: String] = [:]
    func collect(_ view: UIView) {
      if let id = view.identifier { ids[ObjectIdentifier(view)] = id }
      for recognizer in view.gestureRecognizers {
        if let id = recognizer.identifier { ids[ObjectIdentifier(recognizer)] = id }
      }
      for subview in view.subviews { collect(subview) }
    }
    collect(window)
    for other in window.application?.windows ?? [] where other !== window { collect(other) }
    let changed = Set(changes.map(\.path))
    // An imported scene's dump addresses and lines (docs/import.md), of the scene shown.
    let shownScene = playback.flatMap { $0.scene(at: $0.time(at: now)) } ?? scene
    let origins = shownScene.origins
    var inspection = SceneInspection(
      window: window, layoutID: { ids[ObjectIdentifier($0)] }, changed: { changed.contains($0) },
      origin: { object in
        origins[ObjectIdentifier(object)].map { origin in
          [origin.address, origin.line.map { "line \($0)" }].compactMap { $0 }.joined(separator: " ")
        }
      })
    inspection.scenarios = scene.scenarios.map(\.name)
    inspection.playingScenario = playback?.scenario?.name
    // The fix as code: each flip as the UIKit line that does it (`backTap.cancelsTouchesInView = false`).
    inspection.changes = changes.map { Scene.fixText(for: "\($0.path)=\($0.value)") }
    if let hoverPoint = inspector.hoverPoint { inspection.hitTest = window.application?.traceHitTest(at: hoverPoint) }
    return inspection
  }

  /// The inspector's rectangle in frame points.
  var inspectorRect: CanvasRect {
    let bounds = scene.window.bounds
    let size = renderer.frameSize(
      for: scene.window, showsPanel: true, showsTimeline: showsTimeline, showsInspector: true)
    return SceneRenderer.inspectorRect(
      frame: size, sceneSize: CanvasSize(width: Double(bounds.width), height: Double(bounds.height)))
  }

  /// I: the inspector on or off (the window grows or shrinks by its width).
  func toggleInspector() {
    if !inspector.isShown {
      let size = renderer.frameSize(
        for: scene.window, showsPanel: true, showsTimeline: showsTimeline, showsInspector: true)
      let pixels = LiveSandbox.pixelSize(of: size, scale: scale)
      guard pixels.width <= Self.maximumWindowSide else {
        show(
          problem:
            "the inspector would make the window \(pixels.width) pixels wide, more than the \(Self.maximumWindowSide) the sandbox shows"
        )
        return
      }
    }
    inspector.isShown.toggle()
    if !inspector.isShown { inspector.hoverPoint = nil }
    needsFrame = true
  }

  /// The mouse over the window with no button down: over the scene, the hit-test path of
  /// that point; a frame only when the path changes (which views were asked and what each
  /// answered), not at every move.
  func hover(at location: InputPoint) {
    guard inspector.isShown else { return }
    let point = framePoint(location)
    let newPoint = region(at: location) == .scene ? CGPoint(x: point.x, y: point.y) : nil
    let window = shownWindow
    let newPath = newPoint.flatMap { window.application?.traceHitTest(at: $0) }.map(Self.outcome)
    inspector.hoverPoint = newPoint
    if newPath != inspector.hoverPath {
      inspector.hoverPath = newPath
      needsFrame = true
    }
  }

  /// What a trace's outcome is, for telling whether the picture changes.
  static func outcome(_ trace: HitTestTrace) -> [String] {
    trace.steps.map { "\($0.object.hashValue) \($0.verdict) \($0.corners)" }
  }

  /// A click on the inspector: flips a property or picks a scenario.
  func clickInspector(at location: InputPoint) {
    let point = framePoint(location)
    guard
      let target = renderer.inspectorTarget(
        at: point, makeInspection(), in: inspectorRect, firstRow: inspector.firstRow)
    else { return }
    switch target {
    case .property(let property):
      guard case .flag(let value) = property.value, let path = property.path else { return }
      flip(path, to: !value)
    case .scenario(let name):
      pick(scenario: name)
    }
  }

  /// Sets the boolean property `path` (`ID.NAME`) to `value` in the live scene and in every
  /// scene loaded from the file from now on (a reload, a scenario's replay); a playing
  /// scenario replays from its start. The layout file is not changed.
  public func flip(_ path: String, to value: Bool) {
    do {
      try scene.set("\(path)=\(value)")
    } catch {
      show(problem: "\(error)")
      return
    }
    if let index = changes.firstIndex(where: { $0.path == path }) {
      if changes[index].original == value {
        changes.remove(at: index)
      } else {
        changes[index].value = value
      }
    } else {
      changes.append((path, value, !value))
    }
    showStatus("\(path) = \(value)")
    if let playback, playback.scenario != nil {
      do {
        try playback.restart(realTime: now)
        playback.writtenLineCount = 0
      } catch {
        show(problem: "\(error)")
      }
    }
    needsFrame = true
  }

  /// Loads the layout file with the properties flipped in the window applied.
  func loadWithChanges(_ path: String) throws -> Scene {
    let loaded = try LayoutLoader.load(path: path)
    for change in changes { try loaded.set("\(change.path)=\(change.value)") }
    return loaded
  }

  /// Plays the file's scenario `name` from its start (at the speed playing now, else 1), or
  /// with nil goes live.
  public func pick(scenario name: String?) {
    guard let name else {
      if playback != nil {
        keepPlayedSection()
        playback = nil
        needsFrame = true
      }
      return
    }
    let speed = playback?.speed ?? 1
    let loops = playback?.loops ?? false
    do {
      try play(scenario: name, speed: speed, loops: loops)
    } catch {
      show(problem: "\(error)")
    }
  }

  /// The wheel over the inspector scrolls its rows.
  func scrollInspector(by steps: Int) {
    let count = makeInspection().rows.count
    let first = min(max(0, inspector.firstRow + steps * Self.wheelLines), max(0, count - 1))
    if first != inspector.firstRow {
      inspector.firstRow = first
      needsFrame = true
    }
  }
}

/// The inspector's state in the window: shown or not (I), its first row shown (the wheel
/// scrolls it), and the point hovered over the scene with its hit-test's outcome.
struct InspectorState {
  var isShown = false
  var firstRow = 0
  /// The point under the mouse over the scene (scene points), while the inspector is shown.
  var hoverPoint: CGPoint?
  /// The outcome of the hovered point's hit-test as last drawn.
  var hoverPath: [String]?
}
