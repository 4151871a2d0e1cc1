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

  /// The thread's whole wait so far, in seconds; nil if the file could not be read.
  public func seconds() -> Double? {
    var buffer = [UInt8](repeating: 0, count: 96)
    let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
    guard count > 0 else { return nil }
    return Self.waitSeconds(schedstat: buffer[0..<count])
  }

  /// The wait in a schedstat line, `RUN_NS WAIT_NS TIMESLICES`; nil if it is not one.
  public static func waitSeconds<Bytes: Collection<UInt8>>(schedstat: Bytes) -> Double? {
    let fields = schedstat.split(whereSeparator: { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\n") })
    guard fields.count >= 2, fields[1].count <= 19,
      fields[1].allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
    else { return nil }
    let nanoseconds = fields[1].reduce(UInt64(0)) { $0 * 10 + UInt64($1 - UInt8(ascii: "0")) }
    return Double(nanoseconds) / 1e9
  }
}
