import ArgumentParser
import Foundation
import TouchLabEngine
import TouchLabLayout
import TouchLabRender

struct Diagram: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Draw a scenario's delivery as a sequence diagram: one lane per receiver, time running down.",
    discussion: """
      Plays the scenario headless (to its end, after pending timers fired) and draws its \
      delivery records: a lane per receiver (the touches, recognizers, views, the controller, \
      the window and application when they take part, target-actions), a row per call, hold, \
      release, drop, state change, action and timer, each labelled and with its cause, and \
      every deadline and held call as a bar down its lane. The --out file's extension picks \
      the format: .png, .svg (text kept as text, a <title> for every lane, row and span) or \
      .pdf. The same input always gives the same bytes:

        touchlab diagram Layouts/table-cell-conflict.yaml --scenario short-press --out press.svg
      """)

  @OptionGroup var played: ScenarioOptions
  var file: String { played.file }
  var scenario: String? { played.scenario }
  var assignments: [String] { played.assignments }

  @Option(help: ArgumentHelp("Pixels per point, from 1 to 3 (SVG: its width and height).", valueName: "N"))
  var scale: String = "1"

  @Option(help: ArgumentHelp("The .png, .svg or .pdf file to write (replaced atomically).", valueName: "FILE"))
  var out: String

  func run() throws {
    let pixelScale = try parseScale(scale)
    let format = try OutputFormat(path: out, allowed: [.png, .svg, .pdf])
    let scene = try loadScene(file)
    guard let chosen = try chooseScenario(in: scene, file: file, name: scenario, noScenario: false) else {
      throw fail("\(file) has no scenarios to draw")
    }
    try apply(setFiles: played.setFiles, to: scene)
    try apply(assignments, to: scene)
    ScenarioPlayer(scene: scene).play(chosen)
    let theme = try loadTheme()
    let name = (file as NSString).lastPathComponent
    let diagram = DeliveryDiagram(
      records: scene.records.records, title: scene.title ?? name,
      subtitle: "\(name) · \(chosen.name)" + assignments.map { " · --set \($0)" }.joined(),
      fontFamily: theme.metrics.fontFamily)
    let renderer = DeliveryDiagramRenderer(theme: theme)
    let data: Data
    if format == .svg {
      data = renderer.svgData(diagram, scale: pixelScale)
    } else {
      data = try render(size: diagram.size, scale: pixelScale, format: format) { canvas in
        renderer.draw(diagram, on: canvas)
      }
    }
    try writeOutput(data, to: out)
  }
}
