import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Why a file cannot be watched.
public enum FileChangeWatcherError: Error, Equatable, CustomStringConvertible {
  case folderMissing(path: String)
  case inotifyFailed(reason: String)

  public var description: String {
    switch self {
    case .folderMissing(let path):
      return "Cannot watch \(path) for changes: its folder does not exist."
    case .inotifyFailed(let reason):
      return "Cannot watch for file changes: \(reason)."
    }
  }
}

/// Reports when a file is rewritten — one, or several (a dump and its recognizer lists) —
/// for reloading a layout on save.
///
/// It watches each file's folder rather than the file: editors often save by
/// writing a new file and renaming it over the old one, which a watch on the
/// old file itself would miss. Only a finished write (close after writing) or
/// a file renamed into place counts, so a half-written file is not reported.
/// It also watches each folder's parent for the folder itself: a folder deleted
/// (its watch then ends) and made again (`git checkout`, `rm -r` and a copy) is
/// watched again, and a file already in it is reported as a change.
public final class FileChangeWatcher {
  /// Readable (for `poll`) when changes are waiting to be consumed.
  public let fileDescriptor: Int32
  /// The first file watched.
  public var path: String { paths[0] }
  /// Every file watched.
  public let paths: [String]
  private static let folderEvents = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO)

  /// One folder with watched files in it.
  private struct Folder {
    let path: String
    let name: String
    var fileNames: Set<String>
    /// The folder's watch, or -1 while the folder is gone.
    var watch: Int32
    /// The parent's watch for the folder coming back, or -1 when there is none (the root).
    var parentWatch: Int32 = -1
  }
  private var folders: [Folder] = []

  public convenience init(path: String) throws { try self.init(paths: [path]) }

  public init(paths: [String]) throws {
    precondition(!paths.isEmpty, "FileChangeWatcher needs a file")
    self.paths = paths
    let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
    guard descriptor >= 0 else {
      throw FileChangeWatcherError.inotifyFailed(reason: String(cString: strerror(errno)))
    }
    fileDescriptor = descriptor
    for path in paths {
      let slash = path.lastIndex(of: "/")
      let folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
      let fileName = slash.map { String(path[path.index(after: $0)...]) } ?? path
      if let index = folders.firstIndex(where: { $0.path == folder }) {
        folders[index].fileNames.insert(fileName)
        continue
      }
      let watch = inotify_add_watch(descriptor, folder, Self.folderEvents)
      guard watch >= 0 else {
        let code = errno
        close(descriptor)
        if code == ENOENT || code == ENOTDIR {
          throw FileChangeWatcherError.folderMissing(path: path)
        }
        throw FileChangeWatcherError.inotifyFailed(reason: String(cString: strerror(code)))
      }
      var entry = Folder(
        path: folder, name: (folder as NSString).lastPathComponent, fileNames: [fileName], watch: watch)
      if folder != "/" {
        let parent = folder == "." ? ".." : (folder as NSString).deletingLastPathComponent
        // Without it the folder is simply not followed after being deleted (as before).
        entry.parentWatch = inotify_add_watch(
          descriptor, parent.isEmpty ? "." : parent, UInt32(IN_CREATE | IN_MOVED_TO | IN_ONLYDIR))
      }
      folders.append(entry)
    }
  }

  deinit {
    close(fileDescriptor)
  }

  /// Reads every waiting notification without blocking; true when any was
  /// about a watched file (several saves in a row count as one change).
  public func consumeChanges() -> Bool {
    var changed = false
    let capacity = 4096
    let buffer = UnsafeMutableRawPointer.allocate(
      byteCount: capacity, alignment: MemoryLayout<inotify_event>.alignment)
    defer { buffer.deallocate() }
    while true {
      let count = read(fileDescriptor, buffer, capacity)
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { break }
      var offset = 0
      let headerSize = MemoryLayout<inotify_event>.size
      while offset + headerSize <= count {
        let event = buffer.load(fromByteOffset: offset, as: inotify_event.self)
        let nameLength = Int(event.len)
        var name = ""
        if nameLength > 0 {
          // The name is NUL-padded to the record length.
          name = String(cString: (buffer + offset + headerSize).assumingMemoryBound(to: CChar.self))
        }
        for index in folders.indices {
          if event.wd == folders[index].watch {
            if event.mask & UInt32(IN_IGNORED) != 0 {
              folders[index].watch = -1  // the folder was deleted (or unmounted)
            } else if folders[index].fileNames.contains(name) {
              changed = true
            }
          } else if event.wd == folders[index].parentWatch, name == folders[index].name {
            if rewatchFolder(index) { changed = true }
          }
        }
        offset += headerSize + nameLength
      }
    }
    return changed
  }

  /// Watches folder `index` again once it is back; true when a watched file is already in it.
  private func rewatchFolder(_ index: Int) -> Bool {
    let folder = folders[index]
    let watch = inotify_add_watch(fileDescriptor, folder.path, Self.folderEvents)
    guard watch >= 0 else { return false }
    folders[index].watch = watch
    return folder.fileNames.contains { access(folder.path + "/" + $0, F_OK) == 0 }
  }
}
