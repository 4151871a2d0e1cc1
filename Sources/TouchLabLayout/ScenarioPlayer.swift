import Foundation
import TouchLabEngine

/// Replays a scenario on the scene's virtual clock: each step's touches at their times,
/// then the clock runs on until no timer is pending (at most 10 s), so delayed deliveries
/// and recognizer time-outs show up (LAYOUTS.md).
public struct ScenarioPlayer {
  public let scene: Scene
  /// How long the clock may run on after the last step.
  public var settleLimit: TimeInterval = 10
  /// Touches due after this time are not sent (`play(_:until:)`).
  private var cutoff: TimeInterval = .infinity

  public init(scene: Scene) { self.scene = scene }

  /// Plays every step, then lets pending timers fire. Returns the time it stopped at.
  @discardableResult
  public func play(_ scenario: Scenario) -> TimeInterval {
    var time = scene.application.clock.now
    for step in scenario.steps { time = play(step, at: time) }
    let clock = scene.application.clock
    clock.advance(to: time)
    let limit = time + settleLimit
    while let next = clock.nextFireTime, next <= limit { clock.fireNextTimer() }
    return max(time, clock.now)
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
    var time = clock.now
    for step in scenario.steps {
      guard time <= end else { break }
      time = player.play(step, at: time)
    }
    clock.advance(to: end)
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
    guard time <= cutoff else { return }
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

/// How a transcript is printed.
public struct TranscriptFormatter {
  public var showsTimes = false

  public init(showsTimes: Bool = false) { self.showsTimes = showsTimes }

  /// The transcript lines: one per logged call, action or print.
  public func lines(_ records: [DeliveryRecord]) -> [String] {
    records.compactMap(line)
  }

  /// A record's transcript line, or nil when it has none. Control characters in it (a
  /// `print:` text's newline or escape) are written out (`\n`, `\u{1B}`): one record, one
  /// line, and nothing for the terminal to act on.
  public func line(_ record: DeliveryRecord) -> String? {
    guard let line = record.line?.escapingControlCharacters else { return nil }
    return showsTimes ? "\(Self.timeStamp(record.time)) \(line)" : line
  }

  /// `[0.150]`
  public static func timeStamp(_ time: TimeInterval) -> String {
    "[" + String(format: "%.3f", time) + "]"
  }

  /// One JSON object per record: time, kind, receiver class and id, method or action,
  /// touch ids, outcome, and the transcript line; then the schema version, the typed
  /// event's fields and the cause (docs/records.md).
  public static func json(_ record: DeliveryRecord) -> String {
    var fields: [String] = [
      "\"time\":\(String(format: "%.3f", record.time))",
      "\"kind\":\(quote(record.kind.rawValue))",
      "\"receiver\":\(quote(record.receiver))",
    ]
    if let id = record.receiverID { fields.append("\"id\":\(quote(id))") }
    fields.append("\"method\":\(quote(record.method))")
    fields.append("\"touches\":[\(record.touchIDs.map(String.init).joined(separator: ","))]")
    fields.append("\"outcome\":\(quote(record.outcome.rawValue))")
    if let line = record.line { fields.append("\"line\":\(quote(line))") }
    fields += typedFields(record)
    return "{" + fields.joined(separator: ",") + "}"
  }

  static func quote(_ s: String) -> String {
    var out = "\""
    for scalar in s.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      default:
        if scalar.value < 0x20 {
          out += String(format: "\\u%04x", scalar.value)
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out + "\""
  }
}
