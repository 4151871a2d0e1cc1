import ArgumentParser
import Foundation
import TouchLabEngine
import TouchLabImport
import TouchLabLayout

struct Hit: ParsableCommand {
  /// `--at` and `--view` one command may give.
  static let maximumQuestions = 10_000
  /// `--view`s one command may give: each is up to 82 hit-tests.
  static let maximumViews = 20

  static let configuration = CommandConfiguration(
    commandName: "hit",
    abstract: "Tell where a touch at each point goes: the hit view, the path, the responders, the recognizers.",
    discussion: """
      FILE is a layout, or dumps as import takes them (imported in memory, warnings shown). Points are in \
      window coordinates. For each point: the hit view; the hit-test path; the views under the point passed \
      over, each with its reason (hidden, alpha, userInteractionEnabled = NO on it or an ancestor, outside \
      its parent's bounds, covered by a later sibling); the responder chain; the recognizers that would see \
      the touch. --json: one object a line (docs/import.md "hit").
      """)

  @Argument(help: "A layout file, or dumps (- is standard input).")
  var files: [String]

  @Option(name: .customLong("at"), help: ArgumentHelp("A point in window coordinates.", valueName: "X,Y"))
  var points: [String] = []

  @Option(
    name: .customLong("view"),
    help: ArgumentHelp(
      "A view (its printed address or layout id): can it be hit, where, and if not, every reason why.",
      valueName: "ADDRESS_OR_ID"))
  var views: [String] = []

  @Flag(help: "One JSON object per point or view.")
  var json = false

  @Option(help: "With dumps: the window's size when the dump's root is no UIWindow.")
  var window: String?

  @Flag(help: "With dumps: make every warning an error.")
  var strict = false

  func run() throws {
    guard !points.isEmpty || !views.isEmpty else {
      throw fail("hit needs at least one --at X,Y or --view ADDRESS_OR_ID")
    }
    guard views.count <= Self.maximumViews else {
      throw fail("hit takes at most \(Self.maximumViews) --view, not \(views.count)")
    }
    guard points.count + views.count <= Self.maximumQuestions else {
      throw fail("hit takes at most \(Self.maximumQuestions) --at and --view in all, not \(points.count + views.count)")
    }
    let parsed = try points.map { text -> CGPoint in
      let parts = text.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
      guard parts.count == 2, let x = parts[0], let y = parts[1], x.isFinite, y.isFinite,
        abs(x) <= LayoutLimits.maximumCoordinate, abs(y) <= LayoutLimits.maximumCoordinate
      else {
        throw fail("--at must be X,Y in points, such as 120,300, not '\(text)'")
      }
      return CGPoint(x: x, y: y)
    }
    let scene = try makeScene(of: readScene(files, window: try parseWindowSize(window), strict: strict, quiet: true))
    let output = BufferedStandardOutput()
    let index = HitReport.ViewIndex(scene)
    for point in parsed {
      let report = HitReport(scene: scene, at: point, views: index)
      output.write((json ? report.json : report.text) + "\n")
    }
    for name in views {
      guard let view = ViewHitReport.find(name, in: scene, views: index) else {
        output.flush()
        throw fail("--view \(name): no view of the scene has that address or id")
      }
      let report = ViewHitReport(scene: scene, view: view, views: index)
      output.write((json ? report.json : report.text) + "\n")
    }
    output.flush()
  }
}
