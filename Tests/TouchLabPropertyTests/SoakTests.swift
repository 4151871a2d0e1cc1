import Foundation
import Testing

@testable import TouchLabEngine
@testable import TouchLabLayout

/// A small, fast, seeded random source (SplitMix64): the soak is the same every run.
struct SoakRandom {
  var state: UInt64
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
  mutating func int(_ range: ClosedRange<Int>) -> Int {
    range.lowerBound + Int(next() % UInt64(range.count))
  }
}

/// The process's resident and peak memory (VmRSS, VmHWM in /proc/self/status), in KiB.
func memoryKiB() -> (rss: Int, peak: Int) {
  let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
  func field(_ name: String) -> Int {
    for line in status.split(separator: "\n") where line.hasPrefix(name + ":") {
      return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") ?? -1
    }
    return -1
  }
  return (field("VmRSS"), field("VmHWM"))
}

/// Weak references, pruned of the dead now and then.
struct WeakSet<T: AnyObject> {
  private var items: [ObjectIdentifier: () -> T?] = [:]
  mutating func insert(_ object: T) {
    items[ObjectIdentifier(object)] = { [weak object] in object }
  }
  /// The ones still alive (and forgets the others).
  mutating func alive() -> [T] {
    var live: [T] = []
    for (key, get) in items {
      if let object = get() { live.append(object) } else { items[key] = nil }
    }
    return live
  }
}

/// Drives a scene with random fingers: downs, moves, lifts of up to three fingers anywhere in
/// the window, flicks, presses past every recognizer's time-out, cancellations — on the
/// virtual clock. One call of `step` is one event (or a wait).
struct SoakDriver {
  let scene: Scene
  var random: SoakRandom
  var time: TimeInterval = 0
  var down: [Int: CGPoint] = [:]
  var events = 0
  var touchesSeen = WeakSet<UITouch>()

  init(scene: Scene, seed: UInt64) {
    self.scene = scene
    random = SoakRandom(state: seed)
  }

  mutating func step() {
    let app = scene.application
    let size = scene.window.bounds.size
    time += Double(random.int(0...20)) * 0.01
    let finger = random.int(1...3)
    let point = CGPoint(x: random.int(0...Int(size.width)), y: random.int(0...Int(size.height)))
    var inputs: [TouchInput] = []
    switch random.int(0...99) {
    case 0..<30:
      if let p = down[finger] {
        down[finger] = nil
        inputs = [TouchInput(finger: finger, phase: .ended, location: p)]
      } else {
        down[finger] = point
        inputs = [TouchInput(finger: finger, phase: .began, location: point)]
      }
    case 30..<90:
      guard let p = down[finger] else { return step() }
      let q = CGPoint(x: p.x + CGFloat(random.int(-40...40)), y: p.y + CGFloat(random.int(-60...60)))
      down[finger] = q
      inputs = [TouchInput(finger: finger, phase: .moved, location: q)]
    case 90..<93:
      app.clock.advance(to: time)
      app.cancelAllTouches()
      down.removeAll()
      events += 1
      return
    default:
      time += Double(random.int(0...150)) * 0.01  // past the long press, the tap's 0.75 s, a fling
      app.clock.advance(to: time)
      return
    }
    app.clock.advance(to: time)
    app.sendTouches(inputs)
    events += 1
    for touch in app.touchesOnScreen { touchesSeen.insert(touch) }
  }

  /// Lifts every finger and lets every timer fire.
  mutating func settle() {
    let app = scene.application
    time += 0.05
    app.clock.advance(to: time)
    if !down.isEmpty {
      app.sendTouches(down.keys.sorted().map { TouchInput(finger: $0, phase: .ended, location: down[$0]!) })
      down.removeAll()
    }
    time += 60
    while let next = app.clock.nextFireTime, next <= time { app.clock.fireNextTimer() }
    app.clock.advance(to: time)
  }
}

/// What the engine holds on to: the figures that would grow if something leaked.
struct Retained: CustomStringConvertible {
  var touches = 0
  var held = 0
  var involved = 0
  var recognizerTouches = 0
  var subviews = 0
  var cells = 0
  var records = 0

  init(_ scene: Scene, _ driver: inout SoakDriver) {
    let app = scene.application
    touches = driver.touchesSeen.alive().count
    held = app.heldTouches.count + app.eventQueue.count
    involved = app.gestureArena.involved.count
    var views: [UIView] = [scene.window]
    while let view = views.popLast() {
      subviews += view.subviews.count
      views += view.subviews
      for r in view.gestureRecognizers { recognizerTouches += r.trackedTouches.count + r.sequenceTouches.count }
      if let table = view as? UITableView { cells += table.cellsCreated }
    }
    records = scene.records.records.count
  }

  var description: String {
    "touches \(touches), held \(held), recognizers in a sequence \(involved), their touches "
      + "\(recognizerTouches), views \(subviews), cells made \(cells), records \(records)"
  }
}

/// A long run of random events through a real scene with memory flat, and no retain cycles
/// once a scene is dropped (docs/HARDENING.md has the figures of a 1,000,000-event run:
/// `TOUCHLAB_SOAK_EVENTS=1000000 swift test --skip-build --filter SoakTests/randomEvents`).
@Suite struct SoakTests {
  static let layout = BundledLayouts.folder.appendingPathComponent("playground.yaml").path

  @Test func randomEventsLeaveNothingBehind() throws {
    let scene = try LayoutLoader.load(path: Self.layout)
    scene.records.keepsRecords = false
    var driver = SoakDriver(scene: scene, seed: 6)
    let total = Settings.soakEvents
    let checkpoints = 10
    let memoryBefore = memoryKiB()
    let start = Date()
    var samples: [Retained] = []
    var rssByTenth: [Int] = []
    // A warm-up (a screenful of cells, the first recognizers' state), then the run in tenths;
    // at each tenth, what is retained with fingers still on the screen.
    while driver.events < min(2_000, total / 10) { driver.step() }
    let warm = Retained(scene, &driver)
    for checkpoint in 1...checkpoints {
      while driver.events < total * checkpoint / checkpoints { driver.step() }
      samples.append(Retained(scene, &driver))
      rssByTenth.append(memoryKiB().rss)
    }
    let seconds = Date().timeIntervalSince(start)
    let memoryAfter = memoryKiB()
    print(
      "soak: \(driver.events) events in \(String(format: "%.1f", seconds)) s; RSS \(memoryBefore.rss) KiB → "
        + "\(memoryAfter.rss) KiB (peak \(memoryAfter.peak) KiB); RSS at each tenth (KiB): \(rssByTenth); "
        + "retained at the last tenth: \(samples.last!)")

    // No growth: what is retained mid-run stays within what a few fingers on the screen
    // account for, from the first tenth to the last.
    for sample in samples {
      #expect(sample.touches <= 12, "touches alive: \(sample)")
      #expect(sample.held <= 6, "\(sample)")
      #expect(sample.recognizerTouches <= 60, "\(sample)")
      #expect(sample.records == 0, "keepsRecords = false keeps none")
      #expect(sample.cells <= warm.cells + 4, "cells are reused, not made anew: \(warm) → \(sample)")
      #expect(sample.subviews <= warm.subviews + 4, "\(warm) → \(sample)")
    }
    // And at rest, nothing at all.
    driver.settle()
    let rest = Retained(scene, &driver)
    #expect(rest.touches == 0 && rest.held == 0 && rest.involved == 0 && rest.recognizerTouches == 0, "\(rest)")
    #expect(!scene.application.clock.hasPendingTimers)
  }

  /// Plays every scenario of every bundled layout (and random fingers), drops the scene, and
  /// checks that the application, window, controllers, views, table cells, recognizers,
  /// delegates and touches all went with it: no retain cycles.
  @Test(arguments: BundledLayouts.names)
  func aDroppedSceneLeavesNoObjectBehind(_ name: String) throws {
    var objects = WeakSet<AnyObject>()
    var touches = WeakSet<UITouch>()
    var counted = 0
    try {
      let path = BundledLayouts.folder.appendingPathComponent(name).path
      let scene = try LayoutLoader.load(path: path)
      var driver = SoakDriver(scene: scene, seed: 7)
      for scenario in scene.scenarios {
        ScenarioPlayer(scene: scene).play(scenario)
      }
      driver.time = scene.application.clock.now
      for _ in 0..<500 { driver.step() }
      // Drop it mid-gesture: fingers down, timers pending, touches held.
      for touch in scene.application.touchesOnScreen { touches.insert(touch) }
      for touch in driver.touchesSeen.alive() { touches.insert(touch) }
      objects.insert(scene.application)
      objects.insert(scene.window)
      if let controller = scene.rootController { objects.insert(controller) }
      for object in scene.objects.values { objects.insert(object) }
      var views: [UIView] = [scene.window]
      while let view = views.popLast() {
        objects.insert(view)
        views += view.subviews
        if let controller = view.viewController { objects.insert(controller) }
        for recognizer in view.gestureRecognizers {
          objects.insert(recognizer)
          if let delegate = recognizer.delegate { objects.insert(delegate) }
        }
        if let table = view as? UITableView, let delegate = table.delegate { objects.insert(delegate) }
        if let scroll = view as? UIScrollView, let delegate = scroll.scrollDelegate { objects.insert(delegate) }
      }
      counted = objects.alive().count
    }()
    #expect(counted >= 5, "the scene had its objects")
    let left = objects.alive().map { String(describing: type(of: $0)) }
    #expect(left.isEmpty, "still alive after the scene was dropped: \(left.prefix(20))")
    #expect(touches.alive().isEmpty, "touches still alive after the scene was dropped")
  }
}
