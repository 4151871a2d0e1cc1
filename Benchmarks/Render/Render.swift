import BenchSupport
import Benchmark
import Foundation
import TouchLabEngine
import TouchLabLayout
import TouchLabRender

// Figure 4 of docs/PERFORMANCE.md: one whole frame of the playground as the window draws
// it (the scene, the touch overlay, the transcript panel) onto an image surface kept from
// frame to frame, at scale 1 and 2.

final class Frame {
  let renderer: SceneRenderer
  let content: FrameContent
  let canvas: Canvas

  init(scale: Double) {
    let scene = BenchScenes.load("playground.yaml")
    // Something for the overlay and the panel to show: a press on a row, held.
    let player = ScenarioPlayer(scene: scene)
    if let scenario = scene.scenario(named: "quick-tap-row") { player.play(scenario) }
    let overlay = TouchOverlay(application: scene.application)
    scene.application.sendTouches([
      TouchInput(finger: 1, phase: .began, location: player.location(of: .row(0, section: 0, table: "table")))
    ])
    let lines = TranscriptFormatter(showsTimes: true).lines(scene.records.records)
    let theme: Theme
    do {
      theme = try Theme.loadDefault()
    } catch {
      fatalError("cannot load the theme: \(error)")
    }
    renderer = SceneRenderer(theme: theme)
    content = FrameContent(
      window: scene.window, overlay: overlay, transcript: lines, title: scene.title, now: scene.application.clock.now)
    do {
      canvas = try Canvas(size: renderer.frameSize(for: scene.window, showsPanel: true), scale: scale)
    } catch {
      fatalError("cannot make a canvas: \(error)")
    }
  }

  @inline(never)
  func draw() { renderer.draw(content, on: canvas) }
}

final class Box<T> {
  var value: T?
}

func frameBenchmark(_ name: String, scale: Double) {
  let frame = Box<Frame>()
  Benchmark(
    name,
    configuration: .init(
      metrics: [.wallClock, .mallocCountTotal], timeUnits: .microseconds, units: [.mallocCountTotal: .count],
      warmupIterations: 10,
      scalingFactor: .one, maxDuration: .seconds(4), maxIterations: 5_000),
    closure: { benchmark in
      let frame = frame.value!
      for _ in benchmark.scaledIterations { frame.draw() }
    },
    setup: { frame.value = Frame(scale: scale) },
    teardown: { frame.value = nil })
}

let benchmarks: @Sendable () -> Void = {
  frameBenchmark("frame.playground.scale1", scale: 1)
  frameBenchmark("frame.playground.scale2", scale: 2)
}
