import Foundation
import XCTest

@testable import TouchLabRender

/// Issue 30 (start-up): the window's strip is made before its first frame and its pages
/// mapped in meanwhile (`FrameBuffer`), so that the first frame's drawing takes no page fault
/// for each of them.
final class PageMappingTests: XCTestCase {
  /// `PageMapping.mapIn` maps pages in without writing them: every page of a fresh mapping
  /// resident afterwards, none before, and every byte still zero.
  func testMappingInMakesEveryPageResidentWithoutWritingIt() throws {
    let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
    let pages = 64
    let bytes = pages * pageSize
    let mapped = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
    guard let memory = mapped, memory != UnsafeMutableRawPointer(bitPattern: -1) else {
      throw XCTSkip("no memory for the test")
    }
    defer { munmap(memory, bytes) }
    func residentPages() -> Int {
      var vector = [UInt8](repeating: 0, count: pages)
      XCTAssertEqual(mincore(memory, bytes, &vector), 0)
      return vector.filter { $0 & 1 != 0 }.count
    }
    XCTAssertEqual(residentPages(), 0)
    let refusal = PageMapping.mapIn(memory, bytes: bytes)
    if refusal == EINVAL { throw XCTSkip("the kernel has no MADV_POPULATE_WRITE (before Linux 5.14)") }
    XCTAssertEqual(refusal, 0)
    XCTAssertEqual(residentPages(), pages)
    let contents = UnsafeRawBufferPointer(start: memory, count: bytes)
    XCTAssertTrue(contents.allSatisfy { $0 == 0 })
  }
}
