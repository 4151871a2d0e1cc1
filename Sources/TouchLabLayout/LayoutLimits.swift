import Foundation

/// The caps on what a layout may ask for, so that every layout `touchlab check` accepts
/// replays, draws and opens in bounded time and memory (docs/HARDENING.md "Limits", which
/// has the figures measured at each). Each is far above any demonstration; going past one
/// is a `FILE:LINE:COLUMN: error:` that names the limit, at the place that goes past it.
public enum LayoutLimits {
  /// Bytes read from a layout file; a bigger file (or an endless one such as `/dev/zero`)
  /// is an error before any of it is parsed.
  public static let maximumFileBytes = 64 << 20
  /// YAML nodes once every alias is expanded (a "billion laughs" file is a few lines): the
  /// loader's work is proportional to this. Counted from libyaml's events, without
  /// expanding anything (`YAMLNesting`).
  public static let maximumExpandedNodes = 1_000_000
  /// Touch events one scenario sends, aliases and `steps:` expanded: a tap is two, a drag
  /// its steps and two, a move its steps, every other step one. Counted step by step while
  /// the scenario is read, which stops at the cap.
  public static let maximumEventsPerScenario = 100_000
  /// Events a scenario sends times the rows (or items) the scene's largest table (or
  /// collection view) shows at once: each move of a finger that scrolls one retiles its rows,
  /// so this is what bounds a scenario's time in a scene with a big table (as it loads;
  /// `set` steps that change a table's size or row height later are not counted).
  public static let maximumRowEvents = 20_000_000
  /// Timers a scenario may fire as it plays (autorepeats, deceleration frames, time-outs):
  /// what its time makes, which no count of its steps bounds. Past it the replay stops with
  /// an error at the scenario (`ScenarioPlayer`).
  public static let maximumTimersPerScenario = 1_000_000
  /// Records a scenario may make as it plays (every call, state change, hold… of
  /// `--json --all-records`; the 100,000-event cap makes about 600,000 in a small scene).
  public static let maximumRecordsPerScenario = 5_000_000
  /// Characters in a logged line or a printed text once its placeholders are filled, as
  /// long as they can be (`%s` up to the longest method name): checked when the file loads.
  public static let maximumLineLength = 2_000
  /// Bytes `replay` writes for one scenario; past it the replay stops with an error at the
  /// scenario.
  public static let maximumOutputBytes = 64 << 20
  /// Views walked by a scenario's `moveView` and `remove` steps: a move costs the moved
  /// view's subtree and its old siblings, in the engine as in the check (`ScenarioBudget`).
  public static let maximumHierarchyWork = 20_000_000
  /// Views a layout declares, and how deep they may nest (also after every step of a
  /// scenario: `ScenarioBudget`).
  public static let maximumViews = 50_000
  public static let maximumDepth = 200
  /// Gesture recognizers declared in one layout (the scroll views' own are not counted).
  public static let maximumRecognizers = 256
  /// Controllers in one navigation stack.
  public static let maximumNavigationStack = 100
  /// Characters in an id, a class name or a scenario name.
  public static let maximumNameLength = 200
  /// Characters in any text (a title, a `print:`, a log line, a row's text…): every YAML
  /// scalar.
  public static let maximumTextLength = 10_000
  /// The largest coordinate, in points, of a frame, a finger's point or a drag's offset.
  public static let maximumCoordinate: Double = 100_000
  /// The largest content size and content offset of a scroll view, in points: a table of
  /// 10,000,000 rows is taller than `maximumCoordinate` (its rows are data, not views).
  public static let maximumContentExtent: Double = 10_000_000
  /// The window's largest side and area, in points: at scale 1 the window with its panel
  /// fits the sandbox's 8,192 pixels a side, and every picture `shot`, `record` and
  /// `compare` draw fits `maximumPixels`.
  public static let maximumWindowSide: Double = 7_800
  public static let maximumWindowArea: Double = 16_000_000
  /// Pixels in one picture `shot`, `record` or `compare` draw (window and panel × scale²):
  /// 160 MB of pixels.
  public static let maximumPixels = 40_000_000
}

extension LayoutLimits {
  /// Ids, class names and scenario names are at most `maximumNameLength` long.
  static func checkNameLength(_ name: String, _ what: String, at place: YAMLValue) throws {
    // A character is at least one byte.
    guard name.utf8.count > maximumNameLength else { return }
    let count = name.count
    guard count > maximumNameLength else { return }
    throw place.error("\(what) of \(count) characters; at most \(maximumNameLength), the limit on names")
  }
}
