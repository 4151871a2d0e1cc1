import Foundation
import TouchLabLayout
import XCTest

@testable import TouchLabSandbox

/// Issue 43: a burst of saves is not a queue of loads. The loader's worker runs on a queue the
/// test drives by hand, so what is counted is the loads started, not time.
final class BackgroundLoaderTests: XCTestCase {
  /// A serial queue run by hand.
  final class ManualQueue: @unchecked Sendable {
    var work: [@Sendable () -> Void] = []
    func schedule(_ job: @escaping @Sendable () -> Void) { work.append(job) }
    /// Runs everything scheduled, including what is scheduled meanwhile.
    func run() {
      while !work.isEmpty { work.removeFirst()() }
    }
  }

  /// What the fake load was asked for.
  final class Loads: @unchecked Sendable {
    var paths: [String] = []
    /// Called inside a load (a save that comes while it runs).
    var during: ((Int) -> Void)?
  }

  static let scene: Scene = try! LayoutLoader.load(
    yaml: "controller:\n  view: {id: root, frame: [0, 0, 10, 10]}\n", file: "t.yaml")

  func makeLoader(_ queue: ManualQueue, _ loads: Loads) -> BackgroundLoader {
    BackgroundLoader(
      schedule: { queue.schedule($0) },
      load: { path in
        loads.paths.append(path)
        loads.during?(loads.paths.count)
        return Self.scene
      })
  }

  func testABurstOfSavesBeforeTheLoadStartsIsOneLoadOfTheLast() {
    let queue = ManualQueue()
    let loads = Loads()
    let loader = makeLoader(queue, loads)
    for save in 1...850 { loader.load("layout-\(save).yaml") }
    XCTAssertEqual(queue.work.count, 1, "one worker scheduled, not one job a save")
    queue.run()
    XCTAssertEqual(loader.loadsStarted, 1)
    XCTAssertEqual(loads.paths, ["layout-850.yaml"])
    XCTAssertEqual(loader.takeLatest()?.path, "layout-850.yaml")
    XCTAssertFalse(loader.isLoading)
  }

  func testSavesDuringALoadAreOneMoreLoadOfTheLast() {
    let queue = ManualQueue()
    let loads = Loads()
    let loader = makeLoader(queue, loads)
    // 849 saves while the first load runs (the burst of a second, on a layout that loads slowly).
    loads.during = { count in
      if count == 1 { for save in 2...850 { loader.load("layout-\(save).yaml") } }
    }
    loader.load("layout-1.yaml")
    queue.run()
    XCTAssertEqual(loader.loadsStarted, 2, "the first, then only the newest of those that came meanwhile")
    XCTAssertEqual(loads.paths, ["layout-1.yaml", "layout-850.yaml"])
    XCTAssertEqual(loader.takeLatest()?.path, "layout-850.yaml")
    XCTAssertNil(loader.takeLatest(), "taken once")
  }

  func testASupersededLoadsResultIsNotTaken() {
    let queue = ManualQueue()
    let loads = Loads()
    let loader = makeLoader(queue, loads)
    loader.load("old.yaml")
    queue.run()
    loader.load("new.yaml")  // asked before the old result was taken
    XCTAssertNil(loader.takeLatest(), "the old load's result is superseded")
    XCTAssertTrue(loader.isLoading)
    queue.run()
    XCTAssertEqual(loader.takeLatest()?.path, "new.yaml")
    XCTAssertEqual(loader.loadsStarted, 2)
  }

  func testTheDefaultLoadRefusesAFIFOWithoutReadingIt() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("loader-\(getpid())-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let fifo = folder.appendingPathComponent("layout.yaml").path
    XCTAssertEqual(mkfifo(fifo, 0o600), 0)
    let writer = open(fifo, O_RDWR | O_CLOEXEC)  // a writer that never writes
    XCTAssertGreaterThanOrEqual(writer, 0)
    defer { close(writer) }
    let queue = ManualQueue()
    let loader = BackgroundLoader(schedule: { queue.schedule($0) })
    loader.load(fifo)
    queue.run()  // on this thread: a read that waited would hang the test here
    let taken = try XCTUnwrap(loader.takeLatest())
    XCTAssertThrowsError(try taken.result.get()) { error in
      XCTAssertTrue("\(error)".contains("it is not a regular file (a FIFO)"), "\(error)")
    }
  }
}
