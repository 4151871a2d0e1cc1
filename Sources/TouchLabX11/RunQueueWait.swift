#if canImport(Glibc)
  import Glibc
#endif

/// How long one thread has waited, in all, for a CPU while it was ready to run: the second
/// number of the kernel's `/proc/thread-self/schedstat` (nanoseconds on a run queue). The
/// window's loop reads its own at each turn to see whether the machine is busy
/// (`CPUContention`, `SchedulerTick`).
public final class RunQueueWait {
  private let descriptor: Int32

  /// Opened for the calling thread, which alone may read it; nil where the kernel keeps no
  /// such account (no `CONFIG_SCHED_INFO`, or no /proc).
  public init?() {
    descriptor = open("/proc/thread-self/schedstat", O_RDONLY | O_CLOEXEC)
    // Failing once every property is set runs `deinit`, which closes the file: not here too.
    guard descriptor >= 0, seconds() != nil else { return nil }
  }

  deinit {
    if descriptor >= 0 { close(descriptor) }
  }

  /// The thread's whole wait so far, in seconds; nil if the file could not be read. Read at
  /// every wake of the loop: no allocation.
  public func seconds() -> Double? {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 96) { buffer in
      let count = pread(descriptor, buffer.baseAddress, buffer.count, 0)
      guard count > 0 else { return nil }
      return Self.waitSeconds(schedstat: UnsafeBufferPointer(rebasing: buffer[0..<count]))
    }
  }

  /// The wait in a schedstat line, `RUN_NS WAIT_NS TIMESLICES`; nil if it is not one.
  public static func waitSeconds<Bytes: Collection<UInt8>>(schedstat: Bytes) -> Double? {
    var index = schedstat.startIndex
    // Past the first number and the space after it.
    while index != schedstat.endIndex, schedstat[index] != UInt8(ascii: " ") { index = schedstat.index(after: index) }
    guard index != schedstat.startIndex, index != schedstat.endIndex else { return nil }
    index = schedstat.index(after: index)
    var nanoseconds: UInt64 = 0
    var digits = 0
    while index != schedstat.endIndex, schedstat[index] != UInt8(ascii: " "), schedstat[index] != UInt8(ascii: "\n") {
      let byte = schedstat[index]
      guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte), digits < 19 else { return nil }
      nanoseconds = nanoseconds * 10 + UInt64(byte - UInt8(ascii: "0"))
      digits += 1
      index = schedstat.index(after: index)
    }
    guard digits > 0 else { return nil }
    return Double(nanoseconds) / 1e9
  }
}
