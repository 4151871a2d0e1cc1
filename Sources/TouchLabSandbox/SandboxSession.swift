import Foundation
import TouchLabCanvas
import TouchLabEngine
import TouchLabLayout
import TouchLabRecords
import TouchLabRender
import TouchLabX11

/// The live sandbox without its window: the scene on the real clock, the window's input
/// turned into fingers, the keys' commands, loading and reloading layouts (an error keeps
/// the previous scene and is shown), and the transcript. `LiveSandbox` puts it in an X11
/// window; tests drive it with made-up events and an injected clock.
public final class SandboxSession {
  /// The window's size, the scale its frame is drawn at, and which part is where.
  public internal(set) var geometry: WindowGeometry
  /// Window pixels per scene point, when the window is as big as the frame.
  public var scale: Double { geometry.scale }
  public private(set) var scene: Scene
  /// The layout file the session is on, the last load's error, and the loads under way.
  public private(set) var loading: LayoutLoading
  /// The layout file the session is on (`LayoutLoading.path`).
  public var layoutPath: String { loading.path }
  /// The last load's error, `FILE:LINE:COLUMN: error: …`, until a load succeeds.
  public var layoutError: String? { loading.error }
  /// The confirmation and the problem shown besides the scene.
  private(set) var messages = SessionMessages()
  /// Another problem to show (a screenshot that could not be written), until the next key.
  public var notice: String? { messages.notice }
  /// A confirmation under the panel's title ("Saved touchlab-….png"), for
  /// `SessionMessages.statusDuration` seconds, in place of the layout's file name.
  public var status: String? { messages.status }
  public private(set) var showsOverlay = true
  /// The transcript's times count from the first touch (T) instead of the scene's start.
  public private(set) var timesFromFirstTouch = false
  /// The sequence number of the last transcript entry shown when the panel is scrolled back
  /// (the wheel), or nil: the panel follows the newest.
  public var transcriptAnchor: Int? { transcriptScroll.anchor }
  var transcriptScroll = TranscriptScroll()
  /// The inspector's state: shown or not, scrolled how far, the point hovered.
  var inspector = InspectorState()
  /// The inspector is shown (I), right of the panel.
  public var showsInspector: Bool { inspector.isShown }
  /// The inspector's first row shown (the wheel over it scrolls).
  public var inspectorFirstRow: Int { inspector.firstRow }
  /// The point under the mouse over the scene (scene points), while the inspector is shown.
  public var hoverPoint: CGPoint? { inspector.hoverPoint }
  /// The boolean properties flipped in the window (`ID.NAME`), their value now and in the file.
  public internal(set) var flips = PropertyFlips()
  /// The flips, each with its value now and in the file.
  public var changes: [(path: String, value: Bool, original: Bool)] { flips.all }
  /// What the pointer can act on in the frame shown last — its cards, the inspector's rows,
  /// how its transcript fitted — as that frame was drawn (`frameShown(_:)`): a click acts on
  /// what the user sees.
  public private(set) var shownTargets = FrameTargets()
  public private(set) var overlay: TouchOverlay
  /// The cards pinned, and the one under the pointer (`CardPins`).
  var cards = CardPins()
  /// Touches whose cards the user pinned (K, a right-click on the card, or a left click on
  /// a collapsed one).
  public var pinnedCards: Set<Int> { cards.pinned }
  /// The touch whose collapsed card the pointer is on: shown whole, over the others.
  public var hoveredCard: Int? { cards.hovered }
  /// Pinned cards a left click pinned: shown whole where they were collapsed.
  public var clickPinnedCards: Set<Int> { cards.clickPinned }
  public private(set) var clock: LiveClock
  public let transcript: TranscriptLog
  /// Something changed since the last frame was drawn.
  public internal(set) var needsFrame = true
  /// The scenario being played (`--scenario`), or nil: the window is live.
  public internal(set) var playback: ScenarioPlayback?
  /// The live scene's touches, for Space's review.
  var liveHistory: LiveTouchHistory
  /// The live scene's records since the latest gesture began (Space reviews them).
  public var liveRecords: [DeliveryRecord] { liveHistory.records }

  var mapper: TouchInputMapper
  /// The X server's clock as learned from its events' timestamps: when each input happened,
  /// in `timeSource` seconds (kept across scenes: it is the server's, not the scene's).
  public var serverClock = ServerTimeMapping()
  let timeSource: () -> Double
  /// When the latest input handled happened (its X server time on the monotonic clock), for
  /// the frame log (`FrameLog`); nil before any input with a time.
  public private(set) var lastInputTime: Double?
  private let report: (String) -> Void

  /// The shortest time between two frames of an overlay animation (`LoopWakeUp`).
  public static let animationFrameInterval = LoopWakeUp.animationFrameInterval

  /// Starts a session on `scene` (already loaded: a first load's error is the caller's).
  /// `timeSource` gives monotonic seconds; `report` prints a problem (standard error).
  public init(
    scene: Scene, scale: Double, transcriptFile: TranscriptFile? = nil,
    timeSource: @escaping () -> Double = MonotonicClock.now,
    report: @escaping (String) -> Void = SandboxSession.printToStandardError
  ) {
    geometry = WindowGeometry(scale: scale)
    self.scene = scene
    loading = LayoutLoading(path: scene.file)
    self.timeSource = timeSource
    self.report = report
    var clockNow: () -> (now: TimeInterval, firingTimers: Bool) = { (0, false) }
    transcript = TranscriptLog(file: transcriptFile, report: report, realTime: { clockNow() })
    overlay = TouchOverlay(application: scene.application)
    clock = LiveClock(engineClock: scene.application.clock, source: timeSource)
    liveHistory = LiveTouchHistory(following: scene.records)

    mapper = TouchInputMapper(scale: scale, sceneSize: scene.window.bounds.size)
    clockNow = { [unowned self] in (self.clock.now, self.clock.isFiringTimers) }
    transcript.startSection(TranscriptLog.sectionHeader(for: scene))
    transcript.follow(scene.records)
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

  /// What the window draws now: the live scene, or a play at its time.
  public var frameContent: FrameContent { FrameComposer(session: self).content(showingStatus: true) }

  /// What a screenshot (S) saves: the frame without the window's own confirmation under
  /// the title ("Saved touchlab-….png" of the screenshot before), which is no part of the
  /// scene (issue 48 §7) — the file name stands there, as when no confirmation shows.
  public var screenshotContent: FrameContent { FrameComposer(session: self).content(showingStatus: false) }

  /// What the window got for its timers (`TimerWakePriority.Source`), shown under the keys:
  /// learnt once the first frame is out (`LiveSandbox`), and drawn in the next.
  public var realTimeNote: String? {
    didSet { if realTimeNote != oldValue { needsFrame = true } }
  }

  /// The keys' help lines, and what the window got for its timers.
  var keyHelp: [String] { SandboxKeys.help(realTimeNote: realTimeNote) }

  /// Pins a touch's card (it stays, whole, until unpinned, even after later gestures), or
  /// unpins it.
  public func togglePin(_ touch: Int) {
    cards.toggle(touch)
    needsFrame = true
  }

  /// The wheel over the transcript: `steps` notches back (negative) or forward
  /// (`TranscriptScroll`).
  public func scrollTranscript(by steps: Int) {
    let (entries, first) = FrameComposer(session: self).transcript()
    if transcriptScroll.scroll(by: steps, count: entries.count, firstSequence: first, fit: shownTargets.transcriptFit) {
      needsFrame = true
    }
  }

  /// Shows `text` under the panel's title for `SessionMessages.statusDuration` seconds.
  public func showStatus(_ text: String) {
    messages.showStatus(text, now: timeSource())
    needsFrame = true
  }

  /// The window shows a frame drawn with `targets` (its `FrameDamage.targets`).
  public func frameShown(_ targets: FrameTargets) { shownTargets = targets }

  /// The loop has drawn and presented the current frame.
  public func frameDrawn() {
    needsFrame = false
    transcript.hasNewLines = false
  }

  /// Draws and presents a frame when one is needed, so that no engine timer waits for it
  /// (`FrameScheduler`): `draw` draws the current `frameContent`, asking its argument ("is a
  /// timer due?") before each view and between parts; `present` sends it. Returns whether a
  /// frame was sent.
  @discardableResult
  public func renderFrame(draw: (_ shouldStop: () -> Bool) -> FrameDrawing, present: () -> Void) -> Bool {
    guard needsFrame && clock.mayStartFrame else { return false }
    let outcome = scheduler.render(
      clock: clock, wakePriority: wakePriority, nearTimer: { timerSoon }, timeSource: timeSource, draw: draw,
      present: present)
    if outcome == .failed || outcome == .sent { frameDrawn() }
    return outcome == .sent
  }

  /// When frames are drawn and sent, and when the next may start after a long one.
  private var scheduler = FrameScheduler()
  /// When the next frame may start (`timeSource` seconds), after a long one; nil: at once.
  public var nextFrameTime: Double? { scheduler.pacer.nextFrameTime }
  /// The rest's part of a long frame's length (`FramePacer`).
  public static let longFrameRest = FramePacer.longFrameRest

  /// The end of the rest after a long frame, when a frame is waiting for it.
  private var pendingFrameTime: Double? { needsFrame ? nextFrameTime : nil }

  /// When the loop must wake although no input comes, in `timeSource` seconds: the engine's
  /// next timer (the scroll view's 0.15 s, a long press's 0.5 s…) or the overlay's next
  /// animation frame. Nil when the scene is still: the window then sleeps until input.
  public var wakeUpTime: Double? {
    let times = [wakeUpTimeWithoutRest, pendingFrameTime].compactMap { $0 }
    return times.min()
  }

  private var wakeUpTimeWithoutRest: Double? {
    if let playback {
      return LoopWakeUp.playing(playback, now: now, clock: clock, statusExpiry: messages.statusExpiry)
    }
    return LoopWakeUp.live(clock: clock, overlay: showsOverlay ? overlay : nil, statusExpiry: messages.statusExpiry)
  }

  /// Whether an engine timer is pending (live; a scenario's are the player's).
  public var hasEngineTimer: Bool { nextEngineTimerTime != nil }

  /// How far before an engine timer no frame starts (`LiveClock.timerClearance`), for this
  /// scene's clock and every one after it.
  public var timerClearance = TimerClearance.frameCost {
    didSet { clock.timerClearance = timerClearance }
  }

  /// When the next engine timer falls due (`timeSource` seconds; live only).
  public var nextEngineTimerTime: Double? {
    guard playback == nil, let timer = clock.engineClock.nextFireTime else { return nil }
    return clock.startTime + timer
  }

  /// Fires the engine timers due by now: `EngineTimerThread`'s work while the loop sleeps,
  /// every input read so far handled and none waiting. The loop draws what they did when
  /// it wakes.
  public func fireDueEngineTimers() {
    guard playback == nil else { return }
    if transcript.inOneWrite({ clock.advance(toSourceTime: timeSource()) }) { needsFrame = true }
  }

  /// Whether what wakes the loop next is an engine timer (not an animation frame, a
  /// confirmation's end or input only): the loop then sleeps at real-time priority.
  public var wakesForEngineTimer: Bool {
    guard let timer = nextEngineTimerTime, let wakeUp = wakeUpTime else { return false }
    return wakeUp >= timer
  }

  /// Raises the loop's thread for an engine timer it is about to sleep for
  /// (`TimerWakePriority`); `handle(_:)` lowers it once the timers have fired.
  public var wakePriority = TimerWakePriority.off

  /// The loop is about to sleep until `wakeUpTime` or input.
  public func prepareToSleep() {
    wakePriority.prepareToSleep(wakingForTimer: wakesForEngineTimer || timerSoon || isTouching)
  }

  /// A finger (or the mouse button) is down: its motions and their frames are handled at the
  /// raised priority, so a busy machine cannot hold a drag's frames up either.
  public var isTouching: Bool { playback == nil && !mapper.fingersDown.isEmpty }

  /// An engine timer falls due within what two frames are expected to cost (and 5 ms more):
  /// the frames before it are drawn at the raised priority, so a busy machine cannot
  /// preempt one past the timer.
  public var timerSoon: Bool {
    playback == nil && clock.timerDue(within: 2 * clock.frameCost + 0.005)
  }

  // MARK: Input

  /// Handles one wake-up of the poll loop: the clock first (timers due before this input
  /// fire first), then the input in order, then a changed layout file. Returns what the
  /// window must do.
  @discardableResult
  public func handle(_ wakeup: PollWakeup) -> [WindowRequest] {
    transcript.inOneWrite { handleInOneStep(wakeup) }
  }

  private func handleInOneStep(_ wakeup: PollWakeup) -> [WindowRequest] {
    // The timers (and the input that came with them) run at the priority they woke at; the
    // frame after them is ordinary unless a timer is near or a finger is down.
    defer { wakePriority.timersFired(timerSoon: timerSoon || isTouching) }
    takeFinishedLoad()
    takePlaybackWork()
    if wakeup.deadlineReached { needsFrame = true }
    // The engine never runs past the moment input was last read: input not yet read may
    // have happened before any later time.
    let readAt = wakeup.readTime ?? timeSource()
    // When each event happened (nil: it carries no time), learned from the X server's
    // timestamps against when they were read.
    let eventTimes = serverClock.times(ofServerTimes: wakeup.events.map(\.serverTime), readAt: readAt)
    // With no input, or only input of no time, the clock goes to the read first, as before;
    // input with a time moves it only to that time (below), so a late read changes nothing.
    if playback != nil || !eventTimes.contains(where: { $0 != nil }), clock.advance(toSourceTime: readAt) {
      needsFrame = true
    }
    if messages.expireStatus(now: timeSource()) { needsFrame = true }
    var requests: [WindowRequest] = []
    for case .resize(let width, let height) in wakeup.events { windowResized(width: width, height: height) }
    mapper.scale = drawingScale  // the frame may have grown or shrunk (the inspector, the strip)
    // Left clicks on collapsed (or pinned) cards are the cards', not fingers.
    let (kept, cardsChanged) = cards.takingClicks(
      from: wakeup.events, mouseIsFinger: mapper.mouseFinger != nil,
      cardAt: { [unowned self] in cardHit(at: $0) })
    if cardsChanged { needsFrame = true }
    let keptEvents = kept.map(\.event)
    if let playback { followPlayback(playback, events: keptEvents) }
    // Each input at its own time: the engine advances to when it happened (timers due
    // before it fire first, those due after it wait), whenever the window read it.
    for (engineInput, source) in mapper.mapWithSources(playback == nil ? keptEvents : []) {
      if let time = eventTimes[kept[source].index] {
        lastInputTime = max(lastInputTime ?? time, time)
        if clock.advance(toSourceTime: time) { needsFrame = true }
      }
      switch engineInput {
      case .touches(let inputs): scene.application.sendTouches(inputs)
      case .cancelAllTouches: scene.application.cancelAllTouches()
      }
      needsFrame = true
    }
    if clock.advance(toSourceTime: readAt) { needsFrame = true }  // and then to the read
    for event in wakeup.events {
      switch event {
      case .keyPress(let key):
        guard let command = SandboxKeys.command(for: key) else {
          endLoopHold(for: key)
          continue
        }
        if let request = perform(command) { requests.append(request) }
      case .expose, .resize:
        needsFrame = true
      case .close:
        requests.append(.quit)
      case .wheel(let wheel):
        switch region(at: wheel.location) {
        case .transcript: scrollTranscript(by: wheel.steps)
        case .inspector: scrollInspector(by: wheel.steps)
        default: break
        }
      case .pointer(let pointer):
        if pointer.phase == .moved, pointer.pressedButtons.isEmpty {
          hover(at: pointer.location)
        }
        if pointer.phase == .down, pointer.button == 1, region(at: pointer.location) == .inspector {
          clickInspector(at: pointer.location)
        }
        if pointer.phase == .down, pointer.button == 3, region(at: pointer.location) == .scene {
          if let touch = cardHit(at: pointer.location)?.touch { togglePin(touch) }
        }
      case .pointerLeft:
        hover(at: nil)
      case .touch, .focusLost, .deviceHierarchyChanged, .frameRead:
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
    if messages.dismissNotice() { needsFrame = true }
    switch command {
    case .nextLayout: open(LayoutFiles.neighbour(of: layoutPath, offset: 1))
    case .previousLayout: open(LayoutFiles.neighbour(of: layoutPath, offset: -1))
    case .reload: reload()
    case .toggleOverlay:
      showsOverlay.toggle()
      needsFrame = true
    case .clearLog:
      cards.removeAll()
      transcript.clear()
      transcriptScroll.anchor = nil
      overlay.clear()
      needsFrame = true
    case .toggleTimeOrigin:
      timesFromFirstTouch.toggle()
      needsFrame = true
    case .toggleInspector: toggleInspector()
    case .togglePin:
      if let latest = shownOverlay?.touches.last { togglePin(latest.identifier) }
    case .playScenario(let number):
      guard number == 0 || number <= scene.scenarios.count else { return nil }
      pick(scenario: number == 0 ? nil : scene.scenarios[number - 1].name)
    case .nextScenario, .previousScenario:
      let offset = command == .nextScenario ? 1 : -1
      let names = scene.scenarios.map(\.name)
      pick(scenario: ScenarioPlayback.neighbour(of: playback?.scenario?.name, in: names, offset: offset))
    case .screenshot: return .screenshot
    case .quit: return .quit
    case .playPause, .stepForward, .stepBackward, .slower, .faster: performPlayback(command)
    }
    return nil
  }

  // MARK: Where the pointer is

  /// The frame's size in points: the scene, the panel, and the strip and inspector when shown.
  public var frameSize: CanvasSize {
    SceneRenderer.frameSize(
      for: scene.window, showsPanel: true, showsTimeline: showsTimeline, showsInspector: showsInspector)
  }

  /// Window pixels per point as the frame is drawn (`WindowGeometry.drawingScale(frame:)`).
  public var drawingScale: Double { geometry.drawingScale(frame: frameSize) }

  /// The window has (or is about to have) this size in pixels.
  public func windowResized(width: Int, height: Int) {
    geometry.windowPixelSize = (width, height)
    mapper.scale = drawingScale
    needsFrame = true
  }

  /// Where the frame's parts are now, for the pointer (`FrameLayout`).
  var frameLayout: FrameLayout {
    let size = frameSize
    return FrameLayout(
      window: scene.window, frameSize: size, scale: geometry.drawingScale(frame: size), showsTimeline: showsTimeline,
      showsInspector: showsInspector)
  }

  /// The scene point (frame point) under a window pixel, at the scale the frame is drawn at.
  public func framePoint(_ location: InputPoint) -> CanvasPoint { frameLayout.point(location) }

  /// The part of the window under a window pixel.
  public func region(at location: InputPoint) -> WindowRegion { frameLayout.region(at: location) }

  // MARK: Layouts

  /// Loads the layout file the session is on again.
  public func reload() { open(layoutPath) }

  /// Loads layouts off the loop's thread, when set (`LayoutLoading.backgroundLoader`).
  public var backgroundLoader: BackgroundLoader? {
    get { loading.backgroundLoader }
    set { loading.backgroundLoader = newValue }
  }
  /// A background load is under way.
  public var isLoading: Bool { loading.isLoading }
  /// How scenes are read by name (`SceneFiles`); the window's `open` sets it for dumps.
  public var sceneFiles: SceneFiles {
    get { loading.sceneFiles }
    set { loading.sceneFiles = newValue }
  }

  /// How a play or a review loads its copies of the layout (each with the flips applied):
  /// the file read and built, off the loop's thread in the window. Tests count the loads.
  /// By default the scene's own way (`sceneFiles`: a layout file, or the dumps it came from).
  public var playbackLayoutLoader: ((String) throws -> Scene)?

  /// Loads `path` and shows it. On an error the previous scene stays, the error is shown in
  /// the window and printed on standard error, and the session stays on `path`, so the next
  /// save (or R) tries again. Returns whether the layout loaded — or, with a
  /// `backgroundLoader`, true: the load has started, and `handle(_:)` shows its outcome.
  @discardableResult
  public func open(_ path: String) -> Bool {
    needsFrame = true
    guard let (path, result) = loading.start(path) else { return true }
    return finishOpening(path, result)
  }

  /// Takes a background load's result if the latest one has finished; true when it had.
  @discardableResult
  public func takeFinishedLoad() -> Bool {
    guard let (path, result) = loading.takeFinished() else { return false }
    finishOpening(path, result)
    return true
  }

  @discardableResult
  private func finishOpening(_ path: String, _ result: Result<Scene, Error>) -> Bool {
    needsFrame = true
    if case .success(let loaded) = result {
      // The properties flipped in the window stay flipped across a reload, while they still apply.
      if path == scene.file {
        for problem in flips.carryOver(to: loaded) { show(problem: problem) }
      } else {
        flips.removeAll()
      }
    }
    guard let loaded = loading.accept(result, scale: scale, report: report) else { return false }
    replaceScene(with: loaded)
    return true
  }

  /// Shows a problem that is not the layout's (a failed screenshot) and prints it.
  public func show(problem: String) {
    messages.notice = problem
    needsFrame = true
    report("touchlab: error: \(problem)")
  }

  private func replaceScene(with newScene: Scene) {
    // The old scene is dropped as it is: fingers still down are forgotten (their later
    // moves and lifts are ignored) rather than cancelled into the old scene's transcript.
    let reloaded = newScene.file == scene.file
    scene = newScene
    followScene(newScene)
    transcript.startSection(TranscriptLog.sectionHeader(for: newScene, reloaded: reloaded))
    transcriptScroll.anchor = nil
    transcript.follow(newScene.records)
    overlay = TouchOverlay(application: newScene.application)
    cards.removeAll()
    clock = LiveClock(engineClock: newScene.application.clock, source: timeSource)
    clock.timerClearance = timerClearance
    mapper.forgetAllFingers()
    mapper.sceneSize = newScene.window.bounds.size
  }
}
