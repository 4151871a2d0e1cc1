import Foundation
import TouchLabEngine
import TouchLabLayout
import TouchLabRecords
import TouchLabRender
import TouchLabX11

/// `touchlab open FILE --scenario NAME`: a scenario played once, headless, on the virtual
/// clock, and then shown at a time `t` that advances at `speed` × real time. Everything the
/// window shows at `t` comes from the records up to `t` (the overlay is their fold, the
/// transcript their lines), so pausing, stepping and scrubbing are exact. The view tree is
/// a fresh copy of the scene played to `t` (`ScenarioRun.play(until:)`), built off the
/// loop's thread in the window and kept (`PlaybackWorker`); the overlay is folded from the
/// nearest checkpoint before `t` (one every `checkpointInterval` records).
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
  /// The scenes shown for the view tree, and a play made again, off the loop's thread.
  private let worker: PlaybackWorker
  /// The scene last shown for the view tree: it stays while the one for the time shown is
  /// being built.
  private var shownScene: Scene?
  /// The overlay's state after each `checkpointInterval` records: `[0]` before any.
  private var overlayCheckpoints: [OverlayState] = []
  /// A play made again off the loop is awaited: how to show it when it comes, and how its
  /// scenes are built.
  private var pendingReplay: (kind: ReplayKind, build: PlaybackWorker.Build)?
  private enum ReplayKind {
    /// The play's first making (`init(scenario:…)` with a waker): shown from its start,
    /// playing, when it comes.
    case start
    /// A property flipped: from the start, playing, every line written again.
    case restart
    /// The file saved: at the same time (or the new end), in the same state.
    case reload
  }

  /// Records between two of the overlay's checkpoints.
  public static let checkpointInterval = 256

  /// A play made: every record, in order, and the strip they give.
  struct Play {
    var records: [DeliveryRecord]
    var strip: TimelineStrip
  }

  /// The speeds `--speed` and `[` / `]` allow.
  public static let speeds: ClosedRange<Double> = 0.05...4

  /// `--speed X`: a plain decimal (`0.1`, `2`, `.5`) within `speeds`, or nil.
  public static func parseSpeed(_ text: String) -> Double? {
    guard let value = parseDecimal(text), speeds.contains(value)
    else { return nil }
    return value
  }

  /// Plays `scenario` headless on a scene from `loadScene` and shows it from its start,
  /// playing, at the speed given. With `waker` (the window's) the play, the scenes shown and
  /// a play made again are made off the caller's thread, and `waker` wakes the loop when
  /// some is done (`takeFinishedWork(realTime:)` takes it): until the play comes it is
  /// preparing (`isPreparing`: no records, paused), and it starts when taken; its error is
  /// thrown then. Without a waker the play is made at once, shown from real time
  /// `realTime`, and its error thrown here.
  public init(
    scenario: Scenario, file: String, speed: Double, loops: Bool, realTime: Double, waker: LoopWaker? = nil,
    loadScene: @escaping () throws -> Scene
  ) throws {
    self.scenario = scenario
    self.file = file
    self.speed = min(Self.speeds.upperBound, max(Self.speeds.lowerBound, speed))
    self.loops = loops
    liveInputs = nil
    anchorReal = realTime
    records = []
    strip = TimelineStrip(records: [])
    worker = PlaybackWorker(waker: waker, build: Self.sceneBuilder(scenario: scenario.name, inputs: nil, loadScene))
    isPlaying = false
    install(Play(records: [], strip: strip))  // nothing to show until the play comes
    try replay(.start, realTime: realTime, loadScene: loadScene)
  }

  /// Plays the scenario named `name` on a scene from `load`, keeping every record.
  private static func play(_ name: String, _ load: () throws -> Scene) throws -> Play {
    let scene = try load()
    let run = try ScenarioRun(scene: scene, file: scene.file, scenario: name)
    let end = try run.play()  // past a replay's limits: its overrun
    let records = scene.records.records
    return Play(records: records, strip: TimelineStrip(records: records, end: end))
  }

  /// Builds, for the view tree, a scene from `load` played through `count` records, the last
  /// at `time`: the scenario `name` played until then, or the live `inputs` given up to
  /// then. Reads nothing but its arguments (it runs off the loop's thread).
  private static func sceneBuilder(
    scenario name: String?, inputs: [TimedInput]?, _ load: @escaping () throws -> Scene
  ) -> PlaybackWorker.Build {
    { count, time in
      guard name != nil || inputs != nil, let scene = try? load() else { return nil }
      scene.records.keepsRecords = false
      if let name {
        guard let run = try? ScenarioRun(scene: scene, file: scene.file, scenario: name) else { return nil }
        if count > 0 { _ = try? run.play(until: time) }
      } else if let inputs {
        // Before the first reviewed record: the scene as the gesture found it.
        replay(inputs, on: scene, until: time, including: count > 0)
      }
      return scene
    }
  }

  /// Shows `play`'s records: their transcript lines, first touch and the overlay's
  /// checkpoints taken once.
  private func install(_ play: Play) {
    records = play.records
    strip = play.strip
    var state = OverlayState()
    overlayCheckpoints = [state]
    lines = []
    firstTouchTime = nil
    for (index, record) in records.enumerated() {
      state.apply(record)
      if (index + 1) % Self.checkpointInterval == 0 { overlayCheckpoints.append(state) }
      if let line = record.line { lines.append((record.time, line)) }
      if firstTouchTime == nil, case .input(let samples) = record.event, samples.contains(where: { $0.phase == .began })
      {
        firstTouchTime = record.time
      }
    }
    shownScene = nil
  }

  /// The records' transcript lines, each with its record's time.
  public private(set) var lines: [(time: TimeInterval, text: String)] = []

  /// For a review: every touch input the live scene took since it was loaded (nil: too many
  /// were kept, and `scene(at:)` is nil, the window keeping the live scene).
  private let liveInputs: [TimedInput]?

  /// Live touches under review (Space in the live window): `records`, paused at the last
  /// one, on a strip from the first. The view tree at a scrubbed time is a fresh copy of
  /// the scene (`loadScene`) given `inputs` — every touch since the scene was loaded — up to
  /// that time, as the live scene had them: the row not yet selected, the knob not yet moved.
  public init(
    reviewing records: [DeliveryRecord], inputs: [TimedInput]? = nil, file: String, realTime: Double,
    waker: LoopWaker? = nil,
    loadScene: @escaping () throws -> Scene = { throw PlaybackError.noScenario(file: "", name: "", names: []) }
  ) {
    scenario = nil
    self.file = file
    speed = 1
    loops = false
    liveInputs = inputs
    self.records = records
    var strip = TimelineStrip(records: records)
    strip.start = records.first?.time ?? 0
    self.strip = strip
    worker = PlaybackWorker(waker: waker, build: Self.sceneBuilder(scenario: nil, inputs: inputs, loadScene))
    isPlaying = false
    anchorTime = strip.duration
    anchorReal = realTime
    install(Play(records: records, strip: strip))
    writtenLineCount = lines.count
  }

  /// The time the strip starts at.
  public var start: TimeInterval { strip.start }

  /// Plays the scenario again on scenes from `loadScene` (the layout file was saved),
  /// keeping the time, speed and state. On an error nothing changes. With a waker the play
  /// is made off the loop's thread and shown when `takeFinishedWork(realTime:)` takes it
  /// (the old one plays on meanwhile); else at once.
  public func reload(realTime: Double, loadScene: @escaping () throws -> Scene) throws {
    try replay(.reload, realTime: realTime, loadScene: loadScene)
  }

  /// Plays the scenario again on scenes from `loadScene` (a property flipped in the window)
  /// and shows it from its start, playing, at the same speed, every line written to the
  /// transcript file again. Off the loop's thread as `reload` is.
  public func restart(realTime: Double, loadScene: @escaping () throws -> Scene) throws {
    try replay(.restart, realTime: realTime, loadScene: loadScene)
  }

  private func replay(_ kind: ReplayKind, realTime: Double, loadScene: @escaping () throws -> Scene) throws {
    guard let scenario else { return }
    let name = scenario.name
    pendingReplay = (kind, Self.sceneBuilder(scenario: name, inputs: nil, loadScene))
    guard let result = worker.replay({ try Self.play(name, loadScene) }) else { return }
    try show(result, realTime: realTime)
  }

  /// A play made again is shown (or its error thrown, nothing changed).
  private func show(_ result: Result<Play, Error>, realTime: Double) throws {
    guard let (kind, build) = pendingReplay else { return }
    pendingReplay = nil
    let play = try result.get()
    let time = self.time(at: realTime)
    install(play)
    worker.forgetScenes(build: build)
    switch kind {
    case .start, .restart:
      anchor(at: start, realTime: realTime)
      isPlaying = true
      writtenLineCount = 0
    case .reload:
      anchor(at: min(time, strip.duration), realTime: realTime)
    }
  }

  /// A play made again off the loop is awaited (the old one is shown meanwhile).
  public var isReplaying: Bool { pendingReplay != nil }

  /// The play's first making is awaited: nothing to show yet but that it is coming.
  public var isPreparing: Bool {
    guard let pendingReplay, case .start = pendingReplay.kind else { return false }
    return true
  }

  /// Takes what was done off the loop's thread since last asked: scenes for the view tree,
  /// a play made again (shown now). Returns whether the frame changed; throws a play's error
  /// (the old play stays).
  @discardableResult
  public func takeFinishedWork(realTime: Double) throws -> Bool {
    let (play, scenes) = worker.takeFinished()
    guard let play else { return scenes }
    try show(play, realTime: realTime)
    return true
  }

  /// Waits until the work asked of the other thread is done (tests; the window never waits).
  public func waitForWork() { worker.waitUntilIdle() }

  /// The scenes built so far for the view tree (each a file read and a replay): on the
  /// caller's thread (no waker) and off it.
  public var sceneBuilds: (onCaller: Int, offLoop: Int) { worker.builds }

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
    guard isPlaying, !loops, !isPreparing, time(at: realTime) >= duration else { return false }
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
    records[..<recordCount(upTo: time)]
  }

  /// How many records are at or before `time` (the records are in time order).
  public func recordCount(upTo time: TimeInterval) -> Int {
    var low = 0
    var high = records.count
    while low < high {
      let middle = (low + high) / 2
      if records[middle].time <= time { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// The overlay at `time`: the fold of the records up to it, from the nearest checkpoint
  /// before it (`OverlayState.fold(records(upTo: time))`, without going over every record).
  public func overlay(at time: TimeInterval) -> OverlayState {
    let count = recordCount(upTo: time)
    let checkpoint = count / Self.checkpointInterval
    var state = overlayCheckpoints[checkpoint]
    for record in records[(checkpoint * Self.checkpointInterval)..<count] { state.apply(record) }
    return state
  }

  /// The transcript lines of the records up to `time`, with their `[time] ` prefixes.
  public func transcript(upTo time: TimeInterval) -> [String] {
    transcript(lines: 0..<lineCount(upTo: time))
  }

  /// The transcript lines in `range` (of `lines`), with their `[time] ` prefixes.
  func transcript(lines range: Range<Int>) -> [String] {
    lines[range].map { "\(TranscriptFormatter.timeStamp($0.time)) \($0.text)" }
  }

  /// How many transcript lines are at or before `time`.
  func lineCount(upTo time: TimeInterval) -> Int {
    var low = 0
    var high = lines.count
    while low < high {
      let middle = (low + high) / 2
      if lines[middle].time <= time { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// The time of the first touch (the first `began` input record), or nil.
  public private(set) var firstTouchTime: TimeInterval?

  /// The panel's transcript at `time`: a header naming the scenario (or the review), then the
  /// lines up to `time`, their times since the start or, with `fromFirstTouch`, since the
  /// first touch (`[+0.150]`).
  public func entries(upTo time: TimeInterval, fromFirstTouch: Bool) -> [TranscriptEntry] {
    let header = sectionHeader + (isPreparing ? " (preparing…)" : "")
    let origin = fromFirstTouch ? firstTouchTime : nil
    return [.header(header)]
      + lines[..<lineCount(upTo: time)].map { line in
        .line(
          origin.map { TranscriptTime(line.time - $0, sinceFirstTouch: true) } ?? TranscriptTime(line.time), line.text)
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
  /// value). The tree changes only with a record, so the copy is the scene played to the
  /// last record at or before `time`, built once for that record (`PlaybackWorker`: off the
  /// loop's thread in the window) and kept. While it is being built, the one shown before;
  /// nil before any is built, or when the layout cannot load.
  public func scene(at time: TimeInterval) -> Scene? {
    guard scenario != nil || liveInputs != nil, !isPreparing else { return nil }
    let count = recordCount(upTo: time)
    let end = count > 0 ? records[count - 1].time : start
    if let scene = worker.scene(through: count, at: end) { shownScene = scene }
    return shownScene
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
