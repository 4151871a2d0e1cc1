import Foundation
import TouchLabLayout
import TouchLabX11

/// Loads layout files on a serial queue of its own (`BackgroundQueue`: at background
/// priority) and wakes the loop when one is done
/// (docs/ARCHITECTURE.md, the sandbox loop): a reload never freezes the window, whatever the
/// file — the limits of `LayoutLimits` bound each load, and the old scene runs meanwhile.
///
/// At most one load runs at a time, and at most one waits: a newer request replaces the
/// waiting one before it starts (a burst of 850 saves is two loads, not 850 — superseded
/// loads once all ran, one after another, for minutes). A load reads regular files only
/// (`LayoutLoader.loadRegularFile`): a FIFO moved onto the path is an error at once, never a
/// read that waits for its writer and holds up every later reload.
public final class BackgroundLoader: @unchecked Sendable {
  /// Runs a piece of work off the loop's thread (a serial queue; tests drive it by hand).
  public typealias Schedule = (@escaping @Sendable () -> Void) -> Void

  /// Readable when a load has finished; the window's poll loop watches it.
  public let waker = LoopWaker()
  private let schedule: Schedule
  private let loadFile: @Sendable (String) throws -> Scene
  private let lock = NSLock()
  private var finished: (generation: Int, path: String, result: Result<Scene, Error>)?
  /// The request waiting for the worker (under `lock`): only the newest is kept.
  private var waiting: (generation: Int, path: String, load: @Sendable (String) throws -> Scene)?
  /// A worker is scheduled or running (under `lock`).
  private var workerActive = false
  /// Loads started so far (under `lock`).
  private var started = 0

  /// Each load's number: only the latest one's result is taken (the loop's thread only).
  private var generation = 0
  /// A load is under way whose result has not been taken (the loop's thread only).
  private(set) var isLoading = false

  /// `schedule` runs the worker (by default on a `BackgroundQueue` of its own); `load` reads a file
  /// (by default a regular file's layout).
  public init(
    schedule: Schedule? = nil,
    load: @escaping @Sendable (String) throws -> Scene = { try LayoutLoader.loadRegularFile(path: $0) }
  ) {
    if let schedule {
      self.schedule = schedule
    } else {
      // At background priority: a reload waits; the frames of the scene shown meanwhile do not.
      let queue = BackgroundQueue(name: "touchlab load")
      self.schedule = { queue.async($0) }
    }
    loadFile = load
  }

  /// How many loads have started (a superseded request never starts).
  public var loadsStarted: Int {
    lock.lock()
    defer { lock.unlock() }
    return started
  }

  /// Asks for `path` to be loaded (after the load under way, if any) by `load` (by default
  /// the loader given at `init`: a scene of dumps is read its own way); a request before it
  /// that has not started is dropped, and a load started before it is superseded: its result
  /// is never taken.
  func load(_ path: String, using load: (@Sendable (String) throws -> Scene)? = nil) {
    generation += 1
    isLoading = true
    lock.lock()
    waiting = (generation, path, load ?? loadFile)
    let startsWorker = !workerActive
    workerActive = true
    lock.unlock()
    if startsWorker { schedule { [self] in work() } }
  }

  /// Loads the waiting request, then the one that came meanwhile, until none waits.
  private func work() {
    while true {
      lock.lock()
      guard let request = waiting else {
        workerActive = false
        lock.unlock()
        return
      }
      waiting = nil
      started += 1
      lock.unlock()
      let result = Result { try request.load(request.path) }
      lock.lock()
      finished = (request.generation, request.path, result)
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
