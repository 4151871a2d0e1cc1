import Foundation
import TouchLabCanvas
import TouchLabRender

/// `touchlab --version`: the program's version and the commit it was built from.
///
/// The commit is read when asked, never compiled in, so a clone without git information (a
/// source archive) builds as any other: an installed program (`make install`, the .deb) reads
/// the `commit` file that `make` wrote beside its Assets (`PREFIX/share/touchlab/commit`, from
/// `git rev-parse HEAD` of the tree it built); a program run from its checkout's `.build`
/// reads the checkout's `.git` (HEAD and the branch it names, as git keeps them, a worktree's
/// too); otherwise the commit is `unknown`.
enum BuildInfo {
  /// Semantic versioning, 0.x while the command line and the layout format may still change
  /// (CHANGELOG.md says why this number).
  static let version = "0.9.0"

  /// `0.9.0 (commit 0123abc…)`.
  static var versionLine: String { "touchlab \(version) (commit \(commit() ?? "unknown"))" }

  /// The commit's hash, or nil when neither an installed `commit` file nor a checkout says it.
  static func commit(executablePath: String? = AssetLocator.currentExecutablePath()) -> String? {
    if let share = AssetLocator.installedShareFolder(executablePath: executablePath) {
      return hash(in: (try? String(contentsOf: share.appendingPathComponent("commit"), encoding: .utf8)) ?? "")
    }
    guard let executablePath else { return nil }
    var folder = URL(fileURLWithPath: executablePath).deletingLastPathComponent().standardizedFileURL
    while true {
      let dotGit = folder.appendingPathComponent(".git")
      if FileManager.default.fileExists(atPath: dotGit.path) { return checkoutCommit(dotGit) }
      let parent = folder.deletingLastPathComponent()
      if parent.path == folder.path { return nil }
      folder = parent
    }
  }

  /// HEAD of the checkout whose `.git` (a folder, or a worktree's file `gitdir: PATH`) is given.
  static func checkoutCommit(_ dotGit: URL) -> String? {
    var gitDirectory = dotGit
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: dotGit.path, isDirectory: &isFolder) else { return nil }
    if !isFolder.boolValue {
      guard let text = read(dotGit), text.hasPrefix("gitdir:") else { return nil }
      let path = text.dropFirst("gitdir:".count).trimmingCharacters(in: .whitespacesAndNewlines)
      gitDirectory = URL(fileURLWithPath: path, relativeTo: dotGit.deletingLastPathComponent()).standardizedFileURL
    }
    guard let head = read(gitDirectory.appendingPathComponent("HEAD")) else { return nil }
    guard head.hasPrefix("ref:") else { return hash(in: head) }
    let ref = head.dropFirst("ref:".count).trimmingCharacters(in: .whitespacesAndNewlines)
    // A worktree keeps its HEAD; the branches are in the repository's common folder.
    var common = gitDirectory
    if let relative = read(gitDirectory.appendingPathComponent("commondir")) {
      common =
        URL(
          fileURLWithPath: relative.trimmingCharacters(in: .whitespacesAndNewlines), relativeTo: gitDirectory
        ).standardizedFileURL
    }
    for folder in [gitDirectory, common] {
      if let loose = read(folder.appendingPathComponent(ref)), let found = hash(in: loose) { return found }
    }
    for folder in [gitDirectory, common] {
      guard let packed = read(folder.appendingPathComponent("packed-refs")) else { continue }
      for line in packed.split(separator: "\n") where line.hasSuffix(" " + ref) {
        if let found = hash(in: String(line.prefix(while: { $0 != " " }))) { return found }
      }
    }
    return nil
  }

  private static func read(_ url: URL) -> String? {
    guard let data = FileManager.default.contents(atPath: url.path), data.count < 1 << 20 else { return nil }
    return String(decoding: data, as: UTF8.self)
  }

  /// The text's first line when it is a commit's hash (40 or 64 hexadecimal digits).
  private static func hash(in text: String) -> String? {
    let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
    let trimmed = line.trimmingCharacters(in: .whitespaces)
    guard trimmed.count == 40 || trimmed.count == 64, trimmed.allSatisfy(\.isHexDigit) else { return nil }
    return trimmed.lowercased()
  }
}
