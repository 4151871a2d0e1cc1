import ArgumentParser
import Foundation
import TouchLabCanvas
import TouchLabEngine
import TouchLabLayout
import TouchLabRender
import TouchLabSandbox

struct Compare: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "compare",
    abstract: "Draw two moments side by side, each with a caption: the bug and the fix in one picture.",
    discussion: """
      The left picture is --scenario as the file has it; the right one is --versus (by default \
      the same scenario) after the --set changes. Each is what `shot` draws at --at (by default \
      the end); the --out file's extension picks PNG, SVG or PDF. Here the right side is the \
      second fix of the table-cell conflict: the background's tap traded for one whose delegate \
      refuses touches in the table. The left transcript ends in `backview taped` and \
      `touchesCancelled`; the right one has neither, and ends in `cell selected!`:

        touchlab compare Layouts/table-cell-conflict.yaml --scenario short-press \\
          --set backTap.isEnabled=false --set backTapFiltered.isEnabled=true \\
          --out fix.png
      """)

  @Argument(help: "The layout file, or dumps as import takes them (- is standard input).")
  var files: [String]

  /// The first file, as messages name it (`<stdin>` for `-`).
  var file: String { LayoutLoader.displayName(files[0]) }

  @Option(help: "The scenario on the left (may be left out when the file has only one).")
  var scenario: String?

  @Option(help: "The scenario on the right (default: the same as on the left).")
  var versus: String?

  @Option(
    name: .customLong("set"),
    help: ArgumentHelp("Change a property on the right side only.", valueName: "ID.PROPERTY=VALUE"))
  var assignments: [String] = []

  @Option(help: ArgumentHelp("The left picture's caption.", valueName: "TEXT"))
  var caption: String = "the bug"

  @Option(help: ArgumentHelp("The right picture's caption.", valueName: "TEXT"))
  var versusCaption: String = "the fix"

  @Option(
    help: ArgumentHelp(
      "The virtual time to show, in seconds (default: the end, after pending timers fired).", valueName: "SECONDS"))
  var at: String?

  @Option(help: ArgumentHelp("Pixels per scene point, from 1 to 3.", valueName: "N"))
  var scale: String = "1"

  @Flag(help: "Draw the scenes alone, without their transcript panels.")
  var sceneOnly = false

  @Option(help: ArgumentHelp("The .png, .svg or .pdf file to write (replaced atomically).", valueName: "FILE"))
  var out: String

  /// The caption band's height and the gap between the pictures, in points.
  static let captionHeight: Double = 44
  static let gap: Double = 16
  /// Under the captions, a line per `--set` for its UIKit line (Swift), this tall.
  static let codeLineHeight: Double = 17

  func run() throws {
    let pixelScale = try parseScale(scale)
    let time = try at.map { try parseTime($0, option: "--at") }
    let format = try OutputFormat(path: out, allowed: [.png, .svg, .pdf])
    if versus == nil && assignments.isEmpty {
      throw fail("compare needs a difference: --versus SCENARIO, --set ID.PROPERTY=VALUE, or both")
    }
    let input = try readScene(files)
    let leftRun = try ScenarioRun(
      scene: try makeScene(of: input), file: file, scenario: scenario, requirement: .one(purpose: "compare"))
    let rightRun = try ScenarioRun(
      scene: try makeScene(of: input), file: file, scenario: versus ?? leftRun.scenario?.name,
      requirement: .one(purpose: "compare"))
    try rightRun.apply(assignments: assignments)
    let left = try Moment(leftRun, at: time)
    let right = try Moment(rightRun, at: time)
    let leftScene = left.scene
    let rightScene = right.scene

    let theme = try loadTheme()
    let renderer = SceneRenderer(theme: theme)
    let leftSize = SceneRenderer.frameSize(for: leftScene.window, showsPanel: !sceneOnly)
    let rightSize = SceneRenderer.frameSize(for: rightScene.window, showsPanel: !sceneOnly)
    // The fix as code: each change as the UIKit line an app would have (or the --set itself).
    let codeLines = assignments.map(Scene.fixText(for:))
    let bandHeight = Self.captionHeight + Double(codeLines.count) * Self.codeLineHeight + (codeLines.isEmpty ? 0 : 4)
    let size = CanvasSize(
      width: leftSize.width + Self.gap + rightSize.width,
      height: bandHeight + max(leftSize.height, rightSize.height))
    let captionStyle = TextStyle(
      fontSize: 20, weight: .bold, color: theme.overlay.panelText, alignment: .center)
    let codeStyle = TextStyle(
      fontFamily: SceneRenderer.monospacedFamily, fontSize: 12, color: theme.overlay.panelText.withAlpha(0.85),
      alignment: .center, truncation: .middle)
    try checkPixels(size, scale: pixelScale, format: format, scene: leftScene)
    let data = try render(size: size, scale: pixelScale, format: format) { canvas in
      canvas.clear(to: theme.colors.background)
      let sides = [(left, caption, 0.0, leftSize), (right, versusCaption, leftSize.width + Self.gap, rightSize)]
      for (moment, text, x, sideSize) in sides {
        canvas.draw(
          text, in: CanvasRect(x: x, y: 0, width: sideSize.width, height: Self.captionHeight), style: captionStyle)
        if x > 0 {
          for (index, line) in codeLines.enumerated() {
            canvas.draw(
              line,
              in: CanvasRect(
                x: x + 6, y: Self.captionHeight - 6 + Double(index) * Self.codeLineHeight, width: sideSize.width - 12,
                height: Self.codeLineHeight), style: codeStyle)
          }
        }
        let side = CanvasRect(x: x, y: bandHeight, width: sideSize.width, height: sideSize.height)
        let region: Canvas
        if let svg = canvas as? SVGCanvas {
          region = try svg.region(side)
        } else if let cairo = canvas as? CairoCanvas {
          region = try cairo.region(side)
        } else {
          throw fail("compare cannot draw its sides on \(type(of: canvas))")
        }
        renderer.draw(moment.content, on: region)
      }
    }
    try writeOutput(data, to: out)
  }
}
