import Foundation
import TouchLabCanvas
import TouchLabRender

/// Finding layout files: the default one, and a layout's neighbours in its folder.
public enum LayoutFiles {
  /// The layout `touchlab` opens with no arguments, relative to the package root.
  public static let defaultLayout = "Layouts/playground.yaml"

  /// An installed program's `../share/touchlab/Layouts/playground.yaml` (`make install`, the
  /// .deb); else `Layouts/playground.yaml` in the first folder, walking up from the running
  /// executable and then from the current directory, that has it: a `swift run`/`swift build` binary
  /// finds its checkout's, a copied binary run inside a checkout finds that one (the same
  /// search as `AssetLocator`'s for `Assets`). Nil when there is none.
  public static func findDefaultLayout(
    executablePath: String? = AssetLocator.currentExecutablePath(),
    currentDirectory: String = FileManager.default.currentDirectoryPath
  ) -> String? {
    if let share = AssetLocator.installedShareFolder(executablePath: executablePath) {
      let installed = share.appendingPathComponent(defaultLayout)
      if FileManager.default.fileExists(atPath: installed.path) { return installed.path }
    }
    var starts: [URL] = []
    if let executablePath { starts.append(URL(fileURLWithPath: executablePath).deletingLastPathComponent()) }
    starts.append(URL(fileURLWithPath: currentDirectory, isDirectory: true))
    for start in starts {
      var folder = start.standardizedFileURL
      while true {
        let candidate = folder.appendingPathComponent(defaultLayout)
        if FileManager.default.fileExists(atPath: candidate.path) { return candidate.path }
        let parent = folder.deletingLastPathComponent()
        if parent.path == folder.path { break }
        folder = parent
      }
    }
    return nil
  }

  /// What `touchlab` says when it has no default layout.
  public static let defaultLayoutMissingMessage =
    "cannot find \(defaultLayout) in ../share/touchlab from the touchlab executable, nor beside or above it or "
    + "the current folder; "
    + "open a layout with `touchlab open FILE.yaml`"

  /// The `.yaml` and `.yml` files in `path`'s folder, sorted by name (as `ls` shows them),
  /// as paths in the same form as `path` (relative stays relative).
  public static func siblings(of path: String) -> [String] {
    let folder = (path as NSString).deletingLastPathComponent
    let listed = (try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)) ?? []
    let names = listed.filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }.filter { !$0.hasPrefix(".") }
    return names.sorted().map { folder.isEmpty ? $0 : (folder as NSString).appendingPathComponent($0) }
  }

  /// The layout `offset` places after `path` among its siblings, wrapping around at the
  /// ends; `path` itself when it is alone (or its folder cannot be read).
  public static func neighbour(of path: String, offset: Int) -> String {
    var files = siblings(of: path)
    let name = (path as NSString).lastPathComponent
    if !files.contains(where: { ($0 as NSString).lastPathComponent == name }) {
      // The file was deleted or renamed: step from where it would sort.
      files.append(path)
      files.sort { ($0 as NSString).lastPathComponent < ($1 as NSString).lastPathComponent }
    }
    guard let index = files.firstIndex(where: { ($0 as NSString).lastPathComponent == name }) else { return path }
    let count = files.count
    return files[((index + offset) % count + count) % count]
  }
}
