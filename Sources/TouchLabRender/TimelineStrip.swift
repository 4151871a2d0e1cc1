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
  public static let height: Double = 54
  /// The inset of the time axis from the strip's left and right edges, in points.
  public static let axisInset: Double = 14

  /// The time at x (points from the strip's left edge) on a strip `width` points wide,
  /// clamped to the scenario.
  public func time(atX x: Double, width: Double) -> TimeInterval {
    let axis = max(1, width - 2 * Self.axisInset)
    let fraction = min(1, max(0, (x - Self.axisInset) / axis))
    return start + fraction * (duration - start)
  }

  /// The x (points from the strip's left edge) of `time` on a strip `width` points wide.
  public func x(of time: TimeInterval, width: Double) -> Double {
    let axis = max(1, width - 2 * Self.axisInset)
    let length = duration - start
    return Self.axisInset + (length > 0 ? min(1, max(0, (time - start) / length)) : 0) * axis
  }
}
