#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Seconds on a clock that never jumps (CLOCK_MONOTONIC), for deadlines:
/// wall-clock time can step when NTP or the user sets it, which would make
/// a timer fire early or hang.
public enum MonotonicClock {
  /// Seconds since an arbitrary fixed point (usually boot).
  public static func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1_000_000_000
  }
}
