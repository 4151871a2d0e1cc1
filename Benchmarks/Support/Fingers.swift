import Foundation
import TouchLabEngine
import TouchLabLayout
import TouchLabRecords

/// One finger that lands and then pans up and back down, over and over, one move per call:
/// a move every 1/60 s, `step` points each. Each move is what the live window does with one
/// input event: move the engine clock to the event's time (firing any timer due), then
/// send the touch.
public final class PanDriver {
  public let scene: Scene
  public let start: CGPoint
  public let amplitude: CGFloat
  public let step: CGFloat
  public static let interval: TimeInterval = 1.0 / 60
  public private(set) var time: TimeInterval = 0
  private var displacement: CGFloat = 0
  private var direction: CGFloat = -1
  private let finger = 1

  public init(scene: Scene, at start: CGPoint, amplitude: CGFloat, step: CGFloat = 10) {
    self.scene = scene
    self.start = start
    self.amplitude = amplitude
    self.step = step
  }

  /// Puts the finger down a second after anything still pending.
  public func begin() {
    displacement = 0
    direction = -1
    time = scene.application.clock.now + 1
    send(.began)
  }

  /// One move: up by `step` until `amplitude`, then back down to where it landed.
  @inline(never)
  public func move() {
    displacement += direction * step
    if displacement <= -amplitude {
      direction = 1
    } else if displacement >= 0 {
      direction = -1
    }
    time += Self.interval
    send(.moved)
  }

  /// Lifts the finger and lets the scroll view come to rest.
  public func end() {
    time += Self.interval
    send(.ended)
    time += 10
    scene.application.clock.advance(to: time)
  }

  private func send(_ phase: TouchInput.Phase) {
    let application = scene.application
    application.clock.advance(to: time)
    application.sendTouches([
      TouchInput(finger: finger, phase: phase, location: CGPoint(x: start.x, y: start.y + displacement))
    ])
  }
}

/// Taps one place: down, 0.05 s later up, on the engine clock; taps are 2 s apart so no two
/// make a double tap.
public final class TapDriver {
  public let scene: Scene
  public let location: CGPoint
  public let duration: TimeInterval
  public private(set) var time: TimeInterval = 0

  public init(scene: Scene, at location: CGPoint, duration: TimeInterval = 0.05) {
    self.scene = scene
    self.location = location
    self.duration = duration
    time = scene.application.clock.now
  }

  /// The whole tap: the touch goes down, the clock runs 0.05 s (timers due fire), it lifts.
  @inline(never)
  public func tap() {
    let application = scene.application
    time += 2
    application.clock.advance(to: time)
    application.sendTouches([TouchInput(finger: 1, phase: .began, location: location)])
    application.clock.advance(to: time + duration)
    application.sendTouches([TouchInput(finger: 1, phase: .ended, location: location)])
  }

  /// Lets what the tap left pending run out (timers after the lift).
  public func settle() {
    scene.application.clock.advance(to: time + 1.5)
  }
}

/// Checks that a driver does what its benchmark claims, on a scene of its own, before any
/// figure is taken: a benchmark that silently measures nothing is worse than none.
public enum Checks {
  /// The scroll view scrolls under a pan.
  public static func panScrolls(_ makeScene: () -> Scene, scrollID: String, at target: FingerTarget) -> String? {
    let scene = makeScene()
    guard let scroll = scene.objects[scrollID] as? UIScrollView else { return "no scroll view '\(scrollID)'" }
    let driver = PanDriver(scene: scene, at: BenchScenes.location(of: target, in: scene), amplitude: 200)
    let before = scroll.contentOffset
    driver.begin()
    for _ in 0..<15 { driver.move() }
    guard scroll.isDragging, scroll.contentOffset.y > before.y + 50 else {
      return "a pan on \(target) did not scroll '\(scrollID)' (offset \(before) → \(scroll.contentOffset))"
    }
    return nil
  }

  /// A tap prints the expected transcript line.
  public static func tapPrints(_ makeScene: () -> Scene, at target: FingerTarget, _ line: String) -> String? {
    let scene = makeScene()
    let driver = TapDriver(scene: scene, at: BenchScenes.location(of: target, in: scene))
    driver.tap()
    driver.settle()
    let transcript = scene.records.transcript
    guard transcript.contains(line) else { return "a tap on \(target) printed \(transcript), not '\(line)'" }
    return nil
  }
}

/// Reads records the way the live window does: none kept by the recorder, every record
/// handed to an observer that keeps the last 500 transcript lines for the panel. (The window
/// also writes each line's `[time] ` prefix with `String(format:)`, about 8,000 instructions
/// a line; that is the panel's cost, not the engine's, and is left out here.)
public final class TranscriptFollower {
  public static let limit = 500
  public private(set) var recent: [(time: TimeInterval, line: String)] = []
  public private(set) var linesSeen = 0
  private var next = 0

  public init(_ scene: Scene) {
    scene.records.keepsRecords = false
    scene.records.addObserver { [unowned self] record in
      guard let line = record.line else { return }
      self.add((record.time, line))
    }
  }

  private func add(_ line: (time: TimeInterval, line: String)) {
    linesSeen += 1
    if recent.count < Self.limit {
      recent.append(line)
    } else {
      recent[next] = line
      next = (next + 1) % Self.limit
    }
  }
}
