import Foundation
import TouchLabTestSupport
import TouchLabX11
import XCTest

#if canImport(Glibc)
  import Glibc
#endif

/// Losing the X server must end the program cleanly (message, exit code 1).
/// The exit happens in a child process: this test binary run again with
/// only `ConnectionLossChild` selected and the display in its environment.
final class ConnectionLossTests: XCTestCase {
  func testServerGoingAwayExitsWithStatusOneAndAMessage() throws {
    let server = try XvfbServer()
    defer { server.stop() }
    let testBinary = try XCTUnwrap(
      try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))

    let child = Process()
    child.executableURL = URL(fileURLWithPath: testBinary)
    child.arguments = ["TouchLabX11Tests.ConnectionLossChild/testWaitForeverOnTheDisplay"]
    child.environment = ProcessInfo.processInfo.environment.merging([
      ConnectionLossChild.displayVariable: server.displayName
    ]) { $1 }
    let output = Pipe()
    let errors = Pipe()
    child.standardOutput = output
    child.standardError = errors
    try child.run()
    defer { if child.isRunning { child.terminate() } }

    // Bounded waits on the child, which is a server-like peer here.
    let ready = readUntil(
      "TOUCHLAB-CHILD-READY", from: output.fileHandleForReading.fileDescriptor, timeout: 20)
    XCTAssertTrue(ready, "the child never opened its window")
    server.stop()
    let exited = waitForExit(of: child, timeout: 10)
    XCTAssertTrue(exited, "the child did not exit after the X server went away")
    guard exited else { return }
    XCTAssertEqual(child.terminationReason, .exit, "the child crashed instead of exiting")
    XCTAssertEqual(child.terminationStatus, 1)
    let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    XCTAssertTrue(message.contains("lost the connection to the X server"), message)
  }

  func readUntil(_ marker: String, from descriptor: Int32, timeout: Double) -> Bool {
    let deadline = MonotonicClock.now() + timeout
    var text = ""
    while !text.contains(marker) {
      let left = PollLoop.timeoutMilliseconds(until: deadline, now: MonotonicClock.now())
      var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      guard left > 0, poll(&entry, 1, left) > 0 else { return false }
      var buffer = [UInt8](repeating: 0, count: 256)
      let count = read(descriptor, &buffer, buffer.count)
      guard count > 0 else { return false }
      text += String(decoding: buffer.prefix(count), as: UTF8.self)
    }
    return true
  }

  func waitForExit(of process: Process, timeout: Double) -> Bool {
    // Process has no timed wait; its termination handler plus a semaphore does.
    let done = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in done.signal() }
    if !process.isRunning { return true }
    return done.wait(timeout: .now() + timeout) == .success || !process.isRunning
  }
}

/// The child side of `ConnectionLossTests`; does nothing in a normal run.
final class ConnectionLossChild: XCTestCase {
  static let displayVariable = "TOUCHLAB_TEST_CHILD_DISPLAY"

  func testWaitForeverOnTheDisplay() throws {
    guard let display = ProcessInfo.processInfo.environment[Self.displayVariable] else {
      throw XCTSkip("only runs as the child process of ConnectionLossTests")
    }
    let window = try X11Window(title: "child", width: 50, height: 50, displayName: display)
    print("TOUCHLAB-CHILD-READY")
    fflush(stdout)
    let loop = PollLoop(source: window)
    // Blocks in poll(); the connection-loss handler ends the process.
    while true {
      _ = loop.wait(until: nil)
    }
  }
}
