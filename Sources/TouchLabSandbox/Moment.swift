import Foundation
import TouchLabEngine
import TouchLabLayout
import TouchLabRecords
import TouchLabRender

/// One moment of a played scenario, ready to draw: what `shot`, `record` and `compare` show,
/// as the window would at that time.
public struct Moment {
  /// The scene played to the moment (its view tree is what `content` draws).
  public let scene: Scene
  public var content: FrameContent
  /// Transcript lines a picture keeps: more than the tallest window's panel shows.
  public static let keptLines = 1_000

  /// Plays `run` (its changes already applied) up to `time`, or to its end after pending
  /// timers fired. Throws the run's `ScenarioRunError` when it went past a limit.
  public init(_ run: ScenarioRun, at time: TimeInterval?) throws {
    // The overlay is the fold of the records up to the moment drawn, as the window's is:
    // folded as they come, so that no record is kept (every record is at or before the moment).
    var overlay = OverlayState()
    // The newest lines only (the panel shows fewer than fit in the tallest window); the
    // older ones counted.
    var transcript: [TranscriptEntry] = []
    var older = 0
    let formatter = TranscriptFormatter()  // the line's control characters written out
    run.observe { record in
      overlay.apply(record)
      guard let line = formatter.line(record) else { return }
      transcript.append(.line(TranscriptTime(record.time), line))
      if transcript.count >= 2 * Self.keptLines {
        older += transcript.count - Self.keptLines
        transcript.removeFirst(transcript.count - Self.keptLines)
      }
    }
    try run.play(until: time)
    let scene = run.scene
    let now = scene.application.clock.now
    let name = (run.file as NSString).lastPathComponent
    var subtitle = name
    if let scenario = run.scenario { subtitle += " · " + scenario.name }
    subtitle += " · t = " + String(format: "%.3f", now) + " s"
    self.scene = scene
    if transcript.count > Self.keptLines {
      older += transcript.count - Self.keptLines
      transcript.removeFirst(transcript.count - Self.keptLines)
    }
    content = FrameContent(
      window: scene.window, overlay: overlay, transcript: transcript, title: scene.title ?? name, now: now,
      subtitle: subtitle)
    content.olderLineCount = older
  }
}
