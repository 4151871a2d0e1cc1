import Foundation
import TouchLabEngine
import TouchLabRecords

/// One entry of the panel's transcript: typed values, which the panel writes out itself
/// (nothing it reads is text to be parsed back).
public enum TranscriptEntry: Equatable, Hashable, Sendable {
  /// A transcript line: its time and its text (what the articles print with NSLog).
  case line(TranscriptTime, String)
  /// The start of a section: what its lines come from (a layout, a scenario).
  case header(String)
}

/// A transcript line's time, as the panel writes it before the line.
public struct TranscriptTime: Hashable, Sendable {
  /// Seconds since the scene's start, or since its first touch.
  public var seconds: TimeInterval
  /// Counted from the first touch (T): written `[+0.150]` (`[-0.020]` before it).
  public var sinceFirstTouch: Bool

  public init(_ seconds: TimeInterval, sinceFirstTouch: Bool = false) {
    self.seconds = seconds
    self.sinceFirstTouch = sinceFirstTouch
  }

  /// `[0.150]`, or since the first touch `[+0.150]` / `[-0.020]`.
  public var stamp: String {
    guard sinceFirstTouch else { return "[" + String(format: "%.3f", seconds) + "]" }
    let rounded = (seconds * 1000).rounded() / 1000
    return "[" + (rounded < 0 ? "-" : "+") + String(format: "%.3f", abs(rounded)) + "]"
  }
}

/// What one frame of the sandbox shows: the scene, the overlay (when on), the transcript
/// panel, and a message (a layout error kept on screen after a failed reload).
public struct FrameContent {
  public var window: UIWindow
  /// The touch overlay's state (the fold of the records up to `now`), or nil when it is off.
  public var overlay: OverlayState?
  /// Touches (by identifier) whose cards the user pinned: they stay, whole, until unpinned,
  /// even after a later gesture.
  public var pinnedCards: Set<Int> = []
  /// Touches whose cards, collapsed for want of room, are shown whole where they are, over
  /// the others, in this order (the last on top): those a click pinned, and the one the
  /// pointer is on.
  public var expandedCards: [Int] = []
  /// Transcript lines with their times, and section headers, oldest first (the panel shows
  /// the newest).
  public var transcript: [TranscriptEntry]
  /// Lines newer than `transcript`'s last, out of sight below it (the panel was scrolled
  /// back); the panel says how many.
  public var newerLineCount = 0
  /// Lines older than `transcript`'s first, no longer kept (a picture of a long scenario
  /// keeps the newest only); the panel's count includes them.
  public var olderLineCount = 0
  /// The transcript's times count from the first touch (the panel says so).
  public var timesFromFirstTouch = false
  /// With `timesFromFirstTouch`, the first touch's time: every time the frame shows (the
  /// cards' "down at", the strip's label and ticks) counts from it, written `+0.15`, as the
  /// transcript's `[+0.150]` do — one time base everywhere. Nil: from the scene's start.
  public var timeOrigin: TimeInterval?
  /// A title for the panel's header (the layout's `title:` or file name).
  public var title: String?
  /// An error to show over the scene (the previous scene stays drawn).
  public var message: String?
  /// Keyboard help shown at the foot of the panel.
  public var keyHelp: [String]
  /// The engine's clock now, for countdowns.
  public var now: TimeInterval
  /// A second header line under the title (the file, the scenario and its time…).
  public var subtitle: String?
  /// The timeline strip under the scene, while a scenario plays (`frameSize(…showsTimeline:)`).
  public var timeline: TimelineStrip?
  /// The inspector beside the panel (`frameSize(…showsInspector:)`), when shown; its
  /// `hitTest` path is drawn over the scene too.
  public var inspection: SceneInspection?
  /// The inspector's first row shown (the wheel scrolls it).
  public var inspectorFirstRow = 0

  public init(
    window: UIWindow, overlay: OverlayState? = nil, transcript: [TranscriptEntry] = [], title: String? = nil,
    message: String? = nil, keyHelp: [String] = [], now: TimeInterval = 0, subtitle: String? = nil
  ) {
    self.window = window
    self.overlay = overlay
    self.transcript = transcript
    self.title = title
    self.message = message
    self.keyHelp = keyHelp
    self.now = now
    self.subtitle = subtitle
  }
}

/// A card under the pointer (`FrameTargets.card(at:)`): whose it is and how it is shown.
public struct CardHit: Equatable, Sendable {
  public var touch: Int
  /// Collapsed to its header (no room for it whole).
  public var isCollapsed: Bool
  /// Collapsed, but shown whole where it is (`FrameContent.expandedCards`).
  public var isExpanded: Bool
  public var isPinned: Bool

  public init(touch: Int, isCollapsed: Bool, isExpanded: Bool, isPinned: Bool) {
    self.touch = touch
    self.isCollapsed = isCollapsed
    self.isExpanded = isExpanded
    self.isPinned = isPinned
  }
}
