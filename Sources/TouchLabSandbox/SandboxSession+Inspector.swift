import Foundation
import TouchLabCanvas
import TouchLabEngine
import TouchLabLayout
import TouchLabRecords
import TouchLabRender
import TouchLabX11

/// The inspector (I): the tree of the scene shown, the hit-test path of the point under the
/// mouse, boolean properties flipped with a click (the layout file is not changed; a
/// playing scenario replays from its start with the change), and the file's scenarios to
/// pick (a click, or digits 1–9; 0 goes live).
extension SandboxSession {
  /// I: the inspector on or off (the window grows or shrinks by its width).
  func toggleInspector() {
    if !inspector.isShown {
      let size = SceneRenderer.frameSize(
        for: scene.window, showsPanel: true, showsTimeline: showsTimeline, showsInspector: true)
      if let problem = WindowSizeLimit.inspectorProblem(frameWithInspector: size, scale: scale) {
        show(problem: problem)
        return
      }
    }
    inspector.toggle()
    needsFrame = true
  }

  /// The mouse over the window with no button down: over the scene, the hit-test path of
  /// that point; a frame only when the path changes (which views were asked and what each
  /// answered), not at every move. Out of the window (nil), no path.
  func hover(at location: InputPoint?) {
    guard inspector.isShown else { return }
    var newPoint: CGPoint?
    if let location, region(at: location) == .scene {
      let point = framePoint(location)
      newPoint = CGPoint(x: point.x, y: point.y)
    }
    if inspector.hover(at: newPoint, in: FrameComposer(session: self).shownWindow) { needsFrame = true }
  }

  /// A click on the inspector: flips a property or picks a scenario.
  func clickInspector(at location: InputPoint) {
    guard let target = shownTargets.inspectorTarget(at: framePoint(location)) else { return }
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
      try scene.set(path, to: value)
    } catch {
      show(problem: "\(error)")
      return
    }
    flips.record(path, value: value)
    showStatus("\(path) = \(value)")
    if let playback, playback.scenario != nil {
      do {
        // Off the loop's thread in the window: the old play runs on until the new one is made.
        try playback.restart(realTime: now, loadScene: sceneLoader(layoutPath))
      } catch {
        show(problem: "\(error)")
      }
    }
    needsFrame = true
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
    if inspector.scroll(by: steps, rowCount: FrameComposer(session: self).inspection().rows.count) { needsFrame = true }
  }
}
