import Foundation
import TouchLabEngine
import TouchLabLayout

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Why the transcript file cannot be written.
public struct TranscriptFileError: Error, Equatable, CustomStringConvertible {
  public var path: String
  public var reason: String

  public var description: String { "cannot write the transcript to \(path): \(reason)" }
}

/// `--transcript FILE`: every transcript line appended to FILE as it happens. Each line is
/// one `write` to a descriptor opened with O_APPEND, so it is in the file (and visible to
/// `tail -f`) the moment the engine logs it, and a crash loses nothing already logged.
public final class TranscriptFile {
  public let path: String
  private var descriptor: Int32
  /// The first write error, reported once; later lines are dropped.
  public private(set) var failure: String?

  /// Opens (creating if needed) `path` for appending.
  public init(path: String) throws {
    self.path = path
    descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      throw TranscriptFileError(path: path, reason: String(cString: strerror(errno)))
    }
  }

  deinit {
    if descriptor >= 0 { close(descriptor) }
  }

  /// Appends `line` and a newline. Returns the error text the first time a write fails.
  @discardableResult
  public func append(_ line: String) -> String? {
    guard failure == nil else { return nil }
    let bytes = Array((line + "\n").utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + offset, bytes.count - offset) }
      if written < 0 && errno == EINTR { continue }
      guard written > 0 else {
        failure = "\(TranscriptFileError(path: path, reason: String(cString: strerror(errno))))"
        return failure
      }
      offset += written
    }
    return nil
  }
}

/// The live session's transcript: each line the engine logs, with its `[time] ` prefix,
/// kept in a bounded list of recent lines for the panel and appended to the transcript
/// file, if any. The scenes' recorders keep no records of their own (a long session would
/// grow without end); this is their only reader besides the overlay.
public final class TranscriptLog {
  /// How many recent lines the panel can show.
  public static let recentLineLimit = 500

  public private(set) var recentLines: [String] = []
  /// Set when a line arrives; the loop clears it once it has drawn the frame.
  public var hasNewLines = false
  public let file: TranscriptFile?
  /// Where problems are reported (standard error in the window).
  private let report: (String) -> Void

  public init(file: TranscriptFile?, report: @escaping (String) -> Void) {
    self.file = file
    self.report = report
  }

  /// Starts following a scene's recorder (a new scene: on open and every reload).
  public func follow(_ recorder: DeliveryRecorder) {
    recorder.keepsRecords = false
    recorder.addObserver { [weak self] record in
      guard let self, let line = record.line else { return }
      self.add("\(TranscriptFormatter.timeStamp(record.time)) \(line)")
    }
  }

  func add(_ line: String) {
    recentLines.append(line)
    if recentLines.count > Self.recentLineLimit {
      recentLines.removeFirst(recentLines.count - Self.recentLineLimit)
    }
    hasNewLines = true
    if let problem = file?.append(line) { report("touchlab: error: \(problem); no more lines will be written to it") }
  }

  /// Empties the panel's list (the "clear the log" key). The file keeps everything.
  public func clear() {
    recentLines.removeAll()
    hasNewLines = true
  }
}
