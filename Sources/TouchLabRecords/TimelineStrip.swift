import Foundation
import TouchLabEngine

/// What the timeline strip under a playing scenario shows, made from its delivery records
/// alone: a mark at each record's time, a bar for every deadline (a timer record from
/// scheduled to fired or cancelled), and the cursor at the time shown.
public struct TimelineStrip: Equatable, Sendable {
  /// One deadline: a timer from when it was scheduled to when it fired or was cancelled
  /// (or to its deadline, when the records end first).
  public struct Deadline: Equatable, Sendable {
    public var timer: Int
    public var purpose: TimerPurpose
    public var start: TimeInterval
    public var end: TimeInterval
    /// Fired (true), cancelled (false), or still pending when the records end (nil).
    public var fired: Bool?
  }

  /// The distinct record times, in order.
  public var markTimes: [TimeInterval]
  public var deadlines: [Deadline]
  /// The scenario's length: the later of its last record and `end`.
  public var duration: TimeInterval
  /// Where the axis starts (0 for a scenario; the first record's time for live touches).
  public var start: TimeInterval = 0
  /// The time shown (the cursor).
  public var time: TimeInterval = 0
  /// The playing speed (virtual seconds per real second), for the strip's label.
  public var speed: Double = 1
  public var isPlaying = false
  /// The live window's strip, with nothing to play: its room is kept (the window does not
  /// change height when a play starts or ends) and it says how to fill it.
  public var idleHint: [String]?
  /// The time written as 0 (`+0.000`), when the window's times count from the first touch
  /// (T); nil: times are the scene's (`0.150`), as the transcript's are.
  public var origin: TimeInterval?

  /// The live window's strip: no records, only `hint` (a line each).
  public static func idle(hint: [String]) -> TimelineStrip {
    var strip = TimelineStrip(records: [])
    strip.idleHint = hint
    return strip
  }

  /// The strip for `records`, lasting until `end` at least.
  public init(records: [DeliveryRecord], end: TimeInterval = 0) {
    var times: [TimeInterval] = []
    var deadlines: [Deadline] = []
    var open: [Int: Int] = [:]
    for record in records {
      if times.last != record.time { times.append(record.time) }
      guard case .timer(let change, let timer) = record.event else { continue }
      switch change {
      case .scheduled:
        open[timer.id] = deadlines.count
        deadlines.append(
          Deadline(timer: timer.id, purpose: timer.purpose, start: record.time, end: timer.deadline, fired: nil))
      case .fired, .cancelled:
        guard let index = open.removeValue(forKey: timer.id) else { continue }
        deadlines[index].end = record.time
        deadlines[index].fired = change == .fired
      }
    }
    markTimes = times.sorted()
    self.deadlines = deadlines
    duration = max(end, times.last ?? 0, deadlines.map(\.end).max() ?? 0)
  }

  /// The first record time after `time`, or nil at the last.
  public func nextMark(after time: TimeInterval) -> TimeInterval? {
    markTimes.first { $0 > time + Self.tolerance }
  }

  /// The last record time before `time`, or nil at the first.
  public func previousMark(before time: TimeInterval) -> TimeInterval? {
    markTimes.last { $0 < time - Self.tolerance }
  }

  /// Times closer than this are the same record time.
  static let tolerance: TimeInterval = 1e-9

  /// The strip's height in points, under the scene.
  public static let height: Double = 68
  /// The inset of the time axis from the strip's left and right edges, in points.
  public static let axisInset: Double = 14

  /// The time at x (points from the strip's left edge) on a strip `width` points wide,
  /// clamped to the scenario.
  public func time(atX x: Double, width: Double) -> TimeInterval {
    let axis = max(1, width - 2 * Self.axisInset)
    let fraction = min(1, max(0, (x - Self.axisInset) / axis))
    return start + fraction * (duration - start)
  }

  /// `time` as the strip writes it, in the window's time base: `0.150`, or `+0.150` from the
  /// first touch.
  public func text(of time: TimeInterval, decimals: Int = 3) -> String {
    guard let origin else { return String(format: "%.\(decimals)f", time) }
    let scale = pow(10, Double(decimals))
    let interval = ((time - origin) * scale).rounded() / scale
    return (interval < 0 ? "-" : "+") + String(format: "%.\(decimals)f", abs(interval))
  }

  /// The steps the labelled ticks of the axis may take, in seconds.
  static let scaleSteps: [TimeInterval] = [
    0.01, 0.02, 0.05, 0.1, 0.2, 0.25, 0.5, 1, 2, 5, 10, 15, 30, 60, 120, 300, 600,
  ]
  /// The least room, in points, between two labelled ticks.
  static let scaleTickSpacing: Double = 56

  /// The axis's labelled ticks on a strip `width` points wide: round times in the window's
  /// time base (multiples of a step of 1, 2 or 5, or a quarter second), at least
  /// `scaleTickSpacing` apart, each with its label.
  public func scaleTicks(width: Double) -> [(time: TimeInterval, label: String)] {
    let length = duration - start
    guard length > 0, idleHint == nil else { return [] }
    let axis = max(1, width - 2 * Self.axisInset)
    let most = max(1, Int(axis / Self.scaleTickSpacing))
    let step = Self.scaleSteps.first { length / $0 <= Double(most) } ?? Self.scaleSteps.last!
    let base = origin ?? 0
    let decimals = step < 0.1 ? 2 : (step < 1 ? (step == 0.25 ? 2 : 1) : 0)
    var ticks: [(TimeInterval, String)] = []
    var index = ((start - base) / step - 1e-9).rounded(.up)
    while ticks.count <= most + 1 {
      let time = base + index * step
      if time > duration + 1e-9 { break }
      ticks.append((time, text(of: time, decimals: decimals)))
      index += 1
    }
    return ticks
  }

  /// The x (points from the strip's left edge) of `time` on a strip `width` points wide.
  public func x(of time: TimeInterval, width: Double) -> Double {
    let axis = max(1, width - 2 * Self.axisInset)
    let length = duration - start
    return Self.axisInset + (length > 0 ? min(1, max(0, (time - start) / length)) : 0) * axis
  }
}
