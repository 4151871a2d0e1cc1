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

/// Reports when one file is rewritten, for reloading a layout on save.
///
/// It watches the file's folder rather than the file: editors often save by
/// writing a new file and renaming it over the old one, which a watch on the
/// old file itself would miss. Only a finished write (close after writing) or
/// a file renamed into place counts, so a half-written file is not reported.
public final class FileChangeWatcher {
  /// Readable (for `poll`) when changes are waiting to be consumed.
  public let fileDescriptor: Int32
  public let path: String
  private let fileName: String

  public init(path: String) throws {
    let slash = path.lastIndex(of: "/")
    let folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
    fileName = slash.map { String(path[path.index(after: $0)...]) } ?? path
    self.path = path
    let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
    guard descriptor >= 0 else {
      throw FileChangeWatcherError.inotifyFailed(reason: String(cString: strerror(errno)))
    }
    let events = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO)
    guard inotify_add_watch(descriptor, folder, events) >= 0 else {
      let code = errno
      close(descriptor)
      if code == ENOENT || code == ENOTDIR {
        throw FileChangeWatcherError.folderMissing(path: path)
      }
      throw FileChangeWatcherError.inotifyFailed(reason: String(cString: strerror(code)))
    }
    fileDescriptor = descriptor
  }

  deinit {
    close(fileDescriptor)
  }

  /// Reads every waiting notification without blocking; true when any was
  /// about the watched file (several saves in a row count as one change).
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
        if nameLength > 0 {
          let namePointer = (buffer + offset + headerSize).assumingMemoryBound(to: CChar.self)
          // The name is NUL-padded to the record length.
          if String(cString: namePointer) == fileName { changed = true }
        }
        offset += headerSize + nameLength
      }
    }
    return changed
  }
}
