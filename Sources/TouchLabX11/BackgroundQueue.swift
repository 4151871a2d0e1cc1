import Foundation

/// A serial queue of work that can wait (a reload, a playback's scenes, a font warmed after
/// the first frame), run in order on a thread of its own at background priority
/// (`ThreadScheduling.runInBackground`: SCHED_BATCH, nice 10), so that on a busy machine the
/// window's loop keeps its share of a CPU (issue 49). Not libdispatch's: a priority set on one
/// of its pool's threads would stay with whatever work that thread runs next. The thread
/// starts with the first piece of work and ends once the queue is gone and its work done.
public final class BackgroundQueue: @unchecked Sendable {
  private let state: State
  private let name: String
  private var started = false

  /// `name`: the thread's, as `top -H` shows it (15 bytes kept).
  public init(name: String) {
    self.name = name
    state = State()
  }

  deinit {
    state.condition.lock()
    state.ended = true
    state.condition.signal()
    state.condition.unlock()
  }

  /// Runs `work` on the queue's thread after what was given before.
  public func async(_ work: @escaping @Sendable () -> Void) {
    state.condition.lock()
    state.work.append(work)
    let starts = !started
    started = true
    state.condition.signal()
    state.condition.unlock()
    guard starts else { return }
    let state = state
    let name = name
    let thread = Thread {
      ThreadScheduling.setName(name)
      ThreadScheduling.runInBackground()
      state.run()
    }
    thread.name = name
    thread.start()
  }

  /// Waits until everything given before has run (tests), then runs `work` on the queue's
  /// thread and returns what it returns.
  public func sync<Result>(_ work: @escaping @Sendable () -> Result) -> Result {
    let done = DispatchSemaphore(value: 0)
    let box = ResultBox<Result>()
    async {
      box.value = work()
      done.signal()
    }
    done.wait()
    return box.value!
  }

  private final class ResultBox<Value>: @unchecked Sendable {
    var value: Value?
  }

  /// What the queue and its thread share.
  private final class State: @unchecked Sendable {
    let condition = NSCondition()
    /// Under `condition`.
    var work: [@Sendable () -> Void] = []
    var ended = false

    /// Runs the work given, in order, until the queue has ended and none is left.
    func run() {
      while true {
        condition.lock()
        while work.isEmpty && !ended { condition.wait() }
        if work.isEmpty {
          condition.unlock()
          return
        }
        let next = work.removeFirst()
        condition.unlock()
        next()
      }
    }
  }
}
