import TouchLabX11
import XCTest

/// The X server's timestamps (milliseconds on its own clock) to our monotonic seconds:
/// learned from when events are read, whatever the server's clock, its wrap, its steps.
final class ServerTimeMappingTests: XCTestCase {
  /// Monotonic seconds from a server time on a clock `offset` seconds behind ours.
  func ours(_ serverMilliseconds: UInt, offset: Double) -> Double { Double(serverMilliseconds) / 1000 + offset }

  func testNoTimeIsNoTimeAndNothingIsKnownBeforeASample() {
    var mapping = ServerTimeMapping()
    XCTAssertNil(mapping.time(ofServerTime: 0, readAt: 10))
    XCTAssertNil(mapping.offset)
    XCTAssertEqual(mapping.times(ofServerTimes: [0, 0], readAt: 10).map { $0 == nil }, [true, true])
  }

  func testALateReadKeepsTheEventsOwnTime() throws {
    // A remote server whose clock reads 3,000,000 ms when ours reads 500 s.
    let offset = 500.0 - 3000.0
    var mapping = ServerTimeMapping()
    mapping.learn(serverTime: 3_000_000, readAt: 500.001)  // the window's prompt sample: 1 ms round trip
    // A press read 2 ms after it happened, then its lift read 350 ms late (the window was
    // stopped): each gets the time it happened, plus the least latency learned (1 ms).
    let press = try XCTUnwrap(mapping.time(ofServerTime: 3_001_000, readAt: ours(3_001_000, offset: offset) + 0.002))
    XCTAssertEqual(press, ours(3_001_000, offset: offset) + 0.001, accuracy: 2e-4)
    let lift = try XCTUnwrap(mapping.time(ofServerTime: 3_001_080, readAt: ours(3_001_080, offset: offset) + 0.35))
    XCTAssertEqual(lift - press, 0.080, accuracy: 1e-4, "80 ms apart, as they happened")
    XCTAssertEqual(try XCTUnwrap(mapping.offset), offset + 0.001, accuracy: 2e-4)
  }

  func testEveryEventOfABatchGainsFromItsSmallestSample() {
    var mapping = ServerTimeMapping()
    // The first event the window ever reads came late; the batch's last came at once.
    let times = mapping.times(ofServerTimes: [1_000, 1_080, 1_400], readAt: 1.401)
    XCTAssertEqual(times[0]!, 1.001, accuracy: 1e-9)
    XCTAssertEqual(times[1]!, 1.081, accuracy: 1e-9)
    XCTAssertEqual(times[2]!, 1.401, accuracy: 1e-9)
  }

  func testATimeIsNeverLaterThanItsReadNorEarlierThanTheOneBefore() throws {
    var mapping = ServerTimeMapping()
    mapping.learn(serverTime: 10_000, readAt: 10.0)
    // The server's clock stepped 5 s forward: its events are not in our future.
    let stepped = try XCTUnwrap(mapping.time(ofServerTime: 15_100, readAt: 10.101))
    XCTAssertEqual(stepped, 10.101, accuracy: 1e-9)
    // The next is learned on the new offset.
    XCTAssertEqual(try XCTUnwrap(mapping.time(ofServerTime: 15_200, readAt: 10.205)), 10.201, accuracy: 1e-4)
    // Two devices' events a little out of order: the later in line is not given an earlier time.
    let first = try XCTUnwrap(mapping.time(ofServerTime: 15_300, readAt: 10.31))
    let second = try XCTUnwrap(mapping.time(ofServerTime: 15_298, readAt: 10.31))
    XCTAssertEqual(second, first)
    XCTAssertEqual(mapping.resetCount, 0, "2 ms back is not a new clock")
  }

  func testAClockThatStepsBackIsLearnedAgain() throws {
    var mapping = ServerTimeMapping()
    mapping.learn(serverTime: 50_000, readAt: 100.0)
    XCTAssertEqual(try XCTUnwrap(mapping.time(ofServerTime: 50_500, readAt: 100.502)), 100.5, accuracy: 1e-4)
    // The server's clock went 40 s back (a server on wall-clock time set back, a new server).
    let after = try XCTUnwrap(mapping.time(ofServerTime: 10_600, readAt: 100.601))
    XCTAssertEqual(mapping.resetCount, 1)
    XCTAssertEqual(after, 100.601, accuracy: 1e-9, "the first sample of the new clock")
    XCTAssertEqual(try XCTUnwrap(mapping.time(ofServerTime: 10_700, readAt: 100.75)), 100.701, accuracy: 1e-4)
  }

  func testTheThirtyTwoBitWrapIsUnwrapped() throws {
    var mapping = ServerTimeMapping()
    let beforeWrap = UInt(UInt32.max) - 49  // 50 ms before the wrap
    mapping.learn(serverTime: beforeWrap, readAt: 7.0)
    let after = try XCTUnwrap(mapping.time(ofServerTime: 50, readAt: 7.2))  // 100 ms later on the server
    XCTAssertEqual(after, 7.1, accuracy: 1e-4)
    XCTAssertEqual(mapping.resetCount, 0)
  }

  func testADriftingServerClockIsFollowed() throws {
    // The server's clock runs 50 ppm slow for an hour; an event a second, read 1–3 ms late.
    var mapping = ServerTimeMapping()
    var worst = 0.0
    for second in 0..<3600 {
      let happened = 1000.0 + Double(second) + 0.3
      let server = UInt(((happened - 1000) * (1 - 50e-6) * 1000).rounded(.down)) + 1
      let read = happened + 0.001 + Double(second % 3) * 0.001
      let time = try XCTUnwrap(mapping.time(ofServerTime: server, readAt: read))
      XCTAssertLessThanOrEqual(time, read)
      if second > 10 { worst = max(worst, abs(time - happened)) }
    }
    XCTAssertLessThan(worst, 0.003, "within the latency and a millisecond of rounding")
    // And one 50 ppm fast.
    mapping = ServerTimeMapping()
    worst = 0
    for second in 0..<3600 {
      let happened = 2000.0 + Double(second) + 0.7
      let server = UInt(((happened - 2000) * (1 + 50e-6) * 1000).rounded(.down)) + 1
      let read = happened + 0.002
      let time = try XCTUnwrap(mapping.time(ofServerTime: server, readAt: read))
      if second > 10 { worst = max(worst, abs(time - happened)) }
    }
    XCTAssertLessThan(worst, 0.003)
  }
}
