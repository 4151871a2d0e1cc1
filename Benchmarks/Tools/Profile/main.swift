import BenchSupport
import Foundation
import TouchLabCanvas
import TouchLabEngine
import TouchLabLayout
import TouchLabRecords
import TouchLabRender

// One benchmark's work in a loop, for a profiler:
//
//   valgrind --tool=callgrind .build/release/touchlab-profile pan-playground 20000
//
// Records are followed as in the live window (Support/Fingers.swift, TranscriptFollower).
// Workloads: pan-playground, pan-table10k, tap-button, tap-row0, hittest-balanced10000,
// hittest-chain1000, drag-frame-scale2, drag-frame-scale3 (the Render benchmark's
// frame.drag: a motion and the frame that shows it, damage drawn onto an image surface).
// The set-up runs before the loop; callgrind's totals include it.

let workload = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : "pan-playground"
// How many moves or frames: a whole number from 1 to 10,000,000 (10,000 by default).
let count = CommandLine.arguments.count > 2 ? min(max(Int(CommandLine.arguments[2]) ?? 10_000, 1), 10_000_000) : 10_000

func pan(_ scene: Scene, at target: FingerTarget) {
  let follower = TranscriptFollower(scene)
  defer { print("transcript lines: \(follower.linesSeen)") }
  let driver = PanDriver(scene: scene, at: BenchScenes.location(of: target, in: scene), amplitude: 200)
  driver.begin()
  for _ in 0..<count { driver.move() }
}

func tap(_ scene: Scene, at target: FingerTarget) {
  let follower = TranscriptFollower(scene)
  defer { print("transcript lines: \(follower.linesSeen)") }
  let driver = TapDriver(scene: scene, at: BenchScenes.location(of: target, in: scene))
  for _ in 0..<count {
    driver.tap()
    driver.settle()
  }
}

func hitTest(_ window: UIWindow) {
  let points = HitTestTrees.points(4096)
  var hits = 0
  for i in 0..<count where window.hitTest(points[i & 4095], with: nil) != nil { hits += 1 }
  print("hits: \(hits), views visited: \(VisitCounter.visits)")
}

/// The live window's motion frame, as the Render benchmark's `DragFrame`: a motion of 2
/// points every 8 ms back and forth over 40 points on the playground's yellow view, and the
/// frame that shows it drawn with damage.
func dragFrames(scale: Double) {
  let drag = DragMotions()
  let renderer: SceneRenderer
  let canvas: CairoCanvas
  do {
    renderer = SceneRenderer(theme: try Theme.loadDefault())
    canvas = try CairoCanvas(size: SceneRenderer.frameSize(for: drag.scene.window, showsPanel: true), scale: scale)
  } catch {
    fatalError("touchlab-profile: \(error)")
  }
  let tracker = FrameDamageTracker()
  var content = FrameContent(
    window: drag.scene.window, overlay: drag.overlay.state, transcript: [], title: drag.scene.title,
    keyHelp: ["Q or Esc: quit"], now: drag.application.clock.now)
  for _ in 0...count {
    drag.next()
    content.overlay = drag.overlay.state
    content.now = drag.application.clock.now
    _ = renderer.draw(content, on: canvas, tracking: tracker)
  }
}

switch workload {
case "drag-frame-scale2": dragFrames(scale: 2)
case "drag-frame-scale3": dragFrames(scale: 3)
case "pan-playground": pan(BenchScenes.load("playground.yaml"), at: .view("tile2"))
case "pan-table10k": pan(BenchScenes.table10k(), at: .point(CGPoint(x: 195, y: 500)))
case "tap-button": tap(BenchScenes.load("table-cell-conflict.yaml"), at: .view("button"))
case "tap-row0": tap(BenchScenes.load("table-cell-conflict.yaml"), at: .row(0, section: 0, table: "table"))
case "hittest-balanced10000": hitTest(HitTestTrees.balanced(levels: 4).window)
case "hittest-chain1000": hitTest(HitTestTrees.chain(depth: 1000))
default:
  FileHandle.standardError.write(Data("touchlab-profile: unknown workload \(workload)\n".utf8))
  exit(2)
}
