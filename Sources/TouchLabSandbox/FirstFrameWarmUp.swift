import Foundation
import TouchLabCanvas
import TouchLabEngine
import TouchLabRender

/// The first frame's transcript panel laid out on a thread of its own while the window's
/// start-up goes on (the layout read, the window opened): its text — the legend, the keys'
/// help, the section's headings, the file's name — is what the first frame's drawing spent
/// most of its instructions on (docs/PERFORMANCE.md, "The first frame's instructions").
///
/// Nothing is drawn: the panel of an empty transcript is noted on a recording canvas at 1×
/// (`SceneRenderer.damage(for:…)` on a renderer and tracker of its own), which
/// lays its text out in the shared layout caches (`TextFonts`) and opens its fonts. The
/// first frame then finds those layouts made — the same layouts it would make, for the same
/// text, style and width (at any scale), so its pixels are the same. A layout the first frame
/// does not need (another title) only costs the warm-up's thread its time.
public enum FirstFrameWarmUp {
  /// The panel's height laid out, in points: every key's help line fits in it.
  static let panelHeight = 2000.0

  /// The content whose panel is laid out: the transcript of a scene just loaded (its section
  /// header, no line), the scene's title (the file's name when `title` is nil, as the
  /// session shows it) and the file's name under it, the keys' help, in an empty window (the
  /// scene is not read yet).
  static func content(title: String?, file: String) -> FrameContent {
    FrameContent(
      window: UIWindow(frame: .zero), transcript: [.header(title.map { "\($0) (\(file))" } ?? file)],
      title: title ?? file, keyHelp: SandboxKeys.help(realTimeNote: nil), subtitle: file)
  }

  /// Lays the panel of `content` out with `theme`, on the calling thread (noted at 1×: a
  /// layout is the same at every scale).
  static func layOut(_ content: FrameContent, theme: Theme) {
    let renderer = SceneRenderer(theme: theme)
    let pixels = LiveSandbox.pixelSize(of: CanvasSize(width: SceneRenderer.panelWidth, height: panelHeight), scale: 1)
    _ = renderer.damage(
      for: content, pixelWidth: pixels.width, pixelHeight: pixels.height, scale: 1, tracking: FrameDamageTracker())
  }

  /// Starts laying out the first frame's panel for the layout file at `layoutPath` on a new
  /// thread (the default theme loaded there; none when it cannot be). Returns at once. No
  /// scale is needed: a layout is the same at every scale (`TextLayoutCache.follow`), so the
  /// warm-up starts as soon as the file is known, before the window's scale is.
  public static func start(layoutPath: String) {
    let file = (layoutPath as NSString).lastPathComponent
    let thread = Thread {
      guard let theme = try? Theme.loadDefault() else { return }
      layOut(content(title: nil, file: file), theme: theme)
    }
    thread.name = "touchlab first frame"
    thread.start()
  }
}
