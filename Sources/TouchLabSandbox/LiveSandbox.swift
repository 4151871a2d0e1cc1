import Foundation
import TouchLabCanvas
import TouchLabEncoding
import TouchLabEngine
import TouchLabLayout
import TouchLabRender
import TouchLabX11

/// The sandbox in an X11 window: the loop that sleeps in `PollLoop` until input, the
/// engine's next timer, the overlay's next animation frame or a save of the layout file;
/// hands what woke it to the session; and draws a frame only when something changed. An
/// idle window makes no system calls but the one `poll()` it sleeps in.
public final class LiveSandbox {
  public let session: SandboxSession
  public let window: X11Window
  private let renderer: SceneRenderer
  /// What the last frame drew, so the next draws only what changed.
  private let damage = FrameDamageTracker()
  /// The pixel size and scale of the frame last drawn.
  private var drawnFrame: [Double] = []
  /// The frame size (points) the window was last sized for.
  private var frameSize: CanvasSize
  private var shownTitle: String
  private var pollLoop: PollLoop
  private var watchedPath: String?
  /// Where screenshots go.
  private let screenshotFolder: URL
  /// Standard output could not be written (closed, or its reader went away): said once.
  private var standardOutputFailed = false
  /// `TOUCHLAB_FRAME_LOG`: a line for each frame sent (the live benchmark's pairing).
  private let frameLog = FrameLog.fromEnvironment()
  /// The engine's timers fired on a thread of their own while the loop sleeps
  /// (`EngineTimerThread`), with or without real time for the loop's thread.
  private var timerThread: EngineTimerThread?
  /// Work that can wait, at background priority: the CJK face opened after the first frame.
  private let backgroundWork = BackgroundQueue(name: "touchlab fonts")
  /// A finer scheduler tick while a frame is on its way on a busy machine
  /// (`BusyMachineTick`): made as the loop's first turn starts, on its thread, whose wait for
  /// a CPU it reads, and stopped as `run()` returns; none with `TOUCHLAB_NO_SCHEDULER_TICK=1`,
  /// or where the kernel keeps no such account.
  private var busyMachineTick: BusyMachineTick?

  /// Opens the window for `session` (nil display: $DISPLAY). Throws `X11Error` when there
  /// is no usable X server.
  public init(
    session: SandboxSession, renderer: SceneRenderer, displayName: String? = nil,
    screenshotFolder: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
  ) throws {
    // A reader that goes away (`--transcript >(head -n2)`, standard output closed) makes
    // writes fail with EPIPE, which the transcript and the screenshot lines report once, and
    // the window carries on — instead of SIGPIPE ending it without a word.
    signal(SIGPIPE, SIG_IGN)
    self.session = session
    self.renderer = renderer
    self.screenshotFolder = screenshotFolder
    // The engine's timers on time on a busy machine (docs/PERFORMANCE.md): a short time slice
    // and no timer slack, which ordinary threads may ask for, now; real time while the loop
    // sleeps for one, where allowed, once the first frame is out (`setUpTimerPriority`).
    sliceGranted = ThreadScheduling.requestTimeSlice(seconds: Self.timeSlice)
    ThreadScheduling.setTimerSlack(seconds: 1e-9)
    frameSize = SceneRenderer.frameSize(
      for: session.scene.window, showsPanel: true, showsTimeline: session.showsTimeline,
      showsInspector: session.showsInspector)
    let pixels = Self.pixelSize(of: frameSize, scale: session.scale)
    shownTitle = session.windowTitle
    window = try X11Window(
      title: shownTitle, width: pixels.width, height: pixels.height, displayName: displayName)
    session.windowResized(width: pixels.width, height: pixels.height)
    // Reloads happen off the loop: the old scene keeps running until the new one is ready.
    let loader = BackgroundLoader()
    session.backgroundLoader = loader
    pollLoop = PollLoop(source: window, waker: loader.waker)
    watch(session.layoutPath)
  }

  /// Whether the loop's thread got the short time slice it asked for.
  private let sliceGranted: Bool
  /// Whether `setUpTimerPriority` ran.
  private var timerPriorityIsSetUp = false

  /// Real time for the loop's thread where the system allows it
  /// (`TimerWakePriority.forThisThread`), the engine's timers fired by a thread of their own
  /// either way (`EngineTimerThread`; `TOUCHLAB_NO_TIMER_THREAD=1` leaves them to the loop),
  /// and the note of what the window got, on standard error and under the keys. Asked for on
  /// the loop's thread once its first frame is out, not before: a desktop user's way to real
  /// time is a request to RealtimeKit over the system bus (a round trip to its daemon, which
  /// asks polkit), which the first frame has no need to wait for: it is drawn before any
  /// input is read, and set up right after it, the loop has its timers' priority before it
  /// first sleeps.
  private func setUpTimerPriority() {
    timerPriorityIsSetUp = true
    let priority = TimerWakePriority.forThisThread(timeSlice: sliceGranted ? Self.timeSlice : nil)
    session.wakePriority = priority
    var note = priority.source.description
    if ProcessInfo.processInfo.environment["TOUCHLAB_NO_TIMER_THREAD"] != "1" {
      note = priority.source.timerThreadDescription
      session.timerClearance = EngineTimerThread.timerClearance
      let waker = pollLoop.waker
      timerThread = EngineTimerThread(
        inputDescriptor: window.fileDescriptor, inheritsPriority: priority.isAvailable,
        fire: { [unowned session] in session.fireDueEngineTimers() },
        wakeLoop: { waker?.wake() })
      pollLoop.sleepObserver = timerThread
    }
    // Said once: what the window got for its timers (PERFORMANCE.md, issue 29 §2).
    session.realTimeNote = note
    SandboxSession.printToStandardError("touchlab: " + note)
  }

  deinit {
    timerThread?.stop()
  }

  /// The server's clock learned from a prompt sample before any input (`ServerTimeMapping`):
  /// once the first frame is out, so that its round trip to the server does not hold the
  /// first frame back.
  private func learnServerTime() {
    let sample = window.serverTimeSample()
    session.serverClock.learn(serverTime: sample.serverTime, readAt: sample.readAt)
  }

  /// The time slice the loop's thread asks for as an ordinary thread (the kernel's least).
  public static let timeSlice = 0.0001

  /// The window's pixel size for a frame of `size` points.
  public static func pixelSize(of size: CanvasSize, scale: Double) -> (width: Int, height: Int) {
    (Int((size.width * scale).rounded(.up)), Int((size.height * scale).rounded(.up)))
  }

  /// Runs until the user quits (Q, Escape, closing the window). Losing the X server ends the
  /// program from inside Xlib (`X11Window.installConnectionLossHandler`).
  public func run() {
    var sampledServerTime = false
    var warmedFallbackFonts = false
    // Said nowhere: whether it runs depends on the machine's load from moment to moment, and
    // what the window prints must not (its threads are named `touchlab-tick` in `top -H`).
    if ProcessInfo.processInfo.environment["TOUCHLAB_NO_SCHEDULER_TICK"] != "1", let wait = RunQueueWait() {
      busyMachineTick = BusyMachineTick(totalWait: { wait.seconds() })
    }
    defer { busyMachineTick?.stop() }
    while true {
      followSceneChanges()
      // A frame the X server is still reading (a busy machine) holds the next back. With an
      // engine timer pending the loop sleeps until it is read (`InputEvent.frameRead`), so the
      // timer fires on time meanwhile; with none, nothing can fall due, and it waits here in
      // one go rather than wake for each input meanwhile (a drag's motions).
      if session.needsFrame && window.isSendingFrame && !session.hasEngineTimer { window.waitUntilFrameRead() }
      noteFrameRead()
      let sent = session.needsFrame && !window.isSendingFrame && drawFrame()
      if !sampledServerTime {
        // After the first turn's frame (sent, or put off for an engine timer), before any input.
        learnServerTime()
        sampledServerTime = true
      }
      if sent && !warmedFallbackFonts {
        StartUpLog.shared?.note("first-frame")
        if StartUpLog.exitsAfterFirstFrame {
          window.close()
          timerThread?.stop()
          timerThread = nil
          return
        }
        // The first frame is out: the CJK face no longer holds it back; opened at background
        // priority, it does not take the frames' share of a busy machine either.
        backgroundWork.async { TextFonts.warmUpFallbackFonts() }
        warmedFallbackFonts = true
      }
      // After the first turn's frame (sent, or put off for an engine timer a play set).
      if !timerPriorityIsSetUp { setUpTimerPriority() }
      session.prepareToSleep()
      var deadline = session.wakeUpTime
      if let timerThread {
        timerThread.willSleep(untilEngineTimer: session.nextEngineTimerTime)
        // Without real time the timer thread fires it and wakes the loop (it fires nothing
        // while the loop is awake: waking with it would only contend for the lock). With
        // real time the loop wakes for it too: the waiters are on time on a quiet machine,
        // where the one real-time thread was not, and the real-time loop under load, where
        // an ordinary waiter can be late.
        deadline = EngineTimerThread.loopWakeUp(
          for: deadline, sleepsForEngineTimer: session.wakesForEngineTimer,
          loopHasRealTime: session.wakePriority.isAvailable)
      }
      busyMachineTick?.loopWillSleep(frameIsBeingRead: window.isSendingFrame)
      let wakeup = pollLoop.wait(until: deadline)
      busyMachineTick?.loopDidWake()
      for request in session.handle(wakeup) {
        switch request {
        case .quit:
          window.close()
          timerThread?.stop()
          timerThread = nil
          return
        case .screenshot:
          saveScreenshot()
        }
      }
    }
  }

  /// A new scene may be another size or title, and a new layout file is watched instead.
  private func followSceneChanges() {
    if session.windowTitle != shownTitle {
      shownTitle = session.windowTitle
      window.setTitle(shownTitle)
    }
    let size = SceneRenderer.frameSize(
      for: session.scene.window, showsPanel: true, showsTimeline: session.showsTimeline,
      showsInspector: session.showsInspector)
    if size != frameSize {
      frameSize = size
      let pixels = Self.pixelSize(of: size, scale: session.scale)
      window.resize(width: pixels.width, height: pixels.height)
      // Drawn for that size at once; a window manager that gives another says so with a resize.
      session.windowResized(width: pixels.width, height: pixels.height)
    }
    if session.layoutPath != watchedPath { watch(session.layoutPath) }
  }

  private func watch(_ path: String) {
    watchedPath = path
    do {
      pollLoop = PollLoop(
        source: window, fileWatcher: try FileChangeWatcher(paths: session.sceneFiles.watched(path)),
        waker: session.backgroundLoader?.waker)
    } catch {
      pollLoop = PollLoop(source: window, waker: session.backgroundLoader?.waker)
      SandboxSession.printToStandardError("touchlab: warning: \(error) R reloads by hand.")
    }
    pollLoop.sleepObserver = timerThread
  }

  /// The frame sent last, until the frame log has it.
  private struct SentFrame {
    /// When the latest input it shows happened (nil: none yet).
    var shows: Double?
    /// The loop thread's CPU time since the frame before was drawn, in seconds.
    var cpu: Double?
  }
  private var unreadFrame: SentFrame?
  /// The loop thread's CPU time when the frame before was drawn (for the frame log).
  private var cpuAtLastFrame: Double?

  /// Writes the frame sent last to the frame log once the X server has read it (`sent` is
  /// then: when it was on the server, as when the window waited for the server).
  private func noteFrameRead() {
    guard let frame = unreadFrame, !window.isSendingFrame else { return }
    unreadFrame = nil
    frameLog?.note(sent: MonotonicClock.now(), shows: frame.shows, cpu: frame.cpu)
  }

  /// Draws the current frame and shows it, unless that would hold up an engine timer
  /// (`SandboxSession.renderFrame`).
  /// Only what differs from the frame before is drawn (damage drawing), pass by pass through
  /// the window's strip, each pass sent as soon as it is drawn: the window never holds a
  /// whole frame (docs/ARCHITECTURE.md, the sandbox loop).
  /// Whether a frame was sent.
  @discardableResult
  private func drawFrame() -> Bool {
    session.renderFrame(draw: { shouldStop in drawDamage(shouldStop: shouldStop) }, present: {})
  }

  /// Draws and sends what changed; the whole frame when the window lacks one.
  private func drawDamage(shouldStop: () -> Bool = { false }) -> FrameDrawing {
    let scale = session.drawingScale
    let pixels = Self.pixelSize(of: frameSize, scale: scale)
    let frame = [Double(pixels.width), Double(pixels.height), scale]
    if frame != drawnFrame {
      drawnFrame = frame
      damage.reset()
      window.clearBackground()  // the frames change size: a smaller one would leave edges showing
    }
    let (drawn, targets) = Self.drawDamage(
      session.frameContent, renderer: renderer, tracking: damage, on: window, pixels: pixels, scale: scale,
      shouldStop: shouldStop)
    if drawn == true { session.frameShown(targets) }
    switch drawn {
    case nil:
      session.show(problem: "cannot draw a frame of \(pixels.width)×\(pixels.height) pixels")
      return .failed
    case false?: return .stopped
    case true?:
      if frameLog != nil {
        let cpu = ThreadScheduling.threadCPUTime()
        unreadFrame = SentFrame(shows: session.lastInputTime, cpu: cpuAtLastFrame.map { cpu - $0 })
        cpuAtLastFrame = cpu
      }
      noteFrameRead()
      return .drawn
    }
  }

  /// Draws and sends what of `content` differs from the frame `tracker` saw sent to `window`
  /// (all of it when the window lacks a whole frame): the panel's lines scrolled up are moved
  /// on the server (`FrameDamageTracker.scroll`, `X11Window.copyArea`), the rest drawn pass by
  /// pass through the strip (`FrameDamageTracker.passes`). The tracker is committed, left to redraw what a stop left
  /// (false), or reset (nil: no strip). With it, what the pointer can act on in the frame
  /// (`FrameDamage.targets`), for the session once the frame is shown.
  public static func drawDamage(
    _ content: FrameContent, renderer: SceneRenderer, tracking tracker: FrameDamageTracker, on window: X11Window,
    pixels: (width: Int, height: Int), scale: Double, shouldStop: () -> Bool = { false }
  ) -> (drawn: Bool?, targets: FrameTargets) {
    if window.needsWholeFrame { tracker.reset() }
    let damage = renderer.damage(
      for: content, pixelWidth: pixels.width, pixelHeight: pixels.height, scale: scale, tracking: tracker)
    let rects = damage.rects
    if let move = tracker.scroll {
      // The panel's lines scrolled up: the server moves their pixels; only the rest is drawn.
      let source = move.source
      window.copyArea(source, toX: move.destination.x, y: move.destination.y)
    }
    // The strip holds more rows of a narrower damage (`X11Window.stripRows(passWidth:…)`).
    let rows = X11Window.stripRows(
      passWidth: DamageRect.bounds(of: rects).width, frameWidth: pixels.width, frameHeight: pixels.height)
    let passes = tracker.passes(of: rects, maximumRows: rows)
    let drawn = window.drawAndSend(
      passes: passes, frameWidth: pixels.width, frameHeight: pixels.height, scale: scale
    ) { canvas, rects in
      renderer.draw(content, on: canvas, within: rects, of: damage, shouldStop: shouldStop)
    }
    switch drawn {
    case nil: tracker.reset()
    case false?: tracker.abandon(rects)
    case true?: tracker.commit()
    }
    return (drawn, damage.targets)
  }

  /// Saves the frame as drawn now (a whole drawing, on a canvas of its own), and says where.
  private func saveScreenshot() {
    _ = drawDamage()
    session.frameDrawn()
    let scale = session.drawingScale
    let pixels = Self.pixelSize(of: frameSize, scale: scale)
    let canvas: CairoCanvas
    do {
      canvas = try CairoCanvas(pixelWidth: pixels.width, pixelHeight: pixels.height, scale: scale)
    } catch {
      session.show(problem: "screenshot not saved: \(error)")
      return
    }
    renderer.draw(session.screenshotContent, on: canvas)
    let url = Screenshots.url(forLayout: session.layoutPath, in: screenshotFolder)
    do {
      try canvas.writePNG(to: url)
      let line = "touchlab: saved screenshot \(url.path) (\(canvas.pixelWidth)×\(canvas.pixelHeight) pixels)\n"
      printOnStandardOutput(line)
      session.showStatus("Saved \(url.lastPathComponent)")
    } catch {
      session.show(problem: "screenshot not saved: \(error)")
    }
  }

  /// Writes `line` to standard output; the first failure is said on standard error, and
  /// nothing more is written there.
  private func printOnStandardOutput(_ line: String) {
    guard !standardOutputFailed else { return }
    guard let code = OutputFile.writeAll(Data(line.utf8), to: STDOUT_FILENO) else { return }
    standardOutputFailed = true
    SandboxSession.printToStandardError(
      "touchlab: warning: cannot write to standard output: \(String(cString: strerror(code))); the window carries on "
        + "without printing there")
  }
}
