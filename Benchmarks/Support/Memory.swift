import CHeap
import Foundation

/// The process's memory, as Linux reports it.
public enum Memory {
  /// VmRSS of /proc/self/status (or of another process), in bytes.
  public static func residentBytes(pid: String = "self") -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
    for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
      let fields = line.split(separator: " ", omittingEmptySubsequences: true)
      guard fields.count >= 2, let kilobytes = Int(fields[1]) else { return nil }
      return kilobytes * 1024
    }
    return nil
  }

  /// Bytes malloc has handed out and not had back (glibc's mallinfo2).
  public static func heapInUseBytes() -> Int {
    Int(bench_heap_in_use())
  }
}

/// Prints one figure line, `NAME VALUE UNIT`, the format `Benchmarks/run` prints.
public func printFigure(_ name: String, _ value: Double, _ unit: String, digits: Int = 1) {
  print("\(name) \(String(format: "%.\(digits)f", value)) \(unit)")
}
