import Foundation
import TouchLabRecords
import TouchLabX11

#if canImport(Glibc)
  import Glibc
#endif

/// For the live benchmark (docs/PERFORMANCE.md, `live.startup.step.*`, issue 49): one line a
/// step of the window's start-up, `STEP TIME` — the step's name and the monotonic time it
/// ended, in seconds — so that the time to the first frame can be told step by step against
/// the bare Xlib + Cairo floor. Asked for with `TOUCHLAB_STARTUP_LOG=FILE`; the file must exist
/// and be a regular file (only appended to, as `FrameLog`'s). Each step is noted once.
public final class StartUpLog {
  private let log: FrameLog
  private var noted: Set<String> = []

  /// The log `TOUCHLAB_STARTUP_LOG` asks for, opened the first time a step is noted (nil: none).
  public static let shared: StartUpLog? = {
    guard let path = ProcessInfo.processInfo.environment["TOUCHLAB_STARTUP_LOG"], !path.isEmpty else { return nil }
    do {
      return StartUpLog(log: try FrameLog(path: path))
    } catch {
      SandboxSession.printToStandardError("touchlab: warning: TOUCHLAB_STARTUP_LOG: \(error); no start-up log.")
      return nil
    }
  }()

  /// `TOUCHLAB_EXIT_AFTER_FIRST_FRAME=1`, for measuring the start-up alone (callgrind counts
  /// the instructions to the first frame, docs/PERFORMANCE.md): the window closes and the
  /// program ends as soon as its first frame is sent, before any work put off until then.
  public static let exitsAfterFirstFrame = ProcessInfo.processInfo.environment["TOUCHLAB_EXIT_AFTER_FIRST_FRAME"] == "1"

  init(log: FrameLog) {
    self.log = log
  }

  /// Notes that `step` ended now (once: a later note of it is ignored).
  public func note(_ step: String) {
    guard noted.insert(step).inserted else { return }
    log.append(step + " " + DecimalText.fixed(MonotonicClock.now(), places: 6) + "\n")
  }
}
