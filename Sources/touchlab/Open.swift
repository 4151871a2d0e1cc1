import ArgumentParser
import Foundation
import TouchLabCanvas
import TouchLabImport
import TouchLabLayout
import TouchLabRender
import TouchLabSandbox
import TouchLabX11

struct Open: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "open",
    abstract: "Open a layout in a window, where the mouse or a touch screen drives it live.",
    discussion: """
      With no file, opens Layouts/playground.yaml. The scene is drawn from the window's top-left \
      corner at the scale (scene point (x, y) is window pixel (x·N, y·N)); the transcript panel \
      sits to its right. A touch screen is real multi-touch; the mouse is one finger, and with Alt \
      (or Ctrl) held a second finger mirrored about the scene's centre (pinch, rotate).

      Keys:
      \(SandboxKeys.bindings.filter { !$0.help.isEmpty }.map { "  " + $0.help }.joined(separator: "\n"))

      The window needs an X server; without one use `touchlab replay` or `touchlab shot`, or run \
      the window under a virtual server: `xvfb-run -a touchlab`.
      """)

  @Argument(
    help: "The layout file (default: Layouts/playground.yaml), or dumps as import takes them; saving any reloads.")
  var files: [String] = []

  @Option(
    help: ArgumentHelp(
      "Window pixels per point, 0.5 to 3, fractions allowed (default: the X resource Xft.dpi / 96 to the "
        + "nearest quarter, from 1 to 3, made smaller if the window would not fit on the monitor).",
      valueName: "N"))
  var scale: String?

  @Option(
    help: ArgumentHelp(
      "Append every transcript line, with its [time] prefix, to this file as it happens; a .jsonl file gets "
        + "every record as a JSON object a line, with its real time and a timer's deadline.", valueName: "file"))
  var transcript: String?

  @Option(
    help: ArgumentHelp(
      "Play this scenario of the file in the window instead of taking live input; a strip under the scene "
        + "shows its records and deadlines.", valueName: "name"))
  var scenario: String?

  @Option(
    help: ArgumentHelp(
      "With --scenario: virtual seconds per real second, 0.05 to 4 (0.1 shows the scroll view's 0.15 s "
        + "over 1.5 s; default 1).", valueName: "X"))
  var speed: String?

  @Flag(
    help: """
      With --scenario: start again from the beginning at the end, after holding it 1.5 s (any key \
      that is no command ends the hold).
      """
  )
  var loop = false

  private static var fontsWarmingUp = false

  /// Fonts set up on their own thread, off the way to the first frame: meanwhile the
  /// command line is parsed, the layout loads and the window opens. Once a process.
  static func startWarmingUpFonts() {
    guard !fontsWarmingUp else { return }
    fontsWarmingUp = true
    TextFonts.startWarmingUp()
  }

  func run() throws {
    // Start-up steps for the live benchmark (`TOUCHLAB_STARTUP_LOG`): the process started and
    // its command line parsed, …
    StartUpLog.shared?.note("command-line")
    Open.startWarmingUpFonts()
    // Blocks of 128 KiB and more (frames, canvases, the kept panel) are mapped and unmapped
    // on their own, never carved from the heap: glibc otherwise raises that threshold to
    // the size of each such block freed, and a resize storm's frames of every size then
    // fragment the heap, which never shrinks (docs/PERFORMANCE.md, "Memory").
    _ = mallopt(mmapThresholdOption, 128 * 1024)
    var playSpeed = 1.0
    if let speed {
      guard scenario != nil else { throw fail("--speed needs --scenario NAME") }
      guard let value = ScenarioPlayback.parseSpeed(speed) else {
        throw fail("--speed must be a decimal number from 0.05 to 4, such as 0.1, not '\(speed)'")
      }
      playSpeed = value
    }
    if loop, scenario == nil { throw fail("--loop needs --scenario NAME") }
    var chosenScale: Double?
    if let scale {
      guard let value = DisplayScale.parse(scale) else {
        throw fail("--scale must be a number from 0.5 to 3, such as 1.5, not '\(scale)'")
      }
      chosenScale = value
    }
    guard let first = files.first ?? LayoutFiles.findDefaultLayout() else {
      throw fail(LayoutFiles.defaultLayoutMissingMessage)
    }
    let paths = files.isEmpty ? [first] : files
    // The first frame's panel laid out meanwhile (`FirstFrameWarmUp`).
    FirstFrameWarmUp.start(layoutPath: first)
    let input = try readScene(paths)
    let scene = try makeScene(of: input)
    StartUpLog.shared?.note("layout")
    let path = scene.file
    if let scenario { _ = try ScenarioRun.choose(in: scene, file: path, name: scenario) }
    let transcriptFile: TranscriptFile?
    do {
      transcriptFile = try transcript.map { try TranscriptFile(path: $0) }
    } catch {
      throw fail("\(error)")
    }
    let theme: Theme
    do {
      theme = try Theme.loadDefault()
    } catch {
      throw fail("\(error)")
    }
    StartUpLog.shared?.note("theme")
    let sandbox: LiveSandbox
    do {
      // The asked scale (`--scale`, else Xft.dpi's), made smaller when the window would not
      // fit on the monitor; an asked `--scale` made smaller is said.
      let frame = SceneRenderer.frameSize(for: scene.window, showsPanel: true, showsTimeline: true)
      let monitor = try X11Resources.monitorSize()
      let preferred = try chosenScale ?? DisplayScale.scale(resources: X11Resources.resourceManagerText())
      let scale = DisplayScale.fitting(preferred, frame: (frame.width, frame.height), monitor: monitor)
      StartUpLog.shared?.note("monitor")
      if let chosenScale, let monitor,
        let note = DisplayScale.scaledDownNote(
          asked: chosenScale, fitted: scale, frame: (frame.width, frame.height), monitor: monitor)
      {
        FileHandle.standardError.write(Data("\(note)\n".utf8))
      }
      if let problem = WindowSizeLimit.sizeProblem(scene, scale: scale) {
        FileHandle.standardError.write(Data("\(problem)\n".utf8))
        throw ExitCode(1)
      }
      let session = SandboxSession(scene: scene, scale: scale, transcriptFile: transcriptFile)
      if input.isImported { session.sceneFiles = Self.importing(paths, as: input.layoutName) }
      StartUpLog.shared?.note("session")
      sandbox = try LiveSandbox(session: session, renderer: SceneRenderer(theme: theme))
      StartUpLog.shared?.note("window")
      // After the window: the play is made off the loop's thread (the window says it is
      // preparing); its name was checked above, and an error making it is shown then.
      if let scenario {
        do {
          try session.play(scenario: scenario, speed: playSpeed, loops: loop)
        } catch {
          throw fail("\(error)")
        }
      }
    } catch let error as X11Error {
      throw fail("\(error)")
    }
    sandbox.run()
  }
}

extension Open {
  /// Scenes read as `SceneFiles.layouts` does, except the one imported from `dumps` and named
  /// `name`: a save of any of the dumps reads them all again (once each) and imports them.
  static func importing(_ dumps: [String], as name: String) -> SceneFiles {
    SceneFiles(
      load: { path in
        guard path == name else { return try LayoutLoader.load(path: path) }
        return try SceneInput(paths: dumps).scene()
      },
      watched: { path in path == name ? dumps : [path] })
  }
}

// glibc's mallopt(3), which Swift's Glibc module leaves out with the rest of <malloc.h>.
@_silgen_name("mallopt")
private func mallopt(_ parameter: Int32, _ value: Int32) -> Int32
/// `M_MMAP_THRESHOLD` of <malloc.h>.
private let mmapThresholdOption: Int32 = -3
