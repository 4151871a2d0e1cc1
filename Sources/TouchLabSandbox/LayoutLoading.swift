import Foundation
import TouchLabLayout

/// How the window reads a scene by its name: a layout file by its path — or, for the name an
/// import gave (`views.txt (imported)`), the dumps it came from, read and imported again —
/// and which files a save of reloads it.
public struct SceneFiles: Sendable {
  /// Loads the scene named `path`.
  public var load: @Sendable (String) throws -> Scene
  /// The files whose saving reloads the scene named `path`.
  public var watched: @Sendable (String) -> [String]

  public init(load: @escaping @Sendable (String) throws -> Scene, watched: @escaping @Sendable (String) -> [String]) {
    self.load = load
    self.watched = watched
  }

  /// Layout files, each by its path: regular files only (a FIFO moved onto the path is an
  /// error at once, never a read that waits for its writer).
  public static let layouts = SceneFiles(load: { try LayoutLoader.loadRegularFile(path: $0) }, watched: { [$0] })
}

/// The window's layout files: the one it is on, the last load's error, and the loads (on the
/// loop's thread, or off it with a `BackgroundLoader`). A load that fails, or whose window
/// would be too big, gives no scene: the previous one stays.
public struct LayoutLoading {
  /// A finished load: the file and what came of it.
  typealias Load = (path: String, result: Result<Scene, Error>)

  /// The layout file the window is on: its scene's, or one that failed to load (the previous
  /// scene stays on screen while the error is shown; saving a fix reloads it).
  public private(set) var path: String
  /// The last load's error, `FILE:LINE:COLUMN: error: …`, until a load succeeds.
  public private(set) var error: String?
  /// Loads layouts off the loop's thread, when set (the window sets it): the old scene stays
  /// on screen and keeps working until the new one is ready (`takeFinished()` gives it).
  public var backgroundLoader: BackgroundLoader?
  /// How a scene is read (`SceneFiles.layouts` unless the window was given dumps).
  public var sceneFiles = SceneFiles.layouts
  /// A background load is under way.
  public var isLoading: Bool { backgroundLoader?.isLoading ?? false }

  init(path: String) { self.path = path }

  /// Goes to `path` and loads it: returns the load — or nil with a `backgroundLoader`: the
  /// load has started, and `takeFinished()` gives it when done.
  mutating func start(_ path: String) -> Load? {
    self.path = path
    if let backgroundLoader {
      backgroundLoader.load(path, using: sceneFiles.load)
      return nil
    }
    return (path, Result { try sceneFiles.load(path) })
  }

  /// The latest background load, if it has finished.
  func takeFinished() -> Load? { backgroundLoader?.takeLatest() }

  /// A load's scene, if it loaded and its window fits at `scale`; else nil, with `error` set
  /// and `report`ed.
  mutating func accept(_ result: Result<Scene, Error>, scale: Double, report: (String) -> Void) -> Scene? {
    let loaded: Scene
    do {
      loaded = try result.get()
    } catch {
      self.error = "\(error)"
      report("\(error)")
      return nil
    }
    if let problem = WindowSizeLimit.sizeProblem(loaded, scale: scale) {
      error = problem
      report(problem)
      return nil
    }
    error = nil
    return loaded
  }
}
