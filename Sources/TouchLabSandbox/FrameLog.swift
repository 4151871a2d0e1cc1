import Foundation
import TouchLabRecords

#if canImport(Glibc)
  import Glibc
#endif

/// For the live benchmark (docs/PERFORMANCE.md, `live.drag.latency`, `live.drag.frame-cpu`):
/// one line a frame sent, `SENT SHOWS CPU` — the monotonic time the frame was on the X server
/// and the time of the latest input it shows (the X server's time of the event, mapped to the
/// monotonic clock), both in seconds, so each motion can be paired with the frame that shows
/// it, not only with the first frame after it; and the CPU time the window's loop thread used
/// since the frame before was drawn (handling the input, noting and drawing this one), in
/// seconds (`-`: not known). Asked for with `TOUCHLAB_FRAME_LOG=FILE`; the
/// file must exist and be a regular file (it is only appended to, never made or replaced).
public final class FrameLog {
  private let descriptor: Int32

  /// The log `environment` asks for, or nil (none asked, or the file is not one to append to:
  /// said on standard error once).
  public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> FrameLog?
  {
    guard let path = environment["TOUCHLAB_FRAME_LOG"], !path.isEmpty else { return nil }
    do {
      return try FrameLog(path: path)
    } catch {
      SandboxSession.printToStandardError("touchlab: warning: TOUCHLAB_FRAME_LOG: \(error); no frame log.")
      return nil
    }
  }

  public enum OpenError: Error, CustomStringConvertible {
    case cannotOpen(String, String)
    case notARegularFile(String)

    public var description: String {
      switch self {
      case .cannotOpen(let path, let reason): "cannot open \(path) to append to it (\(reason))"
      case .notARegularFile(let path): "\(path) is not a regular file"
      }
    }
  }

  /// Opens `path` to append; no file is made, and a link, a directory or a FIFO is refused.
  public init(path: String) throws {
    let descriptor = open(path, O_WRONLY | O_APPEND | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else { throw OpenError.cannotOpen(path, String(cString: strerror(errno))) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
      close(descriptor)
      throw OpenError.notARegularFile(path)
    }
    self.descriptor = descriptor
  }

  deinit { close(descriptor) }

  /// Notes a frame on the server at `sent` showing input up to `shows` (nil: no input yet),
  /// that took `cpu` seconds of the loop thread's CPU time (nil: not known).
  public func note(sent: Double, shows: Double?, cpu: Double? = nil) {
    // Without Foundation's formatting: the note adds little to the CPU time it reports.
    let line =
      DecimalText.fixed(sent, places: 6) + " " + (shows.map { DecimalText.fixed($0, places: 6) } ?? "-") + " "
      + (cpu.map { DecimalText.fixed($0, places: 6) } ?? "-") + "\n"
    append(line)
  }

  /// Appends `line` as it is.
  func append(_ line: String) {
    _ = line.utf8CString.withUnsafeBufferPointer { buffer in write(descriptor, buffer.baseAddress, buffer.count - 1) }
  }
}
