#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Wakes a `PollLoop` from another thread (a pipe the loop polls, the self-pipe trick): a
/// layout loaded in the background says it is ready without the loop spinning meanwhile.
public final class LoopWaker: @unchecked Sendable {
  /// Readable once `wake()` was called, until `consume()`.
  public let fileDescriptor: Int32
  private let writeEnd: Int32

  public init() {
    var ends: [Int32] = [-1, -1]
    precondition(pipe(&ends) == 0, "pipe() failed: \(String(cString: strerror(errno)))")
    for end in ends {
      _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
      _ = fcntl(end, F_SETFD, FD_CLOEXEC)
    }
    fileDescriptor = ends[0]
    writeEnd = ends[1]
  }

  deinit {
    close(fileDescriptor)
    close(writeEnd)
  }

  /// Makes the loop's next (or current) wait return. Safe from any thread.
  public func wake() {
    var byte: UInt8 = 1
    _ = write(writeEnd, &byte, 1)  // a full pipe is awake already
  }

  /// Clears the wake-up; true when there was one.
  @discardableResult
  public func consume() -> Bool {
    var buffer = [UInt8](repeating: 0, count: 64)
    var woken = false
    while read(fileDescriptor, &buffer, buffer.count) > 0 { woken = true }
    return woken
  }

  /// Waits up to `timeout` seconds for a wake-up (tests); true when one came.
  public func wait(timeout: Double) -> Bool {
    var descriptor = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
    return poll(&descriptor, 1, Int32(timeout * 1000)) > 0
  }
}
