import Foundation
import TouchLabEngine
import TouchLabLayout
import TouchLabRender
import TouchLabTranscript

/// `touchlab open FILE --scenario NAME`: a scenario played once, headless, on the virtual
/// clock, and then shown at a time `t` that advances at `speed` × real time. Everything the
/// window shows at `t` comes from the records up to `t` (the overlay is their fold, the
/// transcript their lines), so pausing, stepping and scrubbing are exact. The view tree is
/// a fresh copy of the scene played to `t` (`ScenarioPlayer.play(_:until:)`).
public final class ScenarioPlayback {
  /// The scenario played, or nil for live touches under review (`init(reviewing:…)`).
  public let scenario: Scenario?
  /// The layout file played.
  public let file: String
  /// A click on the strip went down and its button is still held: moves scrub.
  public var isScrubbing = false
  /// How many of the records' transcript lines have been written to the transcript file
  /// (each once, the first time the play passes it).
  public internal(set) var writtenLineCount = 0
  /// Every record of the whole play, in order.
  public private(set) var records: [DeliveryRecord]
  /// The marks and deadlines of `records`.
  public private(set) var strip: TimelineStrip
  /// Virtual seconds per real second.
  public private(set) var speed: Double
  public let loops: Bool
  public private(set) var isPlaying = true
  /// The virtual time shown at real time `anchorReal`, and where playing goes on from.
  private var anchorTime: TimeInterval = 0
  private var anchorReal: Double
  /// Loads a fresh, untouched copy of the scene.
  private let loadScene: () throws -> Scene
  /// The scene played through the first `shownSceneRecordCount` records, for the view tree.
  private var shownScene: Scene?
  private var shownSceneRecordCount = -1

  /// The speeds `--speed` and `[` / `]` allow.
  public static let speeds: ClosedRange<Double> = 0.05...4

  /// `--speed X`: a plain decimal (`0.1`, `2`, `.5`) within `speeds`, or nil.
  public static func parseSpeed(_ text: String) -> Double? {
    guard let value = parseDecimal(text), speeds.contains(value)
    else { return nil }
    return value
  }

  /// Plays `scenario` headless on a scene from `loadScene` and starts showing it from time
  /// 0, playing, at real time `realTime`.
  public init(
    scenario: Scenario, file: String, speed: Double, loops: Bool, realTime: Double,
    loadScene: @escaping () throws -> Scene
  ) throws {
    self.scenario = scenario
    self.file = file
    self.speed = min(Self.speeds.upperBound, max(Self.speeds.lowerBound, speed))
    self.loops = loops
    self.loadScene = loadScene
    liveInputs = nil
    anchorReal = realTime
    (records, strip) = try Self.play(scenario, loadScene)
  }

  private static func play(_ scenario: Scenario, _ load: () throws -> Scene) throws -> ([DeliveryRecord], TimelineStrip)
  {
    let scene = try load()
    let run = try ScenarioRun(scene: scene, file: scene.file, scenario: scenario.name)
    let end = try run.play()  // past a replay's limits: its overrun
    let records = scene.records.records
    return (records, TimelineStrip(records: records, end: end))
  }

  /// One live touch event, as its input record has it: the touches that changed, at `time`.
  public struct TimedInput: Equatable, Sendable {
    public var time: TimeInterval
    public var samples: [TouchSample]

    public init(time: TimeInterval, samples: [TouchSample]) {
      self.time = time
      self.samples = samples
    }
  }

  /// For a review: every touch input the live scene took since it was loaded (nil: too many
  /// were kept, and `scene(at:)` is nil, the window keeping the live scene).
  private let liveInputs: [TimedInput]?

  /// Live touches under review (Space in the live window): `records`, paused at the last
  /// one, on a strip from the first. The view tree at a scrubbed time is a fresh copy of
  /// the scene (`loadScene`) given `inputs` — every touch since the scene was loaded — up to
  /// that time, as the live scene had them: the row not yet selected, the knob not yet moved.
  public init(
    reviewing records: [DeliveryRecord], inputs: [TimedInput]? = nil, file: String, realTime: Double,
    loadScene: @escaping () throws -> Scene = { throw PlaybackError.noScenario(file: "", name: "", names: []) }
  ) {
    scenario = nil
    self.file = file
    speed = 1
    loops = false
    liveInputs = inputs
    self.loadScene = loadScene
    self.records = records
    strip = TimelineStrip(records: records)
    strip.start = records.first?.time ?? 0
    isPlaying = false
    anchorTime = strip.duration
    anchorReal = realTime
    writtenLineCount = transcript(upTo: .infinity).count
  }

  /// The time the strip starts at.
  public var start: TimeInterval { strip.start }

  /// Plays the scenario again on a freshly loaded scene (the layout file was saved),
  /// keeping the time, speed and state. On an error nothing changes.
  public func reload(realTime: Double) throws {
    guard let scenario else { return }
    let time = self.time(at: realTime)
    (records, strip) = try Self.play(scenario, loadScene)
    shownScene = nil
    shownSceneRecordCount = -1
    anchor(at: min(time, strip.duration), realTime: realTime)
  }

  /// Plays the scenario again on a freshly loaded scene (a property flipped in the window)
  /// and shows it from its start, playing, at the same speed.
  public func restart(realTime: Double) throws {
    guard let scenario else { return }
    (records, strip) = try Self.play(scenario, loadScene)
    shownScene = nil
    shownSceneRecordCount = -1
    anchor(at: start, realTime: realTime)
    isPlaying = true
  }

  public var duration: TimeInterval { strip.duration }

  /// How long a loop holds the end, in real seconds, before it starts again: the end of a
  /// scenario (its last records, such as "cell selected!") is the lesson, so every record is
  /// shown and stays on screen a moment.
  public static let loopEndHold: Double = 1.5

  /// The virtual time shown at `realTime`: held while paused; at the end, held for
  /// `loopEndHold` real seconds and then back to the start when looping.
  public func time(at realTime: Double) -> TimeInterval {
    guard isPlaying else { return anchorTime }
    let elapsed = max(0, realTime - anchorReal)
    let time = anchorTime + elapsed * speed
    guard time >= duration else { return time }
    guard loops, duration > start else { return duration }
    // Real seconds since the end was first reached, within cycles of a hold then a play.
    let sinceEnd = elapsed - max(0, duration - anchorTime) / speed
    let cycle = Self.loopEndHold + (duration - start) / speed
    let intoCycle = sinceEnd.truncatingRemainder(dividingBy: cycle)
    guard intoCycle >= Self.loopEndHold else { return duration }
    return min(duration, start + (intoCycle - Self.loopEndHold) * speed)
  }

  /// The loop is holding its end now: playing, looping, past the end and not yet started
  /// again.
  public func isHoldingEnd(at realTime: Double) -> Bool {
    isPlaying && loops && duration > start && time(at: realTime) >= duration
  }

  /// A key during a loop's hold: the play starts again from the start at once. Returns
  /// whether it was holding.
  @discardableResult
  public func endHold(realTime: Double) -> Bool {
    guard isHoldingEnd(at: realTime) else { return false }
    anchor(at: start, realTime: realTime)
    return true
  }

  /// Stops at the end when not looping (so a finished play idles). Returns whether it stopped.
  @discardableResult
  public func update(realTime: Double) -> Bool {
    guard isPlaying, !loops, time(at: realTime) >= duration else { return false }
    anchor(at: duration, realTime: realTime)
    isPlaying = false
    return true
  }

  private func anchor(at time: TimeInterval, realTime: Double) {
    anchorTime = time
    anchorReal = realTime
  }

  /// Space: pauses, or plays on (from the start when it had stopped at the end).
  public func togglePlaying(realTime: Double) {
    let time = self.time(at: realTime)
    if isPlaying {
      anchor(at: time, realTime: realTime)
      isPlaying = false
    } else {
      anchor(at: time >= duration ? start : time, realTime: realTime)
      isPlaying = true
    }
  }

  /// `.` / `,`: pauses at the next / previous record time (or the end / the start).
  public func step(forward: Bool, realTime: Double) {
    let time = self.time(at: realTime)
    let target = forward ? strip.nextMark(after: time) ?? duration : strip.previousMark(before: time) ?? start
    anchor(at: target, realTime: realTime)
    isPlaying = false
  }

  /// A click or drag on the strip: shows `time`, playing on from there if it was playing.
  public func scrub(to time: TimeInterval, realTime: Double) {
    anchor(at: min(duration, max(start, time)), realTime: realTime)
  }

  /// `[` / `]`: halves or doubles the speed, within `speeds`; the time shown stays.
  public func changeSpeed(by factor: Double, realTime: Double) {
    anchor(at: time(at: realTime), realTime: realTime)
    speed = min(Self.speeds.upperBound, max(Self.speeds.lowerBound, speed * factor))
  }

  /// The records up to `time`, in order.
  public func records(upTo time: TimeInterval) -> ArraySlice<DeliveryRecord> {
    let end = records.firstIndex { $0.time > time } ?? records.endIndex
    return records[..<end]
  }

  /// The transcript lines of the records up to `time`, with their `[time] ` prefixes.
  public func transcript(upTo time: TimeInterval) -> [String] {
    records(upTo: time).compactMap { record in
      record.line.map { "\(TranscriptFormatter.timeStamp(record.time)) \($0)" }
    }
  }

  /// The time of the first touch (the first `began` input record), or nil.
  public var firstTouchTime: TimeInterval? {
    for record in records {
      if case .input(let samples) = record.event, samples.contains(where: { $0.phase == .began }) {
        return record.time
      }
    }
    return nil
  }

  /// The panel's transcript at `time`: a header naming the scenario (or the review), then the
  /// lines up to `time`, their times since the start or, with `fromFirstTouch`, since the
  /// first touch (`[+0.150]`).
  public func entries(upTo time: TimeInterval, fromFirstTouch: Bool) -> [TranscriptEntry] {
    let header = sectionHeader
    let origin = fromFirstTouch ? firstTouchTime : nil
    return [.header(header)]
      + records(upTo: time).compactMap { record in
        record.line.map { line in
          let stamp =
            origin.map { TranscriptLog.relativeStamp(record.time - $0) } ?? TranscriptFormatter.timeStamp(record.time)
          return .line(stamp + " " + line)
        }
      }
  }

  /// The panel's header over the play's lines.
  public var sectionHeader: String {
    (file as NSString).lastPathComponent + " · " + (scenario.map { "scenario \($0.name)" } ?? "live touches, reviewed")
  }

  /// The strip as it is drawn at `time`.
  public func strip(at time: TimeInterval) -> TimelineStrip {
    var strip = self.strip
    strip.time = time
    strip.speed = speed
    strip.isPlaying = isPlaying
    return strip
  }

  /// A copy of the scene played to `time`, for drawing the view tree (a scroll, a slider's
  /// value). The tree changes only with a record, so the copy is played to the last record
  /// at or before `time` and made again only when that record changes (not every frame).
  /// Nil when the layout cannot load.
  public func scene(at time: TimeInterval) -> Scene? {
    let count = records(upTo: time).count
    if count == shownSceneRecordCount, let shownScene { return shownScene }
    guard scenario != nil || liveInputs != nil, let scene = try? loadScene() else { return shownScene }
    scene.records.keepsRecords = false
    if let scenario {
      guard let run = try? ScenarioRun(scene: scene, file: scene.file, scenario: scenario.name) else {
        return shownScene
      }
      if count > 0 { _ = try? run.play(until: records[count - 1].time) }
    } else if let liveInputs {
      // Before the first reviewed record: the scene as the gesture found it.
      let end = count > 0 ? records[count - 1].time : start
      Self.replay(liveInputs, on: scene, until: end, including: count > 0)
    }
    shownScene = scene
    shownSceneRecordCount = count
    return scene
  }

  /// Gives `scene` the live `inputs` up to `end` (those at `end` itself only when
  /// `including`), each at its time, the clock firing the timers between, as the live clock
  /// did; then the clock advances to `end`.
  static func replay(_ inputs: [TimedInput], on scene: Scene, until end: TimeInterval, including: Bool) {
    let application = scene.application
    for input in inputs {
      guard input.time < end || (including && input.time <= end) else { break }
      application.clock.advance(to: input.time)
      application.sendTouches(
        input.samples.map { sample in
          let phase: TouchInput.Phase
          switch sample.phase {
          case .began: phase = .began
          case .moved: phase = .moved
          case .ended: phase = .ended
          case .cancelled: phase = .cancelled
          }
          return TouchInput(
            finger: sample.touch, phase: phase, location: CGPoint(x: sample.location.x, y: sample.location.y))
        })
    }
    application.clock.advance(to: end)
  }
}

/// Why a scenario cannot be played.
public enum PlaybackError: Error, Equatable, CustomStringConvertible {
  case noScenario(file: String, name: String, names: [String])
  /// The file changed on disk while it played: its window is no longer the one the window
  /// accepted (and sized itself for), so the copy is refused until it is reloaded.
  case windowChanged(file: String)

  public var description: String {
    switch self {
    case .noScenario(let file, let name, let names):
      return "\(file) has no scenario '\(name)'" + (names.isEmpty ? "" : "; it has: \(names.joined(separator: ", "))")
    case .windowChanged(let file):
      return "\(file) changed its window while it played; reload it (R) to play the new one"
    }
  }
}
