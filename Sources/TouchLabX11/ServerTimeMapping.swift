/// Turns the X server's timestamps (milliseconds on the server's own clock, 32 bits that
/// wrap every 49.7 days) into `MonotonicClock` seconds: when an input event happened, not
/// when the window read it. The live loop advances the engine to that time before it
/// handles the event, so a lift that came before a deadline is handled before the timer,
/// however late the window reads it (docs/ARCHITECTURE.md, the sandbox loop).
///
/// Nothing is assumed about the server's clock (a remote display has another machine's):
/// the offset between the two clocks is learned from the events. An event is read after it
/// happened, so `read time − server time` is the offset plus that event's latency; the
/// smallest of these samples is the offset plus the least latency seen, which a prompt read
/// brings close to the true offset (a window that starts asks the server for its time
/// once, `X11Window.serverTimeSample`). A late read only gives a larger sample, which
/// changes nothing.
/// - Clocks drift apart: the learned offset creeps up by `driftAllowance` (seconds per
///   second) between samples, so a server clock slower than ours is followed; a faster one
///   gives smaller samples, taken at once.
/// - A server clock that steps forward gives a smaller sample, taken at once; one that
///   steps back (a server time earlier than the one before by more than
///   `backwardTolerance`) is a new clock: what was learned is dropped and learned again.
/// - The 32-bit wrap is unwrapped from the time before.
/// - A time is never later than the event was read, and never earlier than the time given
///   for the event before: time never runs backwards.
public struct ServerTimeMapping: Equatable, Sendable {
  /// How fast the learned offset may creep up (100 ppm: twice what a cheap crystal drifts).
  public var driftAllowance: Double
  /// How far back a server time may go before it counts as a new clock (events of two
  /// devices may come a little out of order).
  public var backwardTolerance: Double

  /// Our clock minus the server's (seconds), as learned; nil before the first sample.
  public private(set) var offset: Double?
  /// The read time of the sample that last updated `offset`.
  private var offsetTime = 0.0
  /// The last server time seen (milliseconds, as sent) and its unwrapped value (seconds).
  private var lastServerTime: UInt32?
  private var unwrappedSeconds = 0.0
  /// The last time given.
  public private(set) var lastTime: Double?
  /// How many times the server's clock was taken to be a new one (stepped back).
  public private(set) var resetCount = 0

  public init(driftAllowance: Double = 1e-4, backwardTolerance: Double = 0.1) {
    self.driftAllowance = driftAllowance
    self.backwardTolerance = backwardTolerance
  }

  /// Learns from a server time that was the server's "now" shortly before `readAt` (an event
  /// the window made the server send, `X11Window.serverTimeSample`): a round trip's latency
  /// only makes the sample larger, as an event's does.
  public mutating func learn(serverTime: UInt, readAt: Double) {
    guard serverTime != 0 else { return }
    learn(seconds: unwrap(UInt32(truncatingIfNeeded: serverTime)), readAt: readAt)
  }

  /// The monotonic times of events read together at `readAt`, in order, from their server
  /// times (0, X's CurrentTime, is no time: nil). Every sample of the batch is learned first,
  /// so an early event gains from a later one's smaller sample.
  public mutating func times(ofServerTimes serverTimes: [UInt], readAt: Double) -> [Double?] {
    let seconds: [Double?] = serverTimes.map { time in
      time == 0 ? nil : unwrap(UInt32(truncatingIfNeeded: time))
    }
    for case let second? in seconds { learn(seconds: second, readAt: readAt) }
    guard let offset else { return seconds.map { _ in nil } }
    return seconds.map { second in
      guard let second else { return nil }
      var time = min(readAt, second + offset)
      if let lastTime { time = max(time, lastTime) }
      lastTime = time
      return time
    }
  }

  /// The monotonic time of one event read at `readAt`.
  public mutating func time(ofServerTime serverTime: UInt, readAt: Double) -> Double? {
    times(ofServerTimes: [serverTime], readAt: readAt)[0]
  }

  /// Seconds on the server's clock, unwrapped past the 32-bit wrap; a step back beyond
  /// `backwardTolerance` forgets the offset (a new clock).
  private mutating func unwrap(_ time: UInt32) -> Double {
    defer { lastServerTime = time }
    guard let last = lastServerTime else {
      unwrappedSeconds = Double(time) / 1000
      return unwrappedSeconds
    }
    let step = Double(Int32(bitPattern: time &- last)) / 1000
    if step < -backwardTolerance {
      offset = nil  // `lastTime` stays: the times given still never run backwards
      resetCount += 1
    }
    unwrappedSeconds += step
    return unwrappedSeconds
  }

  private mutating func learn(seconds: Double, readAt: Double) {
    let sample = readAt - seconds
    guard let current = offset else {
      offset = sample
      offsetTime = readAt
      return
    }
    let crept = current + driftAllowance * max(0, readAt - offsetTime)
    if sample <= crept {
      offset = sample
    } else {
      offset = crept
    }
    offsetTime = max(offsetTime, readAt)
  }
}
