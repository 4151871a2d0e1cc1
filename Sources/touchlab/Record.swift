import ArgumentParser
import Foundation
import TouchLabCanvas
import TouchLabEngine
import TouchLabLayout
import TouchLabRecords
import TouchLabRender
import TouchLabSandbox

struct Record: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "record",
    abstract: "Record a scenario as an animated GIF, frame by frame on the virtual clock, headless.",
    discussion: """
      Frame N shows the scene as `shot --at T` would, at virtual time T = N × speed / fps, from 0 \
      to the scenario's end (after pending timers fired); the last frame stays a second longer \
      before the loop starts again. Frames that do not change are merged into longer ones, and a \
      changed frame stores only the rectangle that changed. The same input always gives the \
      same bytes:

        touchlab record Layouts/table-cell-conflict.yaml --scenario short-press \\
          --speed 0.25 --out press.gif
      """)

  @OptionGroup var played: ScenarioOptions
  var file: String { played.file }
  var files: [String] { played.files }
  var scenario: String? { played.scenario }
  var assignments: [String] { played.assignments }

  @Option(help: ArgumentHelp("Frames per second of the animation, from 1 to 50.", valueName: "N"))
  var fps: String = "30"

  @Option(help: ArgumentHelp("Pixels per scene point, from 1 to 3.", valueName: "N"))
  var scale: String = "1"

  @Option(
    help: ArgumentHelp(
      "Virtual seconds per second of animation, from 0.05 to 10 (0.25: four times slower).", valueName: "X"))
  var speed: String = "1"

  @Flag(help: "Draw the scene alone, without the transcript panel beside it.")
  var sceneOnly = false

  @Option(help: ArgumentHelp("The GIF file to write (replaced atomically).", valueName: "FILE.gif"))
  var out: String

  /// Each frame replays the scenario afresh, writes its transcript and draws every view: a
  /// recording's work is frames × (1,500 + events + 9 × views + bytes / 500), a frame's own
  /// drawing and encoding costing about 1,500 events replayed, a view about nine and 500 bytes
  /// of lines about one (release build: 7.5 µs an event, 65 µs a label, 10–15 ns a byte,
  /// 11 ms a frame, each frame). At the limit a recording takes about
  /// 8 s; 11,600 labels for a 1 s drag took 56 s, 100,000 events over 2,970 frames more than
  /// 60 s (docs/HARDENING.md).
  static let maximumWork = 1_100_000
  static let viewWeight = 9
  /// Transcript bytes written (and folded into the panel) that cost as much as an event.
  static let bytesPerUnit = 500
  /// A frame's own cost, whatever it shows (drawing the window and panel, encoding): about
  /// 11 ms a frame in the release build, as much as 1,500 events.
  static let frameWeight = 1_500

  /// Refuses, before any frame is drawn, a recording past `maximumWork`, at the scenario,
  /// naming the way round.
  private func checkWork(frames: Int, scene: Scene, scenario: Scenario, lineBytes: Int) throws {
    let events = scenario.steps.reduce(0) { $0 + $1.eventCount }
    var views = 0
    for window in scene.application.windows {
      window.forEachViewInSubtree { _ in
        views += 1
        return true
      }
    }
    let work = frames * (Self.frameWeight + events + Self.viewWeight * views + lineBytes / Self.bytesPerUnit)
    guard work > Self.maximumWork else { return }
    let error = LayoutError(
      file: scene.file, line: scenario.line, column: scenario.column,
      message: "recording scenario '\(scenario.name)' would replay its \(events) events, write its \(lineBytes) "
        + "bytes of transcript and draw \(views) views for each of \(frames) frames: \(work) units of work "
        + "(\(Self.frameWeight) + events + \(Self.viewWeight) × views + bytes / \(Self.bytesPerUnit), each frame), more than \(Self.maximumWork), "
        + "the limit on a recording; use a lower --fps or a higher --speed, or draw moments with `touchlab shot --at`")
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    throw ExitCode(1)
  }

  /// How long the last frame stays, in centiseconds, before the animation loops.
  static let finalHold = 100
  /// The most frames an animation may have (100 s at 30 frames a second).
  static let maximumFrames = 3_000

  func run() throws {
    guard fps.allSatisfy({ $0.isASCII && $0.isNumber }), let framesPerSecond = Int(fps),
      (1...50).contains(framesPerSecond)
    else {
      throw fail("--fps must be a whole number from 1 to 50, not '\(fps)'")
    }
    let pixelScale = try parseScale(scale)
    guard let playSpeed = parseDecimal(speed), (0.05...10).contains(playSpeed) else {
      throw fail("--speed must be a decimal number from 0.05 to 10, such as 0.25, not '\(speed)'")
    }
    _ = try OutputFormat(path: out, allowed: [.gif])

    // A scene fresh from the file for each frame, played to that frame's time: the same
    // picture `shot --at` draws. The first one also finds where the scenario ends.
    let input = try readScene(played.files)
    let setFiles = try ScenarioRun.read(setFiles: played.setFiles)
    let gestures = try played.gestures.scenario()
    func freshRun() throws -> (run: ScenarioRun, scenario: Scenario) {
      let scene = try makeScene(of: input)
      try ScenarioRun.apply(setFiles: setFiles, assignments: assignments, to: scene)
      let chosen = try ScenarioRun.chooseOne(
        in: scene, file: file, name: scenario, requirement: .one(purpose: "record"), gestures: gestures)
      return (ScenarioRun(scene: scene, file: file, playing: chosen), chosen)
    }
    let (firstRun, chosen) = try freshRun()
    let first = firstRun.scene
    // Only its end is wanted, and the size of its transcript.
    var lineBytes = 0
    let formatter = TranscriptFormatter(showsTimes: true)
    firstRun.observe { record in lineBytes += formatter.line(record)?.utf8.count ?? 0 }
    let end = try firstRun.play()
    let renderer = SceneRenderer(theme: try loadTheme())
    let size = SceneRenderer.frameSize(for: first.window, showsPanel: !sceneOnly)
    try checkPixels(size, scale: pixelScale, format: .gif, scene: first)

    do {
      let canvas = try CairoCanvas(size: size, scale: pixelScale)
      let encoder = try GIFAnimationEncoder(pixelWidth: canvas.pixelWidth, pixelHeight: canvas.pixelHeight)
      // Frame n is shown from centisecond round(n·100/fps) to the next one's.
      func centiseconds(_ frame: Int) -> Int { Int((Double(frame) * 100 / Double(framesPerSecond)).rounded()) }
      let frames = (end * Double(framesPerSecond) / playSpeed - 1e-9).rounded(.up)
      // Each frame plays the scenario afresh up to its time: the cost is frames × events.
      guard frames < Double(Self.maximumFrames) else {
        throw fail(
          "the animation would have \(Int(frames) + 1) frames (\(String(format: "%.1f", end)) s of scenario at "
            + "--fps \(framesPerSecond) and --speed \(speed)), more than \(Self.maximumFrames), the limit on frames; "
            + "use a lower --fps or a higher --speed")
      }
      let lastFrame = Int(frames)
      try checkWork(frames: lastFrame + 1, scene: first, scenario: chosen, lineBytes: lineBytes)
      for frame in 0...max(0, lastFrame) {
        let time = min(end, Double(frame) * playSpeed / Double(framesPerSecond))
        let moment = try Moment(try freshRun().run, at: time)
        renderer.draw(moment.content, on: canvas)
        var delay = centiseconds(frame + 1) - centiseconds(frame)
        if frame == max(0, lastFrame) { delay += Self.finalHold }
        try encoder.addFrame(canvas, delay: delay)
      }
      try writeOutput(try encoder.gifData(), to: out)
    } catch let error as CanvasError {
      throw fail(error.description)
    } catch let error as AnimationError {
      throw fail(error.description)
    }
  }
}
