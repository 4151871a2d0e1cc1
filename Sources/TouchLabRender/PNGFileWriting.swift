import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why an image (or any file written through `writeFileAtomically`) was not written.
public enum PNGWriteError: Error, Equatable, CustomStringConvertible {
  /// The folder that should hold the file does not exist (or is not a folder).
  case folderMissing(folder: String)
  /// The destination path names a folder, not a file.
  case destinationIsFolder(path: String)
  /// The folder cannot be written to: read-only file system or no permission.
  case notWritable(folder: String, reason: String)
  /// Writing, flushing or renaming failed part-way; nothing was left behind.
  case writeFailed(path: String, reason: String)
  /// The image could not be encoded.
  case encodingFailed(reason: String)

  public var description: String {
    switch self {
    case .folderMissing(let folder):
      return "Cannot write the file: the folder \(folder) does not exist."
    case .destinationIsFolder(let path):
      return
        "Cannot write the file: \(path) is a folder; give a file name such as \(path)/shot.png."
    case .notWritable(let folder, let reason):
      return "Cannot write into \(folder): \(reason)."
    case .writeFailed(let path, let reason):
      return "Writing \(path) failed: \(reason); the file was left unchanged."
    case .encodingFailed(let reason):
      return "Could not encode the PNG image: \(reason)."
    }
  }
}

private func errnoText(_ code: Int32) -> String {
  String(cString: strerror(code))
}

/// Writes `data` to `url` so that no reader ever sees a partial file: the
/// bytes go to a temporary file in the same folder, are flushed to disk, and
/// the temporary file is renamed over the destination (rename is atomic
/// within one file system, which is why the temporary file is not in /tmp).
public func writeFileAtomically(_ data: Data, to url: URL) throws {
  let path = url.standardizedFileURL.path
  let folder = (path as NSString).deletingLastPathComponent
  let name = (path as NSString).lastPathComponent

  var folderInfo = stat()
  guard stat(folder, &folderInfo) == 0, folderInfo.st_mode & S_IFMT == S_IFDIR else {
    throw PNGWriteError.folderMissing(folder: folder)
  }
  var targetInfo = stat()
  if name.isEmpty || (stat(path, &targetInfo) == 0 && targetInfo.st_mode & S_IFMT == S_IFDIR) {
    throw PNGWriteError.destinationIsFolder(path: path)
  }

  // A hidden name unique to this process and call; O_EXCL refuses to reuse
  // a leftover file, so two writers never share a temporary file.
  let temporaryPath = "\(folder)/.\(name).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
  let descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
  guard descriptor >= 0 else {
    let code = errno
    switch code {
    case EACCES, EPERM, EROFS:
      throw PNGWriteError.notWritable(folder: folder, reason: errnoText(code))
    default:
      throw PNGWriteError.writeFailed(path: path, reason: errnoText(code))
    }
  }

  var failure: Int32?
  data.withUnsafeBytes { buffer in
    var offset = 0
    while offset < buffer.count {
      let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
      if written < 0 {
        if errno == EINTR { continue }
        failure = errno
        return
      }
      offset += written
    }
  }
  if failure == nil, fsync(descriptor) != 0 { failure = errno }
  if close(descriptor) != 0, failure == nil { failure = errno }
  if failure == nil, rename(temporaryPath, path) != 0 { failure = errno }
  if let failure {
    unlink(temporaryPath)
    throw PNGWriteError.writeFailed(path: path, reason: errnoText(failure))
  }
}
