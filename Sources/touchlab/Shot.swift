import ArgumentParser
import Foundation
import TouchLabEngine
import TouchLabLayout
import TouchLabRender

struct Shot: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Draw a scene, its touch overlay and transcript panel to a PNG image, headless.",
    discussion: """
      Plays the scenario on the virtual clock up to --at (by default to its end, after the clock \
      settles) with the overlay on, then draws what the window would show at that moment. No X \
      server is needed, and the same input always gives the same bytes:

        touchlab shot Layouts/seed003-gestures.yaml --scenario tap-red --at 0.02 --scale 2 --out tap.png
      """)

  @Argument(help: "The layout file.")
  var file: String

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

  @Option(help: ArgumentHelp("The PNG file to write (replaced atomically).", valueName: "FILE.png"))
  var out: String

  func run() throws {
    guard let pixelScale = Double(scale), pixelScale.isFinite, (1...3).contains(pixelScale) else {
      throw fail("--scale must be a number from 1 to 3, not '\(scale)'")
    }
    var time: TimeInterval?
    if let at {
      guard let seconds = Double(at), seconds.isFinite, seconds >= 0 else {
        throw fail("--at must be a time in seconds, 0 or more, not '\(at)'")
      }
      time = seconds
    }

    let scene = try loadScene(file)
    let chosen = try chooseScenario(in: scene)
    let player = ScenarioPlayer(scene: scene)
    if let chosen {
      if let time {
        player.play(chosen, until: time)
      } else {
        player.play(chosen)
      }
    } else if let time {
      scene.application.clock.advance(to: time)
    }

    let theme: Theme
    do {
      theme = try Theme.loadDefault()
    } catch let error as ThemeError {
      throw fail(error.description)
    }
    let renderer = SceneRenderer(theme: theme)
    let now = scene.application.clock.now
    var subtitle = (file as NSString).lastPathComponent
    if let chosen { subtitle += " · " + chosen.name }
    subtitle += " · t = " + String(format: "%.3f", now) + " s"
    let content = FrameContent(
      // The overlay is the fold of the records up to the moment drawn, as the window's is.
      window: scene.window, overlay: OverlayState.fold(scene.records.records, upTo: now),
      transcript: TranscriptFormatter(showsTimes: true).lines(scene.records.records),
      title: scene.title ?? (file as NSString).lastPathComponent, now: now, subtitle: subtitle)
    do {
      let canvas = try Canvas(size: renderer.frameSize(for: scene.window, showsPanel: true), scale: pixelScale)
      renderer.draw(content, on: canvas)
      try canvas.writePNG(to: URL(fileURLWithPath: out))
    } catch let error as PNGWriteError {
      throw fail(error.description)
    } catch let error as CanvasError {
      throw fail(error.description)
    }
  }

  /// The scenario named by --scenario, the file's only one, or none when the file has none.
  private func chooseScenario(in scene: Scene) throws -> Scenario? {
    if noScenario {
      if scenario != nil { throw fail("--no-scenario and --scenario exclude each other") }
      return nil
    }
    let names = scene.scenarios.map(\.name).joined(separator: ", ")
    if let name = scenario {
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
}
