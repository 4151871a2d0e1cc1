import Foundation
import TouchLabRecords
import TouchLabRender

/// When the poll loop must wake although no input comes, in the session's `timeSource`
/// seconds: the engine's next timer, an animation frame, a confirmation's end. Nil: the loop
/// sleeps until input.
enum LoopWakeUp {
  /// The shortest time between two frames of an overlay animation (60 per second).
  static let animationFrameInterval: TimeInterval = 1.0 / 60

  /// The live window: the engine's next timer (the scroll view's 0.15 s, a long press's
  /// 0.5 s…), the next animation frame of `overlay` (nil: not shown) and `statusExpiry`.
  static func live(clock: LiveClock, overlay: TouchOverlay?, statusExpiry: Double?) -> Double? {
    let now = clock.now
    let animation = overlay?.nextAnimationTime(after: now).map { max($0, now + animationFrameInterval) }
    let wakeUp = clock.wakeUpTime(animationTime: animation)
    guard let statusExpiry else { return wakeUp }
    return min(wakeUp ?? statusExpiry, statusExpiry)
  }

  /// A play at real time `now`: playing, the next frame (60 a second); paused, nothing but
  /// `statusExpiry` — and under review the live engine's timers (it runs on).
  static func playing(_ playback: ScenarioPlayback, now: Double, clock: LiveClock, statusExpiry: Double?) -> Double? {
    let frame = playback.isPlaying ? now + animationFrameInterval : nil
    let timer = playback.scenario == nil ? clock.wakeUpTime(animationTime: nil) : nil
    return [frame, statusExpiry, timer].compactMap { $0 }.min()
  }
}
