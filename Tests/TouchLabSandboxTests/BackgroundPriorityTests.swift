import Foundation
import TouchLabLayout
import TouchLabX11
import XCTest

@testable import TouchLabSandbox

/// Issue 49: a reload and a playback's scenes run at background priority (SCHED_BATCH, nice
/// 10: `ThreadScheduling.runInBackground`), so that the window's frames keep their share of a
/// busy machine; the policy is read back on the thread that does the work.
final class BackgroundPriorityTests: XCTestCase {
  final class Seen: @unchecked Sendable {
    var policy: (policy: ThreadScheduling.SchedulingPolicy, nice: Int32)?
    let done = DispatchSemaphore(value: 0)
  }

  func testAReloadLoadsAtBackgroundPriority() throws {
    let seen = Seen()
    let scene = try LayoutLoader.load(
      yaml: "controller:\n  view: {id: root, frame: [0, 0, 10, 10]}\n", file: "t.yaml")
    let loader = BackgroundLoader(load: { _ in
      seen.policy = ThreadScheduling.policy
      seen.done.signal()
      return scene
    })
    loader.load("layout.yaml")
    XCTAssertEqual(seen.done.wait(timeout: .now() + 60), .success, "the load ran")
    XCTAssertEqual(seen.policy?.policy, .batch)
    XCTAssertEqual(seen.policy?.nice, ThreadScheduling.backgroundNice)
    XCTAssertNotEqual(ThreadScheduling.policy.policy, .batch, "the loop's thread keeps its own")
  }

  func testAPlaybacksScenesAreBuiltAtBackgroundPriority() {
    let seen = Seen()
    let worker = PlaybackWorker(waker: LoopWaker()) { _, _ in
      seen.policy = ThreadScheduling.policy
      return nil
    }
    XCTAssertNil(worker.scene(through: 3, at: 0), "built off the loop")
    worker.waitUntilIdle()
    XCTAssertEqual(seen.policy?.policy, .batch)
    XCTAssertEqual(seen.policy?.nice, ThreadScheduling.backgroundNice)
  }
}
