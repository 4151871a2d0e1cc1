import Foundation
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
  /// The frame buffer's canvas as last drawn (the window owns it; it holds the last frame).
  private var canvas: Canvas?
  /// What the last frame drew, so the next draws only what changed.
  private let damage = FrameDamageTracker()
  /// Rectangles drawn into the buffer but not yet sent (a frame held back for a timer).
  private var unsentRects: [DamageRect] = []
  /// The frame size (points) the window was last sized for.
  private var frameSize: CanvasSize
  private var shownTitle: String
  private var pollLoop: PollLoop
  private var watchedPath: String?
  /// Where screenshots go.
  private let screenshotFolder: URL
  /// Standard output could not be written (closed, or its reader went away): said once.
  private var standardOutputFailed = false

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
    session.renderer = renderer
    // The engine's timers on time on a busy machine (docs/PERFORMANCE.md): real time while the
    // loop sleeps for one, where allowed; otherwise a short time slice and no timer slack,
    // which ordinary threads may ask for.
    ThreadScheduling.requestTimeSlice(seconds: Self.timeSlice)
    ThreadScheduling.setTimerSlack(seconds: 1e-9)
    session.wakePriority = TimerWakePriority.forThisThread()
    frameSize = renderer.frameSize(
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

  /// The time slice the loop's thread asks for as an ordinary thread (the kernel's least).
  public static let timeSlice = 0.0001

  /// The window's pixel size for a frame of `size` points.
  public static func pixelSize(of size: CanvasSize, scale: Double) -> (width: Int, height: Int) {
    (Int((size.width * scale).rounded(.up)), Int((size.height * scale).rounded(.up)))
  }

  /// Runs until the user quits (Q, Escape, closing the window). Losing the X server ends the
  /// program from inside Xlib (`X11Window.installConnectionLossHandler`).
  public func run() {
    while true {
      followSceneChanges()
      if session.needsFrame { drawFrame() }
      session.prepareToSleep()
      let wakeup = pollLoop.wait(until: session.wakeUpTime)
      for request in session.handle(wakeup) {
        switch request {
        case .quit:
          window.close()
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
    let size = renderer.frameSize(
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
        source: window, fileWatcher: try FileChangeWatcher(path: path), waker: session.backgroundLoader?.waker)
    } catch {
      pollLoop = PollLoop(source: window, waker: session.backgroundLoader?.waker)
      SandboxSession.printToStandardError("touchlab: warning: \(error) R reloads by hand.")
    }
  }

  /// Draws the current frame and shows it, unless that would hold up an engine timer
  /// (`SandboxSession.renderFrame`).
  /// The frame is drawn straight into the window's frame buffer, only where it differs from
  /// the frame before (damage drawing), and only those rectangles are sent.
  private func drawFrame() {
    session.renderFrame(
      draw: { shouldStop in drawDamage(shouldStop: shouldStop) },
      present: { sendDrawn() })
  }

  /// Draws what changed into the frame buffer; the rectangles wait in `unsentRects`.
  private func drawDamage(shouldStop: () -> Bool = { false }) -> SandboxSession.FrameDrawing {
    guard let canvas = makeCanvas() else { return .failed }
    switch renderer.draw(session.frameContent, on: canvas, tracking: damage, shouldStop: shouldStop) {
    case .stopped: return .stopped
    case .drawn(let rects):
      unsentRects = DamageRect.merged(unsentRects + rects)
      return .drawn
    }
  }

  private func sendDrawn() {
    window.presentDrawn(unsentRects.map { PixelRect(x: $0.x, y: $0.y, width: $0.width, height: $0.height) })
    unsentRects = []
  }

  /// The frame buffer's canvas for the frame at the session's drawing scale (smaller than
  /// `scale` gives when the window is smaller, so that the whole scene shows); nil when none
  /// can be made (the problem is shown). A new one is drawn whole.
  private func makeCanvas() -> Canvas? {
    let scale = session.drawingScale
    let pixels = Self.pixelSize(of: frameSize, scale: scale)
    guard let (made, isNew) = window.frameCanvas(pixelWidth: pixels.width, pixelHeight: pixels.height, scale: scale)
    else {
      canvas = nil
      session.show(problem: "cannot draw a frame of \(pixels.width)×\(pixels.height) pixels")
      return nil
    }
    if isNew || made !== canvas {
      damage.reset()
      unsentRects = []
      window.clearBackground()  // the frames change size: the next is sent whole
    }
    canvas = made
    return made
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

  /// Saves the window's frame as drawn now, and says where.
  private func saveScreenshot() {
    guard drawDamage() == .drawn, let canvas else { return }
    sendDrawn()
    session.frameDrawn()
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
}
