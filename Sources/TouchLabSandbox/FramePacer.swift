import Foundation

/// When the window's next frame may start: after a frame longer than `longFrame`, the next
/// waits `longFrameRest` of its length (issue 25 §6). `FrameScheduler` asks it
/// before each frame and tells it when each ends.
struct FramePacer {
  /// A frame longer than this (seconds, wall time) is followed by a rest…
  static let longFrame: TimeInterval = 0.008
  /// …of this part of its length before the next frame starts: a big scene's frames then
  /// leave the CPU to other processes for a third of the time at least (a frame that took
  /// twice its work because it shared the CPU rests twice as long), and never hold the
  /// engine up — input and timers are handled during the rest, and the frame after it shows
  /// them all.
  static let longFrameRest = 0.5

  /// When the next frame may start (the session's `timeSource` seconds), after a long one;
  /// nil: at once.
  private(set) var nextFrameTime: Double?

  /// No rest after a long frame is under way at `now`.
  func mayStartFrame(now: Double) -> Bool { nextFrameTime.map { now >= $0 } ?? true }

  /// A frame started at `started` ended at `ended`.
  mutating func frameEnded(started: Double, ended: Double) {
    // What the frame took to draw and send (or to draw as far as it got), in seconds.
    let cost = ended - started
    nextFrameTime = cost > Self.longFrame ? ended + Self.longFrameRest * cost : nil
  }
}
