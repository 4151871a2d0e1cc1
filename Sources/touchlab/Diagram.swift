import ArgumentParser
import Foundation
import TouchLabEngine
import TouchLabLayout
import TouchLabRender

struct Diagram: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "diagram",
    abstract: "Draw a scenario's delivery as a sequence diagram: one lane per receiver, time running down.",
    discussion: """
      Plays the scenario headless (to its end, after pending timers fired) and draws its \
      delivery records: a lane per receiver (the touches, recognizers, views, the controller, \
      the window and application when they take part, target-actions), a row per call, hold, \
      release, drop, state change, action and timer, each labelled and with its cause, and \
      every deadline and held call as a bar down its lane. The --out file's extension picks \
      the format: .png, .svg (text kept as text, a <title> for every lane, row and span) or \
      .pdf. The same input always gives the same bytes:

        touchlab diagram Layouts/table-cell-conflict.yaml --scenario short-press \\
          --out press.svg
      """)

  @OptionGroup var played: ScenarioOptions
  var file: String { played.file }
  var files: [String] { played.files }
  var scenario: String? { played.scenario }
  var assignments: [String] { played.assignments }

  @Option(help: ArgumentHelp("Pixels per point, from 1 to 3 (SVG: its width and height).", valueName: "N"))
  var scale: String = "1"

  @Option(help: ArgumentHelp("The .png, .svg or .pdf file to write (replaced atomically).", valueName: "FILE"))
  var out: String

  @Option(
    help: ArgumentHelp("Draw only the records from this time on (seconds of the scenario).", valueName: "SECONDS"))
  var from: String?

  @Option(help: ArgumentHelp("Draw only the records up to this time (seconds of the scenario).", valueName: "SECONDS"))
  var to: String?

  /// Records one diagram draws: each is about a row, so this bounds its time, its memory and
  /// the size of its file (a 100,000-record diagram took 105 s and 695 MB for a 110 MB SVG).
  static let maximumRecords = 10_000
  /// Cairo's largest image side, in pixels.
  static let maximumPixelSide = 32_767

  func run() throws {
    let pixelScale = try parseScale(scale)
    let format = try OutputFormat(path: out, allowed: [.png, .svg, .pdf])
    let start = try from.map { try parseTime($0, option: "--from") } ?? 0
    let end = try to.map { try parseTime($0, option: "--to") } ?? .infinity
    guard start <= end else { throw fail("--from must not be later than --to") }
    let scene = try loadScene(played.files)
    let chosen = try ScenarioRun.chooseOne(
      in: scene, file: file, name: scenario, requirement: .one(purpose: "draw"),
      gestures: try played.gestures.scenario())
    let run = ScenarioRun(scene: scene, file: file, playing: chosen)
    try run.apply(setFiles: played.setFiles, assignments: assignments)
    // Only the records drawn are kept, and at most the limit: a scenario that makes more
    // stops there, with the error (and the way round) at the scenario.
    var drawn: [DeliveryRecord] = []
    run.observe { [unowned run] record in
      guard record.time >= start, record.time <= end else { return }
      guard drawn.count < Self.maximumRecords else {
        run.stop(
          "makes more than \(Self.maximumRecords) records to draw by " + String(format: "%.3f s", record.time)
            + ", the limit on a diagram's records; draw part of it with --from and --to (seconds)")
        return
      }
      drawn.append(record)
    }
    try run.play()
    let theme = try loadTheme()
    let name = (file as NSString).lastPathComponent
    let window =
      (from == nil && to == nil)
      ? "" : " · " + String(format: "%g", start) + "–" + (to == nil ? "end" : String(format: "%g", end)) + " s"
    let diagram = DeliveryDiagram(
      records: drawn, title: scene.title ?? name,
      subtitle: "\(name) · \(chosen.name)" + assignments.map { " · --set \($0)" }.joined() + window,
      fontFamily: theme.metrics.fontFamily)
    if format == .png {
      let width = (diagram.size.width * pixelScale).rounded(.up)
      let height = (diagram.size.height * pixelScale).rounded(.up)
      guard width <= Double(Self.maximumPixelSide), height <= Double(Self.maximumPixelSide),
        width * height <= Double(LayoutLimits.maximumPixels)
      else {
        throw fail(
          "the diagram would be \(Int(width))×\(Int(height)) pixels (\(diagram.rows.count) rows), more than a PNG "
            + "can hold (\(Self.maximumPixelSide) pixels a side, \(LayoutLimits.maximumPixels) in all); draw part "
            + "of it with --from and --to (seconds), or write .svg or .pdf")
      }
    }
    let renderer = DeliveryDiagramRenderer(theme: theme)
    let data: Data
    if format == .svg {
      data = renderer.svgData(diagram, scale: pixelScale)
    } else {
      data = try renderWithCairo(size: diagram.size, scale: pixelScale, format: format) { canvas in
        renderer.draw(diagram, on: canvas)
      }
    }
    try writeOutput(data, to: out)
  }
}
