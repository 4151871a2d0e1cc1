import Foundation
import TouchLabEngine
import TouchLabRecords
import TouchLabRender

/// What the window draws now, composed from a session's state (`SandboxSession.frameContent`):
/// the live scene or a play at its time, the panel's transcript at its scroll, the inspector,
/// the cards' pins. It reads the session and changes nothing of it; the session routes input.
struct FrameComposer {
  let session: SandboxSession

  /// The frame's content; `showingStatus`: with the window's confirmation under the title
  /// (a screenshot leaves it out).
  func content(showingStatus: Bool) -> FrameContent {
    let status = showingStatus ? session.status : nil
    let file = (session.layoutPath as NSString).lastPathComponent
    let title = session.title
    var content: FrameContent
    if let playback = session.playback {
      let time = playback.time(at: session.now)
      content = FrameContent(
        window: playback.scene(at: time)?.window ?? session.scene.window, overlay: session.shownOverlay, title: title,
        message: session.message, keyHelp: SandboxKeys.help, now: time,
        subtitle: status ?? "\(file) · " + (playback.scenario.map { "scenario \($0.name)" } ?? "live touches, paused")
          + (playback.isPreparing ? " (preparing…)" : ""))
      content.timeline = playback.strip(at: time)
    } else {
      content = FrameContent(
        window: session.scene.window, overlay: session.shownOverlay, title: title, message: session.message,
        keyHelp: session.keyHelp, now: session.clock.now, subtitle: status ?? file)
      content.timeline = .idle(hint: SandboxSession.idleStripHint)
    }
    showTranscript(in: &content)
    if session.showsInspector {
      content.inspection = inspection()
      content.inspectorFirstRow = session.inspector.firstRow
    }
    content.pinnedCards = session.cards.pinned
    content.expandedCards = session.cards.expanded
    return content
  }

  /// The panel's transcript now: the live history, or the scenario's lines up to the time
  /// shown; and the sequence number of its first entry.
  func transcript() -> (entries: [TranscriptEntry], firstSequence: Int) {
    let fromFirstTouch = session.timesFromFirstTouch
    if let playback = session.playback {
      return (playback.entries(upTo: playback.time(at: session.now), fromFirstTouch: fromFirstTouch), 0)
    }
    return (session.transcript.entries(fromFirstTouch: fromFirstTouch), session.transcript.droppedCount)
  }

  /// Puts the transcript into `content`, ending at the scroll anchor.
  private func showTranscript(in content: inout FrameContent) {
    let (entries, first) = transcript()
    let fromFirstTouch = session.timesFromFirstTouch
    content.timesFromFirstTouch = fromFirstTouch
    // One time base: with T, the cards and the strip count from the first touch too.
    content.timeOrigin =
      fromFirstTouch ? (session.playback.map { $0.firstTouchTime } ?? session.transcript.firstTouchTime) : nil
    content.timeline?.origin = content.timeOrigin
    (content.transcript, content.newerLineCount) = session.transcriptScroll.shown(entries, firstSequence: first)
  }

  /// The window of the scene drawn now: the scenario's copy while one plays, else the live one.
  var shownWindow: UIWindow {
    guard let playback = session.playback else { return session.scene.window }
    return playback.scene(at: playback.time(at: session.now))?.window ?? session.scene.window
  }

  /// The inspection of the scene shown, with the hovered point's hit-test path.
  func inspection() -> SceneInspection {
    let playback = session.playback
    return session.inspector.inspection(
      of: shownWindow, in: playback.flatMap { $0.scene(at: $0.time(at: session.now)) } ?? session.scene,
      scenarios: session.scene.scenarios.map(\.name), playing: playback?.scenario?.name, flips: session.flips)
  }
}
