import Foundation

/// How drawing a frame went (`SandboxSession.renderFrame`).
public enum FrameDrawing: Equatable, Sendable {
  /// The frame is on the canvas.
  case drawn
  /// The drawing stopped part-way because an engine timer fell due.
  case stopped
  /// No frame could be drawn (the problem is shown).
  case failed
}

/// Draws and presents the window's frames so that no engine timer waits for one:
/// - a frame whose expected cost (`LiveClock.frameCost`, learned from the frames before)
///   would run past the engine's next timer is not started; the loop sleeps until the
///   timer (`SandboxSession.wakeUpTime`), fires it, and draws one frame with its effect as
///   well;
/// - the drawing stops before its next view, or between its parts (scene, overlay,
///   panel), once a timer is due (or within `TimerClearance.margin` of one: the timer
///   thread fires it then, `EngineTimerThread`); a frame stopped so, or drawn when a timer is due, is not
///   sent: the loop wakes at once (the timer is its wake-up), reads the input that came
///   meanwhile, `SandboxSession.handle` fires the timer in its turn among it, and the frame
///   is drawn again with their effect — the engine never runs past input not yet read;
/// - when a timer is due before the send would end, the drawn frame is not sent;
/// - after a frame longer than `FramePacer.longFrame`, the next waits
///   `FramePacer.longFrameRest` of its length.
struct FrameScheduler {
  /// What became of a frame asked for.
  enum Outcome: Equatable {
    /// Not started: a long frame's rest is under way.
    case notStarted
    /// Drawn (or partly) but not sent: it is drawn again after the timer.
    case notSent
    /// No frame could be drawn.
    case failed
    /// Drawn and sent.
    case sent
  }

  /// When the next frame may start, after a long one.
  private(set) var pacer = FramePacer()

  /// Draws a frame with `draw` (asking its argument, "is a timer due?", before each view and
  /// between parts) and sends it with `present`, timing both on `clock`. `nearTimer` says
  /// whether an engine timer is near (the frame is drawn at `wakePriority`'s raised
  /// priority); `timeSource` gives the session's seconds.
  mutating func render(
    clock: LiveClock, wakePriority: TimerWakePriority, nearTimer: () -> Bool, timeSource: () -> Double,
    draw: (_ shouldStop: () -> Bool) -> FrameDrawing, present: () -> Void
  ) -> Outcome {
    guard pacer.mayStartFrame(now: timeSource()) else { return .notStarted }
    // A frame as long as the last one is not drawn at real time (issue 25 §6).
    wakePriority.frameWillStart(nearTimer: nearTimer())
    let started = timeSource()
    defer {
      wakePriority.frameDidEnd()
      pacer.frameEnded(started: started, ended: timeSource())
    }
    let drawing = draw { clock.timerDue(within: clock.timerClearance.margin) }
    if drawing == .failed { return .failed }
    let drawn = timeSource()
    if drawing == .drawn { clock.recordDrawing(drawn - started) }
    if drawing == .stopped || clock.timerDue(within: clock.presentingCost) { return .notSent }
    present()
    clock.recordPresenting(timeSource() - drawn)
    return .sent
  }
}
