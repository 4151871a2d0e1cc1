import Foundation
import TouchLabLayout
import TouchLabX11

/// Loads layout files on a serial queue of its own and wakes the loop when one is done
/// (docs/ARCHITECTURE.md, the sandbox loop): a reload never freezes the window, whatever the
/// file — the limits of `LayoutLimits` bound each load, and the old scene runs meanwhile.
public final class BackgroundLoader: @unchecked Sendable {
  /// Readable when a load has finished; the window's poll loop watches it.
  public let waker = LoopWaker()
  private let queue = DispatchQueue(label: "touchlab.layout-loading")
  private let lock = NSLock()
  private var finished: (generation: Int, path: String, result: Result<Scene, Error>)?

  /// Each load's number: only the latest one's result is taken (the loop's thread only).
  private var generation = 0
  /// A load is under way whose result has not been taken (the loop's thread only).
  private(set) var isLoading = false

  public init() {}

  /// Starts loading `path` (after any load before it); a load started before it is
  /// superseded: its result is never taken.
  func load(_ path: String, using load: @escaping @Sendable (String) throws -> Scene) {
    generation += 1
    isLoading = true
    let generation = generation
    queue.async { [self] in
      let result = Result { try load(path) }
      lock.lock()
      finished = (generation, path, result)
      lock.unlock()
      waker.wake()
    }
  }

  /// The latest load's result, once, when it has finished.
  func takeLatest() -> (path: String, result: Result<Scene, Error>)? {
    lock.lock()
    let taken = finished
    finished = nil
    lock.unlock()
    guard let taken, taken.generation == generation else { return nil }
    isLoading = false
    return (taken.path, taken.result)
  }
}
