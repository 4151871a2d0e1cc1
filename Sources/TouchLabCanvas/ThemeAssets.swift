import Foundation

/// Finds the `Assets` folder (fonts.conf, theme.json, icon.png) at run time.
///
/// The search order is: the `TOUCHLAB_ASSETS` environment variable, taken as
/// is; then an installed program's `../share/touchlab/Assets` (`make install`,
/// the .deb: PREFIX/bin/touchlab beside PREFIX/share/touchlab); then each folder
/// above the running executable; then each folder above the current directory.
/// A folder counts when it has an `Assets` child that holds `fonts.conf`.
/// Walking up from the executable finds the package's Assets for `swift run`
/// and `swift test` builds (.build/debug/…), and from the current directory for
/// a copied binary run inside a checkout.
public enum AssetLocator {
  public static let environmentVariable = "TOUCHLAB_ASSETS"
  /// The file whose presence marks an Assets folder.
  public static let markerFile = "fonts.conf"

  /// The Assets folder, or nil when none is found.
  public static func assetsFolder(
    environment: [String: String] = ProcessInfo.processInfo.environment,
    executablePath: String? = currentExecutablePath(),
    currentDirectory: String = FileManager.default.currentDirectoryPath
  ) -> URL? {
    if let explicit = environment[environmentVariable], !explicit.isEmpty {
      return URL(fileURLWithPath: explicit, isDirectory: true).standardizedFileURL
    }
    if let share = installedShareFolder(executablePath: executablePath) {
      return share.appendingPathComponent("Assets", isDirectory: true)
    }
    var starts: [URL] = []
    if let executablePath {
      starts.append(URL(fileURLWithPath: executablePath).deletingLastPathComponent())
    }
    starts.append(URL(fileURLWithPath: currentDirectory, isDirectory: true))
    for start in starts {
      if let found = searchUpwards(from: start.standardizedFileURL) { return found }
    }
    return nil
  }

  /// `PREFIX/share/touchlab` for a program installed as `PREFIX/bin/touchlab`: the folder
  /// `../share/touchlab` from the executable's, when it holds `Assets/fonts.conf`. Nil for a
  /// program run from its checkout's `.build` (which has no such folder).
  public static func installedShareFolder(executablePath: String? = currentExecutablePath()) -> URL? {
    guard let executablePath else { return nil }
    let share = URL(fileURLWithPath: executablePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("share/touchlab", isDirectory: true).standardizedFileURL
    let marker = share.appendingPathComponent("Assets").appendingPathComponent(markerFile)
    return FileManager.default.fileExists(atPath: marker.path) ? share : nil
  }

  /// The URL of one file in the Assets folder, or nil when there is no folder.
  public static func url(forAsset name: String) -> URL? {
    assetsFolder()?.appendingPathComponent(name)
  }

  /// The running program's own path, read from /proc so a relative argv[0]
  /// or a symbolic link does not mislead the search.
  public static func currentExecutablePath() -> String? {
    if let resolved = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
      return resolved
    }
    return Bundle.main.executablePath
  }

  private static func searchUpwards(from start: URL) -> URL? {
    var folder = start
    while true {
      let candidate = folder.appendingPathComponent("Assets", isDirectory: true)
      if FileManager.default.fileExists(atPath: candidate.appendingPathComponent(markerFile).path) {
        return candidate
      }
      let parent = folder.deletingLastPathComponent()
      if parent.path == folder.path { return nil }
      folder = parent
    }
  }
}
