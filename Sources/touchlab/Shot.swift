import ArgumentParser
import Foundation
import TouchLabEngine
import TouchLabLayout
import TouchLabRender
import TouchLabSandbox
import TouchLabTranscript

struct Shot: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "shot",
    abstract: "Draw a scene, its touch overlay and transcript panel to a PNG, SVG or PDF file, headless.",
    discussion: """
      Plays the scenario on the virtual clock up to --at (by default to its end, after the clock \
      settles) with the overlay on, then draws what the window would show at that moment. No X \
      server is needed, and the same input always gives the same bytes. The --out file's \
      extension picks the format: .png (pixels), .svg or .pdf (vector graphics; the PDF keeps \
      text as text):

        touchlab shot Layouts/seed003-gestures.yaml --scenario tap-red --at 0.02 --scale 2 --out tap.png
      """)

  @Argument(help: "The layout file, or dumps as import takes them (- is standard input).")
  var files: [String]

  /// The first file, as messages name it (`<stdin>` for `-`).
  var file: String { LayoutLoader.displayName(files[0]) }

  @OptionGroup var gestures: GestureOptions

  @Option(help: "The scenario to play (may be left out when the file has only one; a file with none shows the scene).")
  var scenario: String?

  @Flag(help: "Draw the scene untouched, without playing any scenario (for a file that has some).")
  var noScenario = false

  @Option(
    help: ArgumentHelp(
      "The virtual time to show, in seconds (default: the end, after pending timers fired).", valueName: "SECONDS"))
  var at: String?

  @Option(help: ArgumentHelp("Pixels per scene point, from 1 to 3.", valueName: "N"))
  var scale: String = "1"

  @Option(help: ArgumentHelp("The .png, .svg or .pdf file to write (replaced atomically).", valueName: "FILE"))
  var out: String

  @Flag(help: "Draw the scene alone, without the transcript panel beside it.")
  var sceneOnly = false

  func run() throws {
    let pixelScale = try parseScale(scale)
    var time: TimeInterval?
    if let at { time = try parseTime(at, option: "--at") }
    let format = try OutputFormat(path: out, allowed: [.png, .svg, .pdf])
    let scene = try loadScene(files)
    let chosen = try playedScenario(
      gestures: try gestures.scenario(), in: scene, file: file, name: scenario, noScenario: noScenario)
    let moment = try Moment(scene: scene, file: file, scenario: chosen, at: time)
    let renderer = SceneRenderer(theme: try loadTheme())
    let size = renderer.frameSize(for: scene.window, showsPanel: !sceneOnly)
    try checkPixels(size, scale: pixelScale, format: format, scene: scene)
    let data = try render(size: size, scale: pixelScale, format: format) { canvas in
      renderer.draw(moment.content, on: canvas)
    }
    try writeOutput(data, to: out)
  }
}

/// One moment of a played scenario, ready to draw: what `shot`, `record` and `compare` show.
struct Moment {
  let scene: Scene
  var content: FrameContent
  /// Transcript lines a picture keeps: more than the tallest window's panel shows.
  static let keptLines = 1_000

  /// Plays `scenario` on `scene` (fresh from the file, with any `--set` already applied) up
  /// to `time`, or to its end after pending timers fired.
  init(scene: Scene, file: String, scenario: Scenario?, at time: TimeInterval?) throws {
    // The overlay is the fold of the records up to the moment drawn, as the window's is:
    // folded as they come, so that no record is kept (every record is at or before the moment).
    var overlay = OverlayState()
    // The newest lines only (the panel shows fewer than fit in the tallest window); the
    // older ones counted.
    var transcript: [String] = []
    var older = 0
    let formatter = TranscriptFormatter(showsTimes: true)
    scene.records.keepsRecords = false
    scene.records.addObserver { record in
      overlay.apply(record)
      guard let line = formatter.line(record) else { return }
      transcript.append(line)
      if transcript.count >= 2 * Self.keptLines {
        older += transcript.count - Self.keptLines
        transcript.removeFirst(transcript.count - Self.keptLines)
      }
    }
    let player = ScenarioPlayer(scene: scene)
    if let scenario {
      if let time {
        player.play(scenario, until: time)
      } else {
        player.play(scenario)
      }
    } else if let time {
      scene.application.clock.advance(to: time)
    }
    try checkOverrun(scene)
    let now = scene.application.clock.now
    var subtitle = (file as NSString).lastPathComponent
    if let scenario { subtitle += " · " + scenario.name }
    subtitle += " · t = " + String(format: "%.3f", now) + " s"
    self.scene = scene
    if transcript.count > Self.keptLines {
      older += transcript.count - Self.keptLines
      transcript.removeFirst(transcript.count - Self.keptLines)
    }
    content = FrameContent(
      window: scene.window, overlay: overlay, transcript: transcript,
      title: scene.title ?? (file as NSString).lastPathComponent, now: now, subtitle: subtitle)
    content.olderLineCount = older
  }
}

/// What a picture is written as, chosen by the `--out` file's extension.
enum OutputFormat: String, CaseIterable {
  case png, svg, pdf, gif

  /// `--out -` (standard output) is the first allowed format (PNG, or GIF for `record`).
  init(path: String, allowed: [OutputFormat]) throws {
    if path == OutputFile.standardOutput {
      self = allowed[0]
      return
    }
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
      throw fail(PNGWriteError.destinationIsFolder(path: path).description)
    }
    // A device or FIFO (`/dev/stdout`, `>(…)`) has no extension to go by: PNG (or GIF).
    var info = stat()
    if stat(path, &info) == 0, info.st_mode & S_IFMT != S_IFREG {
      self = allowed[0]
      return
    }
    let pathExtension = (path as NSString).pathExtension.lowercased()
    guard let format = OutputFormat(rawValue: pathExtension), allowed.contains(format) else {
      let names = allowed.map { "." + $0.rawValue }
      let list = names.dropLast().joined(separator: ", ") + (names.count > 1 ? " or " : "") + names.last!
      throw fail("--out must name a \(list) file, not '\(path)'")
    }
    self = format
  }
}

func parseScale(_ text: String) throws -> Double {
  guard let pixelScale = parseDecimal(text), (1...3).contains(pixelScale) else {
    throw fail("--scale must be a decimal number from 1 to 3, such as 1.5, not '\(text)'")
  }
  return pixelScale
}

func parseTime(_ text: String, option: String) throws -> TimeInterval {
  guard let seconds = parseDecimal(text), seconds.isFinite else {
    throw fail("\(option) must be a time in seconds, a decimal number 0 or more, such as 0.15, not '\(text)'")
  }
  return seconds
}

/// Refuses a picture of more than `LayoutLimits.maximumPixels` pixels before any is drawn:
/// at scale 1 the layout's window is to blame (an error at its `window:` line, as `check`
/// would give); at a larger scale, the scale.
func checkPixels(_ size: CanvasSize, scale: Double, format: OutputFormat, scene: Scene) throws {
  guard format == .png || format == .gif else { return }  // SVG and PDF hold no pixels
  let pixels = (size.width * scale).rounded(.up) * (size.height * scale).rounded(.up)
  let limit = Double(LayoutLimits.maximumPixels)
  guard pixels > limit else { return }
  let described =
    "\(Int((size.width * scale).rounded(.up)))×\(Int((size.height * scale).rounded(.up))) pixels, more than "
    + "\(LayoutLimits.maximumPixels), the limit on a picture's pixels"
  if (size.width * size.height).rounded(.up) > limit {
    FileHandle.standardError.write(
      Data("\(scene.windowSizeError("the picture would be \(described); make the window smaller"))\n".utf8))
    throw ExitCode(1)
  }
  throw fail("the picture at --scale \(String(format: "%g", scale)) would be \(described); use a smaller --scale")
}

func loadTheme() throws -> Theme {
  do {
    return try Theme.loadDefault()
  } catch let error as ThemeError {
    throw fail(error.description)
  }
}

/// Applies each `--set-file FILE` (its mistakes are layout errors: FILE:LINE:COLUMN).
func apply(setFiles: [String], to scene: Scene) throws {
  try apply(setFiles: try readSetFiles(setFiles), to: scene)
}

/// Each `--set-file FILE` read once (`-` is standard input): its name and text.
func readSetFiles(_ files: [String]) throws -> [(name: String, text: String)] {
  do {
    return try files.map { (LayoutLoader.displayName($0), try LayoutLoader.readText($0)) }
  } catch let error as LayoutError {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    throw ExitCode(1)
  }
}

/// Applies `--set-file`s already read.
func apply(setFiles: [(name: String, text: String)], to scene: Scene) throws {
  for file in setFiles {
    do {
      try scene.set(text: file.text, file: file.name)
    } catch let error as LayoutError {
      FileHandle.standardError.write(Data("\(error)\n".utf8))
      throw ExitCode(1)
    }
  }
}

/// Applies each `--set ID.PROPERTY=VALUE` to the scene.
func apply(_ assignments: [String], to scene: Scene) throws {
  for assignment in assignments {
    do {
      try scene.set(assignment)
    } catch let error as LayoutError {
      throw fail("--set \(assignment): \(error.message)")
    }
  }
}

/// Draws one picture `size` points large as PNG (at `scale` pixels a point), SVG or PDF bytes.
func render(size: CanvasSize, scale: Double, format: OutputFormat, draw: (CairoCanvas) throws -> Void) throws -> Data {
  do {
    switch format {
    case .png, .gif:
      let canvas = try CairoCanvas(size: size, scale: scale)
      try draw(canvas)
      return try canvas.pngData()
    case .svg, .pdf:
      let canvas = try CairoCanvas(vector: format == .svg ? .svg : .pdf, size: size, scale: scale)
      try draw(canvas)
      return try canvas.vectorData()
    }
  } catch let error as PNGWriteError {
    throw fail(error.description)
  } catch let error as CanvasError {
    throw fail(error.description)
  }
}

/// Writes a finished picture to `--out` (`OutputFile`: `-` is standard output, a regular file
/// is replaced atomically keeping its mode, a symlink is written through, a device or FIFO
/// written in place), with `shot`'s errors.
func writeOutput(_ data: Data, to path: String) throws {
  do {
    try OutputFile.write(data, to: path)
  } catch let error as PNGWriteError {
    throw fail(error.description)
  }
}

/// The scenario named by --scenario, the file's only one, or none when the file has none.
func chooseScenario(in scene: Scene, file: String, name: String?, noScenario: Bool) throws -> Scenario? {
  if noScenario {
    if name != nil { throw fail("--no-scenario and --scenario exclude each other") }
    return nil
  }
  let names = scene.scenarios.map(\.name).joined(separator: ", ")
  if let name {
    guard let found = scene.scenario(named: name) else {
      throw fail("\(file) has no scenario '\(name)'" + (names.isEmpty ? "" : "; it has: \(names)"))
    }
    return found
  }
  guard scene.scenarios.count <= 1 else {
    throw fail("\(file) has several scenarios; choose one with --scenario: \(names)")
  }
  return scene.scenarios.first
}
