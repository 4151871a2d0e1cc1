import Foundation
import TouchLabCanvas
import TouchLabEngine
import TouchLabLayout
import TouchLabRecords
import TouchLabRender
import TouchLabX11

/// Playing a scenario in the window (`touchlab open FILE --scenario NAME`): the picture is
/// the fold of the scenario's records up to the playback's time, the strip under the scene
/// shows its records and deadlines, and the mouse scrubs on the strip instead of touching
/// the scene.
extension SandboxSession {
  /// Starts playing the scenario `name` of the session's layout at `speed`. Throws
  /// `ScenarioRunError.choice` when the layout has no such scenario. In the window (a
  /// `backgroundLoader`) the play is made off the loop's thread: the panel says it is
  /// preparing, the window takes input as ever, and the play starts when it is ready
  /// (`takePlaybackWork`); its error is shown then and the window stays live.
  public func play(scenario name: String, speed: Double, loops: Bool) throws {
    guard let scenario = try ScenarioRun.choose(in: scene, file: scene.file, name: name) else { return }
    keepPlayedSection()
    playback = try ScenarioPlayback(
      scenario: scenario, file: layoutPath, speed: speed, loops: loops, realTime: now,
      waker: backgroundLoader?.waker, loadScene: sceneLoader(layoutPath))
    transcriptScroll.anchor = nil
    needsFrame = true
  }

  /// Loads `path` afresh for a play, with the properties flipped in the window now. A copy
  /// whose window is not the accepted scene's (the file saved meanwhile) is refused: the
  /// window's size and its limit (`WindowSizeLimit`) were checked on the accepted scene only.
  /// It reads nothing of the session when called (it is called off the loop's thread): what
  /// it needs is taken now; a flip or a new scene makes a new loader.
  func sceneLoader(_ path: String) -> () throws -> Scene {
    let flips = flips
    let bounds = scene.window.bounds
    let load = playbackLayoutLoader ?? sceneFiles.load
    return {
      let copy = try load(path)
      try flips.apply(to: copy)
      guard copy.window.bounds == bounds else { throw PlaybackError.windowChanged(file: path) }
      return copy
    }
  }

  /// Leaving a played scenario (0, another scenario, another layout): its section — header
  /// and the lines shown so far — stays in the panel's history, above what comes next.
  func keepPlayedSection(resumesLiveSection: Bool = true) {
    guard let playback, playback.scenario != nil, !playback.isPreparing else { return }
    transcript.keepSection(of: playback, upTo: playback.time(at: now), resumesLiveSection: resumesLiveSection)
    transcriptScroll.anchor = nil
  }

  /// Whether the strip's room is under the scene. Always: the strip plays a scenario or a
  /// reviewed gesture, and says how to while live, so the window keeps its height when a
  /// play starts or ends.
  public var showsTimeline: Bool { true }

  /// What the strip says while the window is live.
  public static let idleStripHint = [
    "Live. Space: review the latest gesture here", "Tab or 1–9: play one of the file's scenarios",
  ]

  /// The real clock, in `timeSource` seconds.
  var now: Double { timeSource() }

  /// The overlay shown now (nil when it is off): the fold of a playing scenario's records up
  /// to its time, else the live overlay's.
  var shownOverlay: OverlayState? {
    guard showsOverlay else { return nil }
    guard let playback else { return overlay.state }
    return playback.overlay(at: playback.time(at: now))
  }

  /// Takes what the play's worker finished off the loop's thread (`ScenarioPlayback
  /// .takeFinishedWork`): a scene for the view tree, a play made again.
  func takePlaybackWork() {
    guard let playback else { return }
    let wasPreparing = playback.isPreparing
    do {
      if try playback.takeFinishedWork(realTime: now) { needsFrame = true }
    } catch {
      // A play that could not be made: the window stays (or goes) live.
      if wasPreparing { self.playback = nil }
      show(problem: "\(error)")
    }
  }

  /// The time passes (a frame when playing), the lines passed go to the transcript file,
  /// and the mouse on the strip scrubs.
  func followPlayback(_ playback: ScenarioPlayback, events: [InputEvent]) {
    let realTime = now
    if playback.isPlaying { needsFrame = true }
    if playback.update(realTime: realTime), playback.scenario == nil {
      // Live touches played to their end: the window is live again.
      self.playback = nil
      return
    }
    for case .pointer(let pointer) in events {
      let layout = frameLayout
      if playback.follow(pointer, at: layout.point(pointer.location), stripRect: layout.stripRect, realTime: realTime) {
        needsFrame = true
      }
    }
    writeTranscriptLines(of: playback, upTo: playback.time(at: realTime))
  }

  /// Appends to the transcript file the lines the play has passed for the first time.
  private func writeTranscriptLines(of playback: ScenarioPlayback, upTo time: TimeInterval) {
    let lines = playback.takeNewTranscriptLines(upTo: time)
    guard let file = transcript.file else { return }
    for line in lines {
      if let problem = file.append(line) { show(problem: "\(problem); no more lines will be written to it") }
    }
  }

  /// A key that is no command (a modifier alone is none: it starts a chord) during a loop's
  /// hold of its end: the play starts again at once instead of after the hold's 1.5 s. The
  /// window's commands keep their meaning then (Space pauses on the end; I, T, O, K look
  /// closer at it; digits and Tab play another scenario).
  func endLoopHold(for key: KeyInput) {
    guard let playback, !SandboxKeys.isModifier(key), playback.endHold(realTime: now) else { return }
    needsFrame = true
  }

  func performPlayback(_ command: SandboxCommand) {
    let realTime = now
    guard let playback else {
      if command == .playPause { reviewLiveTouches() }
      return
    }
    if command == .playPause, playback.scenario == nil, playback.time(at: realTime) >= playback.duration {
      self.playback = nil  // Space at the end of a review: live again
      needsFrame = true
      return
    }
    guard !playback.isPreparing, playback.perform(command, realTime: realTime) else { return }
    writeTranscriptLines(of: playback, upTo: playback.time(at: realTime))
    needsFrame = true
  }

  /// Space in the live window: the latest gesture's records, paused at their end, to step
  /// and scrub through like a scenario (fingers still down are cancelled first; the engine
  /// runs on, but the mouse scrubs instead of touching until Space at the end goes live).
  func reviewLiveTouches() {
    guard !liveHistory.records.isEmpty else { return }
    if !scene.application.touchesOnScreen.isEmpty {
      scene.application.cancelAllTouches()
    }
    mapper.forgetAllFingers()
    playback = ScenarioPlayback(
      reviewing: liveHistory.records, inputs: liveHistory.inputs, file: layoutPath, realTime: now,
      waker: backgroundLoader?.waker, loadScene: sceneLoader(layoutPath))
    needsFrame = true
  }

  /// A new scene: the same file plays the scenario again from it (a save); another file
  /// (N, P) ends the play and the window is live. A review of live touches ends.
  func followScene(_ newScene: Scene) {
    liveHistory = LiveTouchHistory(following: newScene.records)
    guard let playback else { return }
    guard newScene.file == playback.file, playback.scenario != nil else {
      keepPlayedSection(resumesLiveSection: false)
      self.playback = nil
      return
    }
    do {
      try playback.reload(realTime: now, loadScene: sceneLoader(newScene.file))
    } catch {
      show(problem: "\(error)")
    }
  }
}
