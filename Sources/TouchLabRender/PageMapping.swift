import CCairo
import Foundation

/// New memory's pages mapped in before it is drawn on: a large buffer's first drawing
/// otherwise takes a page fault for each of its pages (the window's 4 MB strip: a thousand
/// faults, 3–5 ms of its first frame's drawing at scale 2).
public enum PageMapping {
  /// Maps `bytes` at `memory` in, writable, without writing them: 0, or the errno of the
  /// kernel's refusal (EINVAL before Linux 5.14, whose `MADV_POPULATE_WRITE` it is).
  @discardableResult
  public static func mapIn(_ memory: UnsafeMutableRawPointer, bytes: Int) -> Int32 {
    touchlab_populate_for_writing(memory, bytes)
  }

  /// `mapIn` on a thread of its own, so that the thread that made the memory goes on. The
  /// pages' contents are not touched, so drawing may start meanwhile; a kernel that refuses
  /// leaves the faults to the first drawing, as before; memory freed meanwhile only makes
  /// it fail, or map in pages of what took its place, unwritten.
  public static func mapInMeanwhile(_ memory: UnsafeMutableRawPointer, bytes: Int) {
    let address = Int(bitPattern: memory)
    Thread.detachNewThread {
      guard let memory = UnsafeMutableRawPointer(bitPattern: address) else { return }
      mapIn(memory, bytes: bytes)
    }
  }
}
