import ArgumentParser
import Foundation
import TouchLabCanvas
import TouchLabEncoding
import TouchLabEngine
import TouchLabLayout
import TouchLabRender
import TouchLabSandbox

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

        touchlab shot Layouts/seed003-gestures.yaml --scenario tap-red --at 0.02 \\
          --scale 2 --out tap.png
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
    let run = try ScenarioRun(
      scene: try loadScene(files), file: file, scenario: scenario, noScenario: noScenario, requirement: .atMostOne,
      gestures: try gestures.scenario())
    let moment = try Moment(run, at: time)
    let scene = moment.scene
    let renderer = SceneRenderer(theme: try loadTheme())
    let size = SceneRenderer.frameSize(for: scene.window, showsPanel: !sceneOnly)
    try checkPixels(size, scale: pixelScale, format: format, scene: scene)
    let data = try render(size: size, scale: pixelScale, format: format) { canvas in
      renderer.draw(moment.content, on: canvas)
    }
    try writeOutput(data, to: out)
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

/// Draws one picture `size` points large as PNG (at `scale` pixels a point), SVG or PDF bytes:
/// the SVG written by TouchLab itself (`SVGCanvas`), the PNG and the PDF by Cairo.
func render(size: CanvasSize, scale: Double, format: OutputFormat, draw: (Canvas) throws -> Void) throws -> Data {
  if format == .svg {
    do {
      let canvas = try SVGCanvas(size: size, scale: scale)
      try draw(canvas)
      return canvas.data()
    } catch let error as CanvasError {
      throw fail(error.description)
    }
  }
  return try renderWithCairo(size: size, scale: scale, format: format, draw: draw)
}

/// Draws one picture as PNG or PDF bytes on a Cairo canvas (`diagram`'s PNG and PDF).
func renderWithCairo(size: CanvasSize, scale: Double, format: OutputFormat, draw: (CairoCanvas) throws -> Void) throws
  -> Data
{
  do {
    switch format {
    case .png, .gif:
      let canvas = try CairoCanvas(size: size, scale: scale)
      try draw(canvas)
      return try canvas.pngData()
    case .svg, .pdf:
      let canvas = try CairoCanvas(vector: .pdf, size: size, scale: scale)
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
