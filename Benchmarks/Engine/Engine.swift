import BenchSupport
import Benchmark
import Foundation
import TouchLabEngine
import TouchLabLayout

// The engine's figures (docs/PERFORMANCE.md 1–3): one touch move, one hit-test, one tap.
// One iteration is one event (or one hit-test, one tap), so the percentiles are per event
// and "Malloc (total)" is the allocations of one event.

/// Per-benchmark state, made in the benchmark's setup (only benchmarks that run pay for it).
final class Box<T> {
  var value: T?
}

func check(_ problem: String?) {
  if let problem { fatalError("benchmark check failed: \(problem)") }
}

/// Counts print as counts (package-benchmark would otherwise scale 11,110 views to "11 K").
let countUnits: [BenchmarkMetric: BenchmarkUnits] = [
  .mallocCountTotal: .count, .custom("visits"): .count, .custom("views"): .count,
]

let eventConfiguration = Benchmark.Configuration(
  metrics: [.wallClock, .mallocCountTotal], timeUnits: .nanoseconds, units: countUnits, warmupIterations: 2_000,
  scalingFactor: .one, maxDuration: .seconds(3), maxIterations: 200_000)

/// Views asked `point(inside:with:)` by one hit-test, and views in the tree (a constant).
let visits = BenchmarkMetric.custom("visits", polarity: .prefersSmaller, useScalingFactor: false)
let views = BenchmarkMetric.custom("views", polarity: .prefersSmaller, useScalingFactor: false)

let hitTestConfiguration = Benchmark.Configuration(
  metrics: [.wallClock, .mallocCountTotal, visits, views], timeUnits: .nanoseconds, units: countUnits,
  warmupIterations: 1_000,
  scalingFactor: .one, maxDuration: .seconds(2), maxIterations: 100_000)

let tapConfiguration = Benchmark.Configuration(
  metrics: [.wallClock, .mallocCountTotal], timeUnits: .nanoseconds, units: countUnits, warmupIterations: 500,
  scalingFactor: .one, maxDuration: .seconds(3), maxIterations: 50_000)

/// A pan that keeps moving, one move per iteration, as the live window sees it: records are
/// not kept, and a follower formats each transcript line, as the window's panel does.
func panBenchmark(_ name: String, scene makeScene: @escaping () -> Scene, scroll: String, at target: FingerTarget) {
  let pan = Box<(driver: PanDriver, follower: TranscriptFollower)>()
  Benchmark(
    name, configuration: eventConfiguration,
    closure: { benchmark in
      let driver = pan.value!.driver
      for _ in benchmark.scaledIterations { driver.move() }
    },
    setup: {
      check(Checks.panScrolls(makeScene, scrollID: scroll, at: target))
      let scene = makeScene()
      let follower = TranscriptFollower(scene)
      let driver = PanDriver(scene: scene, at: BenchScenes.location(of: target, in: scene), amplitude: 200)
      driver.begin()
      pan.value = (driver, follower)
    },
    teardown: { pan.value = nil })
}

/// One hit-test pass (`hitTest(_:with:)` on the window) at points spread over the window.
func hitTestBenchmark(_ name: String, tree makeTree: @escaping () -> (window: UIWindow, views: Int)) {
  let state = Box<(window: UIWindow, views: Int, points: [CGPoint])>()
  var index = 0
  Benchmark(
    name, configuration: hitTestConfiguration,
    closure: { benchmark in
      let (window, count, points) = state.value!
      let point = points[index & (points.count - 1)]
      index += 1
      VisitCounter.visits = 0
      benchmark.startMeasurement()
      blackHole(window.hitTest(point, with: nil))
      benchmark.stopMeasurement()
      benchmark.measurement(visits, VisitCounter.visits)
      benchmark.measurement(views, count)
    },
    setup: {
      let (window, count) = makeTree()
      let points = HitTestTrees.points(4096)
      guard window.hitTest(points[0], with: nil) is CountingView else { fatalError("\(name): the tree was not hit") }
      state.value = (window, count, points)
    },
    teardown: { state.value = nil })
}

/// A whole tap, began to ended, with a follower as in the live window; what it leaves
/// pending runs out outside the measurement.
func tapBenchmark(_ name: String, scene makeScene: @escaping () -> Scene, at target: FingerTarget, prints line: String)
{
  let tap = Box<(driver: TapDriver, follower: TranscriptFollower)>()
  Benchmark(
    name, configuration: tapConfiguration,
    closure: { benchmark in
      let driver = tap.value!.driver
      benchmark.startMeasurement()
      driver.tap()
      benchmark.stopMeasurement()
      driver.settle()
    },
    setup: {
      check(Checks.tapPrints(makeScene, at: target, line))
      let scene = makeScene()
      let follower = TranscriptFollower(scene)
      tap.value = (TapDriver(scene: scene, at: BenchScenes.location(of: target, in: scene)), follower)
    },
    teardown: { tap.value = nil })
}

let benchmarks: @Sendable () -> Void = {
  // 1. A touch move: a pan in the playground's scroll view, and in a 10,000-row table.
  panBenchmark(
    "dispatch.move.playground", scene: { BenchScenes.load("playground.yaml") }, scroll: "scroll",
    at: .view("tile2"))
  panBenchmark(
    "dispatch.move.table10k", scene: BenchScenes.table10k, scroll: "table", at: .point(CGPoint(x: 195, y: 500)))

  // 2. Hit-testing: balanced trees of fan-out 10 (100, 1,000, 10,000 leaves; 110, 1,110 and
  // 11,110 views under the window) and a chain 1,000 deep.
  hitTestBenchmark("hittest.balanced100") { HitTestTrees.balanced(levels: 2) }
  hitTestBenchmark("hittest.balanced1000") { HitTestTrees.balanced(levels: 3) }
  hitTestBenchmark("hittest.balanced10000") { HitTestTrees.balanced(levels: 4) }
  hitTestBenchmark("hittest.chain1000") { (HitTestTrees.chain(depth: 1000), 1000) }

  // 3. A whole tap in the table-cell conflict: the button in row 1, and a quick tap on row 0.
  tapBenchmark(
    "tap.button", scene: { BenchScenes.load("table-cell-conflict.yaml") }, at: .view("button"),
    prints: "button clicked!")
  tapBenchmark(
    "tap.row0", scene: { BenchScenes.load("table-cell-conflict.yaml") }, at: .row(0, section: 0, table: "table"),
    prints: "backview taped")
}
