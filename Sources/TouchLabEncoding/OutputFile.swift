import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why an output file (a picture, an animation, a screenshot, a transcript) was not written.
/// Every message is `cannot write 'PATH': REASON`, the reason the real one (`strerror`'s
/// words where the system gives them).
public enum PNGWriteError: Error, Equatable, CustomStringConvertible {
  /// The folder that should hold the file does not exist (or is not a folder).
  case folderMissing(path: String, folder: String)
  /// The destination path names a folder, not a file.
  case destinationIsFolder(path: String)
  /// No new file can be made in the folder (the file is written beside its destination,
  /// then renamed over it): read-only file system or no permission.
  case notWritable(path: String, folder: String, reason: String)
  /// The destination cannot be opened: a FIFO with no reader, a symlink loop, permission…
  case cannotOpen(path: String, reason: String)
  /// Writing, flushing or renaming failed part-way; nothing was left behind.
  case writeFailed(path: String, reason: String)
  /// The image could not be encoded.
  case encodingFailed(reason: String)

  public var description: String {
    switch self {
    case .folderMissing(let path, let folder):
      return "cannot write '\(path)': the folder \(folder) does not exist"
    case .destinationIsFolder(let path):
      return "cannot write '\(path)': it is a folder; give a file name such as \(path)/shot.png"
    case .notWritable(let path, let folder, let reason):
      return "cannot write '\(path)': cannot make a file in \(folder): \(reason)"
    case .cannotOpen(let path, let reason):
      return "cannot write '\(path)': \(reason)"
    case .writeFailed(let path, let reason):
      return "cannot write '\(path)': \(reason); the file was left unchanged"
    case .encodingFailed(let reason):
      return "could not encode the image: \(reason)"
    }
  }
}

/// Writes what `touchlab` makes (`import`'s layout, `shot`, `record`, `compare`, `diagram`,
/// the window's screenshots and `--transcript`) without ever replacing what is not a regular
/// file of the user's:
/// - `-` is standard output;
/// - a symlink is followed to its target (the chain of links, a dangling one's target
///   created), which is then written as below, in the target's folder;
/// - a regular file (or a new one) is replaced atomically: the bytes go to a hidden temporary
///   file in the same folder, are flushed, get the old file's mode and owner, and are renamed
///   over it — no reader ever sees half a file, and a 0600 file stays 0600; a file the user
///   may not write (or, for root, one with no write bit) is an error and stays unchanged;
/// - a character or block device or a FIFO is opened and written directly, never replaced
///   (`--out /dev/null` writes nothing anywhere); a FIFO with no reader is an error at once,
///   not a wait;
/// - a folder, a symlink loop, a missing folder are errors naming the cause.
public enum OutputFile {
  /// The name that means standard output.
  public static let standardOutput = "-"

  /// Writes `data` to `path` (see the type's rules).
  public static func write(_ data: Data, to path: String) throws {
    if path == standardOutput {
      if let code = ignoringBrokenPipes({ writeAll(data, to: STDOUT_FILENO) }) {
        throw PNGWriteError.cannotOpen(path: "standard output", reason: reason(code))
      }
      return
    }
    let target = try resolvingSymlinks(path)
    var info = stat()
    if lstat(target, &info) == 0 {
      switch info.st_mode & S_IFMT {
      case S_IFDIR: throw PNGWriteError.destinationIsFolder(path: path)
      case S_IFREG:
        // A file the user may not write stays as it is, though its folder would let a rename
        // replace it: `access` for everyone, and no write bit at all for root too (whom
        // `access` never refuses), as `shot`'s round-one rules promise.
        let refusal = access(target, W_OK) != 0 ? errno : (info.st_mode & 0o222 == 0 ? EACCES : 0)
        if refusal != 0 { throw PNGWriteError.cannotOpen(path: path, reason: reason(refusal)) }
        try replace(target, with: data, reportedAs: path, keeping: info)
      default:
        try ignoringBrokenPipes { try writeInPlace(data, to: target, reportedAs: path, type: info.st_mode & S_IFMT) }
      }
      return
    }
    let code = errno
    guard code == ENOENT else { throw PNGWriteError.cannotOpen(path: path, reason: reason(code)) }
    try replace(target, with: data, reportedAs: path, keeping: nil)
  }

  /// Opens `path` for appending line by line (`--transcript`), with the same rules: `-` is
  /// standard output (a duplicate of it), a symlink is followed, a FIFO with no reader is an
  /// error at once (opened with O_NONBLOCK, which is then cleared), a folder an error, a
  /// missing file created. Returns the descriptor.
  public static func openForAppending(_ path: String) throws -> Int32 {
    if path == standardOutput {
      let descriptor = fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 0)
      guard descriptor >= 0 else { throw PNGWriteError.cannotOpen(path: path, reason: reason(errno)) }
      return descriptor
    }
    let target = try resolvingSymlinks(path)
    var info = stat()
    var type: mode_t = S_IFREG
    if lstat(target, &info) == 0 {
      type = info.st_mode & S_IFMT
      if type == S_IFDIR { throw PNGWriteError.destinationIsFolder(path: path) }
      // A read-only file stays as it is, for root too (as `write` keeps it).
      if type == S_IFREG, info.st_mode & 0o222 == 0 {
        throw PNGWriteError.cannotOpen(path: path, reason: reason(EACCES))
      }
    }
    if type == S_IFREG {
      let folder = (target as NSString).deletingLastPathComponent
      var folderInfo = stat()
      if stat(folder.isEmpty ? "." : folder, &folderInfo) != 0 {
        throw PNGWriteError.folderMissing(path: path, folder: folder)
      }
    }
    let nonBlocking = type == S_IFIFO ? O_NONBLOCK : 0
    let creating = type == S_IFREG ? O_CREAT | O_APPEND : 0
    let descriptor = open(target, O_WRONLY | O_CLOEXEC | O_NOCTTY | nonBlocking | creating, 0o644)
    guard descriptor >= 0 else { throw PNGWriteError.cannotOpen(path: path, reason: openReason(errno, type: type)) }
    if nonBlocking != 0 { _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK) }
    return descriptor
  }

  // MARK: The parts

  /// Follows a chain of symlinks to the path it ends at (which may not exist yet).
  static func resolvingSymlinks(_ path: String) throws -> String {
    var current = path
    for _ in 0..<40 {
      var info = stat()
      guard lstat(current, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return current }
      var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
      let length = readlink(current, &buffer, buffer.count - 1)
      guard length >= 0 else { throw PNGWriteError.cannotOpen(path: path, reason: reason(errno)) }
      let link = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      current =
        link.hasPrefix("/")
        ? link : ((current as NSString).deletingLastPathComponent as NSString).appendingPathComponent(link)
    }
    throw PNGWriteError.cannotOpen(path: path, reason: reason(ELOOP))
  }

  /// A regular file, or a new one: a temporary file beside it, renamed over it.
  private static func replace(_ target: String, with data: Data, reportedAs path: String, keeping old: stat?) throws {
    let folder =
      (target as NSString).deletingLastPathComponent.isEmpty ? "." : (target as NSString).deletingLastPathComponent
    let name = (target as NSString).lastPathComponent
    var folderInfo = stat()
    guard stat(folder, &folderInfo) == 0, folderInfo.st_mode & S_IFMT == S_IFDIR else {
      throw PNGWriteError.folderMissing(path: path, folder: folder)
    }
    if name.isEmpty { throw PNGWriteError.destinationIsFolder(path: path) }
    // A hidden name unique to this process and call; O_EXCL refuses to reuse a leftover
    // file, so two writers never share a temporary file.
    let temporary = "\(folder)/.\(name).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      let code = errno
      switch code {
      case EACCES, EPERM, EROFS: throw PNGWriteError.notWritable(path: path, folder: folder, reason: reason(code))
      default: throw PNGWriteError.writeFailed(path: path, reason: reason(code))
      }
    }
    var failure: Int32?
    if let old {
      // The old file's permissions (and owner, when allowed) stay.
      if fchmod(descriptor, old.st_mode & 0o7777) != 0 { failure = errno }
      _ = fchown(descriptor, old.st_uid, old.st_gid)
    }
    if failure == nil { failure = writeAll(data, to: descriptor) }
    if failure == nil, fsync(descriptor) != 0 { failure = errno }
    if close(descriptor) != 0, failure == nil { failure = errno }
    if failure == nil, rename(temporary, target) != 0 { failure = errno }
    if let failure {
      unlink(temporary)
      throw PNGWriteError.writeFailed(path: path, reason: reason(failure))
    }
  }

  /// A device, a FIFO or a socket: written where it is, never replaced.
  private static func writeInPlace(_ data: Data, to target: String, reportedAs path: String, type: mode_t) throws {
    let nonBlocking = type == S_IFIFO ? O_NONBLOCK : 0
    let descriptor = open(target, O_WRONLY | O_CLOEXEC | O_NOCTTY | nonBlocking)
    guard descriptor >= 0 else { throw PNGWriteError.cannotOpen(path: path, reason: openReason(errno, type: type)) }
    defer { close(descriptor) }
    if nonBlocking != 0 { _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK) }
    if let code = writeAll(data, to: descriptor) { throw PNGWriteError.cannotOpen(path: path, reason: reason(code)) }
  }

  /// Writes every byte of `data`, retrying short writes and interruptions; the `errno` of a
  /// failure, or nil.
  public static func writeAll(_ data: Data, to descriptor: Int32) -> Int32? {
    var failure: Int32?
    data.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = systemWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          failure = errno
          return
        }
        offset += written
      }
    }
    return failure
  }

  /// Runs `body` with SIGPIPE ignored, so that a reader going away is an EPIPE error with a
  /// message rather than the end of the process.
  private static func ignoringBrokenPipes<T>(_ body: () throws -> T) rethrows -> T {
    let previous = signal(SIGPIPE, SIG_IGN)
    defer { signal(SIGPIPE, previous) }
    return try body()
  }

  private static func openReason(_ code: Int32, type: mode_t) -> String {
    if code == ENXIO && type == S_IFIFO { return "it is a FIFO with no reader" }
    if code == ENXIO && type == S_IFSOCK { return "it is a socket" }
    return reason(code)
  }

  static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }
}

/// `write(2)`, out of the way of `OutputFile.write`.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}

/// Writes `data` to `url` with `OutputFile.write`'s rules (atomically for a regular file).
public func writeFileAtomically(_ data: Data, to url: URL) throws {
  try OutputFile.write(data, to: url.path)
}
