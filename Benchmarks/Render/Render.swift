import BenchSupport
import Benchmark
import Foundation
import TouchLabCanvas
import TouchLabEngine
import TouchLabLayout
import TouchLabRecords
import TouchLabRender
import TouchLabSandbox
import TouchLabX11

// Figure 4 of docs/PERFORMANCE.md: one whole frame of the playground as the window draws
// it (the scene, the touch overlay, the transcript panel) onto an image surface kept from
// frame to frame, at scale 1 and 2; and the live window's frame drawn and sent to an X
// server ($DISPLAY; Benchmarks/run starts an Xvfb for it), as the window sends it.

final class Frame {
  let renderer: SceneRenderer
  var content: FrameContent
  let canvas: CairoCanvas
  /// For damage frames: what the last one drew.
  let tracker = FrameDamageTracker()
  let scale: Double
  /// For frames sent: the window they go to, and its size in pixels.
  private(set) var window: X11Window?
  let pixels: (width: Int, height: Int)

  /// The keys and mouse lines the window's panel shows at its foot (as many, as long).
  static let keyHelp = [
    "N or →: next layout in the folder", "P or ←: previous layout", "R: reload (also on its own when saved)",
    "O: overlay on/off", "C: clear the log", "S: screenshot (PNG in the current folder)", "Q or Esc: quit",
    "Mouse: one finger", "Alt or Ctrl + mouse: two fingers, mirrored about the centre",
  ]

  /// `fullPanel`: the panel's whole list of 500 lines (TranscriptLog.recentLineLimit), as
  /// after a while of use, instead of the few lines of one tap.
  init(scale: Double, fullPanel: Bool = false) {
    self.scale = scale
    let scene = BenchScenes.load("playground.yaml")
    let application = scene.application
    // Something for the overlay and the panel to show: a quick tap on a row (a finished
    // touch and its transcript), then a press on the row 0.05 s old, held back by the table
    // (a live touch with its receivers and the countdowns of its running deadlines).
    let overlay = TouchOverlay(application: scene.application)
    let player = ScenarioPlayer(scene: scene)
    if let scenario = scene.scenario(named: "quick-tap-row") { player.play(scenario) }
    let pressed = application.clock.now + 0.5
    application.clock.advance(to: pressed)
    application.sendTouches([
      TouchInput(finger: 1, phase: .began, location: player.location(of: .row(0, section: 0, table: "table")))
    ])
    application.clock.advance(to: pressed + 0.05)
    var lines = scene.records.records.compactMap { record in
      TranscriptFormatter().line(record).map { TranscriptEntry.line(TranscriptTime(record.time), $0) }
    }
    if fullPanel {
      let some = lines
      lines = (0..<500).map { index in
        guard case .line(_, let text) = some[index % some.count] else { return some[index % some.count] }
        return .line(TranscriptTime(Double(index) * 0.016), text)
      }
    }
    renderer = Self.makeRenderer()
    content = FrameContent(
      window: scene.window, overlay: overlay.state, transcript: lines, title: scene.title, keyHelp: Self.keyHelp,
      now: application.clock.now)
    let size = SceneRenderer.frameSize(for: scene.window, showsPanel: true)
    pixels = LiveSandbox.pixelSize(of: size, scale: scale)
    canvas = Self.makeCanvas(size: size, scale: scale)
  }

  /// The window's renderer, with the default theme.
  static func makeRenderer() -> SceneRenderer {
    do {
      return SceneRenderer(theme: try Theme.loadDefault())
    } catch {
      fatalError("cannot load the theme: \(error)")
    }
  }

  /// An image canvas for frames of `size` points at `scale`.
  static func makeCanvas(size: CanvasSize, scale: Double) -> CairoCanvas {
    do {
      return try CairoCanvas(size: size, scale: scale)
    } catch {
      fatalError("cannot make a canvas: \(error)")
    }
  }

  /// Opens a window of the frame's size on $DISPLAY; `sharedMemory: false` sends with
  /// `XPutImage`, as a server without MIT-SHM makes the window do.
  func openWindow(sharedMemory: Bool) {
    do {
      window = try X11Window(
        title: "TouchLab frame benchmark", width: pixels.width, height: pixels.height, icon: nil,
        sharedMemory: sharedMemory)
    } catch {
      fatalError("cannot open a window: \(error)")
    }
    window?.synchronize()
  }

  @inline(never)
  func draw() { renderer.draw(content, on: canvas) }

  /// How many damage frames were drawn, and the clock of the first (0.05 s into the hold).
  private var damageFrames = 0
  private lazy var pressTime = content.now

  /// The next damage frame's clock: a 120th of a second on, in turn through the first tenth
  /// of a second of the hold, where the card counts down to the 0.15 s deadline. Every frame
  /// then changes the card (a clock moved on without a wrap would pass the hold's deadlines
  /// within a second, and every frame after them would change nothing).
  private func advanceDamageClock() {
    content.now = pressTime + Double(damageFrames % 12) / 120
    damageFrames += 1
    if changesPanel { addPanelLine() }
  }

  /// Whether every damage frame also gets a new transcript line (`frame.panelnew.*`).
  var changesPanel = false

  /// A line the panel has never shown — its text (a number of its own) is in no layout
  /// cache, so it is shaped anew — at the foot of the full panel, the oldest line gone:
  /// every line of the panel moves up one, as when a drag logs a move a frame.
  private func addPanelLine() {
    let time = TranscriptTime(8 + Double(damageFrames) * 0.008)
    let line = "-[YellowView touchesMoved:withEvent:] move \(damageFrames) at (\(damageFrames % 390), 156)"
    content.transcript.append(.line(time, line))
    if content.transcript.count > 500 { content.transcript.removeFirst(content.transcript.count - 500) }
  }

  /// A frame as the live window draws it while the finger is held: the clock a 120th of a
  /// second on (the card's countdowns move), only what changed drawn (damage drawing).
  @inline(never)
  func drawDamage() {
    advanceDamageClock()
    _ = renderer.draw(content, on: canvas, tracking: tracker)
  }

  /// The live window's frame as `drawDamage`, and sent as the window sends it
  /// (`LiveSandbox.drawDamage`): drawn pass by pass into the window's strip, put on the window
  /// with MIT-SHM (then waiting until the server has read it) or `XPutImage` (flushed).
  @inline(never)
  func drawDamageAndSend() {
    advanceDamageClock()
    guard let window else { return }
    _ = LiveSandbox.drawDamage(content, renderer: renderer, tracking: tracker, on: window, pixels: pixels, scale: scale)
  }
}

/// The live window's frames through a drag on the playground's yellow view, as
/// `touchlab-live`'s drag (a motion of 2 points every 8 ms, back and forth over 40 points):
/// each frame the finger's mark, the line to its card and the card's figures move; only what
/// changed is drawn (damage drawing). The view logs no moves, so the panel stays.
final class DragFrame {
  let renderer: SceneRenderer
  let drag = DragMotions()
  var content: FrameContent
  let canvas: CairoCanvas
  let tracker = FrameDamageTracker()

  init(scale: Double) {
    renderer = Frame.makeRenderer()
    let scene = drag.scene
    content = FrameContent(
      window: scene.window, overlay: drag.overlay.state, transcript: [], title: scene.title, keyHelp: Frame.keyHelp,
      now: drag.application.clock.now)
    canvas = Frame.makeCanvas(size: SceneRenderer.frameSize(for: scene.window, showsPanel: true), scale: scale)
  }

  /// The next motion, and the frame that shows it drawn with damage.
  @inline(never)
  func drawNextMotion() {
    drag.next()
    content.overlay = drag.overlay.state
    content.now = drag.application.clock.now
    _ = renderer.draw(content, on: canvas, tracking: tracker)
  }
}

/// Every frame benchmark's: wall clock and allocations, up to 4 s or 5,000 frames.
let frameConfiguration = Benchmark.Configuration(
  metrics: [.wallClock, .mallocCountTotal], timeUnits: .microseconds, units: [.mallocCountTotal: .count],
  warmupIterations: 10, scalingFactor: .one, maxDuration: .seconds(4), maxIterations: 5_000)

func dragFrameBenchmark(scale: Double) {
  let frame = Box<DragFrame>()
  Benchmark(
    "frame.drag.scale\(Int(scale)).damage",
    configuration: frameConfiguration,
    closure: { benchmark in
      let frame = frame.value!
      for _ in benchmark.scaledIterations { frame.drawNextMotion() }
    },
    setup: {
      let made = DragFrame(scale: scale)
      made.drawNextMotion()  // the first, whole
      if let folder = ProcessInfo.processInfo.environment["TOUCHLAB_BENCH_FRAME"] {
        made.renderer.draw(made.content, on: made.canvas)
        try made.canvas.writePNG(
          to: URL(fileURLWithPath: folder).appendingPathComponent("frame.drag.scale\(Int(scale)).png"))
      }
      frame.value = made
    },
    teardown: { frame.value = nil })
}

/// How a frame benchmark draws: whole, damage only, or damage sent to a window.
enum FrameKind {
  case whole
  case damage
  case sent(sharedMemory: Bool)
}

final class Box<T> {
  var value: T?
}

func frameBenchmark(
  _ name: String, scale: Double, fullPanel: Bool = false, changesPanel: Bool = false, kind: FrameKind = .whole
) {
  let frame = Box<Frame>()
  Benchmark(
    name,
    configuration: frameConfiguration,
    closure: { benchmark in
      let frame = frame.value!
      switch kind {
      case .whole: for _ in benchmark.scaledIterations { frame.draw() }
      case .damage: for _ in benchmark.scaledIterations { frame.drawDamage() }
      case .sent: for _ in benchmark.scaledIterations { frame.drawDamageAndSend() }
      }
    },
    setup: {
      let made = Frame(scale: scale, fullPanel: fullPanel)
      made.changesPanel = changesPanel
      switch kind {  // the first, whole
      case .whole: break
      case .damage: made.drawDamage()
      case .sent(let sharedMemory):
        made.openWindow(sharedMemory: sharedMemory)
        made.drawDamageAndSend()
      }
      // To see what is measured: TOUCHLAB_BENCH_FRAME=folder writes each frame there as a PNG.
      if let folder = ProcessInfo.processInfo.environment["TOUCHLAB_BENCH_FRAME"] {
        made.draw()
        try made.canvas.writePNG(to: URL(fileURLWithPath: folder).appendingPathComponent("\(name).png"))
      }
      frame.value = made
    },
    teardown: { frame.value = nil })
}

let benchmarks: @Sendable () -> Void = {
  frameBenchmark("frame.playground.scale1", scale: 1)
  frameBenchmark("frame.playground.scale2", scale: 2)
  frameBenchmark("frame.panel500.scale1", scale: 1, fullPanel: true)
  frameBenchmark("frame.panel500.scale2", scale: 2, fullPanel: true)
  // The live window's frames: only what changed since the last one (a held finger's card).
  frameBenchmark("frame.panel500.scale1.damage", scale: 1, fullPanel: true, kind: .damage)
  frameBenchmark("frame.panel500.scale2.damage", scale: 2, fullPanel: true, kind: .damage)
  // A frame that also changes the panel: a new line never shown before at its foot, every
  // other line moved up (issue 29 §3: a card-only frame is not the panel's cost).
  frameBenchmark("frame.panelnew.scale1.damage", scale: 1, fullPanel: true, changesPanel: true, kind: .damage)
  frameBenchmark("frame.panelnew.scale2.damage", scale: 2, fullPanel: true, changesPanel: true, kind: .damage)
  // A drag's frames (issue 30: the live drag at scales 2 and 3).
  for scale in [1.0, 2, 3] { dragFrameBenchmark(scale: scale) }
  // The same frames sent to an X server, with MIT-SHM and with XPutImage: only with a display.
  if ProcessInfo.processInfo.environment["DISPLAY"]?.isEmpty == false {
    for scale in [1, 2] {
      frameBenchmark(
        "frame.panel500.scale\(scale).sent", scale: Double(scale), fullPanel: true,
        kind: .sent(sharedMemory: true))
      frameBenchmark(
        "frame.panel500.scale\(scale).sent.putimage", scale: Double(scale), fullPanel: true,
        kind: .sent(sharedMemory: false))
      frameBenchmark(
        "frame.panelnew.scale\(scale).sent", scale: Double(scale), fullPanel: true, changesPanel: true,
        kind: .sent(sharedMemory: true))
    }
  }
}
