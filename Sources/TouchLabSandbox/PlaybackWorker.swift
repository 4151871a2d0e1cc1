import Foundation
import TouchLabLayout
import TouchLabX11

/// The costly part of a play or a review, off the window's loop thread: the scenes its view
/// tree shows (each the layout loaded and played through a number of records: a file read
/// and a replay of up to every input), and a whole play made again (a property flipped, the
/// file saved). With a `waker` the work runs on a serial queue of its own at background
/// priority (`BackgroundQueue`: the frames come first) and the waker
/// wakes the loop when some is done (`takeFinished()` gives it); without one (tests of the
/// playback alone) it runs at once on the caller's thread.
///
/// Each scene is built once and kept (up to `capacity`, those farthest from the latest
/// asked for dropped first): showing a record again costs nothing. While one is being built
/// the loop shows the one before; of the counts asked for meanwhile only the latest is
/// built (a play at 60 frames a second asks more often than a long replay can follow).
final class PlaybackWorker: @unchecked Sendable {
  /// One scene to build: the layout played through `count` records, the last of them at
  /// `time` (with none, `time` is where the strip starts).
  struct Snapshot: Equatable {
    var count: Int
    var time: TimeInterval
    /// Which records the scenes are of (a play made again has new ones).
    var generation: Int
  }

  /// Builds a snapshot's scene; nil when the layout cannot load. Called on the queue: it may
  /// read nothing the loop's thread changes.
  typealias Build = (_ count: Int, _ time: TimeInterval) -> Scene?

  /// Builds the current generation's scenes (the loop's thread only; each job carries its own).
  private var build: Build
  private let waker: LoopWaker?
  private let queue: BackgroundQueue?
  private let lock = NSLock()

  // Under `lock`: what the queue is to build next, whether it is at work, what it finished.
  private var wanted: (snapshot: Snapshot, build: Build)?
  private var building: Snapshot?
  private var isDraining = false
  private var finishedScenes: [(snapshot: Snapshot, scene: Scene?)] = []
  private var finishedPlay: (generation: Int, result: Result<ScenarioPlayback.Play, Error>)?

  // The loop's thread only.
  private var kept: [Int: Scene] = [:]
  /// Counts whose build failed (the layout did not load): not asked for again.
  private var failed: Set<Int> = []
  /// The records' generation: scenes of an older one are dropped.
  private var generation = 0
  private var playGeneration = 0

  /// The most scenes kept.
  static let capacity = 32

  /// Scenes built on the caller's thread (no queue), and on the queue (under `lock`).
  private var callerBuilds = 0
  private var offLoopBuilds = 0
  var builds: (onCaller: Int, offLoop: Int) {
    lock.lock()
    defer { lock.unlock() }
    return (callerBuilds, offLoopBuilds)
  }

  init(waker: LoopWaker?, build: @escaping Build) {
    self.build = build
    self.waker = waker
    queue = waker == nil ? nil : BackgroundQueue(name: "touchlab play")
  }

  /// The scene played through `count` records, the last at `time`, if it is built; else nil,
  /// and it is asked for.
  func scene(through count: Int, at time: TimeInterval) -> Scene? {
    takeFinishedScenes()
    if let scene = kept[count] { return scene }
    guard !failed.contains(count) else { return nil }
    let snapshot = Snapshot(count: count, time: time, generation: generation)
    guard let queue else {
      callerBuilds += 1
      keep(build(count, time), for: snapshot)
      return kept[count]
    }
    lock.lock()
    let underWay = building == snapshot || wanted?.snapshot == snapshot
    if !underWay { wanted = (snapshot, build) }
    let start = !isDraining && !underWay
    if start { isDraining = true }
    lock.unlock()
    if start { queue.async { [self] in drain() } }
    return nil
  }

  /// On the queue: builds the latest snapshot asked for, until none is left.
  private func drain() {
    while true {
      lock.lock()
      guard let (snapshot, build) = wanted else {
        isDraining = false
        lock.unlock()
        return
      }
      wanted = nil
      building = snapshot
      lock.unlock()
      let scene = build(snapshot.count, snapshot.time)
      lock.lock()
      offLoopBuilds += 1
      lock.unlock()
      lock.lock()
      building = nil
      finishedScenes.append((snapshot, scene))
      lock.unlock()
      waker?.wake()
    }
  }

  /// Moves the scenes built meanwhile into `kept`; true when there were some of the
  /// records shown.
  @discardableResult
  private func takeFinishedScenes() -> Bool {
    lock.lock()
    let finished = finishedScenes
    finishedScenes = []
    lock.unlock()
    var any = false
    for (snapshot, scene) in finished where snapshot.generation == generation {
      keep(scene, for: snapshot)
      any = true
    }
    return any
  }

  private func keep(_ scene: Scene?, for snapshot: Snapshot) {
    let count = snapshot.count
    guard let scene else {
      failed.insert(count)
      return
    }
    kept[count] = scene
    if kept.count > Self.capacity, let farthest = kept.keys.max(by: { abs($0 - count) < abs($1 - count) }) {
      kept[farthest] = nil
    }
  }

  /// Forgets every scene: the records they were played through changed; `build` builds the
  /// new ones.
  func forgetScenes(build: @escaping Build) {
    self.build = build
    generation += 1
    kept = [:]
    failed = []
    lock.lock()
    wanted = nil
    lock.unlock()
  }

  /// Makes the play again with `play` — off the loop with a queue (nil is returned, and
  /// `takeFinished()` gives the result), else at once. A play asked for before it and not
  /// yet taken is superseded.
  func replay(_ play: @escaping () throws -> ScenarioPlayback.Play) -> Result<ScenarioPlayback.Play, Error>? {
    playGeneration += 1
    guard let queue else { return Result { try play() } }
    let generation = playGeneration
    queue.async { [self] in
      let result = Result { try play() }
      lock.lock()
      finishedPlay = (generation, result)
      lock.unlock()
      waker?.wake()
    }
    return nil
  }

  /// What finished off the loop since last asked: the latest play made again (nil: none),
  /// and whether scenes arrived.
  func takeFinished() -> (play: Result<ScenarioPlayback.Play, Error>?, scenes: Bool) {
    let scenes = takeFinishedScenes()
    lock.lock()
    let play = finishedPlay
    finishedPlay = nil
    lock.unlock()
    guard let play, play.generation == playGeneration else { return (nil, scenes) }
    return (play.result, scenes)
  }

  /// Waits until the queue has done everything asked of it so far (tests; the window never
  /// waits).
  func waitUntilIdle() {
    while true {
      queue?.sync {}
      lock.lock()
      let idle = !isDraining
      lock.unlock()
      if idle { return }
    }
  }
}
