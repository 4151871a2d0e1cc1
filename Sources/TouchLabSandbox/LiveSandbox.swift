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
  private var canvas: Canvas?
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
  private func drawFrame() {
    session.renderFrame(
      draw: { shouldStop in
        guard let canvas = makeCanvas() else { return .failed }
        return renderer.draw(session.frameContent, on: canvas, shouldStop: shouldStop) ? .drawn : .stopped
      },
      present: { if let canvas { window.present(canvas) } })
  }

  /// Draws the current frame onto the canvas; nil when no canvas can be made.
  private func drawCanvas() -> Canvas? {
    guard let canvas = makeCanvas() else { return nil }
    renderer.draw(session.frameContent, on: canvas)
    return canvas
  }

  /// The canvas, kept while the size stays; nil when none can be made (the problem is shown).
  /// The canvas is the frame at the session's drawing scale: smaller than `scale` gives when
  /// the window is smaller, so that the whole scene shows.
  private func makeCanvas() -> Canvas? {
    let scale = session.drawingScale
    let pixels = Self.pixelSize(of: frameSize, scale: scale)
    if canvas?.pixelWidth != pixels.width || canvas?.pixelHeight != pixels.height || canvas?.scale != scale {
      do {
        canvas = try Canvas(pixelWidth: pixels.width, pixelHeight: pixels.height, scale: scale)
        window.clearBackground()
      } catch {
        canvas = nil
        session.show(problem: "cannot draw a frame of \(pixels.width)×\(pixels.height) pixels: \(error)")
        return nil
      }
    }
    return canvas
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
    guard let canvas = drawCanvas() else { return }
    window.present(canvas)
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
