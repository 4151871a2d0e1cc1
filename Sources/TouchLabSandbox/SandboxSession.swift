import Foundation
import TouchLabEngine
import TouchLabLayout
import TouchLabRender
import TouchLabX11

/// What the window must do for the session (the session itself has no window).
public enum WindowRequest: Equatable, Sendable {
  case screenshot
  case quit
}

/// The live sandbox without its window: the scene on the real clock, the window's input
/// turned into fingers, the keys' commands, loading and reloading layouts (an error keeps
/// the previous scene and is shown), and the transcript. `LiveSandbox` puts it in an X11
/// window; tests drive it with made-up events and an injected clock.
public final class SandboxSession {
  /// Window pixels per scene point.
  public let scale: Double
  public private(set) var scene: Scene
  /// The layout file the session is on: the scene's, or one that failed to load (the
  /// previous scene stays on screen while the error is shown; saving a fix reloads it).
  public private(set) var layoutPath: String
  /// The last load's error, `FILE:LINE:COLUMN: error: …`, until a load succeeds.
  public private(set) var layoutError: String?
  /// Another problem to show (a screenshot that could not be written), until the next key.
  public private(set) var notice: String?
  /// A confirmation under the panel's title ("Saved touchlab-….png"), for
  /// `statusDuration` seconds, in place of the layout's file name.
  public private(set) var status: String?
  var statusExpiry: Double?
  /// How long a confirmation stays, in seconds.
  public static let statusDuration: Double = 4
  public private(set) var showsOverlay = true
  public private(set) var overlay: TouchOverlay
  public private(set) var clock: LiveClock
  public let transcript: TranscriptLog
  /// Something changed since the last frame was drawn.
  public internal(set) var needsFrame = true
  /// The scenario being played (`--scenario`), or nil: the window is live.
  public internal(set) var playback: ScenarioPlayback?
  /// The live scene's records since the latest gesture began (Space reviews them).
  public internal(set) var liveRecords: [DeliveryRecord] = []
  var liveTouchesDown: Set<Int> = []

  var mapper: TouchInputMapper
  let timeSource: () -> Double
  private let report: (String) -> Void

  /// The shortest time between two frames of an overlay animation (60 per second).
  public static let animationFrameInterval: TimeInterval = 1.0 / 60

  /// Starts a session on `scene` (already loaded: a first load's error is the caller's).
  /// `timeSource` gives monotonic seconds; `report` prints a problem (standard error).
  public init(
    scene: Scene, scale: Double, transcriptFile: TranscriptFile? = nil,
    timeSource: @escaping () -> Double = MonotonicClock.now,
    report: @escaping (String) -> Void = SandboxSession.printToStandardError
  ) {
    self.scale = scale
    self.scene = scene
    self.layoutPath = scene.file
    self.timeSource = timeSource
    self.report = report
    var clockNow: () -> (now: TimeInterval, firingTimers: Bool) = { (0, false) }
    transcript = TranscriptLog(file: transcriptFile, report: report, realTime: { clockNow() })
    overlay = TouchOverlay(application: scene.application)
    clock = LiveClock(engineClock: scene.application.clock, source: timeSource)

    mapper = TouchInputMapper(scale: scale, sceneSize: scene.window.bounds.size)
    clockNow = { [unowned self] in (self.clock.now, self.clock.isFiringTimers) }
    transcript.follow(scene.records)
    keepLiveRecords(of: scene)
  }

  public static func printToStandardError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
  }

  // MARK: What the window shows

  /// The layout's `title:`, or its file name.
  public var title: String { scene.title ?? (scene.file as NSString).lastPathComponent }

  public var windowTitle: String { "TouchLab — \(title)" }

  /// The message over the scene: the layout error, then any other problem.
  public var message: String? {
    let parts = [layoutError, notice].compactMap { $0 }
    return parts.isEmpty ? nil : parts.joined(separator: "\n")
  }

  public var frameContent: FrameContent {
    if let playback { return playbackFrameContent(playback) }
    return FrameContent(
      window: scene.window, overlay: showsOverlay ? overlay.state : nil, transcript: transcript.recentLines,
      title: title, message: message, keyHelp: SandboxKeys.help, now: clock.now,
      subtitle: status ?? (layoutPath as NSString).lastPathComponent)
  }

  /// Shows `text` under the panel's title for `statusDuration` seconds.
  public func showStatus(_ text: String) {
    status = text
    statusExpiry = timeSource() + Self.statusDuration
    needsFrame = true
  }

  /// The loop has drawn and presented the current frame.
  public func frameDrawn() {
    needsFrame = false
    transcript.hasNewLines = false
  }

  /// How drawing a frame went (`renderFrame`).
  public enum FrameDrawing: Equatable, Sendable {
    /// The frame is on the canvas.
    case drawn
    /// The drawing stopped part-way because an engine timer fell due.
    case stopped
    /// No frame could be drawn (the problem is shown).
    case failed
  }

  /// Draws and presents a frame when one is needed, so that no engine timer waits for it:
  /// - a frame whose expected cost (`LiveClock.frameCost`, learned from the frames before)
  ///   would run past the engine's next timer is not started; the loop sleeps until the
  ///   timer (`wakeUpTime`), fires it, and draws one frame with its effect as well;
  /// - the drawing stops between its parts (scene, overlay, panel) once a timer is due, and
  ///   timers due when the drawing ends or stops fire at once, before any send; the frame is
  ///   then drawn again, with their effect;
  /// - when a timer is due before the send would end, the drawn frame is not sent.
  /// `draw` draws the current `frameContent`, asking its argument ("is a timer due?")
  /// between parts; `present` sends it. Returns whether a frame was sent.
  @discardableResult
  public func renderFrame(draw: (_ shouldStop: () -> Bool) -> FrameDrawing, present: () -> Void) -> Bool {
    while needsFrame && clock.mayStartFrame {
      let started = timeSource()
      let drawing = draw { self.clock.timerDue(within: 0) }
      if drawing == .failed {
        frameDrawn()
        return false
      }
      let drawn = timeSource()
      if drawing == .drawn { clock.recordDrawing(drawn - started) }
      if drawing == .stopped || clock.timerDue(within: 0) {
        clock.advance()  // the frame yields: the timers fire (and log) before any send
        needsFrame = true
        continue  // and the frame is drawn again, with their effect
      }
      if clock.timerDue(within: clock.presentingCost) { return false }
      present()
      clock.recordPresenting(timeSource() - drawn)
      frameDrawn()
      return true
    }
    return false
  }

  /// When the loop must wake although no input comes, in `timeSource` seconds: the engine's
  /// next timer (the scroll view's 0.15 s, a long press's 0.5 s…) or the overlay's next
  /// animation frame. Nil when the scene is still: the window then sleeps until input.
  public var wakeUpTime: Double? {
    if let playback { return playbackWakeUpTime(playback) }
    var animation: TimeInterval?
    if showsOverlay {
      let now = clock.now
      animation = overlay.nextAnimationTime(after: now).map { max($0, now + Self.animationFrameInterval) }
    }
    let wakeUp = clock.wakeUpTime(animationTime: animation)
    guard let statusExpiry else { return wakeUp }
    return min(wakeUp ?? statusExpiry, statusExpiry)
  }

  // MARK: Input

  /// Handles one wake-up of the poll loop: the clock first (timers due before this input
  /// fire first), then the input in order, then a changed layout file. Returns what the
  /// window must do.
  @discardableResult
  public func handle(_ wakeup: PollWakeup) -> [WindowRequest] {
    takeFinishedLoad()
    if clock.advance() || wakeup.deadlineReached { needsFrame = true }
    if let statusExpiry, timeSource() >= statusExpiry {
      status = nil
      self.statusExpiry = nil
      needsFrame = true
    }
    var requests: [WindowRequest] = []
    if let playback { followPlayback(playback, events: wakeup.events) }
    for engineInput in mapper.map(playback == nil ? wakeup.events : []) {
      switch engineInput {
      case .touches(let inputs): scene.application.sendTouches(inputs)
      case .cancelAllTouches: scene.application.cancelAllTouches()
      }
      needsFrame = true
    }
    for event in wakeup.events {
      switch event {
      case .keyPress(let key):
        guard let command = SandboxKeys.command(for: key) else { continue }
        if let request = perform(command) { requests.append(request) }
      case .expose, .resize:
        needsFrame = true
      case .close:
        requests.append(.quit)
      case .pointer, .touch, .focusLost, .deviceHierarchyChanged:
        continue
      }
    }
    if wakeup.fileChanged { reload() }
    if transcript.hasNewLines { needsFrame = true }
    return requests
  }

  /// Carries out a key's command; the window's own ones come back as a request.
  @discardableResult
  public func perform(_ command: SandboxCommand) -> WindowRequest? {
    if notice != nil {
      notice = nil
      needsFrame = true
    }
    switch command {
    case .nextLayout: open(LayoutFiles.neighbour(of: layoutPath, offset: 1))
    case .previousLayout: open(LayoutFiles.neighbour(of: layoutPath, offset: -1))
    case .reload: reload()
    case .toggleOverlay:
      showsOverlay.toggle()
      needsFrame = true
    case .clearLog:
      transcript.clear()
      overlay.clear()
      needsFrame = true
    case .screenshot: return .screenshot
    case .quit: return .quit
    case .playPause, .stepForward, .stepBackward, .slower, .faster: performPlayback(command)
    }
    return nil
  }

  // MARK: Layouts

  /// Loads the layout file the session is on again.
  public func reload() { open(layoutPath) }

  /// Loads layouts off the loop's thread, when set (the window sets it): the old scene stays
  /// on screen and keeps working until the new one is ready (`handle(_:)` takes it).
  public var backgroundLoader: BackgroundLoader?
  /// Each load's number: only the latest one's result is taken.
  private var loadGeneration = 0
  /// A background load is under way.
  public private(set) var isLoading = false

  /// Loads `path` and shows it. On an error the previous scene stays, the error is shown in
  /// the window and printed on standard error, and the session stays on `path`, so the next
  /// save (or R) tries again. Returns whether the layout loaded — or, with a
  /// `backgroundLoader`, true: the load has started, and `handle(_:)` shows its outcome.
  @discardableResult
  public func open(_ path: String) -> Bool {
    layoutPath = path
    needsFrame = true
    if let backgroundLoader {
      loadGeneration += 1
      isLoading = true
      backgroundLoader.load(path, generation: loadGeneration)
      return true
    }
    return finishOpening(path, Result { try LayoutLoader.load(path: path) })
  }

  /// Takes a background load's result if the latest one has finished; true when it had.
  @discardableResult
  public func takeFinishedLoad() -> Bool {
    guard let backgroundLoader, let (generation, path, result) = backgroundLoader.takeFinished(),
      generation == loadGeneration
    else { return false }
    isLoading = false
    finishOpening(path, result)
    return true
  }

  @discardableResult
  private func finishOpening(_ path: String, _ result: Result<Scene, Error>) -> Bool {
    needsFrame = true
    let loaded: Scene
    do {
      loaded = try result.get()
    } catch {
      let text = "\(error)"
      layoutError = text
      report(text)
      return false
    }
    if let problem = Self.sizeProblem(loaded, scale: scale) {
      layoutError = problem
      report(problem)
      return false
    }
    layoutError = nil
    replaceScene(with: loaded)
    return true
  }

  /// The largest window side, in pixels, the sandbox opens (X allows 32767, but a frame that
  /// big is hundreds of megabytes to draw and send on every change).
  public static let maximumWindowSide = 8192

  /// Why `scene` cannot be shown at `scale` (its window would be too big), or nil.
  public static func sizeProblem(_ scene: Scene, scale: Double, showsTimeline: Bool = false) -> String? {
    let size = SceneRenderer(theme: .standard).frameSize(
      for: scene.window, showsPanel: true, showsTimeline: showsTimeline)
    let pixels = LiveSandbox.pixelSize(of: size, scale: scale)
    guard pixels.width > maximumWindowSide || pixels.height > maximumWindowSide else { return nil }
    // At the `window:` line, as `touchlab check` reports a window past LayoutLimits there.
    return scene.windowSizeError(
      "the window would be \(pixels.width)×\(pixels.height) pixels at scale \(DisplayScale.describe(scale)), more "
        + "than the \(maximumWindowSide) a side the sandbox shows; make `window: {size: …}` smaller or use a "
        + "smaller --scale"
    ).description
  }

  /// Shows a problem that is not the layout's (a failed screenshot) and prints it.
  public func show(problem: String) {
    notice = problem
    needsFrame = true
    report("touchlab: error: \(problem)")
  }

  private func replaceScene(with newScene: Scene) {
    // The old scene is dropped as it is: fingers still down are forgotten (their later
    // moves and lifts are ignored) rather than cancelled into the old scene's transcript.
    scene = newScene
    followScene(newScene)
    transcript.follow(newScene.records)
    overlay = TouchOverlay(application: newScene.application)
    clock = LiveClock(engineClock: newScene.application.clock, source: timeSource)
    mapper.forgetAllFingers()
    mapper.sceneSize = newScene.window.bounds.size
  }
}

/// Loads layout files on a serial queue of its own and wakes the loop when one is done
/// (docs/ARCHITECTURE.md, the sandbox loop): a reload never freezes the window, whatever the
/// file — the limits of `LayoutLimits` bound each load, and the old scene runs meanwhile.
public final class BackgroundLoader: @unchecked Sendable {
  /// Readable when a load has finished; the window's poll loop watches it.
  public let waker = LoopWaker()
  private let queue = DispatchQueue(label: "touchlab.layout-loading")
  private let lock = NSLock()
  private var finished: (generation: Int, path: String, result: Result<Scene, Error>)?

  public init() {}

  /// Starts loading `path` (after any load before it).
  func load(_ path: String, generation: Int) {
    queue.async { [self] in
      let result = Result { try LayoutLoader.load(path: path) }
      lock.lock()
      finished = (generation, path, result)
      lock.unlock()
      waker.wake()
    }
  }

  /// The latest finished load, once.
  func takeFinished() -> (generation: Int, path: String, result: Result<Scene, Error>)? {
    lock.lock()
    defer { lock.unlock() }
    let taken = finished
    finished = nil
    return taken
  }
}
