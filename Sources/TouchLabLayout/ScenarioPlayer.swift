import Foundation
import TouchLabEngine
import TouchLabRecords

/// Replays a scenario on the scene's virtual clock: each step's touches at their times,
/// then the clock runs on until no timer is pending (at most 10 s), so delayed deliveries
/// and recognizer time-outs show up (LAYOUTS.md).
public struct ScenarioPlayer {
  public let scene: Scene
  /// How long the clock may run on after the last step.
  public var settleLimit: TimeInterval = defaultSettleLimit
  public static let defaultSettleLimit: TimeInterval = 10
  /// The most timers and records a scenario may make as it plays (`LayoutLimits`).
  public var timerLimit = LayoutLimits.maximumTimersPerScenario
  public var recordLimit = LayoutLimits.maximumRecordsPerScenario
  /// Touches due after this time are not sent (`play(_:until:)`).
  private var cutoff: TimeInterval = .infinity

  public init(scene: Scene) { self.scene = scene }

  /// Plays every step, then lets pending timers fire. Returns the time it stopped at.
  /// A scenario that makes more than a replay's limits allow (`LayoutLimits`: records, timers
  /// fired) stops there, with `scene.overrun` saying so.
  @discardableResult
  public func play(_ scenario: Scenario) -> TimeInterval {
    let clock = scene.application.clock
    startLimits(scenario)
    var time = clock.now
    for step in scenario.steps {
      time = play(step, at: time)
      if checkLimits() { return clock.now }
    }
    clock.advance(to: time)
    let limit = time + settleLimit
    while let next = clock.nextFireTime, next <= limit, !checkLimits() { clock.fireNextTimer() }
    return max(time, clock.now)
  }

  /// Sets the clock's and the records' limits for playing `scenario` from now.
  private func startLimits(_ scenario: Scenario) {
    let clock = scene.application.clock
    clock.firingLimit = clock.firedCount + timerLimit
    scene.limits = Scene.PlaybackLimits(
      scenario: scenario, firstRecord: scene.records.madeCount, firstTimer: clock.firedCount)
  }

  /// Whether playing must stop: past a limit, `scene.overrun` is set (once).
  private func checkLimits() -> Bool {
    if scene.overrun != nil { return true }
    guard let limits = scene.limits else { return false }
    let scenario = limits.scenario
    let records = scene.records.madeCount - limits.firstRecord
    let what: String
    if scene.application.clock.isPastFiringLimit {
      what =
        "fires more than \(timerLimit) timers (autorepeats, decelerations, time-outs), "
        + "the limit on a scenario's timers"
    } else if records > recordLimit {
      what = "makes more than \(recordLimit) records, the limit on a scenario's records"
    } else {
      return false
    }
    scene.overrun = LayoutError(
      file: scene.file, line: scenario.line, column: scenario.column,
      message: "scenario '\(scenario.name)' \(what) (fewer steps, or shorter waits); stopped at "
        + String(format: "%.3f s", scene.application.clock.now))
    return true
  }

  /// Plays the scenario as far as virtual time `end`: every touch due by then (one due at
  /// `end` itself included), then the clock advances to exactly `end`, firing the timers
  /// due by then. A picture of the scene at that moment (`touchlab shot --at`).
  /// Returns the time it stopped at, `end` (or the clock's time, if that was later).
  @discardableResult
  public func play(_ scenario: Scenario, until end: TimeInterval) -> TimeInterval {
    var player = self
    player.cutoff = end
    let clock = scene.application.clock
    startLimits(scenario)
    var time = clock.now
    for step in scenario.steps {
      guard time <= end, !checkLimits() else { break }
      time = player.play(step, at: time)
    }
    if !checkLimits() { clock.advance(to: end) }
    _ = checkLimits()
    return clock.now
  }

  /// Plays one step starting at `time`; returns when the next step starts.
  public func play(_ step: ScenarioStep, at time: TimeInterval) -> TimeInterval {
    switch step {
    case .tap(let target, let duration, let fingers), .press(let target, let duration, let fingers):
      let points = spread(location(of: target), fingers)
      send(points.enumerated().map { TouchInput(finger: $0.offset + 1, phase: .began, location: $0.element) }, at: time)
      send(
        points.enumerated().map { TouchInput(finger: $0.offset + 1, phase: .ended, location: $0.element) },
        at: time + duration)
      return time + duration
    case .drag(let target, let end, let duration, let steps, let fingers):
      let start = location(of: target)
      let finish: CGPoint
      switch end {
      case .target(let t): finish = location(of: t)
      case .offset(let d): finish = CGPoint(x: start.x + d.x, y: start.y + d.y)
      }
      let starts = spread(start, fingers)
      send(starts.enumerated().map { TouchInput(finger: $0.offset + 1, phase: .began, location: $0.element) }, at: time)
      var last = starts
      for i in 1...steps {
        let f = CGFloat(i) / CGFloat(steps)
        let p = CGPoint(x: start.x + (finish.x - start.x) * f, y: start.y + (finish.y - start.y) * f)
        last = spread(p, fingers)
        send(
          last.enumerated().map { TouchInput(finger: $0.offset + 1, phase: .moved, location: $0.element) },
          at: time + duration * Double(f))
      }
      send(
        last.enumerated().map { TouchInput(finger: $0.offset + 1, phase: .ended, location: $0.element) },
        at: time + duration)
      return time + duration
    case .down(let target, let finger):
      send([TouchInput(finger: finger, phase: .began, location: location(of: target))], at: time)
      return time
    case .move(let target, let finger, let duration, let steps):
      let start =
        scene.application.touchesOnScreen.first { $0.finger == finger }?.location(in: nil) ?? location(of: target)
      let finish = location(of: target)
      for i in 1...steps {
        let f = CGFloat(i) / CGFloat(steps)
        let p = CGPoint(x: start.x + (finish.x - start.x) * f, y: start.y + (finish.y - start.y) * f)
        send([TouchInput(finger: finger, phase: .moved, location: p)], at: time + duration * Double(f))
      }
      return time + duration
    case .up(let finger):
      let at = scene.application.touchesOnScreen.first { $0.finger == finger }?.location(in: nil) ?? .zero
      send([TouchInput(finger: finger, phase: .ended, location: at)], at: time)
      return time
    case .wait(let seconds):
      scene.application.clock.advance(to: min(time + seconds, cutoff))
      return time + seconds
    case .set(_, let apply):
      guard time <= cutoff else { return time }
      scene.application.clock.advance(to: time)
      apply()
      return time
    }
  }

  private func send(_ inputs: [TouchInput], at time: TimeInterval) {
    guard time <= cutoff, scene.overrun == nil else { return }
    scene.application.clock.advance(to: time)
    scene.application.sendTouches(inputs)
  }

  /// `fingers: N` puts N touches down together, 20 pt apart, centred on the target.
  private func spread(_ p: CGPoint, _ fingers: Int) -> [CGPoint] {
    let gap: CGFloat = 20
    let first = p.x - gap * CGFloat(fingers - 1) / 2
    return (0..<fingers).map { CGPoint(x: first + gap * CGFloat($0), y: p.y) }
  }

  /// A target's location in window points, now (a scroll may have moved it).
  public func location(of target: FingerTarget) -> CGPoint {
    switch target {
    case .point(let p): return p
    case .view(let id):
      guard let view = scene.objects[id] as? UIView else { return .zero }
      return view.convert(CGPoint(x: view.bounds.midX, y: view.bounds.midY), to: nil)
    case .pointInView(let id, let p):
      guard let view = scene.objects[id] as? UIView else { return .zero }
      return view.convert(p, to: nil)
    case .row(let row, let section, let table):
      return rowLocation(row: row, section: section, table: table)
    case .item(let item, let collection):
      return itemLocation(item: item, collection: collection)
    }
  }
}
