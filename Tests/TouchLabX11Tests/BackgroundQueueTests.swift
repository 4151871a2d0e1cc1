import Foundation
import TouchLabX11
import XCTest

/// Issue 49: work that can wait runs on a thread of background priority (SCHED_BATCH, nice
/// 10), read back from the kernel on that thread; the caller's thread keeps its own.
final class BackgroundQueueTests: XCTestCase {
  final class Seen: @unchecked Sendable {
    var order: [Int] = []
    var threads: Set<Int32> = []
  }

  func testWorkRunsInOrderOnOneThreadOfBackgroundPriority() {
    let before = ThreadScheduling.policy
    let queue = BackgroundQueue(name: "test queue")
    let seen = Seen()
    for index in 0..<20 {
      queue.async {
        seen.order.append(index)
        seen.threads.insert(ThreadScheduling.threadID)
      }
    }
    let policy = queue.sync { ThreadScheduling.policy }
    XCTAssertEqual(policy.policy, .batch)
    XCTAssertEqual(policy.nice, ThreadScheduling.backgroundNice)
    XCTAssertEqual(seen.order, Array(0..<20))
    XCTAssertEqual(seen.threads.count, 1, "one thread of its own")
    XCTAssertFalse(seen.threads.contains(ThreadScheduling.threadID), "not the caller's thread")
    let after = ThreadScheduling.policy
    XCTAssertEqual(after.policy, before.policy, "the caller's thread keeps its policy")
    XCTAssertEqual(after.nice, before.nice)
    XCTAssertNotEqual(after.policy, .batch)
  }

  func testWorkGivenAfterAWaitRunsOnTheSameThread() {
    let queue = BackgroundQueue(name: "test queue")
    let first = queue.sync { ThreadScheduling.threadID }
    let second = queue.sync { ThreadScheduling.threadID }
    XCTAssertEqual(first, second)
  }
}
