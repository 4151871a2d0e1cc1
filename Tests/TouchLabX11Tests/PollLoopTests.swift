import Foundation
import TouchLabX11
import XCTest

#if canImport(Glibc)
  import Glibc
#endif

/// A stand-in for the X connection: a pipe whose bytes become events.
final class PipeSource: InputEventSource {
  let readEnd: Int32
  let writeEnd: Int32
  /// Events already queued in the "library", invisible to poll().
  var queued: [InputEvent] = []
  /// Called after each drain, to make input arrive at a chosen moment.
  var afterDrain: ((PipeSource) -> Void)?
  private(set) var drainCount = 0

  init() {
    var ends: [Int32] = [0, 0]
    precondition(pipe(&ends) == 0)
    readEnd = ends[0]
    writeEnd = ends[1]
    _ = fcntl(readEnd, F_SETFL, fcntl(readEnd, F_GETFL) | O_NONBLOCK)
  }

  deinit {
    close(readEnd)
    close(writeEnd)
  }

  var fileDescriptor: Int32 { readEnd }

  /// Each byte read is one `.expose`; a byte of 0 is data that is not an
  /// event (like an X reply), which wakes poll() but yields nothing.
  func drainEvents() -> [InputEvent] {
    drainCount += 1
    var events = queued
    queued = []
    var byte: UInt8 = 0
    while read(readEnd, &byte, 1) == 1 {
      if byte != 0 { events.append(.expose) }
    }
    afterDrain?(self)
    return events
  }

  func send(_ byte: UInt8) {
    var value = byte
    precondition(write(writeEnd, &value, 1) == 1)
  }
}

/// A clock the test sets, and a stand-in for `ppoll()` that sleeps on it: each sleep is
/// written down with its timeout, and the clock moves as `wake` says (by default, to the
/// timeout's end). No wall clock.
final class ManualSleep {
  var now = 100.0
  /// Each sleep's timeout in seconds (nil: none).
  private(set) var timeouts: [Double?] = []
  /// What a sleep does, given its number (from 0) and timeout: how long it sleeps (nil: the
  /// whole timeout); it may make input arrive.
  var wake: (_ number: Int, _ timeout: Double?) -> Double? = { _, _ in nil }

  func sleep(_ descriptors: inout [pollfd], _ timeout: timespec?) -> Int32 {
    let seconds = timeout.map { Double($0.tv_sec) + Double($0.tv_nsec) / 1e9 }
    let number = timeouts.count
    timeouts.append(seconds)
    guard let slept = wake(number, seconds) ?? seconds else {
      preconditionFailure("a sleep with no timeout and nothing to wake it")
    }
    now += slept
    // Which descriptors are ready now, as ppoll() would say.
    var ready: Int32 = 0
    for index in descriptors.indices where descriptors[index].fd >= 0 {
      var probe = pollfd(fd: descriptors[index].fd, events: Int16(POLLIN), revents: 0)
      if poll(&probe, 1, 0) > 0 {
        descriptors[index].revents = probe.revents
        ready += 1
      }
    }
    return ready
  }

  func loop(_ source: InputEventSource) -> PollLoop {
    PollLoop(source: source, clock: { [unowned self] in now }, sleep: { [unowned self] in sleep(&$0, $1) })
  }
}

final class PollLoopTests: XCTestCase {
  func testQueuedEventsReturnWithoutSleeping() throws {
    let clock = ManualSleep()
    let source = PipeSource()
    source.queued = [.close]
    let loop = clock.loop(source)
    let wakeup = loop.wait(until: nil)
    XCTAssertEqual(wakeup.events, [.close])
    XCTAssertFalse(wakeup.deadlineReached)
    // The read time, which the server's timestamps are learned against, is when they were read.
    XCTAssertEqual(wakeup.readTime, 100)
    XCTAssertEqual(loop.sleepCount, 0)
    XCTAssertEqual(clock.timeouts, [])
  }

  func testPassedDeadlineReturnsWithoutSleeping() {
    let clock = ManualSleep()
    let loop = clock.loop(PipeSource())
    let wakeup = loop.wait(until: 99)
    XCTAssertTrue(wakeup.deadlineReached)
    XCTAssertEqual(loop.sleepCount, 0)
  }

  func testInputArrivingWhileAsleepWakesTheLoop() {
    let source = PipeSource()
    // The byte lands after the first drain, so only poll() can notice it.
    source.afterDrain = { source in
      if source.drainCount == 1 { source.send(1) }
    }
    let loop = PollLoop(source: source)
    let wakeup = loop.wait(until: nil)
    XCTAssertEqual(wakeup.events, [.expose])
    XCTAssertFalse(wakeup.deadlineReached)
    XCTAssertEqual(loop.sleepCount, 1)
  }

  /// One sleep, for exactly the time left, covers the whole wait: no busy waiting.
  func testDeadlineWakesOnTimeWithoutBusyWaiting() throws {
    let clock = ManualSleep()
    let loop = clock.loop(PipeSource())
    let wakeup = loop.wait(until: 100.02)
    XCTAssertTrue(wakeup.deadlineReached)
    XCTAssertEqual(wakeup.events, [])
    XCTAssertEqual(loop.sleepCount, 1)
    XCTAssertEqual(try XCTUnwrap(clock.timeouts.first ?? nil), 0.02, accuracy: 1e-9)
    XCTAssertEqual(wakeup.readTime ?? 0, 100.02, accuracy: 1e-9)
  }

  /// A wake-up that brings no event (an X reply) sleeps again for the rest of the time only.
  func testWakeupWithoutEventsSleepsAgainUntilTheDeadline() throws {
    let clock = ManualSleep()
    let source = PipeSource()
    clock.wake = { number, _ in
      guard number == 0 else { return nil }
      source.send(0)  // data that is no event, 5 ms into the wait
      return 0.005
    }
    let loop = clock.loop(source)
    let wakeup = loop.wait(until: 100.02)
    XCTAssertTrue(wakeup.deadlineReached)
    XCTAssertEqual(wakeup.events, [])
    XCTAssertEqual(loop.sleepCount, 2)
    XCTAssertEqual(clock.timeouts.count, 2)
    XCTAssertEqual(try XCTUnwrap(clock.timeouts[0]), 0.02, accuracy: 1e-9)
    // The rest of the time (to the nanosecond, rounded up).
    XCTAssertEqual(try XCTUnwrap(clock.timeouts[1]), 0.015, accuracy: 1e-8)
    XCTAssertEqual(clock.now, 100.02, accuracy: 1e-8)
  }

  func testWatchedFileChangeWakesTheLoop() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "touchlab-poll-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("layout.yaml")
    try Data("a: 1\n".utf8).write(to: file)
    let watcher = try FileChangeWatcher(path: file.path)
    let source = PipeSource()
    source.afterDrain = { source in
      if source.drainCount == 1 { try? Data("a: 2\n".utf8).write(to: file) }
    }
    let loop = PollLoop(source: source, fileWatcher: watcher)
    let wakeup = loop.wait(until: nil)
    XCTAssertTrue(wakeup.fileChanged)
    XCTAssertFalse(wakeup.deadlineReached)
    XCTAssertEqual(loop.sleepCount, 1)
  }

  /// A dump and its recognizer list in two folders: a save of either is a change; of a file
  /// beside them, none.
  func testSeveralWatchedFilesInSeveralFolders() throws {
    let base = FileManager.default.temporaryDirectory.appendingPathComponent("touchlab-poll-\(UUID().uuidString)")
    let first = base.appendingPathComponent("a")
    let second = base.appendingPathComponent("b")
    for folder in [first, second] {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }
    defer { try? FileManager.default.removeItem(at: base) }
    let views = first.appendingPathComponent("views.txt")
    let list = second.appendingPathComponent("recognizers.txt")
    let watcher = try FileChangeWatcher(paths: [views.path, list.path])
    XCTAssertEqual(watcher.paths, [views.path, list.path])
    XCTAssertFalse(watcher.consumeChanges())
    try Data("other".utf8).write(to: second.appendingPathComponent("other.txt"))
    XCTAssertFalse(watcher.consumeChanges())
    try Data("list".utf8).write(to: list)
    XCTAssertTrue(watcher.consumeChanges())
    try Data("views".utf8).write(to: views, options: .atomic)
    XCTAssertTrue(watcher.consumeChanges())
    XCTAssertFalse(watcher.consumeChanges())
  }

  func testTimeoutRoundsUpAndClamps() {
    XCTAssertEqual(PollLoop.timeoutMilliseconds(until: nil, now: 5), -1)
    XCTAssertEqual(PollLoop.timeoutMilliseconds(until: 4, now: 5), 0)
    XCTAssertEqual(PollLoop.timeoutMilliseconds(until: 5.0101, now: 5), 11)
    XCTAssertEqual(PollLoop.timeoutMilliseconds(until: 5.0000001, now: 5), 1)
    XCTAssertEqual(PollLoop.timeoutMilliseconds(until: 1e12, now: 0), Int32.max)
  }

  func testPpollTimeoutKeepsSubMillisecondPrecision() {
    XCTAssertNil(PollLoop.timeout(until: nil, now: 5), "no deadline: sleep until input")
    let past = PollLoop.timeout(until: 4, now: 5)!
    XCTAssertEqual([past.tv_sec, past.tv_nsec], [0, 0])
    // A timer due in 0.3 ms sleeps 0.3 ms, not poll()'s whole millisecond.
    let short = PollLoop.timeout(until: 5.0003, now: 5)!
    XCTAssertEqual(short.tv_sec, 0)
    XCTAssertEqual(Double(short.tv_nsec), 300_000, accuracy: 1_000)
    let long = PollLoop.timeout(until: 7.25, now: 5)!
    XCTAssertEqual(long.tv_sec, 2)
    XCTAssertEqual(Double(long.tv_nsec), 250_000_000, accuracy: 1_000)
    let huge = PollLoop.timeout(until: 1e12, now: 0)!
    XCTAssertEqual(huge.tv_sec, Int(Int32.max))
  }

  func testMonotonicClockDoesNotGoBack() {
    let first = MonotonicClock.now()
    let second = MonotonicClock.now()
    XCTAssertGreaterThan(first, 0)
    XCTAssertGreaterThanOrEqual(second, first)
  }
}

final class FileChangeWatcherTests: XCTestCase {
  var folder: URL!

  override func setUpWithError() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "touchlab-watch-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: folder)
  }

  func testReportsWritesToTheFileOnly() throws {
    let file = folder.appendingPathComponent("scene.yaml")
    try Data("v1".utf8).write(to: file)
    let watcher = try FileChangeWatcher(path: file.path)
    XCTAssertFalse(watcher.consumeChanges())

    try Data("other".utf8).write(to: folder.appendingPathComponent("other.yaml"))
    XCTAssertFalse(watcher.consumeChanges())

    let handle = try FileHandle(forWritingTo: file)
    try handle.write(contentsOf: Data("v2".utf8))
    try handle.close()
    XCTAssertTrue(watcher.consumeChanges())
    XCTAssertFalse(watcher.consumeChanges(), "a change is reported once")
  }

  func testReportsAFileRenamedIntoPlace() throws {
    let file = folder.appendingPathComponent("scene.yaml")
    try Data("v1".utf8).write(to: file)
    let watcher = try FileChangeWatcher(path: file.path)
    let temporary = folder.appendingPathComponent(".scene.yaml.swp")
    try Data("v2".utf8).write(to: temporary)
    _ = watcher.consumeChanges()
    XCTAssertEqual(rename(temporary.path, file.path), 0)
    XCTAssertTrue(watcher.consumeChanges())
  }

  func testMissingFolderIsAnError() {
    XCTAssertThrowsError(
      try FileChangeWatcher(path: folder.appendingPathComponent("no/scene.yaml").path)
    ) { error in
      guard case .folderMissing = error as? FileChangeWatcherError else {
        return XCTFail("got \(error)")
      }
    }
  }
}

/// Issue 16: the layout's folder deleted and made again (`git checkout` of another branch,
/// `rm -r` then a copy) used to end the watch silently: saving never reloaded again.
final class FileChangeWatcherFolderTests: XCTestCase {
  func testAFolderDeletedAndMadeAgainIsWatchedAgain() throws {
    let parent = FileManager.default.temporaryDirectory.appendingPathComponent("touchlab-watch-\(UUID().uuidString)")
    let folder = parent.appendingPathComponent("layouts")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: parent) }
    let file = folder.appendingPathComponent("scene.yaml")
    try Data("v1".utf8).write(to: file)
    let watcher = try FileChangeWatcher(path: file.path)

    try FileManager.default.removeItem(at: folder)
    XCTAssertFalse(watcher.consumeChanges(), "deleting is no save")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
    XCTAssertFalse(watcher.consumeChanges(), "an empty folder has no file to load")
    try Data("v2".utf8).write(to: file)
    XCTAssertTrue(watcher.consumeChanges(), "a save in the folder made again")
    try Data("v3".utf8).write(to: file)
    XCTAssertTrue(watcher.consumeChanges())

    // Made again with the file already in it (moved into place): a change at once.
    let elsewhere = parent.appendingPathComponent("copy")
    try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: false)
    try Data("v4".utf8).write(to: elsewhere.appendingPathComponent("scene.yaml"))
    try FileManager.default.removeItem(at: folder)
    _ = watcher.consumeChanges()
    XCTAssertEqual(rename(elsewhere.path, folder.path), 0)
    XCTAssertTrue(watcher.consumeChanges())
    try Data("v5".utf8).write(to: file)
    XCTAssertTrue(watcher.consumeChanges())
  }
}
